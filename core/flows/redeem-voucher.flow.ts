// Flow: an approved professional redeems a member's service voucher at the counter (docs/product/professionals.md). Crosses groups
// (the voucher), catalog (its plan's category), professionals (the receivable) and notifications. In one transaction:
// the voucher row is locked, moved redeemable → redeemed once, and the receivable created; the member is invited to
// review the service.
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { conflict, forbidden, notFound } from '../shared/errors';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work';
import { notify } from '../notifications';
import { computeReceivable, receivableAvailableAt, receivableView, type ProfessionalRecord } from '../professionals';
import type { VoucherRecord } from '../groups';
import { shipsAsOrder } from '../marketplace';

export const voucherCodeSchema = z
  .string({ error: 'Informe o código do voucher' })
  .trim()
  .min(4, { error: 'Código do voucher inválido' })
  .max(40, { error: 'Código do voucher inválido' })
  .transform((v) => v.toUpperCase());

const unknownCode = () => notFound('voucher_not_found', 'Voucher não encontrado. Confira o código.');
const firstName = (full: string | null | undefined) => (full ?? '').trim().split(/\s+/)[0] || 'Cliente';

export class RedeemVoucherFlow {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly feePercent: number,
  ) {}

  /** GET /api/vouchers/lookup?code=: what the professional needs to see before redeeming. */
  async lookup(userId: string, rawCode: unknown) {
    const code = voucherCodeSchema.parse(rawCode);
    const repos = this.uow.repos;
    await approvedProfessional(repos, userId);
    const voucher = await repos.groups.vouchers.findByCode(code);
    if (!voucher) throw unknownCode();
    const { plan, category } = await planOf(repos, voucher);
    const profile = await repos.identity.profiles.findByUserId(voucher.user_id);
    return { code: voucher.code, plan: { id: voucher.plan_id, name: plan?.name ?? 'Plano', category }, member_first_name: firstName(profile?.full_name), status: voucher.status };
  }

  /** POST /api/vouchers/redeem {code}: once; the second of two concurrent calls gets 409 voucher_already_redeemed. */
  async redeem(userId: string, rawCode: unknown) {
    const code = voucherCodeSchema.parse(rawCode);
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const professional = await approvedProfessional(tx, userId);
      const voucher = await tx.groups.vouchers.lockByCode(code);
      if (!voucher) throw unknownCode();
      if (voucher.status === 'redeemed') throw conflict('voucher_already_redeemed', 'Este voucher já foi utilizado.');
      if (voucher.status === 'cancelled') throw conflict('voucher_cancelled', 'Este voucher foi cancelado.');
      if (voucher.status !== 'redeemable') throw conflict('voucher_not_redeemable', 'Este voucher ainda não pode ser usado: o saldo não foi pago.');
      const { plan, category } = await planOf(tx, voucher);
      // A product plan is shipped as an order to the member, never redeemed at a counter.
      if (shipsAsOrder(plan)) throw conflict('voucher_ships_as_order', 'Este voucher é de um produto, enviado ao endereço do membro: não é resgatado no balcão.');
      if (!plan || category !== professional.category) {
        throw conflict('voucher_wrong_category', 'Este voucher é de outra categoria de serviço e não pode ser usado aqui.');
      }
      // The row lock serialises callers; moveIf is the last word should anything bypass it.
      if (!(await tx.groups.vouchers.moveIf(voucher.id, 'redeemable', 'redeemed', { redeemed_at: now, redeemed_by_professional_id: professional.id }))) {
        throw conflict('voucher_already_redeemed', 'Este voucher já foi utilizado.');
      }
      const profile = await tx.identity.profiles.findByUserId(voucher.user_id);
      const amounts = computeReceivable(voucher.price, this.feePercent);
      const receivable = await tx.professionals.receivables.create({
        professional_id: professional.id,
        voucher_id: voucher.id,
        plan_id: voucher.plan_id,
        member_first_name: firstName(profile?.full_name),
        ...amounts,
        fee_percent: this.feePercent,
        available_at: receivableAvailableAt(now),
      });
      await tx.notifications.create(notify.voucherRedeemed(voucher.user_id, voucher.id, plan.name, professional.business_name));
      await tx.audit.append({ action: 'voucher.redeemed', actor_user_id: userId, entity_type: 'voucher', entity_id: voucher.id, metadata: { professional_id: professional.id, receivable_id: receivable.id, net: amounts.net } });
      return { code: voucher.code, status: 'redeemed' as const, redeemed_at: now.toISOString(), receivable: receivableView({ ...receivable, plan_name: plan.name }) };
    });
  }
}

async function approvedProfessional(repos: Repositories, userId: string): Promise<ProfessionalRecord> {
  const p = await repos.professionals.professionals.findByUserId(userId);
  if (!p || p.status !== 'approved') throw forbidden('professional_not_approved', 'Disponível apenas para profissionais aprovados.');
  return p;
}

async function planOf(repos: Repositories, voucher: VoucherRecord) {
  const plan = await repos.catalog.plans.findById(voucher.plan_id);
  if (!plan?.category_id) return { plan, category: null };
  const categories = await repos.catalog.plans.listCategories({ activeOnly: false });
  return { plan, category: categories.find((c) => c.id === plan.category_id)?.slug ?? null };
}
