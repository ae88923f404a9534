// Accounts: sign-up (docs/product/spec.md §2, §3, §4), the profile and its address, origin, and LGPD self-service (export, deletion).
import type { Clock } from '../shared/clock';
import { DomainError, invalid } from '../shared/errors';
import type { AddressService } from '../address';
import type { PasswordHasher, SecretTokens } from '../ports/security';
import type { RateLimiter } from '../ports/rate-limiter';
import type { ProfileRecord } from './ports';
import { DIRECT_REFERRAL, originForNewUser, originForPath, type Origin, type ReferralService } from '../referrals';
import { buildProfileUpdateSchema, buildSignupSchema, type ProfileUpdateInput, type SignupInput } from './account-schemas';
import { AuthService, auditMeta, rateLimited, toPublicUser, type AuthenticatedUser, type RequestMeta } from './auth.service';
import { confirmationEmail } from './emails';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { IdentityScope } from './ports';
import type { ReferralsScope } from '../referrals/ports';
import type { AuditScope } from '../audit/ports';
import type { InfluencersScope } from '../influencers/ports';

/**
 * The tables account use cases read and write; a signup reaches referrals and influencers (who invited);
 * `signupWith`'s callback runs in the same transaction.
 */
type AccountScope = IdentityScope & ReferralsScope & InfluencersScope & AuditScope;

/** docs/product/spec.md §3: a sign-up with no referrer gets this referral row (defined with the referrals, kept here for its readers). */
export { DIRECT_REFERRAL };

export const SIGNUP_SUCCESS_MESSAGE = 'Cadastro realizado! Verifique seu e-mail para confirmar a conta.';

/** What LGPD deletion keeps, and why (shown to the user and stored in the audit trail). */
export const RETENTION_NOTICE =
  'Dados pessoais anonimizados. Registros financeiros e de auditoria são mantidos pelo prazo legal ' +
  '(LGPD art. 7º, II e art. 16, I — cumprimento de obrigação legal; Código Tributário Nacional art. 173; Marco Civil da Internet art. 15).';

export class AccountService {
  constructor(
    private readonly uow: UnitOfWork<AccountScope>,
    private readonly auth: AuthService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SecretTokens,
    private readonly addresses: AddressService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    /** Binds a sign-up to the influencer whose link brought it; without it every sign-up is direct. */
    private readonly referrals: Pick<ReferralService, 'referralFor'> | null = null,
    /** More the sign-up stores in its transaction: the terms and privacy versions accepted (core/legal). */
    private readonly onSignup: ((tx: Tx<AccountScope>, user: { id: string; email: string }, meta: RequestMeta) => Promise<void>) | null = null,
  ) {}

  get signupSchema() {
    return buildSignupSchema(() => this.clock.now());
  }

  get profileUpdateSchema() {
    return buildProfileUpdateSchema(() => this.clock.now());
  }

  /**
   * POST /api/auth/signup: an unconfirmed account, its profile, the referral row (bound to the influencer of the
   * carried click inside the 30-day window, else direct), and the confirmation e-mail.
   */
  async signup(input: SignupInput, meta: RequestMeta, referral: { clickId: string | null } = { clickId: null }) {
    const { user } = await this.signupWith(input, meta, referral, async () => undefined);
    // The confirmation e-mail is queued with the account: it is delivered (retried if the mail server is down) or visible as failed.
    return { user, mail_sent: true, message: SIGNUP_SUCCESS_MESSAGE };
  }

