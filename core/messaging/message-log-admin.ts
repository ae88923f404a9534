// The back office's reads of the message log: one person's messages, and delivery figures per channel.
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { isId } from '../shared/ids';
import { notFound } from '../shared/errors';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { IdentityScope } from '../identity/ports';
import { MESSAGE_CHANNELS } from './categories';
import type { MessagingScope } from './ports';

export const FIGURES_DAYS = 30;

const channelSchema = z.enum(['email', 'whatsapp', 'push', 'in_app']);
const statusSchema = z.enum(['queued', 'sent', 'delivered', 'read', 'failed']);

export const adminMessageSchema = z
  .object({
    id: z.string(),
    channel: channelSchema,
    /** The template's name (vaga_reservada, codigo_confirmacao…); the screen shows it in words. */
    template: z.string(),
    status: statusSchema,
    error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminMessage' });

export const adminMessagePageSchema = z.object({ items: z.array(adminMessageSchema), total: z.number().int() }).meta({ id: 'AdminMessagePage' });

/**
 * Per channel, of the messages created in the period: how many reached each stage. `sent` counts every message the
 * provider took (sent, delivered or read), `delivered` those delivered or read; `failed` and `queued` as they stand.
 */
export const messageFiguresSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    channels: z.array(z.object({ channel: channelSchema, queued: z.number().int(), sent: z.number().int(), delivered: z.number().int(), read: z.number().int(), failed: z.number().int() })),
  })
  .meta({ id: 'MessageFigures' });

export const messagePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export class MessageLogAdmin {
  constructor(
    private readonly uow: UnitOfWork<MessagingScope & IdentityScope>,
    private readonly clock: Clock,
  ) {}

  async listForUser(userId: string, query: z.infer<typeof messagePageQuerySchema>) {
    if (!isId(userId) || !(await this.uow.repos.identity.users.findById(userId))) throw notFound('user_not_found', 'Usuário não encontrado.');
    const page = await this.uow.repos.messaging.log.listForUser(userId, (query.page - 1) * query.per_page, query.per_page);
    return {
      total: page.total,
      items: page.items.map((m) => ({ id: m.id, channel: m.channel, template: m.template, status: m.status, error: m.error, created_at: m.created_at.toISOString(), updated_at: m.updated_at.toISOString() })),
    };
  }

  /** The last FIGURES_DAYS days, every channel that sends through the log (WhatsApp and push), zeros included. */
  async figures() {
    const to = this.clock.now();
    const from = new Date(to.getTime() - FIGURES_DAYS * 86_400_000);
    const rows = await this.uow.repos.messaging.log.figures(from, to);
    const channels = MESSAGE_CHANNELS.filter((ch) => ch === 'whatsapp' || ch === 'push' || rows.some((r) => r.channel === ch)).map((channel) => {
      const c = rows.find((r) => r.channel === channel)?.counts ?? { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 };
      return { channel, queued: c.queued, sent: c.sent + c.delivered + c.read, delivered: c.delivered + c.read, read: c.read, failed: c.failed };
    });
    return { from: from.toISOString(), to: to.toISOString(), days: FIGURES_DAYS, channels };
  }
}
