// Sign-in, sessions, e-mail confirmation and password recovery: the use cases behind /api/auth.
import type { Clock } from '../shared/clock';
import { DomainError, conflict, invalid } from '../shared/errors';
import type { RateLimitPolicy, RateLimiter } from '../ports/rate-limiter';
import type { PasswordHasher, SecretTokens } from '../ports/security';
import type { AuthTokenPurpose, ProfileRecord, UserRecord } from './ports';
import { emailSchema, isEmailIdentifier, newPasswordSchema } from './auth-schemas';
import { accountUnlockEmail, confirmationEmail, passwordChangedEmail, recoveryEmail } from './emails';
import { parsePendingRedirect, postLoginRedirect, type PostLoginRedirect } from './post-login-redirect';
import type { Role } from './roles';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { IdentityScope } from './ports';
import type { AuditScope } from '../audit/ports';
import type { ReferralsScope } from '../referrals/ports';
import type { ProfessionalsScope } from '../professionals/ports';

/** The tables sign-in reads and writes; it reaches referrals (a signup's inviter) and professionals (the session's role). */
type AuthScope = IdentityScope & AuditScope & ReferralsScope & ProfessionalsScope;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuthenticatedUser {
  id: string;
  email: string;
  role: Role;
  full_name: string;
  sessionId: string;
  /** When the session passed the admin second factor (null: password only). */
  secondFactorAt?: Date | null;
}