  /**
   * The sign-up with more in the same transaction (`within`, e.g. the influencer application of /influencer-signup):
   * if `within` fails, the account is not created either. Same checks, rate limit and confirmation e-mail as signup.
   */
  async signupWith<T>(input: SignupInput, meta: RequestMeta, referral: { clickId: string | null }, within: (tx: Tx<AccountScope>, user: { id: string; email: string }) => Promise<T>) {
    const ipKey = meta.ip ?? 'desconhecido';
    const limit = await this.limiter.hit('signup_ip', ipKey);
    if (limit.blocked) throw rateLimited(limit.retryAfterSeconds, 'tentativas de cadastro');

    const address = await this.resolveAddress(input);
    const passwordHash = await this.hasher.hash(input.password);
    const origem: Origin = originForNewUser(input.origem);

    const { user, extra } = await this.uow.run(async (tx) => {
      // Checked first for a clear message; the unique constraints still decide under a race.
      if (await tx.identity.users.findByEmail(input.email)) throw new DomainError('conflict', 'email_taken', 'Já existe uma conta com este e-mail.');
      if (await tx.identity.profiles.findByCpf(input.cpf))
        throw new DomainError('conflict', 'cpf_taken', 'Este CPF já está cadastrado. Se a conta é sua, entre ou recupere a senha.');
      const user = await tx.identity.users.create({ email: input.email, password_hash: passwordHash, role: 'user' });
      await tx.identity.profiles.create({
        user_id: user.id,
        email: input.email,
        full_name: input.full_name,
        cpf: input.cpf,
        phone: input.phone,
        birth_date: input.birth_date,
        ...address,
        address_number: input.address_number,
        address_complement: input.address_complement,
        origem,
        // Without a type from the landing (an old client, storage blocked) the visit counts as direct.
        visitor_type: input.visitor_type ?? 'direct',
        metadata: {},
      });
      const row = this.referrals
        ? await this.referrals.referralFor(tx, { id: user.id, cpf: input.cpf, email: input.email, phone: input.phone }, referral.clickId, meta.ip)
        : { referred_user_id: user.id, referrer_user_id: null, ...DIRECT_REFERRAL };
      await tx.referrals.create(row);
      await tx.audit.append({ action: 'user.signed_up', actor_user_id: user.id, actor_email: user.email, entity_type: 'user', entity_id: user.id, ...auditMeta(meta), metadata: { origem, visitor_type: input.visitor_type ?? 'direct' } });
      if (this.onSignup) await this.onSignup(tx, { id: user.id, email: user.email }, meta);
      const token = await this.auth.issueConfirmationToken(tx, user.id);
      await tx.jobs.enqueue('mail.send', confirmationEmail({ to: user.email, name: input.full_name.split(/\s+/)[0] ?? '', link: this.auth.confirmationLink(token) }));
      const extra = await within(tx, { id: user.id, email: user.email });
      return { user, extra };
    });
    return { user: toPublicUser(user, null), extra };
  }

  /** The address to store: the CEP lookup's when it answers, else what the person typed (manual entry), plus coordinates. */
  private async resolveAddress(input: { cep: string; address_street?: string | null; address_district?: string | null; address_city?: string | null; address_state?: string | null }) {
    const found = await this.addresses.lookup(input.cep);
    if (found) {
      return {
        cep: found.cep,
        address_street: found.street || input.address_street || null,
        address_district: found.district || input.address_district || null,
        address_city: found.city,
        address_state: found.state,
        latitude: found.latitude,
        longitude: found.longitude,
      };
    }
    if (!input.address_city || !input.address_state) {
      throw invalid('address_required', 'Não encontramos este CEP. Preencha o endereço manualmente.', {
        ...(input.address_city ? {} : { address_city: 'Informe a cidade' }),
        ...(input.address_state ? {} : { address_state: 'Informe a UF' }),
      });
    }
    const coordinates = await this.addresses.geocode({ street: input.address_street ?? '', city: input.address_city, state: input.address_state });
    return {
      cep: input.cep,
      address_street: input.address_street ?? null,
      address_district: input.address_district ?? null,
      address_city: input.address_city,
      address_state: input.address_state,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
    };
  }

  /** GET /api/me: the user, the role and the profile; a missing profile is tolerated (docs/product/spec.md §8, PGRST116). */
  async me(userId: string) {
    const user = await this.uow.repos.identity.users.findById(userId);
    if (!user || user.deleted_at) throw new DomainError('unauthenticated', 'unauthenticated', 'Sessão expirada. Entre novamente.');
    const profile = await this.uow.repos.identity.profiles.findByUserId(userId);
    return { user: toPublicUser(user, profile), profile: profile ? publicProfile(profile, user.role) : null };
  }

