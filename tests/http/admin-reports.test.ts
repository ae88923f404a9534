// Back-office reports: a month of business scripted through the real API (sandbox confirmations, the expiry
// and refund runs, a redemption, a payout) closes with a zero reconciliation line in every period, its figures are the
// script's, the CSV is Excel's (BOM, `;`, decimal comma), and only an admin reads it (401/403).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpireGroupsFlow } from '../../core/flows';
import type { ProductService } from '../../core/marketplace/product.service';
import type { PaymentService } from '../../core/payments/payment.service';
import { brasiliaDay, nextDay } from '../../core/reports';
import { FixedClock } from '../../core/shared/clock';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertInfluencer, type TestUser } from '../support/factories';

const DAY = 86_400_000;
const clock = new FixedClock(new Date());
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // Freight is covered by tests/http/shipping.test.ts; free shipping keeps this file's totals the items' own.
  app = await createTestApp({ overrides: { clock }, env: { FREE_SHIPPING_FROM: '0' } });
  admin = await createUser(app, { role: 'admin', fullName: 'Ana Financeira' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const payments = () => app.container.get<PaymentService>(TOKENS.PaymentService);
const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };

/** Creates and confirms (sandbox) a payment; answers its id. */
async function pay(user: TestUser, purpose: 'entry' | 'balance' | 'order', refId: string): Promise<string> {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirmed = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return created.body.id as string;
}

async function voucherOf(user: TestUser) {
  return (await knex()('vouchers').where({ user_id: user.id }).first()) as { id: string; code: string };
}

/** An approved professional of the plan's category, signed in. */
async function professionalFor(planId: string) {
  const user = await createUser(app, { role: 'professional' });
  const { slug } = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', planId).first('c.slug');
  await knex()('professionals').insert({
    user_id: user.id, status: 'approved', approved: true, category: slug, business_name: 'Estúdio Conciliação', full_name: user.fullName,
    tax_id: '11144477735', cep: '01310100', bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.', pix_key_type: 'EMAIL', pix_key: `${user.id}@exemplo.com.br`,
  });
  return user;
}

async function order(user: TestUser, price: number): Promise<{ id: string; paymentId: string }> {
  const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
    name: `Produto ${price}`, slug: `produto-relatorio-${price}-${Math.random().toString(36).slice(2, 8)}`, description: 'Descrição', price, stock_quantity: 10, category_id: null, active: true,
  });
  expect((await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 1 }] })).status).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as string, paymentId: await pay(user, 'order', created.body.id) };
}

function rawGet(path: string, cookie: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/admin/reports/dashboard', () => {
  it("counts today's and this month's entries, sales and sign-ups, the 30-day series and what needs attention", async () => {
    const before = await admin.client.get('/api/admin/reports/dashboard');
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.series).toHaveLength(30);
    expect(before.body.series.at(-1).day).toBe(brasiliaDay(clock.now()));

    const plan = await createPlan(app, { price: 20_000, group_size: 3 });
    const buyer = await createUser(app);
    const created = (await buyer.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(buyer, 'entry', created.membership.id);
    await order(buyer, 2_500);
    await insertInfluencer(app, { status: 'pending' });

    const after = await admin.client.get('/api/admin/reports/dashboard');
    expect(after.status).toBe(200);
    const delta = (path: (b: any) => number) => path(after.body) - path(before.body);
    for (const window of ['today', 'month'] as const) {
      expect(delta((b) => b[window].entries_paid.count)).toBe(1);
      expect(delta((b) => b[window].entries_paid.amount)).toBe(2_000);
      expect(delta((b) => b[window].marketplace_sales.amount)).toBe(2_500);
      expect(delta((b) => b[window].new_users)).toBeGreaterThanOrEqual(2); // the buyer and the influencer's account
    }
    expect(delta((b) => b.series.at(-1).entries)).toBe(2_000);
    expect(delta((b) => b.attention.orders_to_ship)).toBe(1);
    expect(delta((b) => b.applications_waiting.influencers)).toBe(1);
    expect(after.body.attention).toMatchObject({ failed_jobs: expect.any(Number), payments_stuck_pending: expect.any(Number), reviews_reported: expect.any(Number) });
  });

  it('refuses a visitor (401) and a non-admin (403)', async () => {
    expect((await app.client().get('/api/admin/reports/dashboard')).status).toBe(401);
    expect((await (await createUser(app)).client.get('/api/admin/reports/dashboard')).status).toBe(403);
  });
});

