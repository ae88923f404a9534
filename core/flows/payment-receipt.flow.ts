// Flow (read): the receipt of one of the caller's confirmed payments. Reads the payment (payments), the payer
// (identity) and what it paid for — the plan and group of an entry or balance (groups, catalog) or the order and its
// lines (marketplace) — and hands them to the pure buildReceipt. Writes nothing.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import { buildReceipt, hasReceipt, type PaymentRecord, type Receipt, type ReceiptSubject } from '../payments';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { PaymentsScope } from '../payments/ports';
import type { IdentityScope } from '../identity/ports';
import type { GroupsScope } from '../groups/ports';
import type { CatalogScope } from '../catalog/ports';
import type { MarketplaceScope } from '../marketplace/ports';

/** What a receipt reads: the payment, its payer, and what it paid for (a group's plan or an order). */
type PaymentReceiptScope = PaymentsScope & IdentityScope & GroupsScope & CatalogScope & MarketplaceScope;

export class PaymentReceiptFlow {
  constructor(
    private readonly uow: UnitOfWork<PaymentReceiptScope>,
    private readonly clock: Clock,
  ) {}

  /** 404 for an unknown id or someone else's payment (never tells them apart); 409 while the payment is not confirmed. */
  async receipt(userId: string, paymentId: string): Promise<Receipt> {
    const repos = this.uow.repos;
    const payment = isId(paymentId) ? await repos.payments.payments.findById(paymentId) : null;
    if (!payment || payment.user_id !== userId) throw notFound('payment_not_found', 'Pagamento não encontrado.');
    if (!hasReceipt(payment)) {
      throw conflict('receipt_unavailable', 'O recibo fica disponível depois que o pagamento é confirmado. Este pagamento ainda não foi confirmado.');
    }
    const [profile, subject] = await Promise.all([repos.identity.profiles.findByUserId(userId), this.subjectOf(payment)]);
    return buildReceipt({
      payment,
      payer: { name: profile?.full_name ?? '', cpf: profile?.cpf ?? null },
      subject,
      issuedAt: this.clock.now(),
    });
  }

  private async subjectOf(payment: PaymentRecord): Promise<ReceiptSubject> {
    const repos = this.uow.repos;
    if (payment.purpose === 'entry') {
      const member = await repos.groups.members.findById(payment.ref_id);
      const group = member ? await repos.groups.groups.findById(member.group_id) : null;
      if (!group) return { kind: 'unknown' };
      const plan = await repos.catalog.plans.findById(group.plan_id);
      return { kind: 'entry', planName: plan?.name ?? 'plano', groupId: group.id };
    }
    if (payment.purpose === 'balance') {
      const voucher = await repos.groups.vouchers.findById(payment.ref_id);
      if (!voucher) return { kind: 'unknown' };
      const plan = await repos.catalog.plans.findById(voucher.plan_id);
      return { kind: 'balance', planName: plan?.name ?? 'plano', groupId: voucher.group_id, voucherCode: voucher.code };
    }
    const order = await repos.marketplace.orders.findById(payment.ref_id);
    if (!order) return { kind: 'unknown' };
    const items = await repos.marketplace.orders.items(order.id);
    return {
      kind: 'order',
      orderId: order.id,
      items: items.map((i) => ({ name: i.product_name, quantity: i.quantity, unitPrice: i.unit_price, subtotal: i.subtotal })),
    };
  }
}
