// The messaging module's push_subscriptions table: each browser a person subscribed to web push, one row per endpoint.
import type { Knex } from 'knex';
import type { PushSubscriptionRecord, PushSubscriptionRepository } from '../../../core/messaging/push-ports';

const COLUMNS = ['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'user_agent', 'created_at', 'last_success_at'] as const;

export class KnexPushSubscriptionRepository implements PushSubscriptionRepository {
  constructor(private readonly db: Knex) {}

  async save(s: Pick<PushSubscriptionRecord, 'user_id' | 'endpoint' | 'p256dh' | 'auth' | 'user_agent'>, at: Date): Promise<PushSubscriptionRecord> {
    const [row] = (await this.db('push_subscriptions')
      .insert({ ...s, created_at: at })
      .onConflict('endpoint')
      // A browser that sent no User-Agent this time keeps its label.
      .merge({ user_id: s.user_id, p256dh: s.p256dh, auth: s.auth, user_agent: this.db.raw('coalesce(excluded.user_agent, push_subscriptions.user_agent)') })
      .returning([...COLUMNS])) as PushSubscriptionRecord[];
    return row!;
  }
  async listForUser(userId: string) {
    return (await this.db('push_subscriptions').where({ user_id: userId }).orderBy('created_at', 'asc').select([...COLUMNS])) as PushSubscriptionRecord[];
  }
  async countForUser(userId: string) {
    const [row] = (await this.db('push_subscriptions').where({ user_id: userId }).count({ count: '*' })) as Array<{ count: number | string }>;
    return Number(row?.count ?? 0);
  }
  async removeForUser(userId: string, endpoint: string) {
    return (await this.db('push_subscriptions').where({ user_id: userId, endpoint }).delete()) > 0;
  }
  async remove(id: string) {
    return (await this.db('push_subscriptions').where({ id }).delete()) > 0;
  }
  async removeAllForUser(userId: string) {
    return this.db('push_subscriptions').where({ user_id: userId }).delete();
  }
  async markSuccess(id: string, at: Date) {
    await this.db('push_subscriptions').where({ id }).update({ last_success_at: at });
  }
}
