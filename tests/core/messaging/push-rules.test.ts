import { describe, expect, it } from 'vitest';
import {
  browserLabel,
  classifyPushStatus,
  isPushEndpoint,
  pushMessage,
  pushResult,
  pushSubscriptionSchema,
  pushUrl,
  PUSH_BODY_MAX,
  PUSH_DEFAULT_TTL_SECONDS,
} from '../../../core/messaging/push-rules';

const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'A'.repeat(22) };
const now = new Date('2026-11-28T12:00:00Z');
const notification = (over: Partial<Parameters<typeof pushMessage>[0]> = {}) => ({
  id: 'n-1',
  type: 'entry_confirmed',
  title: 'Entrada confirmada',
  body: 'Sua entrada foi confirmada.',
  link: '/my-groups?grupo=g1',
  data: {},
  ...over,
});

describe('push subscription', () => {
  it('takes https endpoints; http only on 127.0.0.1 and only when allowed (a test push service, never production)', () => {
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', { allowLoopbackHttp: false })).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:4000/push/1', { allowLoopbackHttp: true })).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:4000/push/1', { allowLoopbackHttp: false })).toBe(false);
    expect(isPushEndpoint('http://push.example.com/1', { allowLoopbackHttp: true })).toBe(false);
    expect(isPushEndpoint('http://127.0.0.1.evil.com/1', { allowLoopbackHttp: true })).toBe(false);
    expect(isPushEndpoint('https://user:pw@push.example.com/1', { allowLoopbackHttp: false })).toBe(false);
    expect(isPushEndpoint('javascript:alert(1)', { allowLoopbackHttp: true })).toBe(false);
  });

  it('needs a P-256 public key (65 bytes, base64url from B) and a 16-byte auth secret', () => {
    const schema = pushSubscriptionSchema({ allowLoopbackHttp: false });
    expect(schema.safeParse({ endpoint: 'https://push.example.com/1', keys }).success).toBe(true);
    expect(schema.safeParse({ endpoint: 'https://push.example.com/1', keys, expirationTime: null }).success).toBe(true);
    const bad = [
      { ...keys, p256dh: `A${'a'.repeat(86)}` },
      { ...keys, p256dh: 'Bshort' },
      { ...keys, auth: 'A'.repeat(21) },
      { ...keys, auth: 'A+/'.repeat(8).slice(0, 22) },
    ];
    for (const k of bad) expect(schema.safeParse({ endpoint: 'https://push.example.com/1', keys: k }).success).toBe(false);
    const http = schema.safeParse({ endpoint: 'http://push.example.com/1', keys });
    expect(http.success ? null : http.error.issues[0]?.message).toBe('O endereço de inscrição deve ser https.');
  });

  it('labels the browser in pt-BR for the person to tell them apart', () => {
    expect(browserLabel('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe('Chrome no Android');
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('Edge no Windows');
    expect(browserLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari no iOS');
    expect(browserLabel('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox no Linux');
    expect(browserLabel(null)).toBeNull();
    expect(browserLabel('curl/8.0')).toBeNull();
  });
});

describe('pushMessage', () => {
  it('is the notification short: its title and body (cut with an ellipsis), its screen, one per notification', () => {
    const long = 'palavra '.repeat(40);
    const m = pushMessage(notification({ body: long }), now);
    expect(m.payload.title).toBe('Entrada confirmada');
    expect(m.payload.body.length).toBe(PUSH_BODY_MAX);
    expect(m.payload.body.endsWith('…')).toBe(true);
    expect(m.payload).toMatchObject({ url: '/my-groups?grupo=g1', tag: 'n-1' });
    expect(m).toMatchObject({ ttlSeconds: PUSH_DEFAULT_TTL_SECONDS, urgency: 'normal' });
  });

  it('opens only internal screens; anything else opens /notifications', () => {
    expect(pushUrl('/orders/1')).toBe('/orders/1');
    for (const link of [null, 'https://evil.example', '//evil.example', '/\\evil.example']) expect(pushUrl(link)).toBe('/notifications');
  });

  it('a place about to lapse is urgent and lives only until it lapses (at least a minute)', () => {
    const lapsing = (expires: string) => pushMessage(notification({ type: 'hold_lapsing', data: { params: { plan: 'Clareamento', amount: 1000, method: 'PIX', expires_at: expires } } }), now);
    expect(lapsing('2026-11-28T12:10:00Z')).toMatchObject({ urgency: 'high', ttlSeconds: 600 });
    expect(lapsing('2026-11-28T11:59:00Z')).toMatchObject({ urgency: 'high', ttlSeconds: 60 });
    expect(lapsing('2026-12-05T12:00:00Z').ttlSeconds).toBe(PUSH_DEFAULT_TTL_SECONDS);
    const held = pushMessage(notification({ type: 'place_held', data: { params: { plan: 'X', entry: 1000, hold_minutes: 30 } } }), now);
    expect(held).toMatchObject({ urgency: 'high', ttlSeconds: 1800 });
  });
});

describe('push outcomes', () => {
  it('reads the push service status: 2xx sent, 404/410 gone, 429/408/5xx and no answer retried, other 4xx refused', () => {
    const table: Array<[number | null, string]> = [
      [201, 'sent'],
      [200, 'sent'],
      [404, 'gone'],
      [410, 'gone'],
      [429, 'retry'],
      [408, 'retry'],
      [500, 'retry'],
      [503, 'retry'],
      [null, 'retry'],
      [400, 'failed'],
      [401, 'failed'],
      [403, 'failed'],
      [413, 'failed'],
    ];
    for (const [status, outcome] of table) expect(classifyPushStatus(status), String(status)).toBe(outcome);
  });

  it('sent when any browser took it; retried while one may; else failed (no browser, all gone or refused)', () => {
    expect(pushResult(['retry', 'sent', 'gone'])).toBe('sent');
    expect(pushResult(['retry', 'gone'])).toBe('retry');
    expect(pushResult(['failed', 'retry'])).toBe('retry');
    expect(pushResult(['gone', 'failed'])).toBe('failed');
    expect(pushResult([])).toBe('failed');
  });
});
