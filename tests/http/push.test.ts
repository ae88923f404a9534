// Web push through the API and the push.send job, against a local push service that decrypts every payload with the
// subscription's keys and checks the VAPID JWT: subscribe, unsubscribe (owner only), send, 404/410, 429/500 retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';
import { TOKENS } from '../../adapters/tokens';
import type { AppUnitOfWork } from '../../adapters/db/unit-of-work';
import type { MessageLog, MessagePreferences } from '../../core/messaging/ports';
import { PushRetryLater, type PushService } from '../../core/messaging/push.service';
import { FakePushService } from '../fakes/push-service.fake';

let app: TestApp;
let push: FakePushService;

beforeAll(async () => {
  push = await FakePushService.start();
  // A built web app holding only the service worker, to see how the server serves it.
  const dist = mkdtempSync(join(tmpdir(), 'turma-push-dist-'));
  mkdirSync(join(dist, 'web'));
  copyFileSync(new URL('../../web/public/sw.js', import.meta.url), join(dist, 'web', 'sw.js'));
  writeFileSync(join(dist, 'web', 'index.html'), '<!doctype html><title>Turma</title>');
  app = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await app?.close();
  await push?.close();
});

const service = () => app.container.get<PushService>(TOKENS.PushService);
const preferences = () => app.container.get<MessagePreferences>(TOKENS.MessagePreferences);
const log = () => app.container.get<MessageLog>(TOKENS.MessageLog);
const subscriptionsOf = (userId: string) => app.db.knex('push_subscriptions').where({ user_id: userId }).orderBy('created_at');

