// Users, profiles and sessions on knex/objection, bound to whatever handle (root or transaction) they are given.
import type { Knex } from 'knex';
import { normalizeRole } from '../../../core/identity/roles';
import { USER_SORTABLE } from '../../../core/identity/ports';
import { isOrigin } from '../../../core/referrals/origin';
import { isVisitorType } from '../../../core/referrals/visitor-type';
import { conflict } from '../../../core/shared/errors';
import type { AuthTokenPurpose, AuthTokenRecord, AuthTokenRepository, NewProfile, SessionInfo, NewUser, UserListFilter, ProfileRecord, ProfileRepository, SessionRecord, SessionRepository, UserRecord, UserRepository } from '../../../core/identity/ports';
import { ProfileModel, SessionModel, UserModel } from '../models';

/** A unique-constraint violation (PostgreSQL and PGlite both report code 23505), by constraint name. */
export function uniqueViolation(err: unknown): string | null {
  // objection wraps driver errors (UniqueViolationError, with the driver's error as `nativeError`).
  const e = err as { code?: string; constraint?: string; message?: string; name?: string; nativeError?: { code?: string; constraint?: string; message?: string } };
  const native = e?.nativeError ?? e;
  if (native?.code !== '23505' && e?.name !== 'UniqueViolationError') return null;
  return e.constraint ?? native.constraint ?? /"([^"]+)"/.exec(native.message ?? e.message ?? '')?.[1] ?? 'unknown';
}

export const EMAIL_TAKEN_MESSAGE = 'Já existe uma conta com este e-mail.';
export const CPF_TAKEN_MESSAGE = 'Este CPF já está cadastrado. Se a conta é sua, entre ou recupere a senha.';

function translateUnique(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_email_unique') throw conflict('email_taken', EMAIL_TAKEN_MESSAGE);
  if (constraint === 'profiles_cpf_unique') throw conflict('cpf_taken', CPF_TAKEN_MESSAGE);
  throw err;
}

const toUser = (m: UserModel): UserRecord => ({
  id: m.id,
  email: m.email,
  password_hash: m.password_hash,
  role: normalizeRole(m.role),
  email_confirmed_at: m.email_confirmed_at,
  blocked_at: m.blocked_at,
  last_login_at: m.last_login_at,
  deleted_at: m.deleted_at,
  created_at: m.created_at,
});

const toProfile = (m: ProfileModel): ProfileRecord => ({
  user_id: m.user_id,
  email: m.email,
  full_name: m.full_name,
  cpf: m.cpf,
  phone: m.phone,
  birth_date: m.birth_date,
  cep: m.cep,
  address_street: m.address_street,
  address_number: m.address_number,
  address_complement: m.address_complement,
  address_district: m.address_district,
  address_city: m.address_city,
  address_state: m.address_state,
  latitude: m.latitude,
  longitude: m.longitude,
  origem: isOrigin(m.origem) ? m.origem : null,
  metadata: m.metadata ?? {},
});

export class KnexUserRepository implements UserRepository {
  constructor(private readonly db: Knex) {}

  async findById(id: string) {
    const m = await UserModel.query(this.db).findById(id);
    return m ? toUser(m) : null;
  }
  async findByEmail(email: string) {
    const m = await UserModel.query(this.db).findOne({ email });
    return m ? toUser(m) : null;
  }
  async findByPhone(phone: string, limit: number) {
    const rows = await UserModel.query(this.db)
      .whereIn('id', (q) => q.select('user_id').from('profiles').where('phone', phone))
      .orderBy('created_at')
      .limit(limit);
    return rows.map(toUser);
  }
  async create(user: NewUser) {
    const m = await UserModel.query(this.db)
      .insertAndFetch({
        email: user.email,
        password_hash: user.password_hash,
        role: user.role,
        email_confirmed_at: user.email_confirmed_at ?? null,
      })
      .catch(translateUnique);
    return toUser(m);
  }
  async update(id: string, patch: Partial<Omit<UserRecord, 'id' | 'created_at'>> & { blocked_reason?: string | null; password_changed_at?: Date }) {
    await UserModel.query(this.db)
      .findById(id)
      .patch({ ...patch, updated_at: new Date() })
      .catch(translateUnique);
  }
  async list(filter: UserListFilter) {
    const q = UserModel.query(this.db)
      .select('users.*', 'profiles.full_name', 'profiles.cpf', 'profiles.visitor_type')
      .leftJoin('profiles', 'profiles.user_id', 'users.id')
      .whereNull('users.deleted_at');
    if (filter.id) q.where('users.id', filter.id);
    if (filter.role) q.where('users.role', filter.role);
    if (filter.blocked === true || filter.status === 'blocked') q.whereNotNull('users.blocked_at');
    if (filter.blocked === false) q.whereNull('users.blocked_at');
    if (filter.status === 'active') q.whereNull('users.blocked_at').whereNotNull('users.email_confirmed_at');
    if (filter.status === 'unconfirmed') q.whereNull('users.blocked_at').whereNull('users.email_confirmed_at');
    if (filter.visitor_type === 'none') q.whereNull('profiles.visitor_type');
    else if (filter.visitor_type) q.where('profiles.visitor_type', filter.visitor_type);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // CPFs are stored as 11 digits: "123.456.789-09" and "12345678909" both find it.
      const digits = filter.q.replace(/\D/g, '');
      q.where((w) => {
        w.where('users.email', 'ilike', like).orWhere('profiles.full_name', 'ilike', like);
        if (digits.length >= 3 && /^[\d.\-\s]+$/.test(filter.q!)) w.orWhere('profiles.cpf', 'like', `%${digits}%`);
      });
    }
    const total = await q.clone().resultSize();
    const sort = filter.sort && (USER_SORTABLE as readonly string[]).includes(filter.sort.field) ? filter.sort : { field: 'created_at', order: 'DESC' };
    const column = sort.field === 'full_name' ? 'profiles.full_name' : `users.${sort.field}`;
    const rows = await q
      .orderByRaw(`${column} ${sort.order === 'ASC' ? 'asc' : 'desc'} nulls last`)
      .orderBy('users.id')
      .offset(filter.offset)
      .limit(filter.limit);
    return {
      items: rows.map((m) => {
        const extra = m as unknown as { full_name: string | null; cpf: string | null; visitor_type: unknown };
        return { ...toUser(m), full_name: extra.full_name ?? null, cpf: extra.cpf ?? null, blocked_reason: m.blocked_reason, visitor_type: isVisitorType(extra.visitor_type) ? extra.visitor_type : null };
      }),
      total,
    };
  }
  async count(filter: { role?: string; blocked?: boolean; lock?: boolean } = {}) {
    const q = this.db('users').whereNull('deleted_at');
    if (filter.role) q.where('role', filter.role);
    if (filter.blocked === true) q.whereNotNull('blocked_at');
    if (filter.blocked === false) q.whereNull('blocked_at');
    // FOR UPDATE cannot go with count(*): lock the rows themselves, then count them.
    if (filter.lock) return (await q.select('id').forUpdate()).length;
    const [row] = (await q.count({ n: '*' })) as Array<{ n: number | string }>;
    return Number(row?.n ?? 0);
  }
}

