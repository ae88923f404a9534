// The notifications module's table: in-app notifications (deduplicated by key).
import type { Knex } from 'knex';
import type { NotificationRecord, NotificationRepository } from '../../../core/notifications/ports';

type Row = Record<string, any>;

export class KnexNotificationRepository implements NotificationRepository {
  /** `onCreated`: told each new row's id inside the same transaction (the unit of work enqueues its fan-out). */
  constructor(
    private readonly db: Knex,
    private readonly onCreated?: (id: string) => Promise<void>,
  ) {}

  async create(n: Omit<NotificationRecord, 'id' | 'read_at' | 'created_at'> & { dedupe_key: string | null }) {
    const rows = (await this.db('notifications')
      .insert({ ...n, data: JSON.stringify(n.data ?? {}) })
      .onConflict('dedupe_key')
      .ignore()
      .returning('id')) as Array<{ id: string }>;
    if (rows.length !== 1) return false;
    if (this.onCreated) await this.onCreated(rows[0]!.id);
    return true;
  }
  async get(id: string) {
    return ((await this.db('notifications').where({ id }).first()) as NotificationRecord | undefined) ?? null;
  }
  async list(userId: string, offset: number, limit: number) {
    const base = this.db('notifications').where({ user_id: userId });
    const [{ count }] = (await base.clone().count<{ count: number }[]>('* as count')) as [{ count: number }];
    const unread = await this.unreadCount(userId);
    // Unread first, newest first (docs/product/screens.md).
    const items = (await base
      .orderByRaw('(read_at is null) desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)) as Row[];
    return { items: items as NotificationRecord[], total: Number(count), unread };
  }
  async markRead(userId: string, id: string, at: Date) {
    const n = await this.db('notifications').where({ id, user_id: userId }).update({ read_at: this.db.raw('coalesce(read_at, ?)', [at]) });
    return n === 1;
  }
  async markAllRead(userId: string, at: Date) {
    return this.db('notifications').where({ user_id: userId }).whereNull('read_at').update({ read_at: at });
  }
  async unreadCount(userId: string) {
    const [{ count }] = (await this.db('notifications').where({ user_id: userId }).whereNull('read_at').count<{ count: number }[]>('* as count')) as [{ count: number }];
    return Number(count);
  }
}
