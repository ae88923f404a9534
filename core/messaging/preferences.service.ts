// A person's message choices on /profile and the WhatsApp double opt-in; also the MessagePreferences port the senders
// ask before every message (docs/product/messaging.md).
import type { Clock } from '../shared/clock';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { SecretTokens } from '../ports/security';
import type { AuditScope } from '../audit/ports';
import { conflict, invalid, DomainError } from '../shared/errors';
import { secureRandom } from '../shared/random';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNELS, defaultAllows, type MessageCategory, type MessageChannel } from './categories';
import type { MessagePreferences, MessagingScope, PushSubscriptionsProbe, WhatsappOptinRecord } from './ports';
import type { MessageChoice, MessagePreferencesView } from './schemas';
import { maskPhone, normalizeBrazilianMobile } from './phone';

type Scope = MessagingScope & AuditScope;

/** Who asked, for the audit trail (the request's address is not kept here). */
export interface MessagingActor {
  id: string;
  email: string;
  requestId?: string | null;
}

export const OPTIN_CODE_TTL_MS = 10 * 60_000;
export const OPTIN_MAX_ATTEMPTS = 5;
/** A new code for the same person at most once a minute. */
export const OPTIN_RESEND_MS = 60_000;

const PHONE_MESSAGES = {
  empty: 'Informe o número do celular.',
  not_brazil: 'Informe um celular do Brasil (+55).',
  bad_ddd: 'O DDD não existe.',
  not_mobile: 'Informe um número de celular (começa com 9).',
  length: 'Informe o DDD e o número do celular, como (11) 98765-4321.',
} as const;

/** A 6-digit code from the cryptographic source (leading zeros kept). */
export const optinCode = () => String(Math.floor(secureRandom() * 1_000_000)).padStart(6, '0');

const optinStatus = (o: WhatsappOptinRecord | null): 'none' | 'pending' | 'confirmed' => (!o ? 'none' : o.confirmed_at ? 'confirmed' : 'pending');

export class MessagePreferenceService implements MessagePreferences {
  constructor(
    private readonly uow: UnitOfWork<Scope>,
    private readonly clock: Clock,
    private readonly tokens: SecretTokens,
    private readonly push: PushSubscriptionsProbe,
  ) {}

  async allows(userId: string, channel: MessageChannel, category: MessageCategory): Promise<boolean> {
    const rows = await this.uow.repos.messaging.preferences.list(userId);
    const row = rows.find((r) => r.channel === channel && r.category === category);
    if (!(row ? row.enabled : defaultAllows(channel, category))) return false;
    if (channel === 'whatsapp') return (await this.whatsappNumber(userId)) !== null;
    if (channel === 'push') return this.push.hasAny(userId);
    return true;
  }

  async whatsappNumber(userId: string): Promise<string | null> {
    const optin = await this.uow.repos.messaging.whatsapp.get(userId);
    return optin?.confirmed_at ? optin.phone : null;
  }