export class KnexProfileRepository implements ProfileRepository {
  constructor(private readonly db: Knex) {}

  async findByUserId(userId: string) {
    const m = await ProfileModel.query(this.db).findById(userId);
    return m ? toProfile(m) : null;
  }
  async findByCpf(cpf: string) {
    const m = await ProfileModel.query(this.db).findOne({ cpf });
    return m ? toProfile(m) : null;
  }
  async create(profile: NewProfile) {
    const m = await ProfileModel.query(this.db).insertAndFetch({ metadata: {}, ...profile }).catch(translateUnique);
    return toProfile(m);
  }
  async update(userId: string, patch: Partial<Omit<ProfileRecord, 'user_id'>>) {
    await ProfileModel.query(this.db)
      .findById(userId)
      .patch({ ...patch, updated_at: new Date() } as Partial<ProfileModel>)
      .catch(translateUnique);
  }
}

const toSession = (m: SessionModel): SessionRecord => ({
  id: m.id,
  user_id: m.user_id,
  token_hash: m.token_hash,
  expires_at: m.expires_at,
  last_seen_at: m.last_seen_at,
  second_factor_at: m.second_factor_at ?? null,
});

export class KnexSessionRepository implements SessionRepository {
  constructor(private readonly db: Knex) {}

  async create(session: Omit<SessionRecord, 'id'> & { ip: string | null; user_agent: string | null }) {
    return toSession(await SessionModel.query(this.db).insertAndFetch(session));
  }
  async findByTokenHash(tokenHash: string) {
    const m = await SessionModel.query(this.db).findOne({ token_hash: tokenHash });
    return m ? toSession(m) : null;
  }
  async touch(id: string, lastSeenAt: Date, expiresAt: Date) {
    await SessionModel.query(this.db).findById(id).patch({ last_seen_at: lastSeenAt, expires_at: expiresAt });
  }
  async delete(id: string) {
    await SessionModel.query(this.db).deleteById(id);
  }
  async deleteForUser(userId: string, exceptId?: string) {
    const q = SessionModel.query(this.db).delete().where('user_id', userId);
    if (exceptId) q.whereNot('id', exceptId);
    return q;
  }
  async deleteExpired(now: Date) {
    return SessionModel.query(this.db).delete().where('expires_at', '<=', now);
  }
  async listForUser(userId: string): Promise<SessionInfo[]> {
    const rows = await SessionModel.query(this.db).where('user_id', userId).orderBy('created_at', 'desc');
    return rows.map((m) => ({
      id: m.id,
      ip: m.ip,
      user_agent: m.user_agent,
      created_at: (m as unknown as { created_at: Date }).created_at,
      last_seen_at: m.last_seen_at,
      expires_at: m.expires_at,
    }));
  }
}

const toToken = (r: Record<string, unknown>): AuthTokenRecord => ({
  id: r.id as string,
  user_id: r.user_id as string,
  purpose: r.purpose as AuthTokenPurpose,
  expires_at: r.expires_at as Date,
  used_at: (r.used_at as Date | null) ?? null,
  created_at: r.created_at as Date,
});

export class KnexAuthTokenRepository implements AuthTokenRepository {
  constructor(private readonly db: Knex) {}

  async create(token: { user_id: string; purpose: AuthTokenPurpose; token_hash: string; expires_at: Date }) {
    await this.db('auth_tokens').insert(token);
  }
  async findByHash(tokenHash: string) {
    const row = await this.db('auth_tokens').where({ token_hash: tokenHash }).first();
    return row ? toToken(row) : null;
  }
  async consume(id: string, usedAt: Date) {
    // Conditional update: of two requests with the same link, exactly one wins.
    const n = await this.db('auth_tokens').where({ id }).whereNull('used_at').update({ used_at: usedAt, updated_at: usedAt });
    return n === 1;
  }
  async invalidate(userId: string, purpose: AuthTokenPurpose, at: Date) {
    await this.db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ expires_at: at, updated_at: at });
  }
  async deleteForUser(userId: string) {
    await this.db('auth_tokens').where({ user_id: userId }).delete();
  }
  async listForUser(userId: string) {
    return (await this.db('auth_tokens').where({ user_id: userId }).orderBy('created_at', 'desc')).map(toToken);
  }
}
