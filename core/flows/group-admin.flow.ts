// Flow: the back office's groups — list, one group with its members and their entry payments, and cancel
// (ExpireGroupsFlow.cancel: every paid entry refunded through the normal path). Crosses groups, catalog and payments.
import { z } from 'zod';
import type { ListQuery } from '../shared/list-query';
import { notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import { dateTimeAnswer } from '../shared/answer-schemas';
import { GROUP_STATUSES, MEMBER_STATUSES, type GroupRecord, type GroupStatus } from '../groups';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { CatalogScope } from '../catalog/ports';
import type { PaymentsScope } from '../payments/ports';

/** What the groups back office reads: groups, their plans and their payments. */
type GroupAdminScope = GroupsScope & CatalogScope & PaymentsScope;

export const groupAdminFilterSchema = z.object({
  status: z.enum(GROUP_STATUSES).optional(),
  plan_id: z.uuid().optional(),
});

export const groupCancelSchema = z.object({
  reason: z.string({ message: 'Informe o motivo' }).trim().min(3, { message: 'Informe o motivo (ao menos 3 caracteres)' }).max(500, { message: 'No máximo 500 caracteres' }),
});

export const adminGroupSchema = z
  .object({
    id: z.string(),
    plan_id: z.string(),
    plan_name: z.string().nullable(),
    owner_user_id: z.string(),
    status: z.enum(GROUP_STATUSES),
    group_size: z.number().int(),
    price: z.number().int(),
    entry_price: z.number().int(),
    deadline_at: dateTimeAnswer,
    ended_at: dateTimeAnswer.nullable(),
    completed_at: dateTimeAnswer.nullable(),
    created_at: dateTimeAnswer,
  })
  .meta({ id: 'AdminGroup' });

export const adminGroupDetailSchema = adminGroupSchema
  .extend({
    members: z.array(
      z.object({
        id: z.string(),
        user_id: z.string(),
        full_name: z.string().nullable(),
        status: z.enum(MEMBER_STATUSES),
        refund_to: z.enum(['original', 'wallet']),
        paid_at: dateTimeAnswer.nullable(),
        payment: z.object({ id: z.string(), status: z.string(), method: z.string(), amount: z.number().int() }).nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminGroupDetail' });

function toAdminGroup(g: GroupRecord, planName: string | null) {
  return {
    id: g.id,
    plan_id: g.plan_id,
    plan_name: planName,
    owner_user_id: g.owner_user_id,
    status: g.status,
    group_size: g.group_size,
    price: g.price,
    entry_price: g.entry_price,
    deadline_at: g.deadline_at.toISOString(),
    ended_at: g.expired_at?.toISOString() ?? null,
    completed_at: g.completed_at?.toISOString() ?? null,
    created_at: g.created_at.toISOString(),
  };
}

export class GroupAdminFlow {
  constructor(private readonly uow: UnitOfWork<GroupAdminScope>) {}

  /** GET /api/admin/groups: newest first, by status and plan. */
  async list(query: ListQuery<{ status?: GroupStatus; plan_id?: string }>) {
    const repos = this.uow.repos;
    const page = await repos.groups.groups.list({ ...(query.filter.status ? { status: query.filter.status } : {}), ...(query.filter.plan_id ? { planId: query.filter.plan_id } : {}), offset: query.offset, limit: query.limit });
    const names = new Map<string, string | null>();
    for (const planId of new Set(page.items.map((g) => g.plan_id))) names.set(planId, (await repos.catalog.plans.findById(planId))?.name ?? null);
    return { items: page.items.map((g) => toAdminGroup(g, names.get(g.plan_id) ?? null)), total: page.total };
  }

  /** GET /api/admin/groups/:id: the group, its members and each member's confirmed (or refunded) entry payment. */
  async get(groupId: string) {
    const repos = this.uow.repos;
    const group = isId(groupId) ? await repos.groups.groups.findById(groupId) : null;
    if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
    const [plan, members] = await Promise.all([repos.catalog.plans.findById(group.plan_id), repos.groups.members.listForGroup(group.id)]);
    const withPayments = [];
    for (const m of members) {
      const p = await repos.payments.payments.findConfirmedFor('entry', m.id);
      withPayments.push({
        id: m.id,
        user_id: m.user_id,
        full_name: m.full_name,
        status: m.status,
        refund_to: m.refund_to,
        paid_at: m.paid_at?.toISOString() ?? null,
        payment: p ? { id: p.id, status: p.status, method: p.method, amount: p.amount } : null,
      });
    }
    return { ...toAdminGroup(group, plan?.name ?? null), members: withPayments };
  }
}
