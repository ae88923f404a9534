// A buyer's return request (within 7 days of delivery) and an operator's refusal of it; accepting one is a move
// to `refunded` (OrderService.setStatus), which returns the stock and the money.
import { isId } from '../shared/ids';
import type { Clock } from '../shared/clock';
import { conflict, invalid } from '../shared/errors';
import type { RequestMeta } from '../identity';
import { auditMeta } from '../identity';
import { orderNotify, orderReturnEmail } from './order-messages';
import { assertPlanOrderMove } from './plan-order';
import { assertCanRequestReturn, assertReturnPending, rejectReturnSchema, requestReturnSchema, returnDeadline } from './order-return';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { MarketplaceScope } from './ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import { fieldsOf, orderNotFound } from './order-views';
import { toPerson } from '../messaging';

/** What a return request reads and writes: the order, the buyer's profile, a notification, the audit log. */
type OrderReturnScope = MarketplaceScope & IdentityScope & NotificationsScope & AuditScope;

    /**
   * POST /api/orders/:id/return (CDC art. 49): the customer asks to return a delivered order within 7 days
   * of delivery (order-return.ts: until the end of the 7th day in São Paulo). One request per order; told and audited.
   */
export async function requestOrderReturn(uow: UnitOfWork<OrderReturnScope>, clock: Clock, actor: { id: string; email: string }, orderId: string, raw: unknown, meta: RequestMeta): Promise<void> {
    const parsed = requestReturnSchema.safeParse(raw ?? {});
    if (!parsed.success) throw invalid('invalid_input', 'Verifique os campos destacados.', fieldsOf(parsed.error.issues, ''));
    if (!isId(orderId)) throw orderNotFound();
    const now = clock.now();
    await uow.run(async (tx) => {
      const order = await tx.marketplace.orders.lock(orderId);
      if (!order || order.user_id !== actor.id) throw orderNotFound();
      assertCanRequestReturn(order, now);
      assertPlanOrderMove(order, 'refunded');
      if (!(await tx.marketplace.orders.updateReturnIf(order.id, null, { return_status: 'requested', return_reason: parsed.data.reason, return_requested_at: now }))) {
        throw conflict('return_already_requested', 'A devolução deste pedido já foi solicitada.');
      }
      await tx.marketplace.orders.recordStatus({ order_id: order.id, from_status: order.status, to_status: order.status, actor: actor.email, note: `devolução solicitada: ${parsed.data.reason}`, created_at: now });
      await tx.notifications.create(orderNotify.returnRequested(order.user_id, order.id));
      const profile = await tx.identity.profiles.findByUserId(actor.id);
      await tx.jobs.enqueue('mail.send', toPerson(orderReturnEmail({ to: actor.email, name: profile?.full_name ?? '', orderId: order.id, step: 'requested', reason: parsed.data.reason }), actor.id));
      await tx.audit.append({
        action: 'order.return_requested',
        actor_user_id: actor.id,
        actor_email: actor.email,
        entity_type: 'order',
        entity_id: order.id,
        ...auditMeta(meta),
        metadata: { reason: parsed.data.reason, deadline: order.delivered_at ? returnDeadline(order.delivered_at).toISOString() : null },
      });
    });
  }

    /** POST /api/admin/orders/:id/return/reject: the request is refused with a reason; the order stays delivered. */
export async function rejectOrderReturn(uow: UnitOfWork<OrderReturnScope>, clock: Clock, orderId: string, actorEmail: string, raw: unknown): Promise<void> {
    const parsed = rejectReturnSchema.safeParse(raw ?? {});
    if (!parsed.success) throw invalid('invalid_input', 'Verifique os campos destacados.', fieldsOf(parsed.error.issues, ''));
    if (!isId(orderId)) throw orderNotFound();
    const now = clock.now();
    await uow.run(async (tx) => {
      const order = await tx.marketplace.orders.lock(orderId);
      if (!order) throw orderNotFound();
      assertReturnPending(order);
      if (!(await tx.marketplace.orders.updateReturnIf(order.id, 'requested', { return_status: 'rejected', return_reject_reason: parsed.data.reason, return_decided_at: now }))) {
        throw conflict('return_not_pending', 'Este pedido não tem devolução pendente.');
      }
      await tx.marketplace.orders.recordStatus({ order_id: order.id, from_status: order.status, to_status: order.status, actor: actorEmail, note: `devolução recusada: ${parsed.data.reason}`, created_at: now });
      await tx.notifications.create(orderNotify.returnRejected(order.user_id, order.id, parsed.data.reason));
      const customer = await tx.identity.users.findById(order.user_id);
      if (customer) {
        const profile = await tx.identity.profiles.findByUserId(customer.id);
        await tx.jobs.enqueue('mail.send', toPerson(orderReturnEmail({ to: customer.email, name: profile?.full_name ?? '', orderId: order.id, step: 'rejected', reason: parsed.data.reason }), customer.id));
      }
      await tx.audit.append({
        action: 'order.return_rejected',
        actor_email: actorEmail,
        entity_type: 'order',
        entity_id: order.id,
        metadata: { reason: parsed.data.reason, before: { return_status: order.return_status }, after: { return_status: 'rejected' } },
      });
    });
  }