  /** PATCH /api/me: personal data and address; a new CEP is looked up and geocoded again. */
  async updateProfile(current: AuthenticatedUser, patch: ProfileUpdateInput, meta: RequestMeta) {
    const profile = await this.uow.repos.identity.profiles.findByUserId(current.id);
    const changes: Partial<ProfileRecord> = {};
    if (patch.cpf !== undefined && patch.cpf !== profile?.cpf) {
      // A CPF identifies the payer: it can be added (accounts created without one) but never swapped.
      if (profile?.cpf) throw invalid('cpf_locked', 'O CPF não pode ser alterado. Fale com o suporte.', { cpf: 'O CPF não pode ser alterado. Fale com o suporte.' });
      if (await this.uow.repos.identity.profiles.findByCpf(patch.cpf)) {
        throw new DomainError('conflict', 'cpf_taken', 'Este CPF já está cadastrado. Se a conta é sua, entre ou recupere a senha.');
      }
      changes.cpf = patch.cpf;
    }
    for (const key of ['full_name', 'phone', 'birth_date', 'address_number', 'address_complement'] as const) {
      if (patch[key] !== undefined) (changes as Record<string, unknown>)[key] = patch[key];
    }
    const addressTouched = ['cep', 'address_street', 'address_district', 'address_city', 'address_state'].some((k) => k in patch);
    if (addressTouched) {
      const cep = patch.cep ?? profile?.cep;
      if (!cep) throw invalid('invalid_input', 'Informe o CEP.', { cep: 'O CEP deve ter 8 dígitos' });
      const cepChanged = cep !== profile?.cep;
      const address = await this.resolveAddress({
        cep,
        address_street: patch.address_street ?? (cepChanged ? null : profile?.address_street),
        address_district: patch.address_district ?? (cepChanged ? null : profile?.address_district),
        address_city: patch.address_city ?? (cepChanged ? null : profile?.address_city),
        address_state: patch.address_state ?? (cepChanged ? null : profile?.address_state),
      });
      Object.assign(changes, address);
    }
    await this.uow.run(async (tx) => {
      if (profile) await tx.identity.profiles.update(current.id, changes);
      else await tx.identity.profiles.create({ user_id: current.id, email: current.email, full_name: (changes.full_name as string | undefined) ?? current.full_name, ...changes });
      await tx.audit.append({ action: 'profile.updated', actor_user_id: current.id, actor_email: current.email, entity_type: 'user', entity_id: current.id, ...auditMeta(meta), metadata: { fields: Object.keys(changes) } });
    });
    return this.me(current.id);
  }

  /** docs/product/spec.md §4 origin rules for a signed-in visit (RPC set_user_origin); answers the stored origin. */
  async recordVisit(current: AuthenticatedUser, pathname: string): Promise<Origin | null> {
    const profile = await this.uow.repos.identity.profiles.findByUserId(current.id);
    if (!profile) return null;
    const next = originForPath(pathname, profile.origem);
    if (next && next !== profile.origem) {
      await this.uow.run((tx) => tx.identity.profiles.update(current.id, { origem: next }));
      return next;
    }
    return profile.origem;
  }

  /**
   * PUT /api/me/group-referral: the invite a visitor followed before signing in (docs/product/spec.md §3 metadata.group_referral,
   * origin 'usuario'), kept on the profile so the join can resume after login.
   */
  async recordGroupReferral(current: AuthenticatedUser, groupId: string, referralCode: string) {
    const profile = await this.uow.repos.identity.profiles.findByUserId(current.id);
    if (!profile) return null;
    const group_referral = { group_id: groupId, referral_code: referralCode, timestamp: this.clock.now().toISOString() };
    await this.uow.run((tx) => tx.identity.profiles.update(current.id, { metadata: { ...profile.metadata, group_referral }, origem: 'usuario' }));
    return group_referral;
  }

  // GET /api/me/export and DELETE /api/me cross modules: core/flows/export-my-data.flow.ts, core/flows/account-deletion.flow.ts.
}

export function publicProfile(profile: ProfileRecord, role: string) {
  return { ...profile, role };
}
