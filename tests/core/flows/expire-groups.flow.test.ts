// Expiring and cancelling groups on the in-memory repositories: holds released with their charges cancelled, each
// paid entry refunded through the provider or credited to the wallet as its member chose, and each group ended once.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { ExpireGroupsFlow } from '../../../core/flows/expire-groups.flow';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let flow: ExpireGroupsFlow;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  flow = new ExpireGroupsFlow(uow, clock);
});

/** An open group past its deadline: one paid member refunded to the card, one to the wallet, one holding a place. */
function pastDeadline() {
  const plan = seedPlan(db, { entry_price: 1_500 });
  const owner = seedUser(db);
  const group = seedGroup(db, plan, owner, { deadline_at: new Date(T0.getTime() - 1) });
  const toCard = seedMember(db, group, owner, { status: 'paid', hold_expires_at: null });
  const toWallet = seedMember(db, group, seedUser(db), { status: 'paid', hold_expires_at: null, refund_to: 'wallet' });
  const holder = seedMember(db, group, seedUser(db));
  const cardPayment = seedPayment(db, { user_id: toCard.user_id, purpose: 'entry', ref_id: toCard.id, amount: 1_500 });
  seedPayment(db, { user_id: toWallet.user_id, purpose: 'entry', ref_id: toWallet.id, amount: 1_500 });
  const holderCharge = seedPayment(db, { user_id: holder.user_id, purpose: 'entry', ref_id: holder.id, amount: 1_500, status: 'pending' });
  return { plan, group, toCard, toWallet, holder, cardPayment, holderCharge };
}

describe('the expire_groups job', () => {
  it('expires a group past its deadline once: refunds, wallet credit, released hold, notifications', async () => {
    const { group, toCard, toWallet, holder, cardPayment, holderCharge, plan } = pastDeadline();
    const fresh = seedGroup(db, plan, seedUser(db));

    const result = await flow.run();
    expect(result).toEqual({ expired: 1, refunds_marked: 1, wallet_credits: 1, expiredGroupIds: [group.id] });
    expect(db.groups.get(group.id)).toMatchObject({ status: 'expired', expired_at: T0 });
    expect(db.groups.get(fresh.id)?.status).toBe('open');
    expect(db.members.get(toCard.id)?.status).toBe('refunded');
    expect(db.members.get(toWallet.id)?.status).toBe('refunded');
    expect(db.members.get(holder.id)?.status).toBe('released');
    expect(db.payments.get(cardPayment.id)?.status).toBe('refund_pending');
    expect(uow.jobsNamed('payments.refund')).toEqual([{ payment_id: cardPayment.id }]);
    expect(uow.jobsNamed('payments.cancel_charge')).toEqual([{ payment_id: holderCharge.id, reason: 'vaga liberada: turma expirada' }]);
    expect(db.wallet.all()).toEqual([expect.objectContaining({ user_id: toWallet.user_id, amount: 1_500, kind: 'entry_credit', ref: `entry:${toWallet.id}` })]);
    expect(db.notifications.all((n) => n.type === 'group_expired').map((n) => n.user_id).sort()).toEqual([toCard.user_id, toWallet.user_id].sort());

    // A second run (another instance) finds nothing to do.
    expect(await flow.run()).toEqual({ expired: 0, refunds_marked: 0, wallet_credits: 0, expiredGroupIds: [] });
    expect(db.wallet.size).toBe(1);
    expect(uow.jobsNamed('payments.refund')).toHaveLength(1);
  });

  it('an operator cancels an open group with a reason: the same end, audited with the operator', async () => {
    const { group } = pastDeadline();
    const admin = seedUser(db, { role: 'admin' });
    const result = await flow.cancel(group.id, 'plano suspenso', { id: admin.id, email: admin.email });
    expect(result.expired).toBe(1);
    expect(db.groups.get(group.id)?.status).toBe('cancelled');
    expect(db.audit.all((a) => a.action === 'group.cancelled')).toEqual([
      expect.objectContaining({ actor_user_id: admin.id, entity_id: group.id, metadata: expect.objectContaining({ reason: 'plano suspenso', members: 3 }) }),
    ]);
    await expect(flow.cancel(group.id, 'de novo', { id: admin.id, email: admin.email })).rejects.toMatchObject({ code: 'group_closed' });
    await expect(flow.expireNow(group.id)).rejects.toMatchObject({ code: 'group_closed' });
  });

  it('expireNow ends an open group before its deadline', async () => {
    const plan = seedPlan(db);
    const group = seedGroup(db, plan, seedUser(db));
    expect(await flow.expireNow(group.id)).toMatchObject({ expired: 1 });
    expect(db.groups.get(group.id)).toMatchObject({ status: 'expired', deadline_at: T0 });
    await expect(flow.expireNow('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'group_not_found' });
  });
});
