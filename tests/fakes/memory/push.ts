// Web push subscriptions in memory (what an account deletion forgets).
import type { PushScope, PushSubscriptionRepository } from '../../../core/messaging/push-ports';
import type { MemoryDb } from './db';
import { faked } from './table';

export function pushFake(db: MemoryDb): PushScope {
  return {
    pushSubscriptions: faked<PushSubscriptionRepository>('pushSubscriptions', {
      listForUser: async (userId) => db.pushSubscriptions.all((s) => s.user_id === userId),
      countForUser: async (userId) => db.pushSubscriptions.all((s) => s.user_id === userId).length,
      removeAllForUser: async (userId) => db.pushSubscriptions.all((s) => s.user_id === userId).filter((s) => db.pushSubscriptions.delete(s.id)).length,
    }),
  };
}
