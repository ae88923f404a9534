// Joining groups and the hold jobs on the in-memory repositories: a place held for 30 minutes, never over the group's
// size, one live place per member, auto-matching into the fullest open group, lapsed holds released once.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { GroupService } from '../../../core/groups';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const MIN = 60_000;
const clock = new FixedClock(T0);
const meta = { ip: null, userAgent: null, requestId: null };
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let groups: GroupService;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  let draws = 0;
  groups = new GroupService(uow, clock, () => (++draws * 0.173) % 1);
});

const actor = () => {
  const u = seedUser(db);
  return { id: u.id, email: u.email };
};

describe('joining a group', () => {
  it('holds a place for 30 minutes at the group entry price and tells the member', async () => {
    const plan = seedPlan(db, { group_size: 2, entry_price: 1_000 });
    const group = seedGroup(db, plan, seedUser(db));
    const me = actor();
    const view = await groups.joinGroup(me, group.id, null, meta);
    expect(view.membership).toMatchObject({ status: 'pending_payment', hold_expires_at: new Date(T0.getTime() + 30 * MIN).toISOString(), entry_price: 1_000 });
    expect(view.group).toMatchObject({ places_left: 1, members_paid: 0 });
    expect(db.notifications.all().map((n) => [n.type, n.user_id])).toEqual([['place_held', me.id]]);
    await expect(groups.joinGroup(me, group.id, null, meta)).rejects.toMatchObject({ code: 'already_member' });
  });

  it('never over group_size; a lapsed hold frees its place for the next member', async () => {
    const plan = seedPlan(db, { group_size: 2 });
    const group = seedGroup(db, plan, seedUser(db));
    await groups.joinGroup(actor(), group.id, null, meta);
    await groups.joinGroup(actor(), group.id, null, meta);
    await expect(groups.joinGroup(actor(), group.id, null, meta)).rejects.toMatchObject({ code: 'group_full' });
    expect(db.members.size).toBe(2);
    clock.advance(31 * MIN);
    await groups.joinGroup(actor(), group.id, null, meta);
    expect(db.members.size).toBe(3);
  });

  it('an invite code of the group records the inviter; closed and unknown groups refuse', async () => {
    const plan = seedPlan(db);
    const group = seedGroup(db, plan, seedUser(db));
    const inviter = seedMember(db, group, seedUser(db), { status: 'paid', hold_expires_at: null, invite_code: 'ABCD2345' });
    const view = await groups.joinGroup(actor(), group.id, 'abcd2345', meta);
    expect(db.members.get(view.membership.id)?.invited_by_member_id).toBe(inviter.id);
    db.groups.patch(group.id, { status: 'expired' });
    await expect(groups.joinGroup(actor(), group.id, null, meta)).rejects.toMatchObject({ code: 'group_closed' });
    await expect(groups.joinGroup(actor(), 'x', null, meta)).rejects.toMatchObject({ code: 'group_not_found' });
  });

  it('auto-join picks an open group of the plan, or opens one with the entry computed from the price', async () => {
    const plan = seedPlan(db, { group_size: 2, price: 20_000 });
    const first = await groups.autoJoin(actor(), plan.id, meta);
    const second = await groups.autoJoin(actor(), plan.id, meta);
    expect(second.group.id).toBe(first.group.id);
    const third = await groups.autoJoin(actor(), plan.id, meta);
    expect(third.group.id).not.toBe(first.group.id);
    expect(db.groups.size).toBe(2);
    expect(db.groups.get(third.group.id)).toMatchObject({ status: 'open', price: 20_000, group_size: 2 });
  });
});

describe('the hold jobs', () => {
  it('releases each lapsed hold once and cancels its pending charge at the provider', async () => {
    const plan = seedPlan(db);
    const group = seedGroup(db, plan, seedUser(db));
    const lapsed = seedMember(db, group, seedUser(db), { hold_expires_at: new Date(T0.getTime() - MIN) });
    const live = seedMember(db, group, seedUser(db));
    const charge = seedPayment(db, { user_id: lapsed.user_id, purpose: 'entry', ref_id: lapsed.id, amount: plan.entry_price, status: 'pending' });
    expect(await groups.releaseExpiredHolds()).toEqual({ released: 1, boletos_lapsed: 0 });
    expect(db.members.get(lapsed.id)).toMatchObject({ status: 'released', released_at: T0 });
    expect(db.members.get(live.id)?.status).toBe('pending_payment');
    expect(uow.jobsNamed('payments.cancel_charge')).toEqual([{ payment_id: charge.id, reason: 'vaga liberada: pagamento não confirmado no prazo' }]);
    expect(await groups.releaseExpiredHolds()).toEqual({ released: 0, boletos_lapsed: 0 });
  });

  it('reminds the paid members once when at most 3 days are left', async () => {
    const plan = seedPlan(db);
    const group = seedGroup(db, plan, seedUser(db), { deadline_at: new Date(T0.getTime() + 2 * 86_400_000) });
    seedGroup(db, plan, seedUser(db), { deadline_at: new Date(T0.getTime() + 5 * 86_400_000) });
    const paid = seedMember(db, group, seedUser(db), { status: 'paid', hold_expires_at: null });
    seedMember(db, group, seedUser(db));
    expect(await groups.sendReminders()).toEqual({ groups: 1, notified: 1 });
    expect(db.notifications.all().map((n) => n.user_id)).toEqual([paid.user_id]);
    expect(await groups.sendReminders()).toEqual({ groups: 0, notified: 0 });
  });
});
