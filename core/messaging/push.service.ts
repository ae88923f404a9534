// Web push: a person's browsers subscribing and unsubscribing (/notifications, /profile), and the `push.send` job that
// sends a notification to each of them (docs/product/web-push.md).
import type { Clock } from '../shared/clock';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { AuditScope } from '../audit/ports';
import type { NotificationsScope } from '../notifications/ports';
import { invalid } from '../shared/errors';
import { categoryOfType } from './categories';
import type { MessageLog, MessagePreferences, MessagingScope } from './ports';
import type { PushScope, PushSender } from './push-ports';
import { browserLabel, classifyPushStatus, pushMessage, pushResult, pushSubscriptionSchema, type PushDeliveryOutcome } from './push-rules';

type Scope = PushScope & MessagingScope & AuditScope & NotificationsScope;

export interface PushActor {
  id: string;
  email: string;
  requestId?: string | null;
}

export interface PushSettings {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string;
  /** http://127.0.0.1 endpoints (a test's push service); never in production. */
  allowLoopbackHttp: boolean;
}

/** The job's payload and which attempt this is (on the last one a failure is recorded as final). */
export interface PushJob {
  notification_id: string;
  user_id: string;
  log_id: string;
}

/** Thrown by `deliver` when every browser may still take the push later: the job queue retries with backoff. */
export class PushRetryLater extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushRetryLater';
  }
}

export class PushService {
  constructor(
    private readonly uow: UnitOfWork<Scope>,
    private readonly clock: Clock,
    private readonly preferences: MessagePreferences,
    private readonly sender: PushSender,
    private readonly settings: PushSettings,
  ) {}

  get publicKey(): string {
    return this.settings.publicKey;
  }

  /**
   * Keeps this browser's subscription. The person's first browser turns push on for groups and payments and for
   * vouchers (asking for it is the consent); marketing stays as it was.
   */
  async subscribe(actor: PushActor, body: unknown, userAgent: string | null): Promise<{ subscriptions: number }> {
    const parsed = pushSubscriptionSchema(this.settings).safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      throw invalid('invalid_push_subscription', 'Inscrição de notificações inválida.', fields);
    }
    const { endpoint, keys } = parsed.data;
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const before = await tx.pushSubscriptions.countForUser(actor.id);
      await tx.pushSubscriptions.save({ user_id: actor.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, user_agent: browserLabel(userAgent) }, now);
      const after = await tx.pushSubscriptions.countForUser(actor.id);
      if (before === 0) for (const category of ['transactional', 'vouchers'] as const) await tx.messaging.preferences.set(actor.id, category, 'push', true, now);
      if (after !== before)
        await tx.audit.append({ action: 'messages.push_subscribed', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'user', entity_id: actor.id, request_id: actor.requestId ?? null, metadata: { browser: browserLabel(userAgent), subscriptions: after } });
      return { subscriptions: after };
    });
  }

  /** Forgets this browser (the person's own only); the last one gone turns push off. */
  async unsubscribe(actor: PushActor, endpoint: string): Promise<{ removed: boolean; subscriptions: number }> {
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const removed = await tx.pushSubscriptions.removeForUser(actor.id, endpoint);
      const left = await tx.pushSubscriptions.countForUser(actor.id);
      if (removed) {
        if (left === 0) await tx.messaging.preferences.turnOffChannel(actor.id, 'push', now);
        await tx.audit.append({ action: 'messages.push_unsubscribed', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'user', entity_id: actor.id, request_id: actor.requestId ?? null, metadata: { subscriptions: left } });
      }
      return { removed, subscriptions: left };
    });
  }

  /**
   * The `push.send` job: asks the person's choice again (a revocation stops this very message), sends to each browser,
   * drops the ones their push service says are gone (404/410) and turns push off when none is left. Throws
   * PushRetryLater while a browser may still take it, unless this is the last attempt (then the log says failed).
   */
  async deliver(job: PushJob, run: { lastAttempt: boolean }): Promise<{ sent: number; gone: number; failed: number }> {
    const none = { sent: 0, gone: 0, failed: 0 };
    const repos = this.uow.repos;
    const log: MessageLog = repos.messaging.log;
    const entry = await log.get(job.log_id);
    if (!entry || entry.status !== 'queued') return none;
    const notification = await repos.notifications.get(job.notification_id);
    if (!notification || notification.user_id !== job.user_id) {
      await log.setStatus(job.log_id, 'failed', 'notificação não encontrada');
      return none;
    }
    const category = categoryOfType(notification.type);
    if (!category || !(await this.preferences.allows(job.user_id, 'push', category))) {
      await log.setStatus(job.log_id, 'failed', 'push desativado pela pessoa antes do envio');
      return none;
    }
    const subscriptions = await repos.pushSubscriptions.listForUser(job.user_id);
    const message = pushMessage(notification, this.clock.now());
    const payload = JSON.stringify(message.payload);
    const outcomes: PushDeliveryOutcome[] = [];
    const errors: string[] = [];
    let gone = 0;
    for (const subscription of subscriptions) {
      const answer = await this.sender.send(subscription, payload, { ttlSeconds: message.ttlSeconds, urgency: message.urgency });
      const outcome = classifyPushStatus(answer.status);
      outcomes.push(outcome);
      if (outcome === 'sent') await repos.pushSubscriptions.markSuccess(subscription.id, this.clock.now());
      else if (outcome === 'gone') {
        if (await repos.pushSubscriptions.remove(subscription.id)) gone++;
      } else errors.push(`${answer.status ?? 'sem resposta'}: ${answer.error ?? 'recusado'}`);
    }
    if (gone > 0 && (await repos.pushSubscriptions.countForUser(job.user_id)) === 0)
      await this.preferences.turnOff(job.user_id, 'push', 'o serviço de push informou que a inscrição expirou (404/410)');
    const result = pushResult(outcomes);
    const counts = { sent: outcomes.filter((o) => o === 'sent').length, gone, failed: errors.length };
    if (result === 'sent') await log.setStatus(job.log_id, 'sent', null);
    else if (result === 'failed' || run.lastAttempt) {
      const reason = subscriptions.length === 0 ? 'nenhum navegador inscrito' : gone === subscriptions.length ? 'inscrição expirada em todos os navegadores' : errors.join('; ');
      await log.setStatus(job.log_id, 'failed', run.lastAttempt && result === 'retry' ? `${reason} (tentativas esgotadas)` : reason);
    } else {
      throw new PushRetryLater(`push não entregue, nova tentativa: ${errors.join('; ')}`);
    }
    return counts;
  }
}
