// The back office's account shapes (GET /api/admin/users, /users/:id and the actions' bodies): public DTOs, never rows.
import { z } from 'zod';
import { addressAnswerFields } from '../address';
import type { ProfileRecord, UserListItem, UserRecord, UserStatus } from './ports';
import { ROLES, roleSchema } from './roles';
import { USER_STATUSES } from './ports';
import { VISITOR_TYPES } from '../referrals';
import type { UserAdminService } from './user-admin.service';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const dateTime = z.string().meta({ format: 'date-time' });

export const userStatusOf = (u: Pick<UserRecord, 'blocked_at' | 'email_confirmed_at'>): UserStatus =>
  u.blocked_at ? 'blocked' : u.email_confirmed_at ? 'active' : 'unconfirmed';

export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    cpf: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    email_confirmed_at: dateTime.nullable(),
    blocked_at: dateTime.nullable(),
    blocked_reason: z.string().nullable(),
    /** How the person arrived, stored at sign-up (influencer beats referral beats direct); null for older accounts. */
    visitor_type: z.enum(VISITOR_TYPES).nullable(),
    last_login_at: dateTime.nullable(),
    created_at: dateTime,
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserDetailSchema = adminUserSchema
  .extend({
    profile: z
      .object({
        phone: z.string().nullable(),
        birth_date: z.string().nullable(),
        cep: z.string().nullable(),
        ...addressAnswerFields,
        origem: z.string().nullable(),
      })
      .nullable(),
    groups: z.array(
      z.object({
        member_id: z.string(),
        group_id: z.string(),
        plan_name: z.string().nullable(),
        group_status: z.string().nullable(),
        member_status: z.string(),
        paid_at: dateTime.nullable(),
        created_at: dateTime,
      }),
    ),
    orders: z.array(z.object({ id: z.string(), status: z.string(), total_amount: z.number().int(), items_count: z.number().int(), created_at: dateTime })),
    orders_total: z.number().int(),
    payments: z.array(
      z.object({ id: z.string(), purpose: z.string(), method: z.string(), status: z.string(), amount: z.number().int(), confirmed_at: dateTime.nullable(), created_at: dateTime }),
    ),
    payments_total: z.number().int(),
    sessions: z.number().int(),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userRoleBodySchema = z.object({ role: roleSchema });
export const userBlockBodySchema = z.object({ reason: z.string({ error: 'Informe o motivo do bloqueio.' }).trim().min(3, { error: 'Informe o motivo do bloqueio.' }).max(500, { error: 'Use no máximo 500 caracteres.' }) });

export const adminUserListFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
  visitor_type: z.enum([...VISITOR_TYPES, 'none']).optional(),
});

export function toAdminUser(u: UserListItem | (UserRecord & { full_name?: string | null; cpf?: string | null; blocked_reason?: string | null; visitor_type?: UserListItem['visitor_type'] })): AdminUser {
  return {
    id: u.id,
    email: u.email,
    full_name: u.full_name ?? null,
    cpf: u.cpf ?? null,
    role: u.role,
    status: userStatusOf(u),
    email_confirmed_at: iso(u.email_confirmed_at),
    blocked_at: iso(u.blocked_at),
    blocked_reason: u.blocked_reason ?? null,
    visitor_type: u.visitor_type ?? null,
    last_login_at: iso(u.last_login_at),
    created_at: u.created_at.toISOString(),
  };
}

const profileOf = (p: ProfileRecord | null) =>
  p
    ? {
        phone: p.phone,
        birth_date: p.birth_date,
        cep: p.cep ?? null,
        address_street: p.address_street ?? null,
        address_number: p.address_number ?? null,
        address_complement: p.address_complement ?? null,
        address_district: p.address_district ?? null,
        address_city: p.address_city ?? null,
        address_state: p.address_state ?? null,
        origem: p.origem,
      }
    : null;

export function toAdminUserDetail(d: Awaited<ReturnType<UserAdminService['detail']>>): AdminUserDetail {
  return {
    ...toAdminUser({ ...d.user, full_name: d.profile?.full_name ?? null, cpf: d.profile?.cpf ?? null, blocked_reason: d.blocked_reason, visitor_type: d.profile?.visitor_type ?? null }),
    profile: profileOf(d.profile),
    groups: d.groups.map(({ member, group, plan_name }) => ({
      member_id: member.id,
      group_id: member.group_id,
      plan_name,
      group_status: group?.status ?? null,
      member_status: member.status,
      paid_at: iso(member.paid_at),
      created_at: member.created_at.toISOString(),
    })),
    orders: d.orders.map((o) => ({ id: o.id, status: o.status, total_amount: o.total_amount, items_count: o.items_count, created_at: o.created_at.toISOString() })),
    orders_total: d.orders_total,
    payments: d.payments.map((p) => ({ id: p.id, purpose: p.purpose, method: p.method, status: p.status, amount: p.amount, confirmed_at: iso(p.confirmed_at), created_at: new Date(p.created_at).toISOString() })),
    payments_total: d.payments_total,
    sessions: d.sessions,
  };
}
