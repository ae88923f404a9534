// Operators' account management (CLI `turma users` and the back office's /admin/users): search, the account with its
// groups, orders and payments, change role, block, unblock, end sessions, resend the confirmation link. Every change
// is audited with its before and after; the last administrator who can sign in is never demoted nor blocked.
import { paginationSchemaWith } from '../shared/pagination';
import { isId } from '../shared/ids';
import { z } from 'zod';
import { DomainError, invalid, notFound } from '../shared/errors';
import type { Clock } from '../shared/clock';
import { emailSchema } from './auth-schemas';
import { firstName } from './auth.service';
import { confirmationEmail } from './emails';
import { USER_SORTABLE, USER_STATUSES, type UserListFilter, type UserRecord } from './ports';
import { roleSchema, type Role } from './roles';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { IdentityScope } from './ports';
import type { AuditScope } from '../audit/ports';
import type { CatalogScope } from '../catalog/ports';
import type { GroupsScope } from '../groups/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import type { PaymentsScope } from '../payments/ports';

/** The tables the user back office reads and writes; it reaches catalog, groups, marketplace and payments for a user's history. */
type UserAdminScope = IdentityScope & AuditScope & CatalogScope & GroupsScope & MarketplaceScope & PaymentsScope;

export const userListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  blocked: z.boolean().optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.object({ field: z.enum(USER_SORTABLE), order: z.enum(['ASC', 'DESC']) }).optional(),
  ...paginationSchemaWith({ defaultPerPage: 50, maxPerPage: 500 }).shape,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** Issues the single-use confirmation link (AuthService does). */
export interface ConfirmationLinks {
  issueConfirmationToken(tx: IdentityScope, userId: string): Promise<string>;
  confirmationLink(token: string): string;
}

export const LAST_ADMIN_DEMOTE_MESSAGE = 'Não é possível remover o papel do último administrador.';
export const LAST_ADMIN_BLOCK_MESSAGE = 'Não é possível bloquear o último administrador.';

/** What the audit trail keeps of an account before and after a change. */
const snapshot = (u: Pick<UserRecord, 'role' | 'blocked_at'>, extra: Record<string, unknown> = {}) => ({
  role: u.role,
  blocked: Boolean(u.blocked_at),
  ...extra,
});