async function subscribed(user: TestUser) {
  const sub = push.subscribe();
  const res = await user.client.post('/api/me/push-subscriptions', sub, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36' });
  expect(res.status).toBe(201);
  return sub;
}

/** A notification of `type` for the user (written around the fan-out) and its queued push log row, as the fan-out records it. */
async function queuedPush(user: TestUser, type = 'entry_confirmed', data: Record<string, unknown> = {}) {
  const [row] = await app.db.knex('notifications').insert({ user_id: user.id, type, title: 'Entrada confirmada', body: 'Sua entrada na turma de Clareamento foi confirmada.', link: '/my-groups?grupo=g1', data }).returning(['id']);
  const notificationId = row.id as string;
  const logId = await log().record({ user_id: user.id, channel: 'push', template: type, notification_id: notificationId, status: 'queued' });
  return { notification_id: notificationId, user_id: user.id, log_id: logId };
}

describe('web push', () => {
  it('gives the VAPID public key made once and kept in DATA_DIR', async () => {
    const res = await app.client().get('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body.public_key).toMatch(/^B[\w-]{86}$/);
    const kept = JSON.parse(readFileSync(join(app.config.dataDir, 'vapid-keys.json'), 'utf8')) as { publicKey: string; privateKey: string };
    expect(kept.publicKey).toBe(res.body.public_key);
  });

  it('serves the service worker from the site root, uncached, so a new version reaches browsers', async () => {
    const res = await app.client().get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.text).toContain("addEventListener('push'");
  });

  it('subscribes a signed-in browser (validated), and the first browser turns push on for transactional and vouchers', async () => {
    expect((await app.client().post('/api/me/push-subscriptions', push.subscribe())).status).toBe(401);
    const user = await createUser(app);
    const bad = await user.client.post('/api/me/push-subscriptions', { ...push.subscribe(), endpoint: 'http://push.example.com/abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.endpoint).toBe('O endereço de inscrição deve ser https.');
    const badKey = await user.client.post('/api/me/push-subscriptions', { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'x', auth: 'y' } });
    expect(badKey.status).toBe(400);
    expect(await preferences().allows(user.id, 'push', 'transactional')).toBe(false);

    const sub = await subscribed(user);
    expect(await preferences().allows(user.id, 'push', 'transactional')).toBe(true);
    expect(await preferences().allows(user.id, 'push', 'vouchers')).toBe(true);
    expect(await preferences().allows(user.id, 'push', 'marketing')).toBe(false);
    // The same browser again (new keys): still one row, with the new keys.
    const again = { ...sub, keys: push.subscribe().keys };
    const res = await user.client.post('/api/me/push-subscriptions', again);
    expect(res.body).toEqual({ subscriptions: 1 });
    const rows = await subscriptionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: sub.endpoint, p256dh: again.keys.p256dh, user_agent: 'Chrome no Android', last_success_at: null });
    const audit = await app.db.knex('audit_logs').where({ action: 'messages.push_subscribed', entity_id: user.id });
    expect(audit).toHaveLength(1);
  });

  it('only the owner removes a subscription; the last one removed turns push off', async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const sub = await subscribed(owner);
    const foreign = await other.client.request('DELETE', '/api/me/push-subscriptions', { endpoint: sub.endpoint });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ removed: false, subscriptions: 0 });
    expect(await subscriptionsOf(owner.id)).toHaveLength(1);

    const own = await owner.client.request('DELETE', '/api/me/push-subscriptions', { endpoint: sub.endpoint });
    expect(own.body).toEqual({ removed: true, subscriptions: 0 });
    expect(await subscriptionsOf(owner.id)).toHaveLength(0);
    expect(await preferences().allows(owner.id, 'push', 'transactional')).toBe(false);
  });

  it('a new notification goes out through the fan-out to every browser of the person (decrypted by the push service); never subscribed: nothing', async () => {
    const user = await createUser(app);
    const stranger = await createUser(app);
    const phone = await subscribed(user);
    const laptop = await subscribed(user);
    const uow = app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
    const shipped = (u: TestUser) => ({ user_id: u.id, type: 'order_shipped', title: 'Pedido enviado', body: 'Seu pedido #A1B2 foi enviado. Código de rastreio: BR123.', link: '/orders/o1', data: {}, dedupe_key: `push-test-${u.id}` });
    // The fan-out and push.send are jobs enqueued in the notification's transaction; both run right after the commit.
    await uow.run(async (tx) => {
      await tx.notifications.create(shipped(user));
      await tx.notifications.create(shipped(stranger));
    });
    const [entry] = await app.db.knex('message_log').where({ user_id: user.id, channel: 'push' });
    for (const sub of [phone, laptop]) {
      const got = push.receivedBy(sub.endpoint);
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!.payload)).toEqual({ title: 'Pedido enviado', body: 'Seu pedido #A1B2 foi enviado. Código de rastreio: BR123.', url: '/orders/o1', tag: entry.notification_id });
      expect(got[0]).toMatchObject({ ttl: 86_400, urgency: 'normal', vapid: { aud: push.url } });
    }
    expect(entry).toMatchObject({ status: 'sent', template: 'order_shipped', error: null });
    const rows = await subscriptionsOf(user.id);
    expect(rows.every((r) => r.last_success_at instanceof Date)).toBe(true);
    expect(await app.db.knex('message_log').where({ user_id: stranger.id })).toEqual([]);
  });

  it('a hold about to lapse goes urgent, living only until the hold ends', async () => {
    const user = await createUser(app);
    const sub = await subscribed(user);
    const expires = new Date(Date.now() + 10 * 60_000).toISOString();
    const job = await queuedPush(user, 'hold_lapsing', { params: { plan: 'Clareamento', amount: 1000, method: 'PIX', expires_at: expires } });
    expect(await service().deliver(job, { lastAttempt: false })).toEqual({ sent: 1, gone: 0, failed: 0 });
    const [got] = push.receivedBy(sub.endpoint);
    expect(got?.urgency).toBe('high');
    expect(got!.ttl).toBeGreaterThan(540);
    expect(got!.ttl).toBeLessThanOrEqual(600);
  });

  it('404 and 410 remove the subscription; with none left push is turned off and the log says failed', async () => {
    const user = await createUser(app);
    const a = await subscribed(user);
    const b = await subscribed(user);
    push.failNext(a.endpoint, 404);
    push.failNext(b.endpoint, 410);
    const job = await queuedPush(user);
    expect(await service().deliver(job, { lastAttempt: false })).toEqual({ sent: 0, gone: 2, failed: 0 });
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    expect(await preferences().allows(user.id, 'push', 'transactional')).toBe(false);
    expect(await log().get(job.log_id)).toMatchObject({ status: 'failed', error: 'inscrição expirada em todos os navegadores' });
    const audit = await app.db.knex('audit_logs').where({ action: 'messages.channel_turned_off', entity_id: user.id });
    expect(audit[0]?.metadata).toMatchObject({ channel: 'push' });
  });

  it('429 and 500 are retried (the job fails and the log stays queued) until the last attempt marks it failed', async () => {
    const user = await createUser(app);
    const sub = await subscribed(user);
    const job = await queuedPush(user);
    push.failNext(sub.endpoint, 500, 429);
    await expect(service().deliver(job, { lastAttempt: false })).rejects.toBeInstanceOf(PushRetryLater);
    expect(await log().get(job.log_id)).toMatchObject({ status: 'queued' });
    await expect(service().deliver(job, { lastAttempt: true })).resolves.toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(await log().get(job.log_id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^429: .*\(tentativas esgotadas\)$/) });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    // Done: the job run again (a duplicate) sends nothing.
    await service().deliver(job, { lastAttempt: false });
    expect(push.receivedBy(sub.endpoint)).toHaveLength(0);
  });

  it('one browser taking it is enough: a failing other browser does not make the job repeat it', async () => {
    const user = await createUser(app);
    const ok = await subscribed(user);
    const down = await subscribed(user);
    push.failNext(down.endpoint, 503);
    const job = await queuedPush(user);
    expect(await service().deliver(job, { lastAttempt: false })).toEqual({ sent: 1, gone: 0, failed: 1 });
    expect(push.receivedBy(ok.endpoint)).toHaveLength(1);
    expect(await log().get(job.log_id)).toMatchObject({ status: 'sent' });
  });

  it('deleting the account forgets its browsers', async () => {
    const user = await createUser(app);
    await subscribed(user);
    const deleted = await user.client.request('DELETE', '/api/me', { password: 'senha-123' });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
  });

  it('a choice revoked after the fan-out stops the push at send time', async () => {
    const user = await createUser(app);
    const sub = await subscribed(user);
    const job = await queuedPush(user);
    await preferences().turnOff(user.id, 'push', 'teste');
    expect(await service().deliver(job, { lastAttempt: false })).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(push.receivedBy(sub.endpoint)).toHaveLength(0);
    expect(await log().get(job.log_id)).toMatchObject({ status: 'failed', error: 'push desativado pela pessoa antes do envio' });
  });
});
