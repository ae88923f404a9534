// Flow: a product plan's paid purchase becomes one marketplace order (docs/product/marketplace.md#product-plans-become-orders):
// the balance confirmed asks for the address; confirming inserts the order once under the voucher's row lock (unique
// voucher_id); shipping it redeems the voucher, releasing the money from the group's escrow.
import type { Clock } from '../shared/clock';
import { invalid, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import type { RequestMeta } from '../identity';
import { auditMeta } from '../identity';
import { notify } from '../notifications';
import type { VoucherRecord } from '../groups';
import type { PlanRecord } from '../catalog';
import {
  addressFromProfile,
  assertCanOrderPlan,
  orderAddressSchema,
  orderNumber,
  orderCommands,
  orderNotify,
  planDeliveryEmail,
  planDeliveryPath,
  planDeliveryState,
  planOrderDraft,
  shipsAsOrder,
  type OrderAddressInput,
  type OrderRecord,
  type PlanDeliveryState,
} from '../marketplace';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { MarketplaceScope } from '../marketplace/ports';
import type { GroupsScope } from '../groups/ports';
import type { CatalogScope } from '../catalog/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import { groupCommands } from '../groups';
import { toPerson } from '../messaging';

/** What a plan's order reads and writes: the voucher and plan it delivers, the order, the member's e-mail. */
export type PlanOrderScope = MarketplaceScope & GroupsScope & CatalogScope & IdentityScope & NotificationsScope & AuditScope;

export interface PlanDeliveryView {
  voucher_id: string;
  code: string;
  plan: { id: string; name: string; image_url: string | null };
  price: number;
  state: PlanDeliveryState;
  order_id: string | null;
  order_number: string | null;
  /** The address to confirm: the order's once it exists, else the one saved in the profile (fields may be empty). */
  address: OrderAddressInput;
}

const NO_ADDRESS = { cep: null, address_street: null, address_number: null, address_complement: null, address_district: null, address_city: null, address_state: null };
const voucherNotFound = () => notFound('voucher_not_found', 'Voucher não encontrado.');

function fieldsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[['address', ...i.path.map(String)].join('.')] ??= i.message;
  return fields;
}

/**
 * A product purchase withdrawn or reversed, once its plan order exists: the order is refunded (its money went back
 * with the purchase, so it must not be prepared or shipped), and its NF-e is cancelled within the legal window or
 * flagged for a return invoice (the `goods_invoices.cancel` job decides, as for a refunded order).
 */
export async function undoPlanOrder(tx: Tx<MarketplaceScope>, voucherId: string, note: string, now: Date): Promise<void> {
  const order = await tx.marketplace.planOrders.findByVoucher(voucherId);
  if (!order) return;
  await orderCommands(tx).refundByPayment(order, note, now);
  await tx.jobs.enqueue('goods_invoices.cancel', { order_id: order.id }, { singletonKey: order.id });
}

export class PlanOrderFlow {
  constructor(
    private readonly uow: UnitOfWork<PlanOrderScope>,
    private readonly clock: Clock,
    private readonly options: { publicUrl?: string } = {},
  ) {}

  /** GET /api/me/vouchers/:id/delivery: the caller's voucher only (anyone else's is a 404). */
  async get(userId: string, voucherId: string): Promise<PlanDeliveryView> {
    const repos = this.uow.repos;
    const voucher = isId(voucherId) ? await repos.groups.vouchers.findById(voucherId) : null;
    if (!voucher || voucher.user_id !== userId) throw voucherNotFound();
    const plan = await repos.catalog.plans.findById(voucher.plan_id);
    const order = await repos.marketplace.planOrders.findByVoucher(voucher.id);
    return this.view(repos, voucher, plan, order);
  }

