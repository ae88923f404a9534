// The messaging module's ports: a person's channel choices and confirmed WhatsApp number, the log of every message sent
// on an outside channel (WhatsApp, push), and the jobs that carry them (docs/product/messaging.md).
import type { MessageCategory, MessageChannel } from './categories';

/** What the senders ask before every message, and what turns a channel off from outside (a "PARAR" reply, a 410). */
export interface MessagePreferences {
  /** The person's choice for this channel and kind of message; WhatsApp also needs a confirmed number, push a subscription. */
  allows(userId: string, channel: MessageChannel, category: MessageCategory): Promise<boolean>;
  /** The E.164 number, only once the double opt-in is confirmed (null otherwise). */
  whatsappNumber(userId: string): Promise<string | null>;
  /** Turns the channel off for every kind of message; audited with `reason`. */
  turnOff(userId: string, channel: MessageChannel, reason: string): Promise<void>;
}

/** Whether a person has at least one web push subscription (bound by the push adapter; false until it is). */
export interface PushSubscriptionsProbe {
  hasAny(userId: string): Promise<boolean>;
}

export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

export interface MessageLogEntry {
  user_id: string;
  channel: MessageChannel;
  template: string;
  notification_id: string | null;
  status: MessageStatus;
  provider_message_id?: string | null;
  error?: string | null;
}

export interface MessageLogRecord extends Required<MessageLogEntry> {
  id: string;
  created_at: Date;
  updated_at: Date;
}

/** Per channel: how many messages in the period ended in each status. */
export type MessageFigures = Array<{ channel: MessageChannel; counts: Record<MessageStatus, number> }>;

export interface MessageLog {
  record(entry: MessageLogEntry): Promise<string>;
  /** By the log row's id, or by the provider's message id (a delivery status webhook). */
  setStatus(ref: string | { provider_message_id: string }, status: MessageStatus, error?: string | null): Promise<void>;
  /** Moves the row only from one of `from` (a late "delivered" never undoes "read"); the moved row, or null. */
  moveStatus(ref: string | { provider_message_id: string }, from: readonly MessageStatus[], to: MessageStatus, error?: string | null): Promise<MessageLogRecord | null>;
  findByProviderId(providerMessageId: string): Promise<MessageLogRecord | null>;
  /** The row the fan-out made for this notification on this channel, if any. */
  findForNotification(notificationId: string, channel: MessageChannel): Promise<MessageLogRecord | null>;
  /** Sets the provider's id once the provider accepted the message. */
  setProviderId(id: string, providerMessageId: string): Promise<void>;
  get(id: string): Promise<MessageLogRecord | null>;
  listForUser(userId: string, offset: number, limit: number): Promise<{ items: MessageLogRecord[]; total: number }>;
  figures(from: Date, to: Date): Promise<MessageFigures>;
}

/** One stored choice (absent rows fall back to defaultAllows). */
export interface MessagePreferenceRow {
  category: MessageCategory;
  channel: MessageChannel;
  enabled: boolean;
  updated_at: Date;
}

/** The WhatsApp double opt-in: the number typed, the hashed code sent to it, and when it was confirmed. */
export interface WhatsappOptinRecord {
  user_id: string;
  phone: string;
  code_hash: string | null;
  code_expires_at: Date | null;
  attempts: number;
  confirmed_at: Date | null;
  updated_at: Date;
}

export interface MessagePreferenceRepository {
  list(userId: string): Promise<MessagePreferenceRow[]>;
  set(userId: string, category: MessageCategory, channel: MessageChannel, enabled: boolean, at: Date): Promise<void>;
  /** Every category of the channel off; the number of rows that changed. */
  turnOffChannel(userId: string, channel: MessageChannel, at: Date): Promise<number>;
}

export interface WhatsappOptinRepository {
  get(userId: string): Promise<WhatsappOptinRecord | null>;
  /** A new number or a new code: attempts back to 0, confirmation cleared. */
  start(userId: string, phone: string, codeHash: string, expiresAt: Date, at: Date): Promise<void>;
  countAttempt(userId: string): Promise<void>;
  /** The newest opt-in of this E.164 number (a reply on WhatsApp names the number, not the person). */
  findByPhone(phone: string): Promise<WhatsappOptinRecord | null>;
  confirm(userId: string, at: Date): Promise<void>;
  remove(userId: string): Promise<boolean>;
}

/** The messaging tables as a unit of work scope. */
export type MessagingScope = {
  messaging: { preferences: MessagePreferenceRepository; whatsapp: WhatsappOptinRepository; log: MessageLog };
};

declare module '../ports/job-queue' {
  interface JobPayloads {
    /** One new notification: which outside channels it goes to (enqueued in the notification's transaction). */
    'messages.fanout': { notification_id: string };
    'whatsapp.send': { notification_id: string; user_id: string; log_id: string };
    'push.send': { notification_id: string; user_id: string; log_id: string };
    /** The double opt-in code, sent to the number typed on /profile (not a notification; not logged by preference). */
    'whatsapp.optin': { user_id: string; phone: string; code: string };
  }
}
