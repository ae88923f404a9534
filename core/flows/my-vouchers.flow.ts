// Flow (read): the member's own vouchers with what the voucher screen needs from other modules — the plan and its
// service category (catalog), who redeemed it and whether it can still be reviewed (professionals). The vouchers
// themselves belong to groups; this flow only reads.
import type { Clock } from '../shared/clock';
import { reviewRefusal } from '../professionals';
import { planDeliveryState, shipsAsOrder, type PlanDeliveryState } from '../marketplace';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { CatalogScope } from '../catalog/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import type { ProfessionalsScope } from '../professionals/ports';

/** What the member's vouchers page reads: vouchers, their plans, plan orders and the redeeming professional. */
type MyVouchersScope = GroupsScope & CatalogScope & MarketplaceScope & ProfessionalsScope;

export interface MyVoucherItem {
  id: string;
  code: string;
  status: 'awaiting_balance' | 'redeemable' | 'redeemed' | 'cancelled';
  plan: { id: string; name: string; category: string | null; category_name: string | null };
  group_id: string;
  price: number;
  balance_due: number;
  redeemed_at: string | null;
  redeemed_by: { id: string; business_name: string } | null;
  can_review: boolean;
  review_id: string | null;
  /** A product plan ships as an order (plan-order.flow.ts); null for a service plan. */
  delivery: { state: Exclude<PlanDeliveryState, 'not_product'>; order_id: string | null } | null;
}

export class MyVouchersFlow {
  constructor(
    private readonly uow: UnitOfWork<MyVouchersScope>,
    private readonly clock: Clock,
  ) {}

  /** GET /api/me/vouchers: the caller's vouchers only, newest first. */
  async list(userId: string): Promise<{ items: MyVoucherItem[] }> {
    const repos = this.uow.repos;
    const now = this.clock.now();
    const vouchers = await repos.groups.vouchers.listForUser(userId);
    if (!vouchers.length) return { items: [] };
    const [categories, reviews] = await Promise.all([
      repos.catalog.plans.listCategories({ activeOnly: false }),
      repos.professionals.reviews.findByVoucherIds(vouchers.map((v) => v.id)),
    ]);
    const planIds = [...new Set(vouchers.map((v) => v.plan_id))];
    const plans = new Map((await Promise.all(planIds.map((id) => repos.catalog.plans.findById(id)))).flatMap((p) => (p ? [[p.id, p] as const] : [])));
    const proIds = [...new Set(vouchers.flatMap((v) => (v.redeemed_by_professional_id ? [v.redeemed_by_professional_id] : [])))];
    const pros = new Map((await Promise.all(proIds.map((id) => repos.professionals.professionals.findById(id)))).flatMap((p) => (p ? [[p.id, p] as const] : [])));
    const reviewOf = new Map(reviews.map((r) => [r.voucher_id, r.id]));
    const productVouchers = vouchers.filter((v) => shipsAsOrder(plans.get(v.plan_id)));
    const orders = new Map(await Promise.all(productVouchers.map(async (v) => [v.id, await repos.marketplace.planOrders.findByVoucher(v.id)] as const)));

    return {
      items: vouchers
        .filter((v) => v.user_id === userId)
        .map((v) => {
          const plan = plans.get(v.plan_id);
          const category = plan?.category_id ? categories.find((c) => c.id === plan.category_id) : undefined;
          const pro = v.redeemed_by_professional_id ? pros.get(v.redeemed_by_professional_id) : undefined;
          const reviewId = reviewOf.get(v.id) ?? null;
          return {
            id: v.id,
            code: v.code,
            status: v.status,
            plan: { id: v.plan_id, name: plan?.name ?? 'Plano', category: category?.slug ?? null, category_name: category?.name ?? null },
            group_id: v.group_id,
            price: v.price,
            balance_due: v.balance_due,
            redeemed_at: v.redeemed_at ? v.redeemed_at.toISOString() : null,
            redeemed_by: pro ? { id: pro.id, business_name: pro.business_name } : null,
            can_review: !reviewId && !!pro && reviewRefusal(v, userId, now) === null,
            review_id: reviewId,
            delivery: shipsAsOrder(plan) ? { state: planDeliveryState(v, plan ?? null, !!orders.get(v.id)) as Exclude<PlanDeliveryState, 'not_product'>, order_id: orders.get(v.id)?.id ?? null } : null,
          };
        }),
    };
  }
}
