// Operators' account management (CLI `turma users`, later the back office): list, show, change role, block, unblock.
import { paginationSchemaWith } from '../shared/pagination';
import { isId } from '../shared/ids';
import { z } from 'zod';
import { DomainError, notFound } from '../shared/errors';
import type { Clock } from '../shared/clock';
import type { UnitOfWork } from '../ports/unit-of-work';
import { emailSchema } from './auth-schemas';
import { roleSchema, type Role } from './roles';

export const userListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  blocked: z.boolean().optional(),
  ...paginationSchemaWith({ defaultPerPage: 50, maxPerPage: 500 }).shape,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export interface OperatorMeta {
  /** Who did it: an admin's id, or null for the CLI. */
  actorUserId: string | null;
  actorEmail: string;
  ip?: string | null;
  requestId?: string | null;
}

export class UserAdminService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async list(query: UserListQuery) {
    const q = userListQuerySchema.parse(query);
    return this.uow.repos.identity.users.list({
      ...(q.q ? { q: q.q } : {}),
      ...(q.role ? { role: q.role } : {}),
      ...(q.blocked !== undefined ? { blocked: q.blocked } : {}),
      offset: (q.page - 1) * q.per_page,
      limit: q.per_page,
    });
  }

  /** An account by id or e-mail, with its profile. */
  async show(idOrEmail: string) {
    const user = await this.find(idOrEmail);
    const profile = await this.uow.repos.identity.profiles.findByUserId(user.id);
    return { user, profile };
  }

  async setRole(idOrEmail: string, role: Role, meta: OperatorMeta) {
    const next = roleSchema.parse(role);
    const user = await this.find(idOrEmail);
    if (user.role === next) return user;
    await this.uow.run(async (r) => {
      if (user.role === 'admin' && next !== 'admin' && (await r.identity.users.count({ role: 'admin' })) <= 1) {
        throw new DomainError('conflict', 'last_admin', 'Não é possível remover o papel do último administrador.');
      }
      await r.identity.users.update(user.id, { role: next });
      // A new role changes what the person may do: make them sign in again.
      await r.identity.sessions.deleteForUser(user.id);
      await r.audit.append({ action: 'admin.user_role_changed', actor_user_id: meta.actorUserId, actor_email: meta.actorEmail, entity_type: 'user', entity_id: user.id, ip: meta.ip ?? null, request_id: meta.requestId ?? null, metadata: { from: user.role, to: next } });
    });
    return { ...user, role: next };
  }

  async block(idOrEmail: string, reason: string, meta: OperatorMeta) {
    const why = reason.trim();
    if (why.length < 3) throw new DomainError('invalid', 'reason_required', 'Informe o motivo do bloqueio.');
    const user = await this.find(idOrEmail);
    if (user.role === 'admin' && user.id === meta.actorUserId) throw new DomainError('conflict', 'self_block', 'Você não pode bloquear a própria conta.');
    await this.uow.run(async (r) => {
      await r.identity.users.update(user.id, { blocked_at: this.clock.now(), blocked_reason: why });
      await r.identity.sessions.deleteForUser(user.id);
      await r.audit.append({ action: 'admin.user_blocked', actor_user_id: meta.actorUserId, actor_email: meta.actorEmail, entity_type: 'user', entity_id: user.id, ip: meta.ip ?? null, request_id: meta.requestId ?? null, metadata: { reason: why } });
    });
    return this.show(user.id);
  }

  async unblock(idOrEmail: string, meta: OperatorMeta) {
    const user = await this.find(idOrEmail);
    await this.uow.run(async (r) => {
      await r.identity.users.update(user.id, { blocked_at: null, blocked_reason: null });
      await r.audit.append({ action: 'admin.user_unblocked', actor_user_id: meta.actorUserId, actor_email: meta.actorEmail, entity_type: 'user', entity_id: user.id, ip: meta.ip ?? null, request_id: meta.requestId ?? null });
    });
    return this.show(user.id);
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
