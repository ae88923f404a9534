// Flow: a refund or chargeback the provider reports after confirmation, in the transaction that moves the payment to
// `refunded` once (docs/product/payments.md#refunds-and-chargebacks-after-confirmation): undoes what the money bought,
// reverses its commission and campaign bonus, and leaves an audit record.
import { firstNameOf, groupPurchaseReversal, paidCount } from '../groups';
import { canTransition, orderNotify, orderStatusEmail, returnsStock } from '../marketplace';
import { notify } from '../notifications';
import { requestChargeCancel, requestRefund, type PaymentRecord, type PaymentReversalKind } from '../payments';
import { reverseCommission } from './commission.flow';
import { reverseCampaignBonuses } from './campaign-bonus.flow';
import type { Tx } from '../ports/unit-of-work';
import type { PaymentsScope } from '../payments/ports';
import type { GroupsScope } from '../groups/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import { undoPlanOrder } from './plan-order.flow';
import type { CatalogScope } from '../catalog/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import type { CampaignsScope } from '../campaigns/ports';
import type { WalletScope } from '../wallet/ports';
import type { InfluencersScope } from '../influencers/ports';
import { orderCommands } from '../marketplace';
import { groupCommands } from '../groups';
import { serviceInvoiceCommands } from '../service-invoices';
import type { ServiceInvoicesScope } from '../service-invoices/ports';
import { toPerson } from '../messaging';

/** What undoing a purchase writes: the group place or the order it bought, bonuses and commissions it earned. */
export type PaymentReversalScope = PaymentsScope & GroupsScope & MarketplaceScope & CatalogScope & IdentityScope & NotificationsScope & AuditScope & CampaignsScope & WalletScope & InfluencersScope & ServiceInvoicesScope;

const why = (kind: PaymentReversalKind, what: string) => (kind === 'chargeback' ? `${what} contestado (chargeback)` : `${what} estornado pelo provedor`);

/**
 * An entry's or a balance's payment came back: the member's place or purchase, as the rule says. Locks the group,
 * then the member (the order every change of a group's places takes). Returns what was done.
 */
export async function reverseGroupPurchase(tx: Tx<PaymentReversalScope>, payment: PaymentRecord, kind: PaymentReversalKind, now: Date): Promise<string> {
  const purpose = payment.purpose === 'balance' ? 'balance' : 'entry';
  const paidVoucher = purpose === 'balance' ? await tx.groups.vouchers.findById(payment.ref_id) : null;
  const memberId = purpose === 'entry' ? payment.ref_id : (paidVoucher?.member_id ?? null);
  const found = memberId ? await tx.groups.members.findById(memberId) : null;
  const group = found ? await tx.groups.groups.lock(found.group_id) : null;
  const member = found && group ? await tx.groups.members.lock(found.id) : null;
  const audit = (action: string, metadata: Record<string, unknown>) =>
    tx.audit.append({ action, actor_email: 'sistema', entity_type: 'group', entity_id: group?.id ?? payment.ref_id, metadata: { payment_id: payment.id, purpose, kind, member_id: memberId, ...metadata } });
  if (!group || !member) {
    await audit('group.purchase_reversal_kept', { reason: 'nothing_to_undo' });
    return 'nothing_to_undo';
  }
  const voucher = paidVoucher ?? (await tx.groups.vouchers.findByMember(member.id));
  const decision = groupPurchaseReversal({ purpose, group, member, voucher });
  const plan = (await tx.catalog.plans.findById(group.plan_id))?.name ?? 'plano';
  const chargeback = kind === 'chargeback';

  if (decision.action === 'release_place') {
    if (!(await groupCommands(tx).refundMember(member.id, 'paid', now))) return 'nothing_to_undo';
    const members = await tx.groups.members.listForGroup(group.id);
    const paid = paidCount(members);
    await tx.notifications.create(notify.purchaseReversed(member.user_id, member.id, group.id, { plan, chargeback, outcome: 'place_released', other_part_refunded: false }));
    for (const other of members.filter((m) => m.id !== member.id && (m.status === 'paid' || m.status === 'awarded'))) {
      await tx.notifications.create(notify.placeOpened(other.user_id, group.id, member.id, plan, paid, group.group_size));
    }
    await audit('group.place_released', { reason: why(kind, 'pagamento da entrada'), user_id: member.user_id, first_name: firstNameOf(members.find((m) => m.id === member.id)?.full_name), paid, group_size: group.group_size });
    return 'place_released';
  }

  if (decision.action === 'keep') {
    // A redeemed voucher's service was delivered: nothing to undo here, the money is for the back office to recover.
    await audit('group.purchase_reversal_kept', { reason: decision.reason, voucher_id: voucher?.id ?? null, voucher_status: voucher?.status ?? null });
    return decision.reason;
  }

  // cancel_purchase: the whole purchase of a completed group is withdrawn (docs/product/payments.md#withdrawal-cdc-art-49); the group stays complete.
  const v = voucher!;
  const reason = why(kind, purpose === 'entry' ? 'pagamento da entrada' : 'pagamento do saldo');
  // The other part first (payment rows before the voucher, as a confirmation takes them).
  let otherRefunded = false;
  if (decision.refund_other_part) {
    const other = purpose === 'entry' ? await tx.payments.payments.findConfirmedFor('balance', v.id) : await tx.payments.payments.findConfirmedFor('entry', member.id);
    if (other && other.status === 'confirmed') otherRefunded = await requestRefund(tx, other, `compra cancelada: ${reason}`);
  }
  // A balance charge still open would take money for a voucher that no longer exists: dropped at the provider.
  const pendingBalance = await tx.payments.payments.findPendingFor('balance', v.id);
  if (pendingBalance) await requestChargeCancel(tx, pendingBalance, `compra cancelada: ${reason}`);
  if (!(await groupCommands(tx).cancelVoucher(v.id, v.status, now))) return 'nothing_to_undo';
  await groupCommands(tx).refundMember(member.id, 'awarded', now);
  await serviceInvoiceCommands(tx).requestCancel('group_purchase', v.id, reason, now);
  await undoPlanOrder(tx, v.id, `compra cancelada: ${reason}`, now);
  // The purchase's commission (earned when the balance was paid) goes now, not when the other part's refund lands;
  // so does the inviter's campaign bonus when the purchase is undone within the withdrawal window.
  await reverseCommission(tx, 'group_member', member.id, now);
  await reverseCampaignBonuses(tx, member.id, now, reason);
  await tx.notifications.create(notify.purchaseReversed(member.user_id, member.id, group.id, { plan, chargeback, outcome: 'purchase_cancelled', other_part_refunded: otherRefunded }));
  await audit('group.purchase_cancelled', { reason, user_id: member.user_id, voucher_id: v.id, voucher_status: v.status, other_part_refunded: otherRefunded });
  return 'purchase_cancelled';
}

