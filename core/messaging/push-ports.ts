// Web push's ports: the browsers a person subscribed (table push_subscriptions) and the sender that encrypts a payload
// for one of them and hands it to its push service.
import type { PushUrgency } from './push-rules';

export interface PushSubscriptionRecord {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** "Chrome no Android", from the User-Agent at subscription. */
  user_agent: string | null;
  created_at: Date;
  last_success_at: Date | null;
}

export interface PushSubscriptionRepository {
  /** By endpoint: a browser subscribing again gets its new keys (and its new owner, when another person signed in on it). */
  save(subscription: Pick<PushSubscriptionRecord, 'user_id' | 'endpoint' | 'p256dh' | 'auth' | 'user_agent'>, at: Date): Promise<PushSubscriptionRecord>;
  listForUser(userId: string): Promise<PushSubscriptionRecord[]>;
  countForUser(userId: string): Promise<number>;
  /** Only the owner's: false when the endpoint is not one of theirs. */
  removeForUser(userId: string, endpoint: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  /** Every browser of the person (an account deleted); how many. */
  removeAllForUser(userId: string): Promise<number>;
  markSuccess(id: string, at: Date): Promise<void>;
}

/** The push subscriptions table as a unit of work scope. */
export type PushScope = { pushSubscriptions: PushSubscriptionRepository };

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push service's answer: its HTTP status (null when none came: network failure, timeout) and a short reason. */
export type PushSendResult = { status: number; error: string | null } | { status: null; error: string };

export interface PushSender {
  /** Encrypts `payload` for the browser (RFC 8291), signs with our VAPID key (RFC 8292) and posts it. Never throws. */
  send(target: PushTarget, payload: string, options: { ttlSeconds: number; urgency: PushUrgency }): Promise<PushSendResult>;
}
