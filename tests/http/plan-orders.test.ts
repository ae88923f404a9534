// Product plans become orders (docs/product/marketplace.md#product-plans-become-orders): exactly one paid order per
// voucher even with confirmations arriving twice or at once; it follows the normal flow, shipping redeems the voucher,
// and the financial report counts the money once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentService } from '../../core/payments/payment.service';
import { brasiliaDay } from '../../core/reports';
import { FixedClock } from '../../core/shared/clock';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

const clock = new FixedClock(new Date());
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  admin = await createUser(app, { role: 'admin', fullName: 'Olga Operadora' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});
const knex = () => app.db.knex;
const address = { cep: '20040-020', street: 'Avenida Rio Branco', number: '156', complement: 'Sala 10', district: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };

async function productPlan(price = 30_000) {
  const plan = await createPlan(app, { price, group_size: 2 });
  const [category] = await knex()('plan_categories').insert({ name: 'Produtos', slug: `produtos-${plan.id.slice(0, 8)}`, kind: 'product' }).returning(['id']);
  await knex()('plans').where({ id: plan.id }).update({ kind: 'product', category_id: category.id, name: `Kit ${plan.id.slice(0, 5)}` });
  return { ...plan, name: `Kit ${plan.id.slice(0, 5)}` };
}

async function pay(user: TestUser, purpose: 'entry' | 'balance', refId: string): Promise<string> {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirmed = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return created.body.id as string;
}

/** A completed group of 2 of `plan`: both entries paid; answers both members and their vouchers. */
async function completedGroup(plan: { id: string }) {
  const ana = await createUser(app, { fullName: 'Ana Entrega' });
  const bia = await createUser(app, { fullName: 'Bia Entrega' });
  const created = await ana.client.post('/api/groups', { plan_id: plan.id });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await pay(ana, 'entry', created.body.membership.id);
  const joined = await bia.client.post(`/api/groups/${created.body.group.id}/join`, { referral_code: created.body.membership.invite_code });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  await pay(bia, 'entry', joined.body.membership.id);
  const voucherOf = async (u: TestUser) => (await knex()('vouchers').where({ user_id: u.id }).first()) as { id: string; code: string; status: string; price: number };
  return { groupId: created.body.group.id as string, ana, bia, anaVoucher: await voucherOf(ana), biaVoucher: await voucherOf(bia) };
}

