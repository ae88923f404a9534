// The messaging module's tables in memory: channel choices, the WhatsApp opt-in and the outside messages' log.
import type { MessageLog, MessageLogRecord, MessagingScope, MessagePreferenceRepository, WhatsappOptinRepository } from '../../../core/messaging/ports';
import type { MessageCategory, MessageChannel } from '../../../core/messaging/categories';
import type { MemoryDb } from './db';
import { faked, newestFirst } from './table';

export function messagingFake(db: MemoryDb): MessagingScope {
  const setPref = (userId: string, category: MessageCategory, channel: MessageChannel, enabled: boolean, at: Date) => {
    const id = `${userId}:${category}:${channel}`;
    const row = { id, user_id: userId, category, channel, enabled, updated_at: at };
    if (!db.messagePreferences.patch(id, row)) db.messagePreferences.insert(row);
  };
  const log = faked<MessageLog>('messaging.log', {
    record: async (e) => db.messageLog.insert({ provider_message_id: null, error: null, ...e, updated_at: db.now() } as MessageLogRecord).id,
    get: async (id) => db.messageLog.get(id),
    setStatus: async (ref, status, error = null) => {
      db.messageLog.patchWhere((r) => (typeof ref === 'string' ? r.id === ref : r.provider_message_id === ref.provider_message_id), { status, error, updated_at: db.now() });
    },
    moveStatus: async (ref, from, to, error = null) => {
      const row = db.messageLog.first((r) => (typeof ref === 'string' ? r.id === ref : r.provider_message_id === ref.provider_message_id) && from.includes(r.status));
      if (!row) return null;
      db.messageLog.patch(row.id, { status: to, error, updated_at: db.now() });
      return db.messageLog.get(row.id);
    },
    findByProviderId: async (providerId) => db.messageLog.first((r) => r.provider_message_id === providerId),
    findForNotification: async (notificationId, channel) => db.messageLog.first((r) => r.notification_id === notificationId && r.channel === channel),
    setProviderId: async (id, providerId) => void db.messageLog.patch(id, { provider_message_id: providerId }),
    listForUser: async (userId, offset, limit) => {
      const all = newestFirst(db.messageLog.all((r) => r.user_id === userId));
      return { items: all.slice(offset, offset + limit), total: all.length };
    },
  });
  return {
    messaging: {
      preferences: faked<MessagePreferenceRepository>('messaging.preferences', {
        list: async (userId) => db.messagePreferences.all((r) => r.user_id === userId),
        set: async (userId, category, channel, enabled, at) => setPref(userId, category, channel, enabled, at),
        turnOffChannel: async (userId, channel, at) => {
          for (const category of ['transactional', 'vouchers', 'marketing'] as const) setPref(userId, category, channel, false, at);
          return 3;
        },
      }),
      whatsapp: faked<WhatsappOptinRepository>('messaging.whatsapp', {
        get: async (userId) => db.whatsappOptins.get(userId),
        start: async (userId, phone, codeHash, expiresAt, at) => {
          const row = { id: userId, user_id: userId, phone, code_hash: codeHash, code_expires_at: expiresAt, attempts: 0, confirmed_at: null, updated_at: at };
          if (!db.whatsappOptins.patch(userId, row)) db.whatsappOptins.insert(row);
        },
        countAttempt: async (userId) => void db.whatsappOptins.patchWhere((r) => r.id === userId, (r) => ({ attempts: r.attempts + 1 })),
        findByPhone: async (phone) => db.whatsappOptins.first((r) => r.phone === phone),
        confirm: async (userId, at) => void db.whatsappOptins.patch(userId, { confirmed_at: at, code_hash: null, code_expires_at: null, updated_at: at }),
        remove: async (userId) => db.whatsappOptins.delete(userId),
      }),
      log,
    },
  };
}
