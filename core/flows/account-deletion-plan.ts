// What deleting an account does to what the person still has open (docs/product/identity.md#account-deletion): pure,
// over facts the account deletion flow reads; the same plan is shown before confirming and applied by the deletion.
import type { Cents } from '../shared/money';
import { formatCents } from '../shared/money';
import { decideWithdrawal, withdrawableAmount, type GroupStatus, type MemberStatus, type VoucherStatus } from '../groups';
import type { PaymentPurpose } from '../payments';

export type DeletionLocale = 'pt-BR' | 'en-US';

export interface DeletionMembershipFact {
  member_id: string;
  group_id: string;
  plan_name: string;
  group: { status: GroupStatus; completed_at: Date | null; entry_price: Cents };
  member: { status: MemberStatus; paid_at: Date | null };
  voucher: { status: VoucherStatus; code: string; entry_paid: Cents; balance_due: Cents } | null;
  /** The provider part of this purchase's confirmed boleto payments: refunded by PIX to the key the person gives. */
  boleto_refund: Cents;
}

export interface DeletionFacts {
  memberships: DeletionMembershipFact[];
  /** The person's payments still pending at the provider (an entry, a balance or an order). */
  pending_charges: Array<{ payment_id: string; purpose: PaymentPurpose; ref_id: string; amount: Cents; wallet_amount: Cents }>;
  /** Boleto refunds waiting for the person to say where the money goes. */
  awaiting_refund_choice: Array<{ payment_id: string; amount: Cents }>;
  /** Marketplace orders not yet settled: awaiting payment, or paid and not yet delivered. */
  open_orders: Array<{ order_id: string; status: 'pending' | 'paid' | 'preparing' | 'shipped' }>;
  wallet_balance: Cents;
  /** Money the platform still owes the person as a professional (receivables) or an influencer (commissions). */
  owed_as_professional: Cents;
  owed_as_influencer: Cents;
}

export type DeletionBlockerCode = 'withdrawal_window_closed' | 'voucher_not_used' | 'order_pending_payment' | 'order_in_progress' | 'professional_receivables' | 'influencer_commissions';

export interface DeletionBlocker {
  code: DeletionBlockerCode;
  /** What blocks and what to do next, in the asked language. */
  message: string;
}

export interface DeletionPlan {
  can_delete: boolean;
  blockers: DeletionBlocker[];
  /** Open group memberships: a held place released, or a paid one withdrawn and refunded to the original payment. */
  memberships: Array<{ member_id: string; group_id: string; plan_name: string; action: 'release_hold' | 'withdraw'; scope: 'entry' | 'purchase' | null; refund: Cents }>;
  /** Pending charges cancelled (their wallet credit comes back first, then leaves with the refund below). */
  charges: Array<{ payment_id: string; purpose: PaymentPurpose; amount: Cents }>;
  /** Boleto refunds (from these withdrawals or waiting for a choice) sent by PIX to the given key. */
  boleto_refunds: Cents;
  /** Wallet credit refunded by one PIX transfer (after the charges' credit came back). */
  credit_refund: Cents;
  pix_key_required: boolean;
}

const day = (d: Date, locale: DeletionLocale) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

/** The blockers' messages: what stops the deletion now, and what the person can do. */
export const DELETION_BLOCKER_MESSAGES: Record<DeletionBlockerCode, Record<DeletionLocale, (p: { plan?: string; date?: Date; code?: string; amount?: Cents }) => string>> = {
  withdrawal_window_closed: {
    'pt-BR': (p) => `Turma de ${p.plan}: o prazo de 7 dias para desistir terminou em ${day(p.date!, 'pt-BR')}. Aguarde a turma terminar (a entrada volta se ela expirar) ou fale com o suporte.`,
    'en-US': (p) => `${p.plan} group: the 7-day withdrawal period ended on ${day(p.date!, 'en-US')}. Wait for the group to end (the entry comes back if it expires) or contact support.`,
  },
  voucher_not_used: {
    'pt-BR': (p) => `Turma de ${p.plan}: o voucher ${p.code} ainda não foi usado e o prazo para desistir terminou. Use o voucher (pagando o saldo, se faltar) antes de excluir a conta, ou fale com o suporte.`,
    'en-US': (p) => `${p.plan} group: voucher ${p.code} has not been used and the withdrawal period is over. Use the voucher (paying the balance, if due) before deleting the account, or contact support.`,
  },
  order_pending_payment: {
    'pt-BR': () => 'Você tem um pedido da loja aguardando pagamento. Pague-o ou espere ele expirar (o estoque e o crédito voltam sozinhos) e tente de novo.',
    'en-US': () => 'You have a store order awaiting payment. Pay it or wait for it to expire (stock and credit come back by themselves), then try again.',
  },
  order_in_progress: {
    'pt-BR': () => 'Você tem um pedido da loja pago e ainda não entregue. Aguarde a entrega (ou peça o cancelamento ao suporte) antes de excluir a conta.',
    'en-US': () => 'You have a paid store order not yet delivered. Wait for the delivery (or ask support to cancel it) before deleting the account.',
  },
  professional_receivables: {
    'pt-BR': (p) => `Você ainda tem ${formatCents(p.amount!, 'pt-BR')} a receber como profissional. Aguarde o repasse PIX dos seus recebíveis antes de excluir a conta.`,
    'en-US': (p) => `You still have ${formatCents(p.amount!, 'en-US')} to receive as a professional. Wait for the PIX payout of your receivables before deleting the account.`,
  },
  influencer_commissions: {
    'pt-BR': (p) => `Você ainda tem ${formatCents(p.amount!, 'pt-BR')} em comissões a receber. Aguarde o repasse PIX antes de excluir a conta.`,
    'en-US': (p) => `You still have ${formatCents(p.amount!, 'en-US')} in commissions to receive. Wait for the PIX payout before deleting the account.`,
  },
};