/**
 * An order's payment came back: the order is `refunded` (from paid, preparing, shipped or delivered), its stock back
 * when it had not left the warehouse, the customer told. An order this payment no longer pays is left alone.
 */
export async function reverseOrderPurchase(tx: Tx<PaymentReversalScope>, payment: PaymentRecord, kind: PaymentReversalKind, now: Date): Promise<string> {
  const orders = tx.marketplace.orders;
  const order = await orders.lock(payment.ref_id);
  const reason = why(kind, 'pagamento');
  const audit = (action: string, metadata: Record<string, unknown>) =>
    tx.audit.append({ action, actor_email: 'sistema', entity_type: 'order', entity_id: payment.ref_id, metadata: { payment_id: payment.id, kind, reason, ...metadata } });
  if (!order || order.payment_id !== payment.id || !canTransition(order.status, 'refunded', 'payment')) {
    await audit('order.reversal_kept', { status: order?.status ?? null });
    return 'nothing_to_undo';
  }
  const note = kind === 'chargeback' ? 'Pagamento contestado (chargeback)' : 'Pagamento estornado pelo provedor';
  if (!(await orderCommands(tx).refundByPayment(order, note, now))) return 'nothing_to_undo';
  let units = 0;
  if (returnsStock(order.status, 'refunded')) {
    // In product order, as every stock change takes the rows.
    const items = [...(await orders.items(order.id))].sort((a, b) => (a.product_id < b.product_id ? -1 : 1));
    for (const i of items) await tx.marketplace.products.returnStock(i.product_id, i.quantity);
    units = items.reduce((s, i) => s + i.quantity, 0);
  }
  await orders.recordStatus({ order_id: order.id, from_status: order.status, to_status: 'refunded', actor: 'pagamento', note, created_at: now });
  await tx.notifications.create(orderNotify.refunded(order.user_id, order.id, payment.amount));
  const customer = await tx.identity.users.findById(order.user_id);
  const profile = customer ? await tx.identity.profiles.findByUserId(customer.id) : null;
  if (customer) await tx.jobs.enqueue('mail.send', toPerson(orderStatusEmail({ to: customer.email, name: profile?.full_name ?? '', orderId: order.id, status: 'refunded', amount: payment.amount, reason: note }), customer.id));
  await audit('order.refunded_by_provider', { from: order.status, units_returned: units });
  return 'order_refunded';
}