  async turnOff(userId: string, channel: MessageChannel, reason: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const changed = await tx.messaging.preferences.turnOffChannel(userId, channel, this.clock.now());
      await tx.audit.append({ action: 'messages.channel_turned_off', actor_user_id: null, entity_type: 'user', entity_id: userId, metadata: { channel, reason, rows: changed } });
    });
  }

  /** Every category × channel with the person's choice (or the default), the WhatsApp number's state and push's. */
  async view(userId: string): Promise<MessagePreferencesView> {
    const [rows, optin, subscribed] = await Promise.all([
      this.uow.repos.messaging.preferences.list(userId),
      this.uow.repos.messaging.whatsapp.get(userId),
      this.push.hasAny(userId),
    ]);
    const preferences: MessageChoice[] = [];
    for (const category of MESSAGE_CATEGORIES)
      for (const channel of MESSAGE_CHANNELS) {
        const row = rows.find((r) => r.channel === channel && r.category === category);
        preferences.push({ category, channel, enabled: row ? row.enabled : defaultAllows(channel, category) });
      }
    return {
      preferences,
      whatsapp: { phone: optin?.phone ?? null, status: optinStatus(optin), code_expires_at: optin && !optin.confirmed_at ? (optin.code_expires_at?.toISOString() ?? null) : null },
      push: { subscribed },
    };
  }

  /** Stores the choices that changed; turning WhatsApp on needs a confirmed number, push a subscription. */
  async update(actor: MessagingActor, choices: MessageChoice[]): Promise<MessagePreferencesView> {
    const current = await this.view(actor.id);
    const changes = choices.filter((c) => current.preferences.some((p) => p.category === c.category && p.channel === c.channel && p.enabled !== c.enabled));
    if (changes.some((c) => c.channel === 'whatsapp' && c.enabled) && current.whatsapp.status !== 'confirmed')
      throw conflict('whatsapp_not_confirmed', 'Confirme seu número de WhatsApp antes de ativar mensagens por lá.');
    if (changes.some((c) => c.channel === 'push' && c.enabled) && !current.push.subscribed)
      throw conflict('push_not_subscribed', 'Ative as notificações neste navegador antes de escolher recebê-las.');
    if (changes.length) {
      const now = this.clock.now();
      await this.uow.run(async (tx) => {
        for (const c of changes) await tx.messaging.preferences.set(actor.id, c.category, c.channel, c.enabled, now);
        await tx.audit.append({ action: 'messages.preferences_changed', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'user', entity_id: actor.id, request_id: actor.requestId ?? null, metadata: { changes } });
      });
    }
    return this.view(actor.id);
  }

  /** Double opt-in, step one: the number typed, normalised; a code sent to it on WhatsApp (a job). */
  async startWhatsapp(actor: MessagingActor, phone: string): Promise<MessagePreferencesView> {
    const parsed = normalizeBrazilianMobile(phone);
    if (!parsed.ok) throw invalid('invalid_phone', PHONE_MESSAGES[parsed.reason], { phone: PHONE_MESSAGES[parsed.reason] });
    const now = this.clock.now();
    const existing = await this.uow.repos.messaging.whatsapp.get(actor.id);
    if (existing?.confirmed_at && existing.phone === parsed.e164) throw conflict('whatsapp_already_confirmed', 'Este número já está confirmado.');
    if (existing && !existing.confirmed_at && now.getTime() - existing.updated_at.getTime() < OPTIN_RESEND_MS)
      throw new DomainError('rate_limited', 'optin_too_soon', 'Aguarde um minuto para pedir um novo código.', { details: { retry_after_seconds: Math.ceil((OPTIN_RESEND_MS - (now.getTime() - existing.updated_at.getTime())) / 1000) } });
    const code = optinCode();
    await this.uow.run(async (tx) => {
      await tx.messaging.whatsapp.start(actor.id, parsed.e164, this.tokens.digest(`whatsapp-optin:${actor.id}:${code}`), new Date(now.getTime() + OPTIN_CODE_TTL_MS), now);
      // A new number is not confirmed yet: WhatsApp stays off until it is.
      if (existing?.confirmed_at) await tx.messaging.preferences.turnOffChannel(actor.id, 'whatsapp', now);
      await tx.audit.append({ action: 'messages.whatsapp_optin_started', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'user', entity_id: actor.id, request_id: actor.requestId ?? null, metadata: { phone: maskPhone(parsed.e164) } });
      await tx.jobs.enqueue('whatsapp.optin', { user_id: actor.id, phone: parsed.e164, code });
    });
    return this.view(actor.id);
  }

  /** Step two: the code typed. Confirmed, WhatsApp is turned on for groups and payments and for vouchers (not marketing). */
  async confirmWhatsapp(actor: MessagingActor, code: string): Promise<MessagePreferencesView> {
    const now = this.clock.now();
    const optin = await this.uow.repos.messaging.whatsapp.get(actor.id);
    if (!optin || optin.confirmed_at || !optin.code_hash) throw conflict('no_pending_code', 'Peça um código antes de confirmar.');
    if (!optin.code_expires_at || optin.code_expires_at.getTime() <= now.getTime()) throw conflict('code_expired', 'O código expirou. Peça um novo.');
    if (optin.attempts >= OPTIN_MAX_ATTEMPTS) throw conflict('too_many_attempts', 'Tentativas esgotadas. Peça um novo código.');
    const ok = this.tokens.digest(`whatsapp-optin:${actor.id}:${code}`) === optin.code_hash;
    if (!ok) {
      await this.uow.repos.messaging.whatsapp.countAttempt(actor.id);
      const left = OPTIN_MAX_ATTEMPTS - optin.attempts - 1;
      throw invalid('wrong_code', left > 0 ? `Código incorreto. Restam ${left} tentativa${left === 1 ? '' : 's'}.` : 'Código incorreto. Tentativas esgotadas: peça um novo código.', { code: 'Código incorreto.' });
    }
    await this.uow.run(async (tx) => {
      await tx.messaging.whatsapp.confirm(actor.id, now);
      for (const category of ['transactional', 'vouchers'] as const) await tx.messaging.preferences.set(actor.id, category, 'whatsapp', true, now);
      await tx.audit.append({ action: 'messages.whatsapp_optin_confirmed', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'user', entity_id: actor.id, request_id: actor.requestId ?? null, metadata: { phone: maskPhone(optin.phone) } });
    });
    return this.view(actor.id);
  }

  /** Forgets the number: WhatsApp off for every kind of message at once. */
  async removeWhatsapp(actor: MessagingActor): Promise<MessagePreferencesView> {
    const now = this.clock.now();
    await this.uow.run(async (tx) => {
      const removed = await tx.messaging.whatsapp.remove(actor.id);
      await tx.messaging.preferences.turnOffChannel(actor.id, 'whatsapp', now);
      if (removed) await tx.audit.append({ action: 'messages.whatsapp_removed', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'user', entity_id: actor.id, request_id: actor.requestId ?? null, metadata: {} });
    });
    return this.view(actor.id);
  }
}
