// The admin second factor (TOTP; docs/product/identity.md#admin-second-factor). Recovery codes are stored as keyed
// digests (HMAC-SHA-256 with SESSION_SECRET): they carry 50 bits of randomness each, so a slow password hash adds
// nothing. A TOTP step is accepted once; failed codes are rate limited and audited as `auth.2fa_failed`.
import type { Clock } from '../shared/clock';
import { DomainError, conflict, invalid } from '../shared/errors';
import type { RateLimiter } from '../ports/rate-limiter';
import type { SecretTokens } from '../ports/security';

/** How `reset` names a role it refuses. */
const ROLE_NAMES_PT: Record<string, string> = { user: 'usuário', professional: 'profissional', influencer: 'influenciador', admin: 'administrador' };
import { auditMeta, rateLimited, type AuthenticatedUser, type RequestMeta } from './auth.service';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { AuditScope } from '../audit/ports';

/** Two-factor sign-in writes the audit log only (its secrets live in the TwoFactorStore). */
type TwoFactorScope = AuditScope;

export const RECOVERY_CODE_COUNT = 10;
export const INVALID_CODE_MESSAGE = 'Código inválido. Confira o aplicativo autenticador e tente novamente.';
export const SECOND_FACTOR_REQUIRED_MESSAGE = 'Confirme a entrada com o código do aplicativo autenticador.';

export interface TwoFactorState {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
}

/** Persistence of the second factor (secrets are stored sealed; the store never sees a clear one). */
export interface TwoFactorStore {
  state(userId: string): Promise<TwoFactorState>;
  setPending(userId: string, sealedSecret: string): Promise<void>;
  /** Makes the pending secret the active one and replaces the recovery codes, in one transaction. */
  enable(userId: string, sealedSecret: string, codeHashes: string[], at: Date, step: number): Promise<void>;
  /** Records `step` as the last accepted one; false when it (or a later one) was already used. */
  acceptStep(userId: string, step: number): Promise<boolean>;
  /** Marks an unused recovery code used; false when there is none with that digest. */
  useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean>;
  remainingRecoveryCodes(userId: string): Promise<number>;
  markSessionVerified(sessionId: string, at: Date): Promise<void>;
  /** Clears the secret, the pending secret and the recovery codes, and ends every session; returns sessions ended. */
  reset(userId: string): Promise<number>;
}

/** TOTP and the sealing of secrets, supplied by an adapter (otplib, AES-GCM, qrcode). */
export interface TotpProvider {
  generateSecret(): string;
  uri(secret: string, account: string): string;
  qrDataUrl(uri: string): Promise<string>;
  /** The time step the code belongs to when valid (±1 step of drift), else null. */
  verify(secret: string, code: string): number | null;
  seal(secret: string): string;
  open(sealed: string): string;
  /** A new recovery code, e.g. `abcde-fghij`. */
  recoveryCode(): string;
}

export type SecondFactorStatus = 'enrol' | 'verify' | 'done';

export class TwoFactorService {
  constructor(
    private readonly uow: UnitOfWork<TwoFactorScope>,
    private readonly store: TwoFactorStore,
    private readonly totp: TotpProvider,
    private readonly tokens: SecretTokens,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  /** What the session still needs: only admins have a second factor. null for everyone else. */
  async status(user: AuthenticatedUser): Promise<SecondFactorStatus | null> {
    if (user.role !== 'admin') return null;
    if (user.secondFactorAt) return 'done';
    const state = await this.store.state(user.id);
    return state.enabledAt ? 'verify' : 'enrol';
  }

  /** Starts (or restarts) an enrolment: a new secret, pending until confirmed with a code. */
  async enrol(user: AuthenticatedUser, meta: RequestMeta): Promise<{ secret: string; otpauth_url: string; qr_data_url: string }> {
    this.requireAdmin(user);
    const state = await this.store.state(user.id);
    if (state.enabledAt) throw conflict('second_factor_enrolled', 'A verificação em duas etapas já está ativa nesta conta.');
    const secret = this.totp.generateSecret();
    await this.store.setPending(user.id, this.totp.seal(secret));
    await this.audit(user, 'auth.2fa_enrol_started', meta);
    const uri = this.totp.uri(secret, user.email);
    return { secret, otpauth_url: uri, qr_data_url: await this.totp.qrDataUrl(uri) };
  }

  /** Confirms the enrolment with a code: enables the factor, verifies this session, hands out the recovery codes once. */
  async confirm(user: AuthenticatedUser, code: string, meta: RequestMeta): Promise<{ recovery_codes: string[] }> {
    this.requireAdmin(user);
    await this.refuseIfLimited(user);
    const state = await this.store.state(user.id);
    if (state.enabledAt) throw conflict('second_factor_enrolled', 'A verificação em duas etapas já está ativa nesta conta.');
    if (!state.pendingSecret) throw invalid('second_factor_not_started', 'Comece a configuração da verificação em duas etapas.');
    const sealed = state.pendingSecret;
    const step = this.totp.verify(this.totp.open(sealed), code);
    if (step === null) return this.fail(user, meta, 'enrol');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => this.totp.recoveryCode());
    const now = this.clock.now();
    await this.store.enable(user.id, sealed, codes.map((c) => this.digest(c)), now, step);
    await this.store.markSessionVerified(user.sessionId, now);
    await this.limiter.reset('second_factor', user.id);
    await this.audit(user, 'auth.2fa_enabled', meta);
    return { recovery_codes: codes };
  }

