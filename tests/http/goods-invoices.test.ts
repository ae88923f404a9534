// Goods invoices through the real server on the sandbox: a paid order of goods gets its NF-e (valid key, a DANFE served
// here) on the customer's page and the back office; services and freight apart in the fiscal report; a refund within
// 24 h cancels it, later flags a return invoice; an admin retries a rejection (audited); only owner or admin read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAccessKey } from '../../core/goods-invoices';
import type { ProductService } from '../../core/marketplace/product.service';
import { brasiliaDay } from '../../core/reports';
import { FixedClock } from '../../core/shared/clock';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';

const clock = new FixedClock(new Date());
let app: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  // Freight charged on every order (the embedded table), so the report has freight to keep apart.
  app = await createTestApp({ overrides: { clock }, env: { FREE_SHIPPING_FROM: '100000000' } });
  admin = await createUser(app, { role: 'admin' });
  buyer = await createUser(app, { fullName: 'Joana Conceição' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };

async function product(name: string, price: number, fiscalKind: 'goods' | 'service' = 'goods') {
  const { product: p } = await app.container.get<ProductService>(TOKENS.ProductService).save({
    name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`, description: 'Descrição', price, stock_quantity: 50, category_id: null, active: true,
  });
  if (fiscalKind === 'service') await knex()('products').where({ id: p.id }).update({ fiscal_kind: 'service' });
  return p.id;
}

/** An order of these lines, paid at once through the sandbox. */
async function paidOrder(user: TestUser, lines: Array<{ product_id: string; quantity: number }>) {
  expect((await user.client.request('PATCH', '/api/cart', { lines: lines.map((l) => ({ item_type: 'product', ...l })) })).status).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const payment = await user.client.post('/api/payments', { purpose: 'order', ref_id: created.body.id, method: 'PIX' });
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  expect((await user.client.post(`/api/sandbox/payments/${payment.body.id}/confirm`)).status).toBe(200);
  return created.body as { id: string; shipping: { amount: number } | null; total_amount: number };
}

describe('goods invoices (sandbox)', () => {
  let orderId: string;
  let shipping: number;

  it('a paid order of goods gets an authorised NF-e with a valid key and a served DANFE; the service product stays off it', async () => {
    const shirt = await product('Camiseta Turma', 4_990);
    const setup = await product('Instalação em casa', 3_000, 'service');
    const order = await paidOrder(buyer, [
      { product_id: shirt, quantity: 2 },
      { product_id: setup, quantity: 1 },
    ]);
    orderId = order.id;
    shipping = Number((await knex()('marketplace_orders').where({ id: orderId }).first('shipping_amount')).shipping_amount);
    expect(shipping).toBeGreaterThan(0);

    const mine = await buyer.client.get(`/api/orders/${orderId}/goods-invoice`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.invoice).toMatchObject({ status: 'authorised', series: '1' });
    expect(isValidAccessKey(mine.body.invoice.access_key)).toBe(true);
    expect(mine.body.invoice.danfe_url).toMatch(new RegExp(`/api/sandbox/nfe/${mine.body.invoice.access_key}/danfe$`));
    expect(mine.body.invoice).not.toHaveProperty('error_message');

    const danfe = await fetch(`${app.url}/api/sandbox/nfe/${mine.body.invoice.access_key}/danfe`);
    expect(danfe.status).toBe(200);
    const html = await danfe.text();
    expect(html).toContain('SEM VALOR FISCAL');
    expect(html).toContain('Camiseta Turma');
    expect(html).not.toContain('Instalação em casa');
    expect((await fetch(`${app.url}/api/sandbox/nfe/${'1'.repeat(44)}/danfe`)).status).toBe(404);

    const office = await admin.client.get(`/api/admin/orders/${orderId}/goods-invoice`);
    expect(office.body.invoice).toMatchObject({ status: 'authorised', status_label: 'Autorizada', goods_amount: 9_980, freight_amount: shipping, total_amount: 9_980 + shipping, provider: 'sandbox', can_retry: false });
  });

  it("only the order's owner or an admin reads its invoice", async () => {
    const other = await createUser(app);
    expect((await other.client.get(`/api/orders/${orderId}/goods-invoice`)).status).toBe(404);
    expect((await app.client().get(`/api/orders/${orderId}/goods-invoice`)).status).toBe(401);
    expect((await buyer.client.get(`/api/admin/orders/${orderId}/goods-invoice`)).status).toBe(403);
  });

  it('the fiscal report keeps services, goods and freight apart, with the NF-e, in JSON and CSV alike', async () => {
    const month = brasiliaDay(clock.now()).slice(0, 7);
    const report = await admin.client.get(`/api/admin/reports/fiscal?month=${month}`);
    const sale = report.body.events.find((e: { id: string }) => e.id === `order:${orderId}`);
    expect(sale).toMatchObject({ service_amount: 3_000, goods_amount: 9_980, freight_amount: shipping, amount: 12_980 + shipping, nfe_status: 'authorised' });
    const csv = await (await fetch(`${app.url}/api/admin/reports/fiscal?month=${month}&format=csv`, { headers: { cookie: admin.client.cookieHeader() } })).text();
    const line = csv.split('\r\n').find((l) => l.endsWith(`order:${orderId}`))!.split(';');
    expect(line.slice(5, 8)).toEqual(['30,00', '99,80', (shipping / 100).toFixed(2).replace('.', ',')]);
    expect(line[12]).toBe('Autorizada');
    expect(line[13]).toBe(sale.nfe_access_key);
  });

  it('a refund within 24 h cancels the NF-e; after 24 h it is flagged for a return invoice (audited)', async () => {
    expect((await admin.client.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Desistência do cliente' })).status).toBe(200);
    expect((await admin.client.get(`/api/admin/orders/${orderId}/goods-invoice`)).body.invoice).toMatchObject({ status: 'cancelled', status_label: 'Cancelada' });

    const late = await paidOrder(buyer, [{ product_id: await product('Caneca', 2_500), quantity: 1 }]);
    clock.advance(25 * 3_600_000);
    expect((await admin.client.post(`/api/admin/orders/${late.id}/refund`, { reason: 'Produto com defeito' })).status).toBe(200);
    expect((await admin.client.get(`/api/admin/orders/${late.id}/goods-invoice`)).body.invoice).toMatchObject({ status: 'return_required', status_label: 'Nota de devolução pendente' });
    expect(await knex()('audit_logs').where({ action: 'goods_invoice.return_required', entity_id: late.id })).toHaveLength(1);
  });

  it("a rejected invoice shows the provider's message and an admin's retry issues it again (audited); 409 when nothing to retry", async () => {
    const order = await paidOrder(buyer, [{ product_id: await product('Bone Turma', 3_500), quantity: 1 }]);
    const invoice = await knex()('goods_invoices').where({ order_id: order.id }).first();
    // As a provider's rejection leaves it: the SEFAZ message kept, no key.
    await knex()('goods_invoices').where({ id: invoice.id }).update({ status: 'error', access_key: null, danfe_url: null, error_message: 'Rejeição: CPF do destinatário inválido', provider_status: '237' });
    const shown = await admin.client.get(`/api/admin/orders/${order.id}/goods-invoice`);
    expect(shown.body.invoice).toMatchObject({ status: 'error', status_label: 'Rejeitada', error_message: 'Rejeição: CPF do destinatário inválido', provider_status: '237', can_retry: true });

    expect((await buyer.client.post(`/api/admin/goods-invoices/${invoice.id}/retry`)).status).toBe(403);
    const retried = await admin.client.post(`/api/admin/goods-invoices/${invoice.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ attempt: 2, reference: `pedido-${order.id}-2` });
    // The issue job ran after the commit: authorised under the new reference.
    expect((await admin.client.get(`/api/admin/orders/${order.id}/goods-invoice`)).body.invoice).toMatchObject({ status: 'authorised', attempt: 2, error_message: null });
    expect(await knex()('audit_logs').where({ action: 'goods_invoice.retried', entity_id: order.id, actor_user_id: admin.id })).toHaveLength(1);

    const again = await admin.client.post(`/api/admin/goods-invoices/${invoice.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('goods_invoice_not_retryable');
  });
});