describe('a product plan whose balance is paid becomes exactly one order', () => {
  it('asks for the address, makes one paid order on two concurrent confirmations, lists it, ships it and releases the escrow', async () => {
    const plan = await productPlan(30_000);
    const { groupId, ana, anaVoucher } = await completedGroup(plan);
    const balanceId = await pay(ana, 'balance', anaVoucher.id);
    // The provider's confirmation delivered again (webhook, poll, reconcile): applied once, nothing more happens.
    expect((await ana.client.post(`/api/sandbox/payments/${balanceId}/confirm`)).status).toBeLessThan(500);
    await app.container.get<PaymentService>(TOKENS.PaymentService).reconcile();

    // Asked once, in-app and by e-mail, with the link to the confirmation screen; no order until the address is confirmed.
    const asked = await knex()('notifications').where({ user_id: ana.id, type: 'plan_delivery_address' });
    expect(asked).toHaveLength(1);
    expect(asked[0].link).toBe(`/my-groups/vouchers/${anaVoucher.id}/delivery`);
    expect(await knex()('notifications').where({ user_id: ana.id, type: 'balance_confirmed' })).toHaveLength(0);
    const mails = await knex()('mail_outbox').where({ to_address: ana.email, template: 'plan_delivery_address' });
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body ?? JSON.stringify(mails[0])).toContain(`/my-groups/vouchers/${anaVoucher.id}/delivery`);
    expect(await knex()('marketplace_orders').where({ voucher_id: anaVoucher.id })).toHaveLength(0);

    // The voucher card and the confirmation screen: awaiting the address, pre-filled from the profile.
    const card = (await ana.client.get('/api/me/vouchers')).body.items.find((v: { id: string }) => v.id === anaVoucher.id);
    expect(card.delivery).toEqual({ state: 'awaiting_address', order_id: null });
    const before = await ana.client.get(`/api/me/vouchers/${anaVoucher.id}/delivery`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ state: 'awaiting_address', order_id: null, price: 30_000, address: { cep: '01310100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' } });

    // A bad address: 400 with the field, nothing created.
    const bad = await ana.client.post(`/api/me/vouchers/${anaVoucher.id}/delivery`, { address: { ...address, cep: '123' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {})).toContain('address.cep');

    // Two confirmations at once (a double tap, two tabs): one order, both answers name it.
    const [one, two] = await Promise.all([
      ana.client.post(`/api/me/vouchers/${anaVoucher.id}/delivery`, { address }),
      ana.client.post(`/api/me/vouchers/${anaVoucher.id}/delivery`, { address: { ...address, number: '999' } }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.order_id).toBe(two.body.order_id);
    const again = await ana.client.post(`/api/me/vouchers/${anaVoucher.id}/delivery`, { address });
    expect(again.status).toBe(200);
    expect(again.body.order_id).toBe(one.body.order_id);
    const orders = await knex()('marketplace_orders').where({ user_id: ana.id });
    expect(orders).toHaveLength(1);
    const orderId = orders[0].id as string;
    expect(orders[0]).toMatchObject({ source: 'plan', voucher_id: anaVoucher.id, status: 'paid', total_amount: 30_000, subtotal: 30_000, shipping_amount: 0, items_count: 1, payment_id: null });
    const items = await knex()('order_items').where({ order_id: orderId });
    expect(items).toEqual([expect.objectContaining({ plan_id: plan.id, product_id: null, unit_price: 30_000, quantity: 1, subtotal: 30_000 })]);
    // No new charge: the only payments are the entry and the balance.
    expect(await knex()('payments').where({ user_id: ana.id }).whereIn('status', ['pending', 'confirmed'])).toHaveLength(2);
    // A product plan is goods: one NF-e for the whole price (no freight), issued when the address is confirmed.
    expect(await knex()('goods_invoices').where({ order_id: orderId })).toEqual([expect.objectContaining({ status: 'authorised', goods_amount: 30_000, freight_amount: 0, total_amount: 30_000 })]);
    const invoice = await ana.client.get(`/api/orders/${orderId}/goods-invoice`);
    expect(invoice.body.invoice).toMatchObject({ status: 'authorised' });
    expect(await (await fetch(`${app.url}/api/sandbox/nfe/${invoice.body.invoice.access_key}/danfe`)).text()).toContain(plan.name);
    // The fiscal report lists it as goods with its NF-e, though no order payment exists (the group's money paid it).
    const fiscal = await admin.client.get(`/api/admin/reports/fiscal?month=${brasiliaDay(clock.now()).slice(0, 7)}`);
    expect(fiscal.body.events.find((e: { id: string }) => e.id === `order:${orderId}`)).toMatchObject({
      kind: 'order', service_amount: 0, goods_amount: 30_000, freight_amount: 0, amount: 30_000, refunded: false, nfe_status: 'authorised', nfe_access_key: invoice.body.invoice.access_key,
      description: `Plano de produto entregue como pedido: ${plan.name}`,
    });

    // The member's orders and the order page (the normal screens).
    const list = await ana.client.get('/api/orders');
    expect(list.body.items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const page = await ana.client.get(`/api/orders/${orderId}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ status: 'paid', source: 'plan', total_amount: 30_000, can_pay: false, can_return: false, items: [], plan_items: [{ plan_id: plan.id, product_name: plan.name, quantity: 1, subtotal: 30_000 }] });
    expect(page.body.address.number === '156' || page.body.address.number === '999').toBe(true);
    const card2 = (await ana.client.get('/api/me/vouchers')).body.items.find((v: { id: string }) => v.id === anaVoucher.id);
    expect(card2.delivery).toEqual({ state: 'ordered', order_id: orderId });
    // Someone else's voucher is a 404.
    const stranger = await createUser(app);
    expect((await stranger.client.get(`/api/me/vouchers/${anaVoucher.id}/delivery`)).status).toBe(404);
    expect((await stranger.client.post(`/api/me/vouchers/${anaVoucher.id}/delivery`, { address })).status).toBe(404);

    // The back office: refund/cancel refused (the money came through the group), the normal flow works.
    expect((await admin.client.post(`/api/admin/orders/${orderId}/refund`, { reason: 'teste' })).status).toBe(409);
    expect((await admin.client.post(`/api/admin/orders/${orderId}/preparing`)).status).toBe(200);
    expect((await knex()('vouchers').where({ id: anaVoucher.id }).first()).status).toBe('redeemable');
    const heldBefore = (await ana.client.get(`/api/groups/${groupId}/escrow`)).body;
    expect(heldBefore.shipped).toEqual({ count: 0, amount: 0 });
    const shipped = await admin.client.post(`/api/admin/orders/${orderId}/ship`, { tracking_code: 'BR123456789BR' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await knex()('vouchers').where({ id: anaVoucher.id }).first()).status).toBe('redeemed');
    const escrow = (await ana.client.get(`/api/groups/${groupId}/escrow`)).body;
    expect(escrow.shipped).toEqual({ count: 1, amount: 30_000 });
    expect(escrow.mine.released).toBe(30_000);
    expect((await admin.client.post(`/api/admin/orders/${orderId}/deliver`)).status).toBe(200);
    expect((await ana.client.get(`/api/orders/${orderId}`)).body.status).toBe('delivered');
    expect(await knex()('commissions').where({ source_type: 'order', source_id: orderId })).toHaveLength(0);
  });

  it("a purchase withdrawn after its address was confirmed has its plan order refunded and its NF-e cancelled", async () => {
    const plan = await productPlan(24_000);
    const { groupId, bia, biaVoucher } = await completedGroup(plan);
    await pay(bia, 'balance', biaVoucher.id);
    const confirmed = await bia.client.post(`/api/me/vouchers/${biaVoucher.id}/delivery`, { address });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const orderId = confirmed.body.order_id as string;
    expect((await knex()('goods_invoices').where({ order_id: orderId }).first()).status).toBe('authorised');

    const member = await knex()('group_members').where({ group_id: groupId, user_id: bia.id }).first('id');
    const withdrawn = await bia.client.post(`/api/me/memberships/${member.id}/withdraw`, {});
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await knex()('goods_invoices').where({ order_id: orderId }).first()).status).toBe('cancelled');
    // Its money went back with the purchase: the order is refunded, so nobody prepares or ships it.
    expect(await knex()('marketplace_orders').where({ id: orderId }).first()).toMatchObject({ status: 'refunded' });
    expect((await bia.client.get(`/api/orders/${orderId}`)).body).toMatchObject({ status: 'refunded' });
    expect(await knex()('audit_logs').where({ entity_id: orderId, action: 'goods_invoice.cancelled' })).toHaveLength(1);
    const fiscal = await admin.client.get(`/api/admin/reports/fiscal?month=${brasiliaDay(clock.now()).slice(0, 7)}`);
    expect(fiscal.body.events.find((e: { id: string }) => e.id === `order:${orderId}`)).toMatchObject({ refunded: true, nfe_status: 'cancelled' });
  });

  it('refuses to confirm before the balance is paid, and for a service plan', async () => {
    const plan = await productPlan(20_000);
    const { bia, biaVoucher } = await completedGroup(plan);
    const early = await bia.client.post(`/api/me/vouchers/${biaVoucher.id}/delivery`, { address });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('balance_unpaid');
    const service = await createPlan(app, { price: 20_000, group_size: 2 });
    const s = await completedGroup(service);
    await pay(s.ana, 'balance', s.anaVoucher.id);
    const refused = await s.ana.client.post(`/api/me/vouchers/${s.anaVoucher.id}/delivery`, { address });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('plan_not_product');
    expect((await s.ana.client.get('/api/me/vouchers')).body.items[0].delivery).toBeNull();
  });

  it('is not counted again as marketplace sales: the report reconciles to zero, the plan order in the platform result once shipped', async () => {
    const from = brasiliaDay(new Date(clock.now().getTime() - 86_400_000));
    const to = brasiliaDay(new Date(clock.now().getTime() + 86_400_000));
    const res = await admin.client.get(`/api/admin/reports/financial?from=${from}&to=${to}&granularity=day`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const row of res.body.rows) expect(row.reconciliation, row.period).toBe(0);
    expect(res.body.totals.reconciliation).toBe(0);
    // Only plan orders were made here: no marketplace sale at all, and the shipped purchase (30,00) is the platform's.
    expect(res.body.totals.marketplace_sales).toBe(0);
    expect(res.body.totals.platform_fee).toBe(30_000);
    const confirmed = await knex()('payments').whereIn('purpose', ['entry', 'balance']).whereNotNull('confirmed_at').sum<{ sum: string }[]>('amount as sum');
    expect(res.body.totals.money_in).toBe(Number(confirmed[0]!.sum));
  });
});
