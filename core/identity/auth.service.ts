// Sign-in, sessions and operator-created accounts: the use cases behind /api/auth and `turma users`.
import type { Clock } from '../shared/clock';
import { DomainError, conflict } from '../shared/errors';
import type { PasswordHasher, SecretTokens } from '../ports/security';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { ProfileRecord, UserRecord } from '../ports/repositories';
import { emailSchema, newPasswordSchema } from './auth-schemas';
import { postLoginRedirect } from './post-login-redirect';
import type { Role } from './roles';

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
}

export interface AuthServiceOptions {
  sessionTtlDays: number;
}

const HOUR = 3_600_000;
export const INVALID_CREDENTIALS_MESSAGE = 'E-mail ou senha incorretos.';
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'E-mail não confirmado';
export const ACCOUNT_BLOCKED_MESSAGE = 'Sua conta está bloqueada. Fale com o suporte.';

export class AuthService {
  /** A real hash, so an unknown e-mail costs the same time as a wrong password. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SecretTokens,
    private readonly clock: Clock,
    private readonly options: AuthServiceOptions,
  ) {}

  async login(email: string, password: string, meta: RequestMeta) {
    const user = await this.uow.repos.users.findByEmail(email);
    const passwordOk = user
      ? await this.hasher.verify(user.password_hash, password)
      : await this.hasher.verify(await this.getDummyHash(), password).then(() => false);

    if (!user || !passwordOk) {
      await this.uow.repos.audit.append({
        action: 'auth.login_failed',
        actor_user_id: user?.id ?? null,
        actor_email: email,
        ip: meta.ip,
        user_agent: meta.userAgent,
        request_id: meta.requestId,
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

    const token = this.tokens.generate();
    const now = this.clock.now();
    const { profile } = await this.uow.run(async (r) => {
      await r.sessions.create({
        user_id: user.id,
        token_hash: this.tokens.digest(token),
        expires_at: this.expiryFrom(now),
        last_seen_at: now,
        ip: meta.ip,
        user_agent: meta.userAgent,
      });
      await r.users.update(user.id, { last_login_at: now });
      await r.audit.append({
        action: 'auth.login',
        actor_user_id: user.id,
        actor_email: user.email,
        entity_type: 'user',
        entity_id: user.id,
        ip: meta.ip,
        user_agent: meta.userAgent,
        request_id: meta.requestId,
      });
      return { profile: await r.profiles.findByUserId(user.id) };
    });

    const redirect = postLoginRedirect({ role: user.role, professionalApproved: null, pending: null });
    return {
      token,
      expiresAt: this.expiryFrom(now),
      user: toPublicUser(user, profile),
      redirectTo: redirect.path,
    };
  }

  /** The user behind a session token, renewing the session's expiry (sliding) at most once an hour. */
  async authenticate(token: string | undefined | null): Promise<AuthenticatedUser | null> {
    if (!token || token.length > 256) return null;
    const repos = this.uow.repos;
    const session = await repos.sessions.findByTokenHash(this.tokens.digest(token));
    const now = this.clock.now();
    if (!session) return null;
    if (session.expires_at.getTime() <= now.getTime()) {
      await repos.sessions.delete(session.id);
      return null;
    }
    const user = await repos.users.findById(session.user_id);
    if (!user || user.blocked_at || !user.email_confirmed_at) return null;
    if (now.getTime() - session.last_seen_at.getTime() > HOUR) {
      await repos.sessions.touch(session.id, now, this.expiryFrom(now));
    }
    const profile = await repos.profiles.findByUserId(user.id);
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      full_name: profile?.full_name ?? '',
      sessionId: session.id,
    };
  }

  async logout(user: AuthenticatedUser, meta: RequestMeta): Promise<void> {
    await this.uow.run(async (r) => {
      await r.sessions.delete(user.sessionId);
      await r.audit.append({
        action: 'auth.logout',
        actor_user_id: user.id,
        actor_email: user.email,
        entity_type: 'user',
        entity_id: user.id,
        ip: meta.ip,
        user_agent: meta.userAgent,
        request_id: meta.requestId,
      });
    });
  }

  async me(userId: string) {
    const user = await this.uow.repos.users.findById(userId);
    if (!user) throw new DomainError('unauthenticated', 'unauthenticated', 'Sessão expirada. Entre novamente.');
    const profile = await this.uow.repos.profiles.findByUserId(userId);
    return { user: toPublicUser(user, profile), profile };
  }

  /** Operators create admins from the CLI; the account is confirmed at once. */
  async createAdmin(input: { email: string; fullName: string; password: string }, meta: RequestMeta) {
    const email = emailSchema.parse(input.email);
    const password = newPasswordSchema.parse(input.password);
    const fullName = input.fullName.trim();
    if (fullName.length < 2) throw new DomainError('invalid', 'invalid_name', 'Informe o nome completo');
    const passwordHash = await this.hasher.hash(password);
    return this.uow.run(async (r) => {
      if (await r.users.findByEmail(email)) throw conflict('email_taken', 'Já existe uma conta com este e-mail.');
      const user = await r.users.create({
        email,
        password_hash: passwordHash,
        role: 'admin',
        email_confirmed_at: this.clock.now(),
      });
      await r.profiles.create({ user_id: user.id, email, full_name: fullName, origem: 'www' });
      await r.audit.append({
        action: 'admin.created',
        actor_email: 'cli',
        entity_type: 'user',
        entity_id: user.id,
        ip: meta.ip,
        user_agent: meta.userAgent,
        request_id: meta.requestId,
        metadata: { email },
      });
      return user;
    });
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.options.sessionTtlDays * 24 * HOUR);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('turma-dummy-password-for-timing');
    return this.dummyHash;
  }
}

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
