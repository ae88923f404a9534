// Identity's persistence ports: accounts, profiles, sessions and single-use link tokens.
import type { Role } from './roles';
import type { Origin, VisitorType } from '../referrals/ports';
import type { AddressFields } from '../address';

/**
 * The name a deleted account's profile keeps (others show its member as 'Ex-participante'). Here, beside the tables,
 * so a module that only compares names reaches it without loading identity's schemas into the browser.
 */
export const ANONYMOUS_NAME = 'Conta excluída';

export interface UserRecord {
  id: string;
  email: string;
  password_hash: string;
  role: Role;
  email_confirmed_at: Date | null;
  blocked_at: Date | null;
  last_login_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
}

export interface ProfileRecord extends AddressFields {
  user_id: string;
  email: string;
  full_name: string;
  cpf: string | null;
  phone: string | null;
  birth_date: string | null;
  latitude: number | null;
  longitude: number | null;
  origem: Origin | null;
  /** Set at sign-up from the landing (core/referrals/visitor-type.ts); absent on rows read before it existed. */
  visitor_type?: VisitorType | null;
  metadata: Record<string, unknown>;
}

export type NewUser = Pick<UserRecord, 'email' | 'password_hash' | 'role'> & { email_confirmed_at?: Date | null };

export type NewProfile = Pick<ProfileRecord, 'user_id' | 'email' | 'full_name'> & Partial<Omit<ProfileRecord, 'user_id' | 'email' | 'full_name'>>;

/** unconfirmed: never confirmed its e-mail; blocked: blocked by an operator; active: neither. */
export const USER_STATUSES = ['active', 'blocked', 'unconfirmed'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_SORTABLE = ['created_at', 'email', 'full_name', 'role', 'last_login_at'] as const;

export interface UserListFilter {
  /** One account (with its blocked_reason, which findById leaves out). */
  id?: string;
  q?: string;
  role?: Role;
  blocked?: boolean;
  status?: UserStatus;
  /** The visitor type stored at sign-up; 'none' for accounts from before it was stored. */
  visitor_type?: VisitorType | 'none';
  sort?: { field: (typeof USER_SORTABLE)[number]; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

export type UserListItem = UserRecord & { full_name: string | null; cpf: string | null; blocked_reason: string | null; visitor_type?: VisitorType | null };

export interface UserRepository {
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  /** The accounts whose profile has this phone (digits, DDD + number; phones are not unique), oldest first, at most `limit`. */
  findByPhone(phone: string, limit: number): Promise<UserRecord[]>;
  create(user: NewUser): Promise<UserRecord>;
  update(id: string, patch: Partial<Omit<UserRecord, 'id' | 'created_at'>> & { blocked_reason?: string | null; password_changed_at?: Date }): Promise<void>;
  /** `blocked: false` counts only accounts that can sign in; `lock` takes their rows FOR UPDATE (the last-admin rule). */
  count(filter?: { role?: Role; blocked?: boolean; lock?: boolean }): Promise<number>;
  /** Accounts with their profile's name and CPF, newest first by default; `q` matches e-mail, name or CPF digits. */
  list(filter: UserListFilter): Promise<{ items: UserListItem[]; total: number }>;
}

export interface ProfileRepository {
  findByUserId(userId: string): Promise<ProfileRecord | null>;
  findByCpf(cpf: string): Promise<ProfileRecord | null>;
  create(profile: NewProfile): Promise<ProfileRecord>;
  update(userId: string, patch: Partial<Omit<ProfileRecord, 'user_id'>>): Promise<void>;
}

export interface SessionRecord {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  last_seen_at: Date;
  /** When this session passed the admin second factor (null: password only). */
  second_factor_at?: Date | null;
}

export interface SessionInfo {
  id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export interface SessionRepository {
  create(session: Omit<SessionRecord, 'id'> & { ip: string | null; user_agent: string | null }): Promise<SessionRecord>;
  findByTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  delete(id: string): Promise<void>;
  deleteForUser(userId: string, exceptId?: string): Promise<number>;
  deleteExpired(now: Date): Promise<number>;
  listForUser(userId: string): Promise<SessionInfo[]>;
}

export type AuthTokenPurpose = 'email_confirmation' | 'password_reset' | 'account_unlock';

export interface AuthTokenRecord {
  id: string;
  user_id: string;
  purpose: AuthTokenPurpose;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export interface AuthTokenRepository {
  create(token: { user_id: string; purpose: AuthTokenPurpose; token_hash: string; expires_at: Date }): Promise<void>;
  findByHash(tokenHash: string): Promise<AuthTokenRecord | null>;
  /** Marks a token used only if it was not used yet; false when another request got there first. */
  consume(id: string, usedAt: Date): Promise<boolean>;
  /** Expires every unused token of that purpose (a new link replaces the old ones). */
  invalidate(userId: string, purpose: AuthTokenPurpose, at: Date): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  listForUser(userId: string): Promise<AuthTokenRecord[]>;
}

export interface IdentityRepositories {
  users: UserRepository;
  profiles: ProfileRepository;
  sessions: SessionRepository;
  authTokens: AuthTokenRepository;
}

/** The identity module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type IdentityScope = { identity: IdentityRepositories };
