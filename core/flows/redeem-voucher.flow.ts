// Flow: an approved professional redeems a member's service voucher at the counter (docs/product/professionals.md#vouchers):
// in one transaction the voucher row is locked and moved redeemable → redeemed once and the receivable created; the
// member is invited to review.
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { conflict, forbidden, notFound } from '../shared/errors';
import type { UnitOfWork } from '../ports/unit-of-work';
import { notify } from '../notifications';
import type { NotificationsScope } from '../notifications/ports';
import {
  computeReceivable,
  payoutCommands,
  receivableAvailableAt,
  receivableView,
  redemptionRefusal,
  redemptionRefusalMessage,
  type ProfessionalRecord,
  type RedemptionRefusal,
} from '../professionals';
import type { ProfessionalsScope } from '../professionals/ports';
import type { VoucherRecord } from '../groups';
import type { GroupsScope } from '../groups/ports';
import type { CatalogScope } from '../catalog/ports';
import type { IdentityScope } from '../identity/ports';
import type { AuditScope } from '../audit/ports';
import { groupCommands } from '../groups';

/** The voucher (groups), its plan's category (catalog), the member's first name (identity), the receivable. */
type RedeemVoucherScope = GroupsScope & CatalogScope & IdentityScope & ProfessionalsScope & NotificationsScope & AuditScope;

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
    private readonly uow: UnitOfWork<RedeemVoucherScope>,
    private readonly clock: Clock,
    private readonly feePercent: number,
  ) {}

  /**
   * GET /api/vouchers/lookup?code=: what the professional needs to see before redeeming, with the redeem's own verdict
   * (can_redeem, reason) so the screen offers "Confirmar resgate" only when the redeem would accept it.
   */
  async lookup(userId: string, rawCode: unknown) {
    const code = voucherCodeSchema.parse(rawCode);
    const repos = this.uow.repos;
    const professional = await approvedProfessional(repos, userId);
    const voucher = await repos.groups.vouchers.findByCode(code);
    if (!voucher) throw unknownCode();
    const { plan, category, categoryNames } = await planOf(repos, voucher);
    const profile = await repos.identity.profiles.findByUserId(voucher.user_id);
    const reason = redemptionRefusal({ professional, voucher, plan: plan ? { kind: plan.kind, category } : null });
    return {
      code: voucher.code,
      plan: { id: voucher.plan_id, name: plan?.name ?? 'Plano', category },
      member_first_name: firstName(profile?.full_name),
      status: voucher.status,
      can_redeem: reason === null,
      reason,
      reason_message: reason ? refusalMessage(reason, category, professional, categoryNames) : null,
    };
  }

  /** POST /api/vouchers/redeem {code}: once; the second of two concurrent calls gets 409 voucher_already_redeemed. */
  async redeem(userId: string, rawCode: unknown) {
    const code = voucherCodeSchema.parse(rawCode);
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const professional = await approvedProfessional(tx, userId);
      const voucher = await tx.groups.vouchers.lockByCode(code);
      if (!voucher) throw unknownCode();
      const { plan, category, categoryNames } = await planOf(tx, voucher);
      // The lookup's rule, on the locked row: a product ships as an order, another category is never this counter's.
      const reason = redemptionRefusal({ professional, voucher, plan: plan ? { kind: plan.kind, category } : null });
      if (reason || !plan) throw conflict(reason ?? 'voucher_wrong_category', refusalMessage(reason ?? 'voucher_wrong_category', category, professional, categoryNames));
      // The row lock serialises callers; moveIf is the last word should anything bypass it.
      if (!(await groupCommands(tx).redeemVoucher(voucher.id, now, professional.id))) {
        throw conflict('voucher_already_redeemed', 'Este voucher já foi utilizado.');
      }
      const profile = await tx.identity.profiles.findByUserId(voucher.user_id);
      const amounts = computeReceivable(voucher.price, this.feePercent);
      const receivable = await payoutCommands(tx).recordReceivable({
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

async function approvedProfessional(repos: ProfessionalsScope, userId: string): Promise<ProfessionalRecord> {
  const p = await repos.professionals.professionals.findByUserId(userId);
  if (!p || p.status !== 'approved') throw forbidden('professional_not_approved', 'Disponível apenas para profissionais aprovados.');
  return p;
}

async function planOf(repos: CatalogScope, voucher: VoucherRecord) {
  const plan = await repos.catalog.plans.findById(voucher.plan_id);
  const categories = await repos.catalog.plans.listCategories({ activeOnly: false });
  const categoryNames = new Map(categories.map((c) => [c.slug, c.name]));
  if (!plan?.category_id) return { plan, category: null, categoryNames };
  return { plan, category: categories.find((c) => c.id === plan.category_id)?.slug ?? null, categoryNames };
}

function refusalMessage(reason: RedemptionRefusal, category: string | null, professional: ProfessionalRecord, names: Map<string, string>): string {
  return redemptionRefusalMessage(reason, {
    voucherCategory: category ? (names.get(category) ?? category) : null,
    professionalCategory: names.get(professional.category) ?? professional.category,
  });
}