/**
 * The plan at `now`: every open membership resolved (a held place released; a paid one withdrawn under the withdrawal
 * rule) or a blocker saying why not; pending group charges cancelled; the wallet credit (with what the cancelled
 * charges had spent) refunded by PIX. Money owed to the person as a professional or influencer blocks the deletion.
 */
export function planAccountDeletion(facts: DeletionFacts, now: Date, locale: DeletionLocale = 'pt-BR'): DeletionPlan {
  const blockers: DeletionBlocker[] = [];
  const block = (code: DeletionBlockerCode, params: Parameters<(typeof DELETION_BLOCKER_MESSAGES)[DeletionBlockerCode]['pt-BR']>[0] = {}) =>
    blockers.push({ code, message: DELETION_BLOCKER_MESSAGES[code][locale](params) });
  const memberships: DeletionPlan['memberships'] = [];
  let boletoRefunds = 0;

  for (const m of facts.memberships) {
    if (m.member.status === 'pending_payment') {
      memberships.push({ member_id: m.member_id, group_id: m.group_id, plan_name: m.plan_name, action: 'release_hold', scope: null, refund: 0 });
      continue;
    }
    if (m.member.status !== 'paid' && m.member.status !== 'awarded') continue;
    // A used voucher, or a purchase undone already, leaves nothing open.
    if (m.voucher && (m.voucher.status === 'redeemed' || m.voucher.status === 'cancelled')) continue;
    if (m.member.status === 'awarded' && !m.voucher) continue;
    const decision = decideWithdrawal({ group: m.group, member: m.member, voucher: m.voucher }, now);
    if (decision.allowed) {
      const refund = withdrawableAmount({ group: m.group, voucher: m.voucher });
      memberships.push({ member_id: m.member_id, group_id: m.group_id, plan_name: m.plan_name, action: 'withdraw', scope: decision.scope, refund });
      boletoRefunds += m.boleto_refund;
    } else if (m.voucher) {
      block('voucher_not_used', { plan: m.plan_name, code: m.voucher.code });
    } else if (decision.reason === 'window_closed') {
      block('withdrawal_window_closed', { plan: m.plan_name, date: decision.deadline });
    }
    // Anything else (a paid member of a group that already ended) is settled by the group's own expiry.
  }

  const charges = facts.pending_charges.filter((c) => c.purpose !== 'order').map(({ payment_id, purpose, amount }) => ({ payment_id, purpose, amount }));
  // An order's charge is the marketplace's to drop (with its stock): a pending order blocks until paid or expired.
  if (facts.open_orders.some((o) => o.status === 'pending')) block('order_pending_payment');
  if (facts.open_orders.some((o) => o.status !== 'pending')) block('order_in_progress');
  if (facts.owed_as_professional > 0) block('professional_receivables', { amount: facts.owed_as_professional });
  if (facts.owed_as_influencer > 0) block('influencer_commissions', { amount: facts.owed_as_influencer });

  const returnedCredit = facts.pending_charges.filter((c) => c.purpose !== 'order').reduce((sum, c) => sum + c.wallet_amount, 0);
  const credit = Math.max(0, facts.wallet_balance + returnedCredit);
  boletoRefunds += facts.awaiting_refund_choice.reduce((sum, r) => sum + r.amount, 0);
  return {
    can_delete: blockers.length === 0,
    blockers,
    memberships,
    charges,
    boleto_refunds: boletoRefunds,
    credit_refund: credit,
    pix_key_required: credit > 0 || boletoRefunds > 0,
  };
}
