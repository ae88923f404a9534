// Persistence ports: what the core needs to read and write, independent of knex/objection.
import type { Role } from '../identity/roles';
import type { Origin } from '../referral/origin';

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

export interface ProfileRecord {
  user_id: string;
  email: string;
  full_name: string;
  cpf: string | null;
  phone: string | null;
  birth_date: string | null;
  cep: string | null;
  address_street: string | null;
  address_number: string | null;
  address_complement: string | null;
  address_district: string | null;
  address_city: string | null;
  address_state: string | null;
  latitude: number | null;
  longitude: number | null;
  origem: Origin | null;
  metadata: Record<string, unknown>;
}

export type NewUser = Pick<UserRecord, 'email' | 'password_hash' | 'role'> & { email_confirmed_at?: Date | null };
export type NewProfile = Pick<ProfileRecord, 'user_id' | 'email' | 'full_name'> & Partial<Omit<ProfileRecord, 'user_id' | 'email' | 'full_name'>>;

export interface UserRepository {
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  create(user: NewUser): Promise<UserRecord>;
  update(id: string, patch: Partial<Omit<UserRecord, 'id' | 'created_at'>> & { blocked_reason?: string | null; password_changed_at?: Date }): Promise<void>;
  count(filter?: { role?: Role }): Promise<number>;
  /** Accounts with their profile's name, newest first; `q` matches e-mail or name. */
  list(filter: { q?: string; role?: Role; blocked?: boolean; offset: number; limit: number }): Promise<{ items: Array<UserRecord & { full_name: string | null; blocked_reason: string | null }>; total: number }>;
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

export type AuthTokenPurpose = 'email_confirmation' | 'password_reset';

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

export interface ReferralRecord {
  id: string;
  referred_user_id: string;
  referrer_user_id: string | null;
  referral_type: 'direct' | 'influencer' | 'user';
  status: 'pending' | 'confirmed' | 'cancelled';
  codigo_referencia: string;
  created_at: Date;
}

export interface ReferralRepository {
  create(referral: Omit<ReferralRecord, 'id' | 'created_at'>): Promise<void>;
  findByReferred(userId: string): Promise<ReferralRecord | null>;
  listByReferrer(userId: string): Promise<ReferralRecord[]>;
}

export interface SessionInfo {
  id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export interface AuditEntry {
  action: string;
  actor_user_id?: string | null;
  actor_email?: string | null;
  entity_type?: string | null;
  entity_id?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  request_id?: string | null;
  metadata?: Record<string, unknown>;
}

export interface AuditLogRecord extends Required<Omit<AuditEntry, 'metadata'>> {
  id: string;
  created_at: Date;
  metadata: Record<string, unknown>;
}

export interface ListQuery<F> {
  filter: F;
  sort: { field: string; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

export interface AuditLogFilter {
  q?: string;
  action?: string;
  actor_email?: string;
  actor_user_id?: string;
  entity_type?: string;
  created_at_gte?: Date;
  created_at_lte?: Date;
  id?: string[];
}

export interface AuditLogRepository {
  append(entry: AuditEntry): Promise<void>;
  list(query: ListQuery<AuditLogFilter>): Promise<{ items: AuditLogRecord[]; total: number }>;
  findById(id: string): Promise<AuditLogRecord | null>;
}

export interface PlanCategoryRecord {
  id: string;
  name: string;
  slug: string;
  kind: 'service' | 'product';
  description: string | null;
  sort_order: number;
  active: boolean;
}

export interface PlanRecord {
  id: string;
  category_id: string | null;
  name: string;
  slug: string;
  description: string;
  kind: 'service' | 'product';
  price: number;
  full_price: number;
  entry_price: number;
  group_size: number;
  window_days: number;
  image_url: string | null;
  active: boolean;
  created_at: Date;
}

export interface PlanRepository {
  listCategories(options: { activeOnly: boolean }): Promise<PlanCategoryRecord[]>;
  upsertCategory(category: Omit<PlanCategoryRecord, 'id'>): Promise<PlanCategoryRecord>;
  list(filter: { activeOnly: boolean; kind?: 'service' | 'product'; categorySlug?: string; offset: number; limit: number }): Promise<{ items: PlanRecord[]; total: number }>;
  findById(id: string): Promise<PlanRecord | null>;
  /** SELECT … FOR UPDATE on the plan: serialises auto-matching into the plan's groups. */
  lock(id: string): Promise<PlanRecord | null>;
  upsertBySlug(plan: Omit<PlanRecord, 'id' | 'created_at'>): Promise<PlanRecord>;
  /** Back office: every plan (active or not), filtered and sorted. */
  listAdmin(query: ListQuery<{ q?: string; kind?: 'service' | 'product'; category_id?: string; active?: boolean; id?: string[] }>): Promise<{ items: PlanRecord[]; total: number }>;
  create(plan: Omit<PlanRecord, 'id' | 'created_at'>): Promise<PlanRecord>;
  updateById(id: string, plan: Omit<PlanRecord, 'id' | 'created_at'>): Promise<PlanRecord | null>;
}

import type {
  GroupRepository,
  MemberRepository,
  NotificationRepository,
  PaymentEventRepository,
  PaymentRepository,
  VoucherRepository,
  WalletRepository,
} from './group-repositories';
import type { CartRepository, OrderRepository, ProductRepository } from './marketplace-repositories';

/** Every repository, bound to one transaction when handed out by the UnitOfWork. */
export interface Repositories {
  users: UserRepository;
  profiles: ProfileRepository;
  sessions: SessionRepository;
  authTokens: AuthTokenRepository;
  referrals: ReferralRepository;
  audit: AuditLogRepository;
  plans: PlanRepository;
  groups: GroupRepository;
  members: MemberRepository;
  vouchers: VoucherRepository;
  payments: PaymentRepository;
  paymentEvents: PaymentEventRepository;
  notifications: NotificationRepository;
  wallet: WalletRepository;
  products: ProductRepository;
  cart: CartRepository;
  orders: OrderRepository;
}
