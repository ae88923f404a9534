// Back office catalogue and groups (the part built so far): groups listed with Content-Range, one group with
// its members and payments, and cancelling an open group refunds every paid entry through the payments refund job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;

/** An open group whose owner paid the entry through the sandbox. */
async function groupWithPaidEntry(owner: TestUser) {
  const plan = await createPlan(app, { price: 49_995, group_size: 3 });
  const created = await owner.client.post('/api/groups', { plan_id: plan.id });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const memberId = created.body.membership.id as string;
  const pay = await owner.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
  expect(pay.status, JSON.stringify(pay.body)).toBe(201);
  expect((await owner.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).status).toBe(200);
  return { groupId: created.body.group.id as string, memberId, paymentId: pay.body.id as string, plan };
}

describe('/api/admin/groups', () => {
  it('refuses visitors (401) and users (403)', async () => {
    const user = await createUser(app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [
      ['GET', '/api/admin/groups', undefined],
      ['GET', `/api/admin/groups/${id}`, undefined],
      ['POST', `/api/admin/groups/${id}/cancel`, { reason: 'teste' }],
      ['GET', '/api/admin/exports/groups', undefined],
    ] as const) {
      expect((await app.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await user.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists groups by status with Content-Range; cancelling an open group refunds the paid entry, audited', async () => {
    const owner = await createUser(app, { fullName: 'Dora Dona' });
    const { groupId, memberId, paymentId, plan } = await groupWithPaidEntry(owner);

    const list = await admin.client.get(`/api/admin/groups?filter=${encodeURIComponent(JSON.stringify({ plan_id: plan.id, status: 'open' }))}&range=[0,9]`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.headers.get('content-range')).toBe('groups 0-0/1');
    expect(list.body).toEqual([expect.objectContaining({ id: groupId, status: 'open', group_size: 3, price: 49_995, entry_price: 5_000, plan_name: expect.any(String) })]);

    const detail = await admin.client.get(`/api/admin/groups/${groupId}`);
    expect(detail.body.members).toEqual([expect.objectContaining({ id: memberId, full_name: 'Dora Dona', status: 'paid', payment: expect.objectContaining({ id: paymentId, status: 'confirmed', amount: 5_000 }) })]);

    expect((await admin.client.post(`/api/admin/groups/${groupId}/cancel`, {})).status).toBe(400);
    const cancelled = await admin.client.post(`/api/admin/groups/${groupId}/cancel`, { reason: 'Profissional indisponível' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', ended_at: expect.any(String) });
    expect(cancelled.body.members[0]).toMatchObject({ status: 'refunded' });
    // The refund job enqueued in the cancel's transaction ran after the commit (sandbox provider).
    expect(await knex()('payments').where({ id: paymentId }).first()).toMatchObject({ status: 'refunded', refunded_amount: 5_000 });
    const audit = await knex()('audit_logs').where({ entity_id: groupId, action: 'group.cancelled' });
    expect(audit).toEqual([expect.objectContaining({ actor_email: admin.email, metadata: expect.objectContaining({ reason: 'Profissional indisponível', before: { status: 'open' }, after: { status: 'cancelled' } }) })]);

    const again = await admin.client.post(`/api/admin/groups/${groupId}/cancel`, { reason: 'de novo' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('group_closed');
    expect((await admin.client.post('/api/admin/groups/00000000-0000-4000-8000-000000000000/cancel', { reason: 'nada' })).status).toBe(404);

    const csv = await admin.client.get(`/api/admin/exports/groups?filter=${encodeURIComponent(JSON.stringify({ plan_id: plan.id }))}`);
    const lines = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(';').slice(1, 6)).toEqual(['cancelled', '3', '0', '499,95', '50,00']);
  });
});