export interface AuthServiceOptions {
  sessionTtlDays: number;
  /** Base of the links sent by e-mail, e.g. https://turma.com.br */
  publicUrl: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const CONFIRMATION_TTL_MS = 24 * HOUR;
export const RESET_TTL_MS = HOUR;
export const UNLOCK_TTL_MS = 24 * HOUR;

/** Phones are not unique: a sign-in by phone tries the password on at most this many accounts. */
const MAX_ACCOUNTS_PER_PHONE = 5;
export const INVALID_CREDENTIALS_MESSAGE = 'E-mail ou senha incorretos.';
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'E-mail não confirmado';
export const ACCOUNT_BLOCKED_MESSAGE = 'Sua conta está bloqueada. Fale com o suporte.';
export const INVALID_LINK_MESSAGE = 'Link inválido ou expirado. Tente novamente.';
export const RECOVERY_SENT_MESSAGE = 'Verifique seu email';
export const ACCOUNT_UNLOCKED_MESSAGE = 'Pronto! A entrada na sua conta foi liberada. Você já pode entrar.';

export function rateLimited(retryAfterSeconds: number, what = 'tentativas'): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new DomainError(
    'rate_limited',
    'rate_limited',
    `Muitas ${what}. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { details: { retry_after_seconds: retryAfterSeconds } },
  );
}

export interface SessionGrant {
  token: string;
  expiresAt: Date;
  user: ReturnType<typeof toPublicUser>;
  redirect: PostLoginRedirect;
}

export class AuthService {
  /** A real hash, so an unknown e-mail costs the same time as a wrong password. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly uow: UnitOfWork<AuthScope>,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SecretTokens,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly options: AuthServiceOptions,
  ) {}

  /**
   * `email` is loginSchema's identifier: an e-mail, or a phone's digits (docs/product/spec.md §5). Phones are not unique: the password
   * is tried against the (few) accounts with that phone, and the one it opens signs in.
   */
  async login(email: string, password: string, meta: RequestMeta): Promise<SessionGrant> {
    const ipKey = meta.ip ?? 'desconhecido';
    // Per address, per (account + address) pair, and a much higher per-account ceiling. A wrong-password
    // storm from one address stops that address only; the owner's right password from theirs still works.
    const pairKey = `${email}|${ipKey}`;
    await this.refuseIfLimited([
      ['login_ip', ipKey],
      ['login_pair', pairKey],
      ['login_account', email],
    ]);

    const { user, passwordOk } = await this.findLoginAccount(email, password);

    if (!user || !passwordOk) {
      const [, , account] = await Promise.all([this.limiter.hit('login_ip', ipKey), this.limiter.hit('login_pair', pairKey), this.limiter.hit('login_account', email)]);
      // The attempt that reaches the ceiling (counts are exact, so exactly one) e-mails the owner an unlock link.
      if (user && account.consumed === this.limiter.limitOf('login_account')) await this.sendUnlockLink(user, meta);
      await this.uow.repos.audit.append({
        action: 'auth.login_failed',
        actor_user_id: user?.id ?? null,
        actor_email: email,
        ...auditMeta(meta),
        metadata: { reason: user ? 'wrong_password' : 'unknown_email' },
      });
      throw new DomainError('unauthenticated', 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
    }
    if (!user.email_confirmed_at) {
      throw new DomainError('forbidden', 'email_not_confirmed', EMAIL_NOT_CONFIRMED_MESSAGE);
    }
    if (user.blocked_at) {
      throw new DomainError('forbidden', 'account_blocked', ACCOUNT_BLOCKED_MESSAGE);
    }
    await Promise.all([this.limiter.reset('login_pair', pairKey), this.limiter.reset('login_account', email)]);
    return this.uow.run((tx) => this.grantSession(tx, user, meta, 'auth.login'));
  }

  private async findLoginAccount(identifier: string, password: string): Promise<{ user: UserRecord | null; passwordOk: boolean }> {
    const users = isEmailIdentifier(identifier)
      ? [await this.uow.repos.identity.users.findByEmail(identifier)].filter((u): u is UserRecord => u !== null)
      : await this.uow.repos.identity.users.findByPhone(identifier, MAX_ACCOUNTS_PER_PHONE);
    if (users.length === 0) {
      // The same work as a wrong password (no account enumeration by timing).
      await this.hasher.verify(await this.getDummyHash(), password);
      return { user: null, passwordOk: false };
    }
    for (const user of users) {
      if (await this.hasher.verify(user.password_hash, password)) return { user, passwordOk: true };
    }
    return { user: users[0]!, passwordOk: false };
  }

  /** The per-account ceiling was reached: a single-use link (24 h) that clears it, e-mailed through the job queue. */
  private async sendUnlockLink(user: UserRecord, meta: RequestMeta): Promise<void> {
    if (user.deleted_at || user.blocked_at) return;
    const token = this.tokens.generate();
    const now = this.clock.now();
    const link = `${this.options.publicUrl}/auth/callback?type=unlock&token=${encodeURIComponent(token)}`;
    await this.uow.run(async (tx) => {
      await tx.identity.authTokens.invalidate(user.id, 'account_unlock', now);
      await tx.identity.authTokens.create({ user_id: user.id, purpose: 'account_unlock', token_hash: this.tokens.digest(token), expires_at: new Date(now.getTime() + UNLOCK_TTL_MS) });
      await tx.audit.append({ action: 'auth.login_ceiling_reached', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
      const profile = await tx.identity.profiles.findByUserId(user.id);
      await tx.jobs.enqueue('mail.send', accountUnlockEmail({ to: user.email, name: firstName(profile), link }));
    });
  }

  /** POST /api/auth/unlock: the e-mailed link clears the account's login ceiling, once. */
  async unlockAccount(token: string, meta: RequestMeta): Promise<{ message: string }> {
    const user = await this.uow.run(async (tx) => {
      const user = await this.useToken(tx, token, 'account_unlock');
      await tx.audit.append({ action: 'auth.account_unlocked', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
      return user;
    });
    await this.limiter.reset('login_account', user.email);
    return { message: ACCOUNT_UNLOCKED_MESSAGE };
  }

  /** Opens a session inside the caller's transaction; rotates nothing else (callers end old sessions when they must). */
  private async grantSession(tx: AuthScope, user: UserRecord, meta: RequestMeta, action: string, secondFactorAt: Date | null = null): Promise<SessionGrant> {
    const token = this.tokens.generate();
    const now = this.clock.now();
    const expiresAt = this.expiryFrom(now);
    await tx.identity.sessions.create({
      user_id: user.id,
      token_hash: this.tokens.digest(token),
      expires_at: expiresAt,
      last_seen_at: now,
      ip: meta.ip,
      user_agent: meta.userAgent,
      ...(secondFactorAt ? { second_factor_at: secondFactorAt } : {}),
    });
    await tx.identity.users.update(user.id, { last_login_at: now });
    await tx.audit.append({ action, actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });

    const profile = await tx.identity.profiles.findByUserId(user.id);
    // docs/product/spec.md §2: a pending checkout stored in the profile wins, and is cleared once used.
    const pending = parsePendingRedirect(profile?.metadata?.post_login_redirect);
    // docs/product/spec.md §6: a professional's dashboard needs approved=true (a suspended one lands on the pending page). The account
    // of an application not yet approved is still a plain user: it is a professional awaiting review (docs/product/spec.md §2).
    const application = user.role === 'professional' || user.role === 'user' ? await tx.professionals.professionals.findByUserId(user.id) : null;
    const redirect = postLoginRedirect({ role: application ? 'professional' : user.role, professionalApproved: application?.approved ?? null, pending });
    if (redirect.clearPending && profile) {
      const { post_login_redirect: _used, ...rest } = profile.metadata;
      await tx.identity.profiles.update(user.id, { metadata: rest });
    }
    return { token, expiresAt, user: toPublicUser(user, profile), redirect };
  }

  /** The user behind a session token, renewing the session's expiry (sliding) at most once an hour. */
  async authenticate(token: string | undefined | null): Promise<AuthenticatedUser | null> {
    if (!token || token.length > 256) return null;
    const repos = this.uow.repos;
    const session = await repos.identity.sessions.findByTokenHash(this.tokens.digest(token));
    const now = this.clock.now();
    if (!session) return null;
    if (session.expires_at.getTime() <= now.getTime()) {
      await repos.identity.sessions.delete(session.id);
      return null;
    }
    const user = await repos.identity.users.findById(session.user_id);
    if (!user || user.blocked_at || user.deleted_at || !user.email_confirmed_at) return null;
    if (now.getTime() - session.last_seen_at.getTime() > HOUR) {
      await repos.identity.sessions.touch(session.id, now, this.expiryFrom(now));
    }
    const profile = await repos.identity.profiles.findByUserId(user.id);
    return { id: user.id, email: user.email, role: user.role, full_name: profile?.full_name ?? '', sessionId: session.id, secondFactorAt: session.second_factor_at ?? null };
  }

  /** Ends one session without an audit line (the session a new login replaces). */
  async endSession(sessionId: string): Promise<void> {
    await this.uow.repos.identity.sessions.delete(sessionId);
  }

  async logout(user: AuthenticatedUser, meta: RequestMeta): Promise<void> {
    await this.uow.run(async (tx) => {
      await tx.identity.sessions.delete(user.sessionId);
      await tx.audit.append({ action: 'auth.logout', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
    });
  }

  /** Issues a single-use confirmation link (24 h); the caller sends it after its transaction commits. */
  async issueConfirmationToken(tx: IdentityScope, userId: string): Promise<string> {
    const token = this.tokens.generate();
    const now = this.clock.now();
    await tx.identity.authTokens.invalidate(userId, 'email_confirmation', now);
    await tx.identity.authTokens.create({ user_id: userId, purpose: 'email_confirmation', token_hash: this.tokens.digest(token), expires_at: new Date(now.getTime() + CONFIRMATION_TTL_MS) });
    return token;
  }

  confirmationLink(token: string): string {
    return `${this.options.publicUrl}/auth/callback?type=signup&token=${encodeURIComponent(token)}`;
  }

  /** POST /api/auth/confirm: a valid, unused, unexpired link confirms the e-mail and signs the user in. */
  async confirmEmail(token: string, meta: RequestMeta): Promise<SessionGrant> {
    return this.uow.run(async (tx) => {
      const user = await this.useToken(tx, token, 'email_confirmation');
      if (!user.email_confirmed_at) await tx.identity.users.update(user.id, { email_confirmed_at: this.clock.now() });
      await tx.audit.append({ action: 'auth.email_confirmed', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
      if (user.blocked_at) throw new DomainError('forbidden', 'account_blocked', ACCOUNT_BLOCKED_MESSAGE);
      return this.grantSession(tx, { ...user, email_confirmed_at: this.clock.now() }, meta, 'auth.login');
    });
  }

  /** Sends a new confirmation link to an unconfirmed account; answers the same whether or not it exists. */
  async resendConfirmation(email: string, meta: RequestMeta): Promise<void> {
    await this.refuseIfLimited([['recover_ip', meta.ip ?? 'desconhecido']], 'solicitações');
    await this.limiter.hit('recover_ip', meta.ip ?? 'desconhecido');
    const user = await this.uow.repos.identity.users.findByEmail(email);
    if (!user || user.email_confirmed_at || user.deleted_at) return;
    if ((await this.limiter.hit('recover_account', email)).blocked) return;
    await this.uow.run(async (tx) => {
      const token = await this.issueConfirmationToken(tx, user.id);
      const profile = await tx.identity.profiles.findByUserId(user.id);
      await tx.jobs.enqueue('mail.send', confirmationEmail({ to: user.email, name: firstName(profile), link: this.confirmationLink(token) }));
    });
  }

  /** POST /api/auth/recover: always the same answer; sends a 1-hour reset link when the account exists. */
  async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    const ipKey = meta.ip ?? 'desconhecido';
    await this.refuseIfLimited([['recover_ip', ipKey]], 'solicitações');
    await this.limiter.hit('recover_ip', ipKey);
    const user = await this.uow.repos.identity.users.findByEmail(email);
    if (!user || user.deleted_at || user.blocked_at) return;
    // Per-account cap: silent, so the answer does not reveal whether the e-mail has an account.
    if ((await this.limiter.hit('recover_account', email)).blocked) return;

    const token = this.tokens.generate();
    const now = this.clock.now();
    const link = `${this.options.publicUrl}/auth/callback?type=recovery&token=${encodeURIComponent(token)}`;
    await this.uow.run(async (tx) => {
      await tx.identity.authTokens.invalidate(user.id, 'password_reset', now);
      await tx.identity.authTokens.create({ user_id: user.id, purpose: 'password_reset', token_hash: this.tokens.digest(token), expires_at: new Date(now.getTime() + RESET_TTL_MS) });
      await tx.audit.append({ action: 'auth.password_reset_requested', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
      const profile = await tx.identity.profiles.findByUserId(user.id);
      await tx.jobs.enqueue('mail.send', recoveryEmail({ to: user.email, name: firstName(profile), link }));
    });
  }

  /** POST /api/auth/reset: sets the new password and ends every session of the account. */
  async resetPassword(token: string, password: string, meta: RequestMeta): Promise<void> {
    const newPassword = newPasswordSchema.parse(password);
    const hash = await this.hasher.hash(newPassword);
    const user = await this.uow.run(async (tx) => {
      const user = await this.useToken(tx, token, 'password_reset');
      const now = this.clock.now();
      await tx.identity.users.update(user.id, { password_hash: hash, password_changed_at: now });
      // The link proves the mailbox is the user's: an unconfirmed account becomes confirmed.
      if (!user.email_confirmed_at) await tx.identity.users.update(user.id, { email_confirmed_at: now });
      await tx.identity.sessions.deleteForUser(user.id);
      await tx.audit.append({ action: 'auth.password_reset', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
      const profile = await tx.identity.profiles.findByUserId(user.id);
      await tx.jobs.enqueue('mail.send', passwordChangedEmail({ to: user.email, name: firstName(profile), when: now }));
      return user;
    });
    await this.limiter.reset('login_account', user.email);
  }

  /** POST /api/me/password: checks the current password, ends every other session and rotates this one. */
  async changePassword(current: AuthenticatedUser, currentPassword: string, newPassword: string, meta: RequestMeta): Promise<SessionGrant> {
    const user = await this.uow.repos.identity.users.findById(current.id);
    if (!user) throw new DomainError('unauthenticated', 'unauthenticated', 'Sessão expirada. Entre novamente.');
    if (!(await this.hasher.verify(user.password_hash, currentPassword))) {
      await this.uow.repos.audit.append({ action: 'auth.password_change_failed', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
      throw invalid('wrong_password', 'Senha atual incorreta.', { current_password: 'Senha atual incorreta.' });
    }
    const hash = await this.hasher.hash(newPasswordSchema.parse(newPassword));
    const grant = await this.uow.run(async (tx) => {
      const now = this.clock.now();
      await tx.identity.users.update(user.id, { password_hash: hash, password_changed_at: now });
      await tx.identity.sessions.deleteForUser(user.id);
      await tx.audit.append({ action: 'auth.password_changed', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta) });
      // The renewed session keeps the second factor this one passed.
      const grant = await this.grantSession(tx, user, meta, 'auth.session_rotated', current.secondFactorAt ?? null);
      await tx.jobs.enqueue('mail.send', passwordChangedEmail({ to: user.email, name: grant.user.full_name.split(' ')[0] ?? '', when: now }));
      return grant;
    });
    return grant;
  }

  /** Operators create admins from the CLI; the account is confirmed at once. */
  async createAdmin(input: { email: string; fullName: string; password: string }, meta: RequestMeta) {
    const email = emailSchema.parse(input.email);
    const password = newPasswordSchema.parse(input.password);
    const fullName = input.fullName.trim();
    if (fullName.length < 2) throw new DomainError('invalid', 'invalid_name', 'Informe o nome completo');
    const passwordHash = await this.hasher.hash(password);
    return this.uow.run(async (tx) => {
      if (await tx.identity.users.findByEmail(email)) throw conflict('email_taken', 'Já existe uma conta com este e-mail.');
      const user = await tx.identity.users.create({ email, password_hash: passwordHash, role: 'admin', email_confirmed_at: this.clock.now() });
      await tx.identity.profiles.create({ user_id: user.id, email, full_name: fullName, origem: 'www' });
      await tx.referrals.create({ referred_user_id: user.id, referrer_user_id: null, referral_type: 'direct', status: 'confirmed', codigo_referencia: 'DIRECT' });
      await tx.audit.append({ action: 'admin.created', actor_email: 'cli', entity_type: 'user', entity_id: user.id, ...auditMeta(meta), metadata: { email } });
      return user;
    });
  }

  /** Takes a single-use link token: valid hash, right purpose, unused, unexpired, and consumed exactly once. */
  private async useToken(tx: IdentityScope, token: string, purpose: AuthTokenPurpose): Promise<UserRecord> {
    const linkError = () => invalid('invalid_or_expired_link', INVALID_LINK_MESSAGE);
    if (!token || token.length > 256) throw linkError();
    const record = await tx.identity.authTokens.findByHash(this.tokens.digest(token));
    const now = this.clock.now();
    if (!record || record.purpose !== purpose || record.used_at || record.expires_at.getTime() <= now.getTime()) throw linkError();
    if (!(await tx.identity.authTokens.consume(record.id, now))) throw linkError();
    const user = await tx.identity.users.findById(record.user_id);
    if (!user || user.deleted_at) throw linkError();
    return user;
  }

  private async refuseIfLimited(keys: Array<[RateLimitPolicy, string]>, what = 'tentativas'): Promise<void> {
    const states = await Promise.all(keys.map(([policy, key]) => this.limiter.peek(policy, key)));
    const worst = states.filter((s) => s.blocked).sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
    if (worst) throw rateLimited(worst.retryAfterSeconds, what);
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.options.sessionTtlDays * 24 * HOUR);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('turma-dummy-password-for-timing');
    return this.dummyHash;
  }
}

export function auditMeta(meta: RequestMeta) {
  return { ip: meta.ip, user_agent: meta.userAgent, request_id: meta.requestId };
}

export const firstName = (profile: Pick<ProfileRecord, 'full_name'> | null) => profile?.full_name.split(/\s+/)[0] ?? '';

export function toPublicUser(user: UserRecord, profile: ProfileRecord | null) {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    full_name: profile?.full_name ?? '',
    email_confirmed: user.email_confirmed_at !== null,
    created_at: user.created_at.toISOString(),
  };
}
