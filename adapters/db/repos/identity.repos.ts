// Users, profiles and sessions on knex/objection, bound to whatever handle (root or transaction) they are given.
import type { Knex } from 'knex';
import { normalizeRole } from '../../../core/identity/roles';
import { isOrigin } from '../../../core/referral/origin';
import type {
  NewProfile,
  NewUser,
  ProfileRecord,
  ProfileRepository,
  SessionRecord,
  SessionRepository,
  UserRecord,
  UserRepository,
} from '../../../core/ports/repositories';
import { ProfileModel, SessionModel, UserModel } from '../models';

const toUser = (m: UserModel): UserRecord => ({
  id: m.id,
  email: m.email,
  password_hash: m.password_hash,
  role: normalizeRole(m.role),
  email_confirmed_at: m.email_confirmed_at,
  blocked_at: m.blocked_at,
  last_login_at: m.last_login_at,
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
  async create(user: NewUser) {
    const m = await UserModel.query(this.db).insertAndFetch({
      email: user.email,
      password_hash: user.password_hash,
      role: user.role,
      email_confirmed_at: user.email_confirmed_at ?? null,
    });
    return toUser(m);
  }
  async update(id: string, patch: Partial<Omit<UserRecord, 'id' | 'created_at'>>) {
    await UserModel.query(this.db).findById(id).patch({ ...patch, updated_at: new Date() });
  }
  async count(filter: { role?: string } = {}) {
    const q = UserModel.query(this.db);
    if (filter.role) q.where('role', filter.role);
    return q.resultSize();
  }
}

export class KnexProfileRepository implements ProfileRepository {
  constructor(private readonly db: Knex) {}

  async findByUserId(userId: string) {
    const m = await ProfileModel.query(this.db).findById(userId);
    return m ? toProfile(m) : null;
  }
  async create(profile: NewProfile) {
    const m = await ProfileModel.query(this.db).insertAndFetch({ metadata: {}, ...profile });
    return toProfile(m);
  }
  async update(userId: string, patch: Partial<Omit<ProfileRecord, 'user_id'>>) {
    await ProfileModel.query(this.db).findById(userId).patch({ ...patch, updated_at: new Date() } as Partial<ProfileModel>);
  }
}

const toSession = (m: SessionModel): SessionRecord => ({
  id: m.id,
  user_id: m.user_id,
  token_hash: m.token_hash,
  expires_at: m.expires_at,
  last_seen_at: m.last_seen_at,
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
}