  /**
   * POST /api/me/vouchers/:id/delivery {address}: the paid product voucher becomes its order, once. Answers the order
   * and whether this call created it (the route says 201 or 200); a repeated or concurrent call gets the same order.
   */
  async confirm(actor: { id: string; email: string }, voucherId: string, raw: unknown, meta: RequestMeta): Promise<{ created: boolean; order_id: string; delivery: PlanDeliveryView }> {
    const body = (raw ?? {}) as { address?: unknown };
    const parsed = orderAddressSchema.safeParse(body.address);
    if (!parsed.success) throw invalid('invalid_input', 'Verifique o endereço de entrega.', fieldsOf(parsed.error.issues));
    const found = isId(voucherId) ? await this.uow.repos.groups.vouchers.findById(voucherId) : null;
    if (!found || found.user_id !== actor.id) throw voucherNotFound();
    const now = this.clock.now();
    const result = await this.uow.run(async (tx) => {
      // The voucher's row lock serialises confirmations (and a withdrawal racing this one).
      const voucher = await tx.groups.vouchers.lockByCode(found.code);
      if (!voucher || voucher.user_id !== actor.id) throw voucherNotFound();
      const existing = await tx.marketplace.planOrders.findByVoucher(voucher.id);
      if (existing) return { created: false, order: existing };
      const plan = await tx.catalog.plans.findById(voucher.plan_id);
      assertCanOrderPlan(voucher, plan);
      const { order, created } = await tx.marketplace.planOrders.createIfAbsent(planOrderDraft(voucher, { id: plan!.id, name: plan!.name, kind: plan!.kind, image_url: plan!.image_url }, parsed.data, now));
      if (!created) return { created, order };
      await tx.marketplace.orders.recordStatus({ order_id: order.id, from_status: null, to_status: 'paid', actor: actor.email, note: `plano de turma ${plan!.name} (voucher ${voucher.code}): endereço confirmado`, created_at: now });
      await tx.notifications.create(orderNotify.paid(actor.id, order.id, order.total_amount));
      // The sale is certain once the address is confirmed: its NF-e goes now, before the parcel leaves (decision 033).
      await tx.jobs.enqueue('goods_invoices.issue', { order_id: order.id }, { singletonKey: order.id });
      await tx.audit.append({
        action: 'order.plan_order_created',
        actor_user_id: actor.id,
        actor_email: actor.email,
        entity_type: 'order',
        entity_id: order.id,
        ...auditMeta(meta),
        metadata: { voucher_id: voucher.id, plan_id: plan!.id, total: order.total_amount },
      });
      return { created, order };
    });
    return { created: result.created, order_id: result.order.id, delivery: await this.get(actor.id, voucherId) };
  }

  /** In the balance's confirming transaction (balance-payment.flow.ts), for a product plan: ask for the address. */
  async balancePaid(tx: Tx<PlanOrderScope>, voucher: VoucherRecord, plan: PlanRecord): Promise<void> {
    if (!shipsAsOrder(plan)) return;
    await tx.notifications.create(notify.planDeliveryAddress(voucher.user_id, voucher.id, plan.name, voucher.code));
    const user = await tx.identity.users.findById(voucher.user_id);
    const profile = await tx.identity.profiles.findByUserId(voucher.user_id);
    const link = this.options.publicUrl ? `${this.options.publicUrl}${planDeliveryPath(voucher.id)}` : null;
    if (user) await tx.jobs.enqueue('mail.send', toPerson(planDeliveryEmail({ to: user.email, name: profile?.full_name ?? '', plan: plan.name, code: voucher.code, link }), user.id, 'vouchers'));
  }

  /**
   * OrderService's `shipped` hook, in the operator's transaction: a plan order handed to shipping redeems its voucher
   * (once: a conditional move), which releases the purchase's money from the escrow. Cart orders are left alone.
   */
  async shipped(tx: Tx<PlanOrderScope>, order: Pick<OrderRecord, 'id' | 'source' | 'voucher_id'>, now: Date): Promise<boolean> {
    if (order.source !== 'plan' || !order.voucher_id) return false;
    const moved = await groupCommands(tx).redeemVoucher(order.voucher_id, now);
    if (moved) await tx.audit.append({ action: 'voucher.shipped', actor_email: 'sistema', entity_type: 'voucher', entity_id: order.voucher_id, metadata: { order_id: order.id } });
    return moved;
  }

  private async view(repos: PlanOrderScope, voucher: VoucherRecord, plan: PlanRecord | null, order: OrderRecord | null): Promise<PlanDeliveryView> {
    let address: OrderAddressInput;
    if (order) address = order.address;
    else {
      const profile = await repos.identity.profiles.findByUserId(voucher.user_id);
      address = addressFromProfile(profile ?? NO_ADDRESS);
    }
    return {
      voucher_id: voucher.id,
      code: voucher.code,
      plan: { id: voucher.plan_id, name: plan?.name ?? 'Plano', image_url: plan?.image_url ?? null },
      price: voucher.price,
      state: planDeliveryState(voucher, plan, !!order),
      order_id: order?.id ?? null,
      order_number: order ? orderNumber(order.id) : null,
      address,
    };
  }
}
