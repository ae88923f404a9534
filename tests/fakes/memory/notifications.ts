// In-app notifications in memory: a dedupe key is stored once.
import type { NotificationRepository, NotificationsScope } from '../../../core/notifications/ports';
import type { MemoryDb } from './db';
import { faked, newestFirst } from './table';

export function notificationsFake(db: MemoryDb): NotificationsScope {
  const unread = (userId: string) => db.notifications.all((n) => n.user_id === userId && n.read_at === null).length;
  return {
    notifications: faked<NotificationRepository>('notifications', {
      create: async (n) => {
        if (n.dedupe_key !== null && db.notifications.first((x) => x.dedupe_key === n.dedupe_key)) return false;
        db.notifications.insert({ ...n, data: n.data ?? {}, read_at: null });
        return true;
      },
      get: async (id) => db.notifications.get(id),
      list: async (userId, offset, limit) => {
        const all = newestFirst(db.notifications.all((n) => n.user_id === userId));
        return { items: all.slice(offset, offset + limit), total: all.length, unread: unread(userId) };
      },
      markRead: async (userId, id, at) => db.notifications.patchIf(id, (n) => n.user_id === userId && n.read_at === null, { read_at: at }),
      unreadCount: async (userId) => unread(userId),
    }),
  };
}
