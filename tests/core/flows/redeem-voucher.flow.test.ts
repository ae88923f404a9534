// Redeeming a voucher at a professional's counter, on the in-memory repositories: redeemed once, the receivable at the
// voucher price minus the platform fee (centavos), and each refusal with its code.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { RedeemVoucherFlow } from '../../../core/flows/redeem-voucher.flow';
import type { ProfessionalRecord } from '../../../core/professionals';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPlan, seedUser, seedVoucher } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const DAY = 86_400_000;
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let flow: RedeemVoucherFlow;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  flow = new RedeemVoucherFlow(uow, clock, 10);
});

function professional(status: ProfessionalRecord['status'] = 'approved', category = 'odontologia') {
  const user = seedUser(db, { role: 'professional' });
  db.professionals.insert({
    user_id: user.id, status, approved: status === 'approved', category, business_name: 'Clínica Sorriso', full_name: 'Dra. Ana', tax_id: '11222333000181', register: null,
    cep: '01001000', logradouro: 'Praça da Sé', numero: '1', complemento: null, bairro: 'Sé', cidade: 'São Paulo', uf: 'SP', latitude: null, longitude: null, bio: '',
    pix_key_type: 'EMAIL', pix_key: 'ana@clinica.com.br', rating_average: 0, total_reviews: 0, featured_until: null, rejection_reason: null, suspended_reason: null,
    decided_at: T0, updated_at: T0,
  } as unknown as ProfessionalRecord);
  return user;
}

function redeemableVoucher(kind: 'service' | 'product' = 'service', category = 'odontologia') {
  const cat = db.planCategories.insert({ name: category === 'odontologia' ? 'Odontologia' : 'Estética', slug: category, kind, description: null, sort_order: 0, active: true });
  const plan = seedPlan(db, { price: 12_345, entry_price: 1_000, kind, category_id: cat.id });
  const buyer = seedUser(db, { full_name: 'Carla Mendes Rocha' });
  const group = seedGroup(db, plan, buyer, { status: 'complete', completed_at: T0 });
  const member = seedMember(db, group, buyer, { status: 'awarded', hold_expires_at: null });
  return { plan, buyer, voucher: seedVoucher(db, member, group, { status: 'redeemable', redeemable_at: T0 }) };
}

describe('redeeming a voucher', () => {
  it('redeems once: the receivable is the price minus 10% (rounded in centavos), available after 7 days', async () => {
    const pro = professional();
    const { voucher, buyer, plan } = redeemableVoucher();
    const lookup = await flow.lookup(pro.id, voucher.code.toLowerCase());
    expect(lookup).toMatchObject({ code: voucher.code, member_first_name: 'Carla', can_redeem: true, reason: null, plan: { name: plan.name, category: 'odontologia' } });

    const done = await flow.redeem(pro.id, voucher.code);
    expect(done).toMatchObject({ code: voucher.code, status: 'redeemed', redeemed_at: T0.toISOString() });
    const receivable = db.receivables.only();
    expect(receivable).toMatchObject({ voucher_id: voucher.id, member_first_name: 'Carla', gross: 12_345, fee: 1_235, net: 11_110, fee_percent: 10, status: 'pending', available_at: new Date(T0.getTime() + 7 * DAY) });
    expect(receivable.gross).toBe(receivable.fee + receivable.net);
    expect(db.vouchers.get(voucher.id)).toMatchObject({ status: 'redeemed', redeemed_at: T0 });
    expect(db.notifications.all().map((n) => [n.type, n.user_id])).toEqual([['voucher_redeemed', buyer.id]]);

    await expect(flow.redeem(pro.id, voucher.code)).rejects.toMatchObject({ code: 'voucher_already_redeemed' });
    expect(db.receivables.size).toBe(1);
    expect((await flow.lookup(pro.id, voucher.code)).reason).toBe('voucher_already_redeemed');
  });

  it('refuses another category, a product plan, a balance not yet paid, an unknown code and a professional not approved', async () => {
    const pro = professional();
    const other = redeemableVoucher('service', 'estetica');
    await expect(flow.redeem(pro.id, other.voucher.code)).rejects.toMatchObject({ code: 'voucher_wrong_category', message: expect.stringContaining('Estética') });
    const product = redeemableVoucher('product');
    await expect(flow.redeem(pro.id, product.voucher.code)).rejects.toMatchObject({ code: 'voucher_ships_as_order' });
    const unpaid = redeemableVoucher();
    db.vouchers.patch(unpaid.voucher.id, { status: 'awaiting_balance' });
    await expect(flow.redeem(pro.id, unpaid.voucher.code)).rejects.toMatchObject({ code: 'voucher_not_redeemable' });
    await expect(flow.redeem(pro.id, 'TRM-NADA0000')).rejects.toMatchObject({ code: 'voucher_not_found' });
    const pending = professional('pending');
    await expect(flow.redeem(pending.id, unpaid.voucher.code)).rejects.toMatchObject({ code: 'professional_not_approved' });
    expect(db.receivables.size).toBe(0);
    expect(db.vouchers.all((v) => v.status === 'redeemed')).toEqual([]);
  });
});
