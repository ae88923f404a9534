// Who may redeem which voucher at the counter (docs/product/professionals.md): an approved professional, a service voucher of the
// professional's own category, paid in full and not yet used. The lookup and the redeem both ask this one rule, so
// what the dashboard offers is exactly what the redeem accepts.

/** Each refusal is also the error code the redeem answers with. */
export const REDEMPTION_REFUSALS = [
  'professional_not_approved',
  'voucher_ships_as_order',
  'voucher_wrong_category',
  'voucher_already_redeemed',
  'voucher_cancelled',
  'voucher_not_redeemable',
] as const;
export type RedemptionRefusal = (typeof REDEMPTION_REFUSALS)[number];

export interface RedemptionCase {
  professional: { status: string; category: string } | null;
  voucher: { status: 'awaiting_balance' | 'redeemable' | 'redeemed' | 'cancelled' };
  /** The voucher's plan and its category's slug; null when the plan is gone. */
  plan: { kind: string; category: string | null } | null;
}

/**
 * Why this professional may not redeem this voucher, or null when they may. Who may redeem it at all comes before
 * its state: a voucher of another category is never theirs, whatever its status.
 */
export function redemptionRefusal({ professional, voucher, plan }: RedemptionCase): RedemptionRefusal | null {
  if (!professional || professional.status !== 'approved') return 'professional_not_approved';
  if (plan?.kind === 'product') return 'voucher_ships_as_order';
  if (!plan?.category || plan.category !== professional.category) return 'voucher_wrong_category';
  if (voucher.status === 'redeemed') return 'voucher_already_redeemed';
  if (voucher.status === 'cancelled') return 'voucher_cancelled';
  if (voucher.status !== 'redeemable') return 'voucher_not_redeemable';
  return null;
}

/** The refusal in words, naming the voucher's category and the professional's (display names) where it helps. */
export function redemptionRefusalMessage(reason: RedemptionRefusal, names: { voucherCategory: string | null; professionalCategory: string | null } = { voucherCategory: null, professionalCategory: null }): string {
  switch (reason) {
    case 'professional_not_approved':
      return 'Disponível apenas para profissionais aprovados.';
    case 'voucher_ships_as_order':
      return 'Este voucher é de um produto, enviado ao endereço do membro: não é resgatado no balcão.';
    case 'voucher_wrong_category':
      return names.voucherCategory
        ? `Este voucher é de ${names.voucherCategory}: só um profissional aprovado de ${names.voucherCategory} pode resgatá-lo${names.professionalCategory ? ` (o seu cadastro é de ${names.professionalCategory})` : ''}. Oriente o cliente a procurar um profissional dessa categoria.`
        : 'Este voucher é de outra categoria de serviço e não pode ser usado aqui. Oriente o cliente a procurar um profissional da categoria do plano.';
    case 'voucher_already_redeemed':
      return 'Este voucher já foi utilizado.';
    case 'voucher_cancelled':
      return 'Este voucher foi cancelado.';
    case 'voucher_not_redeemable':
      return 'Este voucher ainda não pode ser usado: o saldo não foi pago.';
  }
}
