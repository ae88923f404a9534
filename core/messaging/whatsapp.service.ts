// The WhatsApp channel's use cases (docs/integrations.md#whatsapp): send one notification's template (asking the
// person's choice again first), the opt-in code, the delivery statuses and "PARAR" replies from the webhook, and the
// one e-mail that replaces a message that failed for good.
import type { UnitOfWork, Tx } from '../ports/unit-of-work';
import type { NotificationsScope, NotificationRecord } from '../notifications/ports';
import type { IdentityScope } from '../identity/ports';
import type { PaymentsScope } from '../payments/ports';
import { greetingFor, renderEmail } from '../identity';
import { categoryOf } from './categories';
import type { NotificationKind } from '../notifications';
import type { MessagePreferences, MessageStatus, MessagingScope } from './ports';
import { MessengerError, describeFailure, type Messenger, type TemplateLanguage } from './messenger';
import { optInMessage, whatsappMessageFor, type WhatsappContext } from './whatsapp-templates';
import { isStopReply, statusesBefore } from './whatsapp-rules';
import { maskPhone } from './phone';

type Scope = MessagingScope & NotificationsScope & IdentityScope & PaymentsScope;

export interface JobAttempt {
  /** On the last attempt a retryable failure is final too. */
  lastAttempt: boolean;
}

/** The e-mail sent instead of a WhatsApp message that could not be delivered. */
export function whatsappFallbackEmail({ to, name, title, body, link }: { to: string; name: string; title: string; body: string; link: string | null }) {
  return renderEmail(to, title, 'whatsapp_fallback', {
    greeting: greetingFor(name),
    intro: [body],
    ...(link ? { action: { label: 'Abrir na Turma', link } } : {}),
    outro: ['Tentamos avisar você pelo WhatsApp, mas a mensagem não pôde ser entregue; por isso este e-mail.'],
  });
}

export class WhatsappService {
  constructor(
    private readonly uow: UnitOfWork<Scope>,
    private readonly preferences: MessagePreferences,
    private readonly messenger: Messenger,
    private readonly options: { publicUrl: string },
  ) {}

  /**
   * The `whatsapp.send` job. Exactly one message per log row: a row that left `queued` is never sent again. A
   * retryable failure throws (the queue retries with backoff) until the last attempt; then, or on a permanent one,
   * the row is failed and one e-mail goes instead.
   */
  async send(job: { notification_id: string; user_id: string; log_id: string }, attempt: JobAttempt): Promise<{ sent: number; fallback: number; skipped: number }> {
    const repos = this.uow.repos;
    const row = await repos.messaging.log.get(job.log_id);
    if (!row || row.status !== 'queued') return { sent: 0, fallback: 0, skipped: 1 };
    const notification = await repos.notifications.get(job.notification_id);
    const stop = async (reason: string) => {
      await repos.messaging.log.moveStatus(job.log_id, ['queued'], 'failed', reason);
      return { sent: 0, fallback: 0, skipped: 1 };
    };
    if (!notification) return stop('aviso não encontrado');
    // Revoking stops the next message: the choice is read again now, not when the message was queued.
    if (!(await this.preferences.allows(job.user_id, 'whatsapp', categoryOf(notification.type as NotificationKind)))) return stop('WhatsApp desligado pela pessoa antes do envio');
    const to = await this.preferences.whatsappNumber(job.user_id);
    if (!to) return stop('sem número de WhatsApp confirmado');
    // "Pague a entrada" after it was paid would mislead: the confirmation goes on its own message.
    if (await this.entryPaid(notification)) return stop('entrada paga antes do envio: aviso dispensado');
    const message = whatsappMessageFor(notification, { link: this.link(notification.link), created_at: notification.created_at, ...(await this.pendingCharge(notification)) });
    if (!message) return stop('este aviso não tem modelo de WhatsApp');
    try {
      const { provider_message_id } = await this.messenger.sendTemplate({ to, ...message });
      await repos.messaging.log.setProviderId(job.log_id, provider_message_id);
      await repos.messaging.log.moveStatus(job.log_id, ['queued'], 'sent');
      return { sent: 1, fallback: 0, skipped: 0 };
    } catch (err) {
      if (!(err instanceof MessengerError)) throw err;
      if (err.kind !== 'permanent' && !attempt.lastAttempt) throw err;
      const fallback = await this.failAndFallBack(job.log_id, ['queued'], describeFailure(err), notification);
      return { sent: 0, fallback: fallback ? 1 : 0, skipped: 0 };
    }
  }

