// In-app notifications' persistence port.

export interface NotificationRecord {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

export interface NotificationRepository {
  /** False when a notification with the same dedupe key exists already. */
  create(notification: Omit<NotificationRecord, 'id' | 'read_at' | 'created_at'> & { dedupe_key: string | null }): Promise<boolean>;
  get(id: string): Promise<NotificationRecord | null>;
  list(userId: string, offset: number, limit: number): Promise<{ items: NotificationRecord[]; total: number; unread: number }>;
  markRead(userId: string, id: string, at: Date): Promise<boolean>;
  markAllRead(userId: string, at: Date): Promise<number>;
  unreadCount(userId: string): Promise<number>;
}

/** The notifications table, as a unit of work scope (core/ports/unit-of-work.ts). */
export type NotificationsScope = { notifications: NotificationRepository };
