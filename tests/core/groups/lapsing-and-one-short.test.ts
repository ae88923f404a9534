// The two notices WhatsApp added: a held place about to lapse (PIX in its last 10 minutes, a boleto due tomorrow),
// once each, and "one member short" to every paid member when a paid entry leaves a single place.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { GroupService } from '../../../core/groups';
import { entryPaymentFlow } from '../../../core/flows/entry-payment.flow';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z'); // 12:00 in Brasília
const MIN = 60_000;
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let groups: GroupService;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  groups = new GroupService(uow, clock, () => 0.5);
});

const lapsing = () => db.notifications.all().filter((n) => n.type === 'hold_lapsing');

describe('remindLapsingHolds', () => {
  it('a PIX hold in its last 10 minutes gets one notice with the copy-paste code; earlier, none', async () => {
    const plan = seedPlan(db, { group_size: 3, entry_price: 1_000 });
    const group = seedGroup(db, plan, seedUser(db));
    const user = seedUser(db);
    const member = seedMember(db, group, user, { hold_expires_at: new Date(T0.getTime() + 25 * MIN) });
    seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: member.id, amount: 1_000, status: 'pending', method: 'PIX', pix_payload: '000201PIX' });

    expect(await groups.remindLapsingHolds()).toEqual({ pix: 0, boleto: 0 });
    clock.advance(16 * MIN);
    expect(await groups.remindLapsingHolds()).toEqual({ pix: 1, boleto: 0 });
    expect(await groups.remindLapsingHolds()).toEqual({ pix: 0, boleto: 0 });
    expect(lapsing().map((n) => [n.user_id, n.data.params])).toEqual([
      [user.id, { plan: plan.name, amount: 1_000, method: 'PIX', expires_at: new Date(T0.getTime() + 25 * MIN).toISOString(), pix_code: '000201PIX' }],
    ]);
  });

  it('an entry boleto due tomorrow gets one notice; one due later or a card charge none', async () => {
    const plan = seedPlan(db, { group_size: 5, entry_price: 1_000 });
    const group = seedGroup(db, plan, seedUser(db));
    const hold = (due: string, method: 'BOLETO' | 'CREDIT_CARD', status: 'pending_payment' | 'paid' = 'pending_payment') => {
      const user = seedUser(db);
      const member = seedMember(db, group, user, { status, hold_expires_at: new Date(`${due}T02:59:59Z`) });
      seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: member.id, amount: 1_000, status: 'pending', method, due_date: due });
      return user;
    };
    const tomorrow = hold('2026-11-11', 'BOLETO');
    hold('2026-11-12', 'BOLETO');
    hold('2026-11-11', 'CREDIT_CARD');
    expect(await groups.remindLapsingHolds()).toEqual({ pix: 0, boleto: 1 });
    expect(await groups.remindLapsingHolds()).toEqual({ pix: 0, boleto: 0 });
    expect(lapsing().map((n) => [n.user_id, (n.data.params as { method: string }).method, (n.data.params as { pix_code: unknown }).pix_code])).toEqual([[tomorrow.id, 'BOLETO', null]]);
  });
});

describe('one member short', () => {
  it('the entry that leaves one place tells every paid member once, the payer included', async () => {
    let draws = 0;
    const flow = entryPaymentFlow(clock, () => (++draws * 0.137) % 1, { platformFeePercent: 10 });
    const plan = seedPlan(db, { price: 10_000, entry_price: 1_000, group_size: 3 });
    const group = seedGroup(db, plan, seedUser(db));
    const first = seedUser(db);
    const firstMember = seedMember(db, group, first, { status: 'paid', paid_at: T0, hold_expires_at: null });
    seedPayment(db, { user_id: first.id, purpose: 'entry', ref_id: firstMember.id, amount: 1_000 });
    const second = seedUser(db);
    const holder = seedMember(db, group, second);
    const payment = seedPayment(db, { user_id: second.id, purpose: 'entry', ref_id: holder.id, amount: 1_000 });

    await uow.tx((tx) => flow.settle(tx, payment));
    const short = db.notifications.all().filter((n) => n.type === 'group_one_short');
    expect(short.map((n) => n.user_id).sort()).toEqual([first.id, second.id].sort());
    expect(short[0]!.data.params).toEqual({ plan: plan.name, deadline: group.deadline_at.toISOString() });
  });
});