  /** The `whatsapp.optin` job: the confirmation code to the number typed on /profile, logged like any message. */
  async sendOptInCode(job: { user_id: string; phone: string; code: string }, attempt: JobAttempt): Promise<{ sent: number; failed: number }> {
    const message = optInMessage(job.code);
    try {
      const { provider_message_id } = await this.messenger.sendTemplate({ to: job.phone, ...message });
      await this.uow.repos.messaging.log.record({ user_id: job.user_id, channel: 'whatsapp', template: message.template, notification_id: null, status: 'sent', provider_message_id });
      return { sent: 1, failed: 0 };
    } catch (err) {
      if (!(err instanceof MessengerError)) throw err;
      if (err.kind !== 'permanent' && !attempt.lastAttempt) throw err;
      await this.uow.repos.messaging.log.record({ user_id: job.user_id, channel: 'whatsapp', template: message.template, notification_id: null, status: 'failed', error: describeFailure(err) });
      return { sent: 0, failed: 1 };
    }
  }

  /**
   * A delivery status from the webhook, by the provider's id: forward only (a late "sent" after "read" changes
   * nothing) and idempotent. A delivery that failed sends the one fallback e-mail.
   */
  async receiveStatus(providerMessageId: string, status: Exclude<MessageStatus, 'queued'>, error: string | null = null): Promise<boolean> {
    if (status !== 'failed') return (await this.uow.repos.messaging.log.moveStatus({ provider_message_id: providerMessageId }, statusesBefore(status), status)) !== null;
    const row = await this.uow.repos.messaging.log.findByProviderId(providerMessageId);
    if (!row) return false;
    const notification = row.notification_id ? await this.uow.repos.notifications.get(row.notification_id) : null;
    return this.failAndFallBack(row.id, statusesBefore('failed'), error ?? 'o WhatsApp não entregou a mensagem', notification);
  }

  /** A text the person wrote to our number: "PARAR" or "SAIR" turns WhatsApp off for them (audited). */
  async receiveReply(fromPhone: string, text: string): Promise<'stopped' | 'ignored'> {
    if (!isStopReply(text)) return 'ignored';
    const e164 = fromPhone.startsWith('+') ? fromPhone : `+${fromPhone}`;
    const optin = await this.uow.repos.messaging.whatsapp.findByPhone(e164);
    if (!optin) return 'ignored';
    await this.preferences.turnOff(optin.user_id, 'whatsapp', `resposta "${text.trim().slice(0, 20)}" pelo WhatsApp de ${maskPhone(e164)}`);
    return 'stopped';
  }

  /** `turma messages test`: one template straight through the messenger (no person, no log). */
  sendTest(to: string, template: string, language: TemplateLanguage) {
    return this.messenger.sendTemplate({ to, template, language, parameters: [] });
  }

  /** Fails the row (only from `from`) and, when it moved and speaks of a notification, enqueues the one e-mail. */
  private async failAndFallBack(logId: string, from: MessageStatus[], reason: string, notification: NotificationRecord | null): Promise<boolean> {
    return this.uow.run(async (tx: Tx<Scope>) => {
      const row = await tx.messaging.log.moveStatus(logId, from, 'failed', reason);
      if (!row || !notification) return false;
      const user = await tx.identity.users.findById(row.user_id);
      if (!user) return false;
      const profile = await tx.identity.profiles.findByUserId(user.id);
      const email = whatsappFallbackEmail({ to: user.email, name: profile?.full_name ?? '', title: notification.title, body: notification.body, link: notification.link ? this.link(notification.link) : null });
      await tx.jobs.enqueue('mail.send', email, { singletonKey: `whatsapp-fallback:${logId}` });
      return true;
    });
  }

  private link(path: string | null): string {
    if (!path) return this.options.publicUrl;
    return /^https?:\/\//.test(path) ? path : `${this.options.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  private async entryPaid(n: NotificationRecord): Promise<boolean> {
    const memberId = typeof n.data?.member_id === 'string' ? n.data.member_id : null;
    if (n.type !== 'place_held' || !memberId) return false;
    return (await this.uow.repos.payments.payments.findConfirmedFor('entry', memberId)) !== null;
  }

  /** The place's pending charge, for the hold's message: a PIX code and its end, or a boleto and its due date. */
  private async pendingCharge(n: NotificationRecord): Promise<Pick<WhatsappContext, 'pix' | 'boleto'>> {
    const memberId = typeof n.data?.member_id === 'string' ? n.data.member_id : null;
    if (n.type !== 'place_held' || !memberId) return {};
    const p = await this.uow.repos.payments.payments.findPendingFor('entry', memberId);
    if (p?.method === 'PIX' && p.pix_payload && p.pix_expires_at) return { pix: { code: p.pix_payload, expires_at: p.pix_expires_at } };
    if (p?.method === 'BOLETO' && p.boleto_url && p.due_date) return { boleto: { url: p.boleto_url, due_date: p.due_date } };
    return {};
  }

}
