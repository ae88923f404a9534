// Each new notification's outside channels: WhatsApp and push get a `queued` log row and their send job when the person
// allows them for its kind (asked again at send time); "No site" turned off makes the notice arrive already read.
// E-mail is asked in the mail job (email-audience.ts).
import type { Clock } from '../shared/clock';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { NotificationsScope } from '../notifications/ports';
import { categoryOfType, type MessageChannel } from './categories';
import type { MessagePreferences, MessagingScope } from './ports';
import { hasWhatsappTemplate, whatsappDelaySeconds } from './whatsapp-templates';

type Scope = NotificationsScope & MessagingScope;

/**
 * The outside channels, each with the job that sends on it and the kinds it carries: a business-initiated WhatsApp
 * message needs an approved template, so the kinds without one stay on e-mail, the bell and push.
 */
export const OUTSIDE_CHANNELS = [
  { channel: 'whatsapp', job: 'whatsapp.send', carries: hasWhatsappTemplate, delaySeconds: whatsappDelaySeconds },
  { channel: 'push', job: 'push.send', carries: (_kind: string) => true, delaySeconds: (_kind: string) => 0 },
] as const satisfies ReadonlyArray<{ channel: MessageChannel; job: string; carries: (kind: string) => boolean; delaySeconds: (kind: string) => number }>;

export class MessageFanout {
  constructor(
    private readonly uow: UnitOfWork<Scope>,
    private readonly preferences: MessagePreferences,
    private readonly clock: Clock,
  ) {}

  /** The `messages.fanout` job: how many send jobs it enqueued per channel. */
  async run(notificationId: string): Promise<{ whatsapp: number; push: number }> {
    const counts = { whatsapp: 0, push: 0 };
    const n = await this.uow.repos.notifications.get(notificationId);
    const category = n ? categoryOfType(n.type) : null;
    if (!n || !category) return counts;
    if (!n.read_at && !(await this.preferences.allows(n.user_id, 'in_app', category))) {
      await this.uow.repos.notifications.markRead(n.user_id, n.id, this.clock.now());
    }
    const allowed: Array<(typeof OUTSIDE_CHANNELS)[number]> = [];
    for (const c of OUTSIDE_CHANNELS) if (c.carries(n.type) && (await this.preferences.allows(n.user_id, c.channel, category))) allowed.push(c);
    if (!allowed.length) return counts;
    await this.uow.run(async (tx) => {
      for (const { channel, job, delaySeconds } of allowed) {
        // A retried fan-out never sends twice: one log row per notification and channel.
        if (await tx.messaging.log.findForNotification(n.id, channel)) continue;
        const logId = await tx.messaging.log.record({ user_id: n.user_id, channel, template: n.type, notification_id: n.id, status: 'queued' });
        const delay = delaySeconds(n.type);
        await tx.jobs.enqueue(job, { notification_id: n.id, user_id: n.user_id, log_id: logId }, delay > 0 ? { startAfter: new Date(this.clock.now().getTime() + delay * 1000) } : undefined);
        counts[channel]++;
      }
    });
    return counts;
  }
}
