// Rows a unit test starts from, written straight into the MemoryDb (what the HTTP tests' factories do through the API).
import type { PlanRecord } from '../../../core/catalog/ports';
import type { GroupRecord, MemberRecord, VoucherRecord } from '../../../core/groups/ports';
import type { PaymentRecord } from '../../../core/payments/ports';
import type { Role } from '../../../core/identity/roles';
import type { MemoryDb } from './db';

let counter = 0;
const next = () => ++counter;

export function seedUser(db: MemoryDb, over: { role?: Role; full_name?: string; cpf?: string | null; email?: string } = {}) {
  const n = next();
  const email = over.email ?? `pessoa${n}@exemplo.com.br`;
  const user = db.users.insert({ email, password_hash: 'x', role: over.role ?? 'user', email_confirmed_at: db.now(), blocked_at: null, last_login_at: null, deleted_at: null });
  db.profiles.insert({
    id: user.id,
    user_id: user.id,
    email,
    full_name: over.full_name ?? `Pessoa ${n} Silva`,
    cpf: over.cpf === undefined ? '52998224725' : over.cpf,
    phone: null,
    birth_date: null,
    latitude: null,
    longitude: null,
    origem: null,
    metadata: {},
  } as never);
  return user;
}

export function seedPlan(db: MemoryDb, over: Partial<PlanRecord> = {}): PlanRecord {
  const n = next();
  return db.plans.insert({
    category_id: null,
    name: `Plano ${n}`,
    slug: `plano-${n}`,
    description: 'Um plano',
    kind: 'service',
    price: 10_000,
    full_price: 15_000,
    entry_price: 1_000,
    group_size: 3,
    window_days: 7,
    image_url: null,
    active: true,
    ...over,
  });
}

export function seedGroup(db: MemoryDb, plan: PlanRecord, owner: { id: string }, over: Partial<GroupRecord> = {}): GroupRecord {
  return db.groups.insert({
    plan_id: plan.id,
    owner_user_id: owner.id,
    status: 'open',
    group_size: plan.group_size,
    price: plan.price,
    entry_price: plan.entry_price,
    deadline_at: new Date(db.now().getTime() + plan.window_days * 86_400_000),
    reminder_sent_at: null,
    completed_at: null,
    expired_at: null,
    ...over,
  });
}

export function seedMember(db: MemoryDb, group: GroupRecord, user: { id: string }, over: Partial<MemberRecord> = {}): MemberRecord {
  return db.members.insert({
    group_id: group.id,
    user_id: user.id,
    status: 'pending_payment',
    invite_code: `INV${next()}`,
    invited_by_member_id: null,
    hold_expires_at: new Date(db.now().getTime() + 30 * 60_000),
    refund_to: 'original',
    paid_at: null,
    awarded_at: null,
    released_at: null,
    refunded_at: null,
    ...over,
  });
}

export function seedVoucher(db: MemoryDb, member: MemberRecord, group: GroupRecord, over: Partial<VoucherRecord> = {}): VoucherRecord {
  return db.vouchers.insert({
    member_id: member.id,
    user_id: member.user_id,
    group_id: group.id,
    plan_id: group.plan_id,
    code: `TRM-${String(next()).padStart(8, '0')}`,
    status: 'awaiting_balance',
    price: group.price,
    entry_paid: group.entry_price,
    balance_due: group.price - group.entry_price,
    redeemable_at: null,
    redeemed_at: null,
    redeemed_by_professional_id: null,
    cancelled_at: null,
    ...over,
  });
}

/** A payment row in any state (a confirmed one has `confirmed_at`). */
export function seedPayment(db: MemoryDb, over: Partial<PaymentRecord> & Pick<PaymentRecord, 'user_id' | 'purpose' | 'ref_id' | 'amount'>): PaymentRecord {
  const status = over.status ?? 'confirmed';
  return db.payments.insert({
    wallet_amount: 0,
    method: 'PIX',
    installments: 1,
    status,
    provider: 'sandbox',
    provider_customer_id: null,
    provider_payment_id: `pay_${next()}`,
    provider_status: null,
    pix_payload: null,
    pix_image: null,
    pix_expires_at: null,
    boleto_url: null,
    invoice_url: null,
    due_date: null,
    confirmed_at: status === 'pending' ? null : db.now(),
    refunded_amount: 0,
    refund_requested_at: null,
    refunded_at: null,
    failure_reason: null,
    updated_at: db.now(),
    ...over,
  });
}