  /** Verifies this session with a TOTP code or an unused recovery code. */
  async verify(user: AuthenticatedUser, input: { code?: string; recovery_code?: string }, meta: RequestMeta): Promise<{ recovery_codes_left: number }> {
    this.requireAdmin(user);
    await this.refuseIfLimited(user);
    const state = await this.store.state(user.id);
    if (!state.enabledAt || !state.secret) throw invalid('second_factor_not_enrolled', 'Configure a verificação em duas etapas primeiro.');
    const now = this.clock.now();
    let ok = false;
    let method = 'totp';
    if (input.recovery_code) {
      method = 'recovery_code';
      ok = await this.store.useRecoveryCode(user.id, this.digest(input.recovery_code), now);
    } else if (input.code) {
      const step = this.totp.verify(this.totp.open(state.secret), input.code);
      ok = step !== null && (await this.store.acceptStep(user.id, step));
    }
    if (!ok) return this.fail(user, meta, method);
    await this.store.markSessionVerified(user.sessionId, now);
    await this.limiter.reset('second_factor', user.id);
    await this.audit(user, 'auth.2fa_verified', meta, { method });
    return { recovery_codes_left: await this.store.remainingRecoveryCodes(user.id) };
  }

  /** Seeds only (DEMO_ADMIN_TOTP_SECRET, for browser tests): the account's second factor with a known secret. */
  async enableWithKnownSecret(userId: string, secret: string): Promise<void> {
    await this.store.enable(userId, this.totp.seal(secret), [], this.clock.now(), 0);
  }

  /**
   * `turma users reset-2fa`: a locked-out admin enrols again on the next sign-in. Only admins have a second factor to
   * reset: any other account is refused (409) before anything changes.
   */
  async reset(target: { id: string; email: string; role: string }, actor: { actorUserId: string | null; actorEmail: string }, meta: RequestMeta): Promise<{ sessions_ended: number }> {
    if (target.role !== 'admin') {
      throw conflict('not_admin', `${target.email} não é administrador (papel: ${ROLE_NAMES_PT[target.role] ?? target.role}). A verificação em duas etapas só é redefinida para administradores; nada foi alterado.`);
    }
    const userId = target.id;
    const email = target.email;
    const sessions = await this.store.reset(userId);
    await this.uow.repos.audit.append({
      action: 'admin.2fa_reset', actor_user_id: actor.actorUserId, actor_email: actor.actorEmail, entity_type: 'user', entity_id: userId, ...auditMeta(meta), metadata: { email, sessions_ended: sessions },
    });
    await this.limiter.reset('second_factor', userId);
    return { sessions_ended: sessions };
  }

  private digest(code: string): string {
    return this.tokens.digest(`recovery:${code.trim().toLowerCase().replace(/[^a-z0-9]/g, '')}`);
  }

  private requireAdmin(user: AuthenticatedUser) {
    if (user.role !== 'admin') throw new DomainError('forbidden', 'forbidden', 'Você não tem permissão para acessar esta área.');
  }

  private async refuseIfLimited(user: AuthenticatedUser) {
    const state = await this.limiter.peek('second_factor', user.id);
    if (state.blocked) throw rateLimited(state.retryAfterSeconds);
  }

  private async fail(user: AuthenticatedUser, meta: RequestMeta, method: string): Promise<never> {
    const hit = await this.limiter.hit('second_factor', user.id);
    await this.audit(user, 'auth.2fa_failed', meta, { method });
    if (hit.blocked) throw rateLimited(hit.retryAfterSeconds);
    throw invalid('invalid_second_factor_code', INVALID_CODE_MESSAGE);
  }

  private async audit(user: AuthenticatedUser, action: string, meta: RequestMeta, metadata?: Record<string, unknown>) {
    await this.uow.repos.audit.append({ action, actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta), ...(metadata ? { metadata } : {}) });
  }
}
