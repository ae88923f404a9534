// Web push rules (docs/product/web-push.md): what a browser's subscription must look like, what a push says
// (short, opening the notification's screen), how long the push service keeps it, and what a send to several
// browsers adds up to.
import { z } from 'zod';

/** An uncompressed P-256 point (65 bytes, first byte 0x04) in base64url: 87 characters starting with B. */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
/** The 16-byte auth secret in base64url: 22 characters. */
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;
/** Only this machine: a test's push service (never accepted in production). */
const LOOPBACK_HTTP = /^http:\/\/127\.0\.0\.1(:\d+)?\//;

export const PUSH_ENDPOINT_MAX = 2048;

/** The body of POST /api/me/push-subscriptions: the browser's PushSubscription.toJSON(), as is. */
export function pushSubscriptionSchema(options: { allowLoopbackHttp: boolean }) {
  return z.object({
    endpoint: z
      .string()
      .trim()
      .max(PUSH_ENDPOINT_MAX, 'Endereço de inscrição longo demais.')
      .refine((v) => isPushEndpoint(v, options), 'O endereço de inscrição deve ser https.'),
    keys: z.object({
      p256dh: z.string().regex(P256DH, 'Chave p256dh inválida.'),
      auth: z.string().regex(AUTH, 'Chave auth inválida.'),
    }),
    expirationTime: z.number().nullable().optional(),
  });
}

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().trim().min(1).max(PUSH_ENDPOINT_MAX) });

export function isPushEndpoint(endpoint: string, options: { allowLoopbackHttp: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return options.allowLoopbackHttp && LOOPBACK_HTTP.test(endpoint);
}

export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/** "Chrome no Android": enough for a person to tell their browsers apart; null when the header says nothing useful. */
export function browserLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Firefox\//.test(userAgent)
          ? 'Firefox'
          : /Chrome\/|Chromium\//.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  if (browser && os) return `${browser} no ${os}`;
  return browser ?? os;
}

export const PUSH_TITLE_MAX = 60;
export const PUSH_BODY_MAX = 160;
/** How long a push service keeps a push for a browser that is offline, unless the message says otherwise. */
export const PUSH_DEFAULT_TTL_SECONDS = 24 * 3600;
const PUSH_MIN_TTL_SECONDS = 60;

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** What the service worker receives (JSON) and shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen the click opens: an internal path, /notifications when the notification has none. */
  url: string;
  /** One notification per tag on the screen: a second push for the same notification replaces the first. */
  tag: string;
}

export interface PushMessage {
  payload: PushPayload;
  ttlSeconds: number;
  urgency: PushUrgency;
}

const shorten = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** Internal paths only (the server writes links like /my-groups?grupo=…); anything else opens /notifications. */
export const pushUrl = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : '/notifications');

/**
 * The push for a stored notification. A place about to lapse is urgent (`high`: delivered at once even to a phone
 * saving battery) and worthless once lapsed (its TTL ends with the hold); everything else waits up to a day.
 */
export function pushMessage(
  notification: { id: string; type: string; title: string; body: string; link: string | null; data: Record<string, unknown> },
  now: Date,
): PushMessage {
  const payload: PushPayload = { title: shorten(notification.title, PUSH_TITLE_MAX), body: shorten(notification.body, PUSH_BODY_MAX), url: pushUrl(notification.link), tag: notification.id };
  const params = (notification.data?.params ?? {}) as Record<string, unknown>;
  const clampTtl = (seconds: number) => Math.max(PUSH_MIN_TTL_SECONDS, Math.min(PUSH_DEFAULT_TTL_SECONDS, Math.floor(seconds)));
  if (notification.type === 'hold_lapsing') {
    const expires = typeof params.expires_at === 'string' ? Date.parse(params.expires_at) : NaN;
    const ttl = Number.isFinite(expires) ? clampTtl((expires - now.getTime()) / 1000) : PUSH_DEFAULT_TTL_SECONDS;
    return { payload, ttlSeconds: ttl, urgency: 'high' };
  }
  if (notification.type === 'place_held') {
    const minutes = typeof params.hold_minutes === 'number' ? params.hold_minutes : null;
    return { payload, ttlSeconds: minutes ? clampTtl(minutes * 60) : PUSH_DEFAULT_TTL_SECONDS, urgency: 'high' };
  }
  return { payload, ttlSeconds: PUSH_DEFAULT_TTL_SECONDS, urgency: 'normal' };
}

/** One browser's answer: taken, gone for good (404/410), worth another try later, or refused for good. */
export type PushDeliveryOutcome = 'sent' | 'gone' | 'retry' | 'failed';

/** How the push service's HTTP status reads (null: no answer, a network failure or a timeout). */
export function classifyPushStatus(status: number | null): PushDeliveryOutcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status === 408 || status >= 500) return 'retry';
  // 400 (malformed), 401/403 (our VAPID key refused), 413 (payload too large): trying again sends the same thing.
  return 'failed';
}

/**
 * The message's status over every browser of the person: sent when any took it (the person has it; retrying would
 * repeat it on the others), else retried while any may still take it, else failed.
 */
export function pushResult(outcomes: readonly PushDeliveryOutcome[]): 'sent' | 'retry' | 'failed' {
  if (outcomes.includes('sent')) return 'sent';
  if (outcomes.includes('retry')) return 'retry';
  return 'failed';
}
