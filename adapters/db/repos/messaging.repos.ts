// The messaging module's tables: channel choices, the WhatsApp double opt-in and the outside messages' log.
import type { Knex } from 'knex';
import type { MessageCategory, MessageChannel } from '../../../core/messaging/categories';
import type {
  MessageFigures,
  MessageLog,
  MessageLogEntry,
  MessageLogRecord,
  MessagePreferenceRepository,
  MessagePreferenceRow,
  MessageStatus,
  WhatsappOptinRecord,
  WhatsappOptinRepository,
} from '../../../core/messaging/ports';

const STATUSES: readonly MessageStatus[] = ['queued', 'sent', 'delivered', 'read', 'failed'];

export class KnexMessagePreferenceRepository implements MessagePreferenceRepository {
  constructor(private readonly db: Knex) {}

  async list(userId: string) {
    return (await this.db('message_preferences').where({ user_id: userId }).select('category', 'channel', 'enabled', 'updated_at')) as MessagePreferenceRow[];
  }
  async set(userId: string, category: MessageCategory, channel: MessageChannel, enabled: boolean, at: Date) {
    await this.db('message_preferences')
      .insert({ user_id: userId, category, channel, enabled, updated_at: at })
      .onConflict(['user_id', 'category', 'channel'])
      .merge(['enabled', 'updated_at']);
  }
  async turnOffChannel(userId: string, channel: MessageChannel, at: Date) {
    // Every category gets an explicit "off" row, so a default that is on (e-mail) is turned off too.
    const rows = ['transactional', 'vouchers', 'marketing'].map((category) => ({ user_id: userId, category, channel, enabled: false, updated_at: at }));
    const changed = (await this.db('message_preferences')
      .insert(rows)
      .onConflict(['user_id', 'category', 'channel'])
      .merge(['enabled', 'updated_at'])
      .returning('category')) as unknown[];
    return changed.length;
  }
}

export class KnexWhatsappOptinRepository implements WhatsappOptinRepository {
  constructor(private readonly db: Knex) {}

  async get(userId: string) {
    return ((await this.db('whatsapp_optins').where({ user_id: userId }).first()) as WhatsappOptinRecord | undefined) ?? null;
  }
  async start(userId: string, phone: string, codeHash: string, expiresAt: Date, at: Date) {
    await this.db('whatsapp_optins')
      .insert({ user_id: userId, phone, code_hash: codeHash, code_expires_at: expiresAt, attempts: 0, confirmed_at: null, updated_at: at })
      .onConflict('user_id')
      .merge();
  }
  async countAttempt(userId: string) {
    await this.db('whatsapp_optins').where({ user_id: userId }).increment('attempts', 1);
  }
  async findByPhone(phone: string) {
    return ((await this.db('whatsapp_optins').where({ phone }).orderBy('updated_at', 'desc').first()) as WhatsappOptinRecord | undefined) ?? null;
  }
  async confirm(userId: string, at: Date) {
    await this.db('whatsapp_optins').where({ user_id: userId }).update({ confirmed_at: at, code_hash: null, code_expires_at: null, updated_at: at });
  }
  async remove(userId: string) {
    return (await this.db('whatsapp_optins').where({ user_id: userId }).delete()) > 0;
  }
}

export class KnexMessageLog implements MessageLog {
  constructor(private readonly db: Knex) {}

  async record(e: MessageLogEntry) {
    const [row] = (await this.db('message_log')
      .insert({ user_id: e.user_id, channel: e.channel, template: e.template, notification_id: e.notification_id, status: e.status, provider_message_id: e.provider_message_id ?? null, error: e.error ?? null })
      .returning('id')) as Array<{ id: string }>;
    return row!.id;
  }
  async setStatus(ref: string | { provider_message_id: string }, status: MessageStatus, error: string | null = null) {
    const where = typeof ref === 'string' ? { id: ref } : { provider_message_id: ref.provider_message_id };
    await this.db('message_log').where(where).update({ status, error, updated_at: this.db.fn.now() });
  }
  async moveStatus(ref: string | { provider_message_id: string }, from: readonly MessageStatus[], to: MessageStatus, error: string | null = null) {
    const where = typeof ref === 'string' ? { id: ref } : { provider_message_id: ref.provider_message_id };
    const [row] = (await this.db('message_log')
      .where(where)
      .whereIn('status', [...from])
      .update({ status: to, error, updated_at: this.db.fn.now() })
      .returning('*')) as MessageLogRecord[];
    return row ?? null;
  }
  async findByProviderId(providerMessageId: string) {
    return ((await this.db('message_log').where({ provider_message_id: providerMessageId }).orderBy('created_at', 'desc').first()) as MessageLogRecord | undefined) ?? null;
  }
  async findForNotification(notificationId: string, channel: MessageChannel) {
    return ((await this.db('message_log').where({ notification_id: notificationId, channel }).first()) as MessageLogRecord | undefined) ?? null;
  }
  async setProviderId(id: string, providerMessageId: string) {
    await this.db('message_log').where({ id }).update({ provider_message_id: providerMessageId, updated_at: this.db.fn.now() });
  }
  async get(id: string) {
    return ((await this.db('message_log').where({ id }).first()) as MessageLogRecord | undefined) ?? null;
  }
  async listForUser(userId: string, offset: number, limit: number) {
    const base = this.db('message_log').where({ user_id: userId });
    const [{ count }] = (await base.clone().count<{ count: number }[]>('* as count')) as [{ count: number }];
    const items = (await base.orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit)) as MessageLogRecord[];
    return { items, total: Number(count) };
  }
  async figures(from: Date, to: Date): Promise<MessageFigures> {
    const rows = (await this.db('message_log')
      .where('created_at', '>=', from)
      .andWhere('created_at', '<', to)
      .groupBy('channel', 'status')
      .select('channel', 'status')
      .count<Array<{ channel: MessageChannel; status: MessageStatus; count: number }>>('* as count')) as Array<{ channel: MessageChannel; status: MessageStatus; count: number }>;
    const byChannel = new Map<MessageChannel, Record<MessageStatus, number>>();
    for (const r of rows) {
      const counts = byChannel.get(r.channel) ?? (Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>);
      counts[r.status] = Number(r.count);
      byChannel.set(r.channel, counts);
    }
    return [...byChannel].map(([channel, counts]) => ({ channel, counts }));
  }
}