describe('GET /api/admin/reports/financial', () => {
  // From the first day of this month (Brasília) to the end of the next one: the payout runs 8 days later.
  const today = brasiliaDay(new Date());
  const from = `${today.slice(0, 7)}-01`;
  let to = from;
  while (nextDay(to).slice(0, 7) <= nextMonth(today.slice(0, 7))) to = nextDay(to);

  function nextMonth(ym: string) {
    const [y, m] = ym.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }

  it('a scripted month reconciles to zero in every month and every day, and the figures are the script\'s', async () => {
    // Group of 2 (price 100,00, entry 10,00): both entries, completion, both balances; A's voucher redeemed.
    const plan = await createPlan(app, { price: 10_000, group_size: 2 });
    const [a, b, c, d, e, f, g, h] = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => createUser(app)));
    const first = (await a!.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(a!, 'entry', first.membership.id);
    const second = (await b!.client.post(`/api/groups/${first.group.id}/join`, {})).body;
    await pay(b!, 'entry', second.membership.id);
    expect((await knex()('groups').where({ id: first.group.id }).first()).status).toBe('complete');
    await pay(a!, 'balance', (await voucherOf(a!)).id);
    await pay(b!, 'balance', (await voucherOf(b!)).id);
    const pro = await professionalFor(plan.id);
    const redeemed = await pro.client.post('/api/vouchers/redeem', { code: (await voucherOf(a!)).code });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);

    // A group of 3 that expires: C is refunded by PIX, D keeps the entry as wallet credit.
    const plan3 = await createPlan(app, { price: 10_000, group_size: 3 });
    const third = (await c!.client.post('/api/groups', { plan_id: plan3.id })).body;
    await pay(c!, 'entry', third.membership.id);
    const fourth = (await d!.client.post(`/api/groups/${third.group.id}/join`, {})).body;
    await pay(d!, 'entry', fourth.membership.id);
    expect((await d!.client.request('PATCH', `/api/me/memberships/${fourth.membership.id}`, { refund_to: 'wallet' })).status).toBe(200);
    await app.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).expireNow(third.group.id);
    await payments().processRefunds();

    // An open group still collecting: E's entry stays in escrow.
    const open = (await e!.client.post('/api/groups', { plan_id: plan3.id })).body;
    await pay(e!, 'entry', open.membership.id);

    // H gives up within 7 days and keeps the entry as wallet credit: it leaves the escrow, owed to H.
    const quitter = (await h!.client.post('/api/groups', { plan_id: plan3.id })).body;
    await pay(h!, 'entry', quitter.membership.id);
    const withdrawn = await h!.client.post(`/api/me/memberships/${quitter.membership.id}/withdraw`, { destination: 'wallet' });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);

    // Marketplace: F buys 50,00; G buys 30,00 and is refunded by the back office.
    await order(f!, 5_000);
    const refundedOrder = await order(g!, 3_000);
    expect((await admin.client.post(`/api/admin/orders/${refundedOrder.id}/refund`, { reason: 'Produto com defeito' })).status).toBe(200);
    await payments().processRefunds();
    expect((await knex()('payments').where({ id: refundedOrder.paymentId }).first()).status).toBe('refunded');

    // 8 days later the receivable is available and the payout run pays the professional 90,00.
    clock.advance(8 * DAY);
    expect((await admin.client.post('/api/admin/jobs/mature_receivables/run')).status).toBe(200);
    const run = await admin.client.post('/api/admin/payouts/run');
    expect(run.body).toEqual({ payouts: 1, amount: 9_000 });

    const res = await admin.client.get(`/api/admin/reports/financial?from=${from}&to=${to}&granularity=month`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r: { period: string }) => r.period)).toEqual([from.slice(0, 7), to.slice(0, 7)]);
    for (const row of res.body.rows) expect(row.reconciliation, row.period).toBe(0);
    expect(res.body.opening).toEqual({ held: 0, owed_professionals: 0, owed_influencers: 0, owed_members: 0 });
    expect(res.body.totals).toEqual({
      entries: 8_000, // 6 in the script, 1 (20,00) from the dashboard's test
      balances: 18_000,
      marketplace_sales: 10_500,
      refunds: 4_000,
      marketplace_refunds: 3_000,
      commissions: 0,
      bonuses: 0,
      payouts: 9_000,
      platform_fee: 1_000,
      platform_result: 8_500,
      money_in: 36_500,
      money_out: 13_000,
      held: 13_000, // B's voucher (not redeemed yet), E's entry and the dashboard test's entry
      owed_professionals: 0,
      owed_influencers: 0,
      owed_members: 2_000, // D's credit and H's
      reconciliation: 0,
    });

    const days = await admin.client.get(`/api/admin/reports/financial?from=${from}&to=${to}&granularity=day`);
    expect(days.status).toBe(200);
    expect(days.body.rows.length).toBeGreaterThan(28);
    expect(days.body.rows.filter((r: { reconciliation: number }) => r.reconciliation !== 0)).toEqual([]);
    expect(days.body.rows.find((r: { period: string }) => r.period === today).entries).toBe(8_000);

    // The CSV: BOM, `;`, pt-BR periods and decimal comma; the total line closes at zero.
    const raw = await rawGet(`/api/admin/reports/financial?from=${from}&to=${to}&format=csv`, admin.client.cookieHeader());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Período;Entradas \(R\$\);Saldos \(R\$\);/);
    const total = lines.at(-1)!.split(';');
    expect(total[0]).toBe('Total');
    expect(total[1]).toBe('80,00');
    expect(total[2]).toBe('180,00');
    expect(total.at(-1)).toBe('0,00');
    expect(lines[1]!.split(';')[0]).toBe(`${from.slice(5, 7)}/${from.slice(0, 4)}`);
  });

  it('refuses a visitor (401) and a non-admin (403), and answers 400 for a bad range', async () => {
    const path = `/api/admin/reports/financial?from=${from}&to=${to}`;
    expect((await app.client().get(path)).status).toBe(401);
    expect((await (await createUser(app)).client.get(path)).status).toBe(403);
    const bad = await admin.client.get(`/api/admin/reports/financial?from=${to}&to=${from}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.to).toBe('A data inicial deve ser anterior à final');
    expect((await admin.client.get('/api/admin/reports/financial?from=2026-13&to=2026-12-01')).status).toBe(400);
  });
});

describe('/api/admin/reports/fiscal', () => {
  const month = brasiliaDay(new Date()).slice(0, 7);

  it("lists the month's taxable events with the customer's CPF, marks them invoiced once (audited) and exports CSV", async () => {
    // Runs after the scripted month: A's redeemed voucher (fee 10,00) and three sales, one of them refunded.
    const res = await admin.client.get(`/api/admin/reports/fiscal?month=${month}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fees = res.body.events.filter((e: { kind: string }) => e.kind === 'fee');
    const orders = res.body.events.filter((e: { kind: string }) => e.kind === 'order');
    expect(fees.map((e: { amount: number; gross: number }) => [e.amount, e.gross])).toEqual([[1_000, 10_000]]);
    expect(orders.map((e: { amount: number }) => e.amount).sort()).toEqual([2_500, 3_000, 5_000]);
    expect(orders.find((e: { amount: number }) => e.amount === 3_000).refunded).toBe(true);
    // The sales carry no freight and their products are goods: all of a sale's value goes on its NF-e.
    expect(res.body.totals).toEqual({ events: 3, amount: 8_500, invoiced: 0, invoiced_amount: 0, pending: 3, pending_amount: 8_500, service_amount: 1_000, goods_amount: 7_500, freight_amount: 0 });
    const fee = fees[0];
    const voucher = await knex()('receivables as r').join('vouchers as v', 'v.id', 'r.voucher_id').join('profiles as p', 'p.user_id', 'v.user_id').where('r.id', fee.id.slice(4)).first('p.cpf', 'p.full_name');
    expect(voucher.cpf).toMatch(/^\d{11}$/);
    expect(fee.customer_cpf).toBe(voucher.cpf);
    expect(fee.customer_name).toBe(voucher.full_name);

    const sale = orders.find((e: { amount: number }) => e.amount === 5_000);
    const unknown = 'order:00000000-0000-4000-8000-000000000000';
    const marked = await admin.client.post('/api/admin/reports/fiscal/mark-invoiced', { event_ids: [fee.id, sale.id, unknown], invoice_number: 'NFS-e 2026/000123' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toEqual({ invoiced: [fee.id, sale.id], already_invoiced: [], unknown: [unknown] });
    const again = await admin.client.post('/api/admin/reports/fiscal/mark-invoiced', { event_ids: [fee.id], invoice_number: 'OUTRA' });
    expect(again.body).toEqual({ invoiced: [], already_invoiced: [fee.id], unknown: [] });
    const audit = await knex()('audit_logs').where({ action: 'fiscal.invoiced' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.id, entity_id: 'NFS-e 2026/000123', metadata: { event_ids: [fee.id, sale.id], after: { invoiced: true, invoice_number: 'NFS-e 2026/000123' } } });

    const after = (await admin.client.get(`/api/admin/reports/fiscal?month=${month}`)).body;
    expect(after.events.find((e: { id: string }) => e.id === fee.id).invoice_number).toBe('NFS-e 2026/000123');
    expect(after.totals).toMatchObject({ invoiced: 2, invoiced_amount: 6_000, pending: 1, pending_amount: 2_500 });

    const raw = await rawGet(`/api/admin/reports/fiscal?month=${month}&format=csv`, admin.client.cookieHeader());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Data;Tipo;Cliente;CPF;Descrição;Serviços — NFS-e (R$);Mercadorias — NF-e (R$);Frete (R$);Valor da compra (R$);Estornado;Nota fiscal;Emitida em;NF-e;Chave de acesso da NF-e;Evento');
    const feeLine = lines.find((l) => l.endsWith(fee.id))!.split(';');
    expect(feeLine[3]).toBe(`${voucher.cpf.slice(0, 3)}.${voucher.cpf.slice(3, 6)}.${voucher.cpf.slice(6, 9)}-${voucher.cpf.slice(9)}`);
    expect(feeLine.slice(5, 8)).toEqual(['10,00', '0,00', '0,00']);
    expect(feeLine[10]).toBe('NFS-e 2026/000123');
    expect(feeLine[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('400 for a bad month or body; 401/403 for a visitor or a non-admin', async () => {
    const bad = await admin.client.get('/api/admin/reports/fiscal?month=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.month).toBe('Use um mês no formato AAAA-MM');
    const empty = await admin.client.post('/api/admin/reports/fiscal/mark-invoiced', { event_ids: [], invoice_number: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({ event_ids: 'Escolha ao menos um evento', invoice_number: 'Informe o número da nota' });
    const user = await createUser(app);
    for (const [method, path] of [['GET', `/api/admin/reports/fiscal?month=${month}`], ['POST', '/api/admin/reports/fiscal/mark-invoiced']] as const) {
      expect((await app.client().request(method, path, method === 'POST' ? {} : undefined)).status).toBe(401);
      expect((await user.client.request(method, path, method === 'POST' ? {} : undefined)).status).toBe(403);
    }
  });
});