export interface OperatorMeta {
  /** Who did it: an admin's id, or null for the CLI. */
  actorUserId: string | null;
  actorEmail: string;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export class UserAdminService {
  constructor(
    private readonly uow: UnitOfWork<UserAdminScope>,
    private readonly clock: Clock,
    private readonly confirmations?: ConfirmationLinks,
  ) {}

  async list(query: UserListQuery) {
    const q = userListQuerySchema.parse(query);
    return this.uow.repos.identity.users.list({
      ...(q.q ? { q: q.q } : {}),
      ...(q.role ? { role: q.role } : {}),
      ...(q.blocked !== undefined ? { blocked: q.blocked } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.sort ? { sort: q.sort } : {}),
      offset: (q.page - 1) * q.per_page,
      limit: q.per_page,
    });
  }

  /** The back office's list: ra-data-simple-rest ranges (offset and limit), not pages. */
  async listRange(filter: Pick<UserListFilter, 'q' | 'role' | 'status' | 'visitor_type' | 'sort' | 'offset' | 'limit'>) {
    return this.uow.repos.identity.users.list(filter);
  }

  /** An account by id or e-mail, with its profile. */
  async show(idOrEmail: string) {
    const user = await this.find(idOrEmail);
    const profile = await this.uow.repos.identity.profiles.findByUserId(user.id);
    return { user, profile };
  }

  /** The back office's account page: profile, places in groups, orders, payments and open sessions. */
  async detail(id: string) {
    const { user, profile } = await this.show(id);
    const r = this.uow.repos;
    const [listed, members, groups, orders, payments, sessions] = await Promise.all([
      r.identity.users.list({ id: user.id, offset: 0, limit: 1 }),
      r.groups.members.listForUser(user.id),
      r.groups.groups.listForUser(user.id),
      r.marketplace.orders.listForUser(user.id, 0, 50),
      r.payments.payments.listForUser(user.id, 0, 50),
      r.identity.sessions.listForUser(user.id),
    ]);
    const planIds = [...new Set(groups.map((g) => g.plan_id))];
    const plans = new Map((await Promise.all(planIds.map((pid) => r.catalog.plans.findById(pid)))).filter((p) => p !== null).map((p) => [p.id, p]));
    const groupById = new Map(groups.map((g) => [g.id, g]));
    return {
      user,
      profile,
      blocked_reason: listed.items[0]?.blocked_reason ?? null,
      groups: members.map((m) => {
        const g = groupById.get(m.group_id);
        return { member: m, group: g ?? null, plan_name: g ? (plans.get(g.plan_id)?.name ?? null) : null };
      }),
      orders: orders.items,
      orders_total: orders.total,
      payments: payments.items,
      payments_total: payments.total,
      sessions: sessions.length,
    };
  }

  async setRole(idOrEmail: string, role: Role, meta: OperatorMeta) {
    const next = roleSchema.parse(role);
    const user = await this.find(idOrEmail);
    if (user.role === next) return user;
    await this.uow.run(async (tx) => {
      if (user.role === 'admin' && !user.blocked_at && (await tx.identity.users.count({ role: 'admin', blocked: false, lock: true })) <= 1) {
        throw new DomainError('conflict', 'last_admin', LAST_ADMIN_DEMOTE_MESSAGE);
      }
      await tx.identity.users.update(user.id, { role: next });
      // A new role changes what the person may do: make them sign in again.
      await tx.identity.sessions.deleteForUser(user.id);
      await tx.audit.append({ ...this.auditOf('admin.user_role_changed', user.id, meta), metadata: { from: user.role, to: next, before: snapshot(user), after: snapshot({ ...user, role: next }) } });
    });
    return { ...user, role: next };
  }

  async block(idOrEmail: string, reason: string, meta: OperatorMeta) {
    const why = reason.trim();
    if (why.length < 3) throw invalid('reason_required', 'Informe o motivo do bloqueio.', { reason: 'Informe o motivo do bloqueio.' });
    const user = await this.find(idOrEmail);
    if (user.blocked_at) throw new DomainError('conflict', 'already_blocked', 'Esta conta já está bloqueada.');
    await this.uow.run(async (tx) => {
      if (user.role === 'admin' && (await tx.identity.users.count({ role: 'admin', blocked: false, lock: true })) <= 1) {
        throw new DomainError('conflict', 'last_admin', LAST_ADMIN_BLOCK_MESSAGE);
      }
      if (user.role === 'admin' && user.id === meta.actorUserId) throw new DomainError('conflict', 'self_block', 'Você não pode bloquear a própria conta.');
      const now = this.clock.now();
      await tx.identity.users.update(user.id, { blocked_at: now, blocked_reason: why });
      const ended = await tx.identity.sessions.deleteForUser(user.id);
      await tx.audit.append({ ...this.auditOf('admin.user_blocked', user.id, meta), metadata: { reason: why, sessions_ended: ended, before: snapshot(user), after: snapshot({ ...user, blocked_at: now }, { blocked_reason: why }) } });
    });
    return this.show(user.id);
  }

  async unblock(idOrEmail: string, meta: OperatorMeta) {
    const user = await this.find(idOrEmail);
    await this.uow.run(async (tx) => {
      await tx.identity.users.update(user.id, { blocked_at: null, blocked_reason: null });
      await tx.audit.append({ ...this.auditOf('admin.user_unblocked', user.id, meta), metadata: { before: snapshot(user), after: snapshot({ ...user, blocked_at: null }) } });
    });
    return this.show(user.id);
  }

  /** Signs the account out everywhere (every session ends; the next request answers 401). */
  async endSessions(idOrEmail: string, meta: OperatorMeta) {
    const user = await this.find(idOrEmail);
    const ended = await this.uow.run(async (tx) => {
      const n = await tx.identity.sessions.deleteForUser(user.id);
      await tx.audit.append({ ...this.auditOf('admin.user_sessions_ended', user.id, meta), metadata: { before: { sessions: n }, after: { sessions: 0 } } });
      return n;
    });
    return { id: user.id, sessions_ended: ended };
  }

  /** A new 24-hour confirmation link by e-mail (the old ones stop working); only for an unconfirmed account. */
  async resendConfirmation(idOrEmail: string, meta: OperatorMeta) {
    if (!this.confirmations) throw new Error('UserAdminService sem ConfirmationLinks');
    const links = this.confirmations;
    const user = await this.find(idOrEmail);
    if (user.email_confirmed_at) throw new DomainError('conflict', 'already_confirmed', 'Este e-mail já foi confirmado.');
    if (user.blocked_at) throw new DomainError('conflict', 'account_blocked', 'A conta está bloqueada: desbloqueie antes de reenviar a confirmação.');
    await this.uow.run(async (tx) => {
      const token = await links.issueConfirmationToken(tx, user.id);
      const profile = await tx.identity.profiles.findByUserId(user.id);
      await tx.jobs.enqueue('mail.send', confirmationEmail({ to: user.email, name: firstName(profile), link: links.confirmationLink(token) }));
      await tx.audit.append({ ...this.auditOf('admin.user_confirmation_resent', user.id, meta), metadata: { before: { email_confirmed: false }, after: { email_confirmed: false, link_sent_to: user.email } } });
    });
    return { id: user.id, sent: true as const };
  }

  private auditOf(action: string, userId: string, meta: OperatorMeta) {
    return { action, actor_user_id: meta.actorUserId, actor_email: meta.actorEmail, entity_type: 'user', entity_id: userId, ip: meta.ip ?? null, user_agent: meta.userAgent ?? null, request_id: meta.requestId ?? null };
  }

  private async find(idOrEmail: string) {
    const value = idOrEmail.trim();
    const email = emailSchema.safeParse(value);
    const user = isId(value)
      ? await this.uow.repos.identity.users.findById(value)
      : email.success
        ? await this.uow.repos.identity.users.findByEmail(email.data)
        : null;
    if (!user || user.deleted_at) throw notFound('user_not_found', 'Conta não encontrada.');
    return user;
  }
}
