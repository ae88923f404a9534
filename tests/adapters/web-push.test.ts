// The web-push sender against a local push service that decrypts each payload with the subscription's keys (RFC 8291)
// and checks the VAPID JWT (RFC 8292); its faults come back as the statuses the push job reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateVapidKeys, WebPushSender } from '../../adapters/messaging/web-push.sender';
import { classifyPushStatus } from '../../core/messaging/push-rules';
import { FakePushService } from '../fakes/push-service.fake';

const vapid = { ...generateVapidKeys(), subject: 'mailto:contato@turma.com.br' };
let push: FakePushService;
const sender = () => new WebPushSender({ vapid, timeoutMs: 2_000 });

beforeAll(async () => {
  push = await FakePushService.start();
});
afterAll(() => push.close());

describe('WebPushSender', () => {
  it('encrypts the payload for the subscription (aes128gcm) and signs a VAPID JWT for the push service origin', async () => {
    const sub = push.subscribe();
    const payload = JSON.stringify({ title: 'Pagamento confirmado', body: 'Sua entrada de R$ 10,00 foi confirmada.', url: '/my-groups', tag: 'n1' });
    const answer = await sender().send({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, payload, { ttlSeconds: 1800, urgency: 'high' });
    expect(answer).toEqual({ status: 201, error: null });
    expect(push.rejected).toEqual([]);
    const [got] = push.receivedBy(sub.endpoint);
    expect(got?.payload).toBe(payload);
    expect(got).toMatchObject({ ttl: 1800, urgency: 'high', vapid: { aud: push.url, sub: 'mailto:contato@turma.com.br', publicKey: vapid.publicKey } });
  });

  it('reports the push service faults as statuses: gone (404, 410), retry later (429, 500), refused (400)', async () => {
    const sub = push.subscribe();
    push.failNext(sub.endpoint, 404, 410, 429, 500, 400);
    const target = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      const answer = await sender().send(target, '{}', { ttlSeconds: 60, urgency: 'normal' });
      expect(answer.error).toBeTruthy();
      outcomes.push(classifyPushStatus(answer.status));
    }
    expect(outcomes).toEqual(['gone', 'gone', 'retry', 'retry', 'failed']);
    expect(push.receivedBy(sub.endpoint)).toEqual([]);
  });

  it('a key signed with another pair is refused by the push service (the JWT does not verify against k)', async () => {
    const other = generateVapidKeys();
    const sub = push.subscribe();
    // A JWT signed with `other`'s private key but presenting our public key as k.
    const forged = new WebPushSender({ vapid: { ...vapid, privateKey: other.privateKey } });
    const answer = await forged.send({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, '{}', { ttlSeconds: 60, urgency: 'normal' });
    expect(answer.status).toBe(400);
    expect(push.rejected.at(-1)?.reason).toMatch(/signature/);
  });

  it('no answer is a network failure (retried), never a throw', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const sub = push.subscribe();
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/push/x`;
    const answer = await new WebPushSender({ vapid, timeoutMs: 200 }).send({ endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, '{}', { ttlSeconds: 60, urgency: 'normal' });
    silent.closeAllConnections();
    await new Promise((ok) => silent.close(ok));
    expect(answer).toEqual({ status: null, error: 'o serviço de push não respondeu a tempo' });
    expect(classifyPushStatus(answer.status)).toBe('retry');
  });

  it('keys the library cannot use are refused at once (status 400), not sent', async () => {
    const answer = await sender().send({ endpoint: `${push.url}/push/none`, p256dh: 'curta', auth: 'x' }, '{}', { ttlSeconds: 60, urgency: 'normal' });
    expect(answer.status).toBe(400);
    expect(classifyPushStatus(answer.status)).toBe('failed');
  });
});
