// Deleting an account through the API on a real database: the plan before confirming, the credit refunded by exactly
// one PIX transfer (even when the call is repeated at once), an open purchase withdrawn and refunded, a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertVoucher, walletCreditFromExpiredGroup } from '../support/factories';
import { TOKENS } from '../../adapters/tokens';
import type { PayoutFlow } from '../../core/flows/payout.flow';

const PIX = { type: 'EMAIL', key: 'devolucao@pix.com.br' };
const DAY = 86_400_000;
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;

describe('DELETE /api/me and its plan', () => {
  it('without credit: the plan asks for nothing and the account is anonymised with no payout', async () => {
    const user = await createUser(app);
    const plan = await user.client.get('/api/me/account/deletion-plan');
    expect(plan.status).toBe(200);
    expect(plan.body).toEqual({ can_delete: true, blockers: [], memberships: [], charges: [], boleto_refunds: 0, credit_refund: 0, pix_key_required: false });

    const res = await user.client.request('DELETE', '/api/me', { password: 'senha-123' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refund: null, withdrawn: 0 });
    expect(await knex()('payouts').where({ user_id: user.id })).toHaveLength(0);
    expect((await knex()('users').where({ id: user.id }).first()).deleted_at).not.toBeNull();
  });

  it('with credit: the key is asked for (pt-BR, en-US), then exactly one PIX transfer even when the call is made twice at once', async () => {
    const user = await createUser(app);
    const credit = await walletCreditFromExpiredGroup(app, user);
    const plan = await user.client.get('/api/me/account/deletion-plan');
    expect(plan.body).toMatchObject({ can_delete: true, credit_refund: credit, pix_key_required: true });

    const noKey = await user.client.request('DELETE', '/api/me', { password: 'senha-123' });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatchObject({ code: 'pix_key_required', message: expect.stringContaining('chave PIX') });
    const english = await user.client.request('DELETE', '/api/me', { password: 'senha-123' }, { 'accept-language': 'en-US' });
    expect(english.body.error.message).toContain('PIX key');
    const badKey = await user.client.request('DELETE', '/api/me', { password: 'senha-123', pix_key: { type: 'CPF', key: '111.111.111-11' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.fields['pix_key.key']).toContain('CPF');

    const answers = await Promise.all([
      user.client.request('DELETE', '/api/me', { password: 'senha-123', pix_key: PIX }),
      user.client.request('DELETE', '/api/me', { password: 'senha-123', pix_key: PIX }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 401]);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body.refund).toEqual({ amount: credit, payout_id: expect.any(String) });

    const payouts = await knex()('payouts').where({ user_id: user.id });
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amount: credit, pix_key_type: 'EMAIL', pix_key: PIX.key, professional_id: null, influencer_id: null });
    // The transfer job ran after the commit; running it again sends nothing more.
    await app.container.get<PayoutFlow>(TOKENS.PayoutFlow).sendTransfer(payouts[0].id);
    expect(await knex()('sandbox_transfers').where({ external_reference: payouts[0].id })).toHaveLength(1);
    expect((await knex()('sandbox_transfers').where({ external_reference: payouts[0].id }).first()).value).toBe(credit);
    const balance = await knex()('wallet_entries').where({ user_id: user.id }).sum<{ total: string }[]>('amount as total').first();
    expect(Number(balance?.total)).toBe(0);
    // A duplicate payout for the account is impossible in the database too.
    await expect(knex()('payouts').insert({ user_id: user.id, amount: 1, status: 'pending' })).rejects.toThrow();
  });

  it('an open purchase is withdrawn and its entry refunded to the original payment', async () => {
    const user = await createUser(app);
    const plan = await createPlan(app, { group_size: 3 });
    const created = await user.client.post('/api/groups', { plan_id: plan.id });
    const memberId = created.body.membership.id as string;
    const pay = await user.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
    await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`);

    const preview = await user.client.get('/api/me/account/deletion-plan');
    expect(preview.body.memberships).toEqual([expect.objectContaining({ member_id: memberId, action: 'withdraw', scope: 'entry', refund: plan.entry_price })]);
    expect(preview.body.pix_key_required).toBe(false);

    const res = await user.client.request('DELETE', '/api/me', { password: 'senha-123' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.withdrawn).toBe(1);
    expect((await knex()('group_members').where({ id: memberId }).first()).status).toBe('refunded');
    expect(['refund_pending', 'refunded']).toContain((await knex()('payments').where({ id: pay.body.id }).first()).status);
  });

  it('refused while a voucher is unused past the withdrawal window, with what to do next (pt-BR, en-US)', async () => {
    const user = await createUser(app);
    const plan = await createPlan(app);
    const { voucher, groupId } = await insertVoucher(knex(), plan, user.id, { status: 'redeemable' });
    await knex()('groups').where({ id: groupId }).update({ completed_at: new Date(Date.now() - 10 * DAY) });

    const preview = await user.client.get('/api/me/account/deletion-plan');
    expect(preview.body).toMatchObject({ can_delete: false, blockers: [{ code: 'voucher_not_used', message: expect.stringContaining(voucher.code) }] });
    const english = await user.client.get('/api/me/account/deletion-plan', { 'accept-language': 'en-US' });
    expect(english.body.blockers[0].message).toContain('Use the voucher');

    const res = await user.client.request('DELETE', '/api/me', { password: 'senha-123' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'account_deletion_blocked', message: expect.stringContaining('Use o voucher'), blockers: [expect.objectContaining({ code: 'voucher_not_used' })] });
    expect((await knex()('users').where({ id: user.id }).first()).deleted_at).toBeNull();
    expect((await user.client.get('/api/me')).status).toBe(200);
  });
});
