// The entry payment flow on the in-memory repositories: what a confirmed entry changes, that the last place completes
// the group once (vouchers at the group price minus the entry actually paid), and the money that has to go back.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { entryPaymentFlow } from '../../../core/flows/entry-payment.flow';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
// Distinct voucher codes from a predictable source (production draws from the cryptographic one).
let draws = 0;
const flow = entryPaymentFlow(clock, () => (++draws * 0.137) % 1, { platformFeePercent: 10 });

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
});

/** A group of three (price 100,00, entry 10,00) with `paid` members already paid and one member holding a place. */
function groupWith(paid: number) {
  const plan = seedPlan(db, { price: 10_000, entry_price: 1_000, group_size: 3 });
  const owner = seedUser(db);
  const group = seedGroup(db, plan, owner);
  const payers = Array.from({ length: paid }, () => {
    const user = seedUser(db);
    const member = seedMember(db, group, user, { status: 'paid', paid_at: T0, hold_expires_at: null });
    seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: member.id, amount: 1_000 });
    return member;
  });
  const user = seedUser(db, { full_name: 'Joana Souza' });
  const holder = seedMember(db, group, user);
  const payment = seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: holder.id, amount: 1_000 });
  return { plan, group, payers, holder, payment, user };
}

describe('entry payment settle', () => {
  it('pays the held place, tells the payer and every paid member, e-mails a receipt; the group stays open', async () => {
    const { group, payers, holder, payment, user } = groupWith(1);
    const outcome = await uow.tx((tx) => flow.settle(tx, payment));
    expect(outcome).toEqual({ outcome: 'applied' });
    expect(db.members.get(holder.id)).toMatchObject({ status: 'paid', paid_at: T0, hold_expires_at: null });
    expect(db.groups.get(group.id)?.status).toBe('open');
    const notes = db.notifications.all();
    expect(notes.filter((n) => n.type === 'entry_confirmed').map((n) => [n.user_id, n.data.params])).toEqual([[user.id, expect.objectContaining({ paid: 2, size: 3 })]]);
    expect(notes.filter((n) => n.type === 'member_joined').map((n) => n.user_id)).toEqual(payers.map((p) => p.user_id));
    expect(uow.jobsNamed('mail.send')).toHaveLength(1);
    expect(db.vouchers.size).toBe(0);
  });

  it('the last place completes the group once: vouchers with the balance in centavos, pending holds released', async () => {
    const { group, payers, holder, payment } = groupWith(2);
    const late = seedMember(db, group, seedUser(db), { hold_expires_at: new Date(T0.getTime() - 60_000) });
    const latePending = seedPayment(db, { user_id: late.user_id, purpose: 'entry', ref_id: late.id, amount: 1_000, status: 'pending' });

    expect(await uow.tx((tx) => flow.settle(tx, payment))).toEqual({ outcome: 'applied' });
    expect(db.groups.get(group.id)).toMatchObject({ status: 'complete', completed_at: T0 });
    const vouchers = db.vouchers.all();
    expect(vouchers.map((v) => v.member_id).sort()).toEqual([...payers.map((p) => p.id), holder.id].sort());
    for (const v of vouchers) expect(v).toMatchObject({ status: 'awaiting_balance', price: 10_000, entry_paid: 1_000, balance_due: 9_000 });
    expect(new Set(vouchers.map((v) => v.code)).size).toBe(3);
    for (const m of [...payers, holder]) expect(db.members.get(m.id)?.status).toBe('awarded');
    expect(db.members.get(late.id)?.status).toBe('released');
    // The released member's charge is cancelled at the provider, in the same transaction.
    expect(uow.jobsNamed('payments.cancel_charge')).toEqual([{ payment_id: latePending.id, reason: 'vaga liberada: a turma completou' }]);
    expect(db.notifications.all((n) => n.type === 'group_complete')).toHaveLength(3);
    expect(db.audit.all((a) => a.action === 'group.completed').map((a) => a.metadata)).toEqual([{ members: 3 }]);

    // A second confirmation of the same payment (a redelivered event) finds the place paid: money back, nothing twice.
    expect(await uow.tx((tx) => flow.settle(tx, payment))).toMatchObject({ outcome: 'refund_needed' });
    expect(db.vouchers.size).toBe(3);
    expect(db.notifications.all((n) => n.type === 'group_complete')).toHaveLength(3);
  });

  it('a lapsed hold is accepted while the group still has room; not once another member took the place', async () => {
    const { group, holder, payment } = groupWith(1);
    db.members.patch(holder.id, { hold_expires_at: new Date(T0.getTime() - 1) });
    expect(await uow.tx((tx) => flow.settle(tx, payment))).toEqual({ outcome: 'applied' });
    expect(db.members.get(holder.id)?.status).toBe('paid');

    const second = groupWith(1);
    db.members.patch(second.holder.id, { hold_expires_at: new Date(T0.getTime() - 1) });
    seedMember(db, second.group, seedUser(db), { status: 'paid', hold_expires_at: null });
    seedMember(db, second.group, seedUser(db));
    expect(await uow.tx((tx) => flow.settle(tx, second.payment))).toEqual({ outcome: 'refund_needed', reason: 'vaga indisponível quando o pagamento chegou' });
    expect(db.members.get(second.holder.id)?.status).toBe('pending_payment');
    expect(group.id).not.toBe(second.group.id);
  });

  it('money for a group no longer open, or a place released, goes back', async () => {
    const closed = groupWith(1);
    db.groups.patch(closed.group.id, { status: 'expired' });
    expect(await uow.tx((tx) => flow.settle(tx, closed.payment))).toMatchObject({ outcome: 'refund_needed' });
    const released = groupWith(0);
    db.members.patch(released.holder.id, { status: 'released' });
    expect(await uow.tx((tx) => flow.settle(tx, released.payment))).toMatchObject({ outcome: 'refund_needed' });
    expect(db.notifications.size).toBe(0);
  });

  it('the first paid entry converts the payer in the theme experiment, once', async () => {
    const { payment, user } = groupWith(0);
    db.participants.insert({ user_id: user.id, anonymous_id: 'a1', experiment_name: 'theme', variant: 'b', converted: false, converted_at: null });
    await uow.tx((tx) => flow.settle(tx, payment));
    expect(db.participants.all()[0]).toMatchObject({ converted: true, converted_at: T0 });
    expect(db.experimentEvents.all().map((e) => e.event_name)).toEqual(['first_entry_paid']);
  });
});

describe('entry payment resolve', () => {
  it('charges the group entry price only to the holder of a live place', async () => {
    const { holder, user, plan } = groupWith(0);
    expect(await flow.resolve(uow.repos, user.id, holder.id)).toEqual({ amount: 1_000, description: `Turma — entrada: ${plan.name}` });
    await expect(flow.resolve(uow.repos, seedUser(db).id, holder.id)).rejects.toMatchObject({ code: 'member_not_found' });
    clock.advance(31 * 60_000);
    await expect(flow.resolve(uow.repos, user.id, holder.id)).rejects.toMatchObject({ code: 'hold_expired' });
  });

  it('refuses an entry already paid and a group no longer open', async () => {
    const { payers, group } = groupWith(1);
    await expect(flow.resolve(uow.repos, payers[0]!.user_id, payers[0]!.id)).rejects.toMatchObject({ code: 'already_paid' });
    const { holder, user } = groupWith(0);
    db.groups.patch(group.id, { status: 'expired' });
    db.groups.patch(db.members.get(holder.id)!.group_id, { status: 'cancelled' });
    await expect(flow.resolve(uow.repos, user.id, holder.id)).rejects.toMatchObject({ code: 'group_closed' });
  });
});
