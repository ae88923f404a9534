// The bell's live count (docs/product/screens.md): server-sent events fed by the database's NOTIFY, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../adapters/tokens';
import { MAX_STREAMS_PER_USER, type NotificationFeed } from '../../adapters/notifications/notification-feed';
import { notify } from '../../core/notifications/notifications';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Opens the stream as `user` and collects its `unread` events. */
async function openStream(user: TestUser) {
  const controller = new AbortController();
  const res = await fetch(`${app.url}/api/notifications/stream`, { headers: { cookie: user.client.cookieHeader(), 'accept-encoding': 'gzip' }, signal: controller.signal });
  const counts: number[] = [];
  const waiters: Array<() => void> = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^event: unread\ndata: (.*)$/m.exec(block);
          if (data) {
            counts.push(JSON.parse(data[1]!).unread);
            waiters.splice(0).forEach((w) => w());
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    counts,
    /** Waits until the last count received is `n` (or fails after 5 s). */
    async until(n: number) {
      const deadline = Date.now() + 5_000;
      while (counts.at(-1) !== n) {
        if (Date.now() > deadline) throw new Error(`expected ${n}, got [${counts.join(', ')}]`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

describe('GET /api/notifications/stream', () => {
  it('is for signed-in users only', async () => {
    expect((await app.client().get('/api/notifications/stream')).status).toBe(401);
  });

  it('sends the count at once, then after each commit that changes it: a new notification, read one, read all', async () => {
    const ana = await createUser(app);
    const stream = await openStream(ana);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('content-encoding')).toBeNull(); // never buffered by compression
    expect(stream.res.headers.get('cache-control')).toBe('no-store');
    await stream.until(0);

    // A real event: creating a group holds a place and notifies (inside the group's transaction).
    const plan = await createPlan(app, { group_size: 3 });
    expect((await ana.client.post('/api/groups', { plan_id: plan.id })).status).toBe(201);
    await stream.until(1);

    // A rolled-back notification is never announced.
    await app.db.knex
      .transaction(async (trx) => {
        await trx('notifications').insert({ ...notify.refundIssued(ana.id, '00000000-0000-4000-8000-000000000001', 100), data: '{}' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await app.db.knex('notifications').insert({ ...notify.refundIssued(ana.id, '00000000-0000-4000-8000-000000000002', 100), data: '{}' });
    await stream.until(2);
    expect(stream.counts).toEqual([0, 1, 2]);

    // Read in another tab: this one hears it.
    const list = await ana.client.get('/api/notifications');
    await ana.client.post(`/api/notifications/${list.body.items[0].id}/read`);
    await stream.until(1);
    await ana.client.post('/api/notifications/read-all');
    await stream.until(0);
    await stream.close();
  });

  it("never carries another user's events, and ends its watch when the client leaves", async () => {
    const ana = await createUser(app);
    const bruno = await createUser(app);
    const feed = app.container.get<NotificationFeed>(TOKENS.NotificationFeed);
    const watching = async (n: number) => {
      const deadline = Date.now() + 5_000;
      while (feed.size !== n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(feed.size).toBe(n);
    };
    await watching(0); // the previous test's stream, closed by its client, is gone
    const anas = await openStream(ana);
    await anas.until(0);
    expect(feed.size).toBe(1);
    await app.db.knex('notifications').insert({ ...notify.refundIssued(bruno.id, '00000000-0000-4000-8000-000000000003', 100), data: '{}' });
    const brunos = await openStream(bruno);
    await brunos.until(1);
    await app.db.knex('notifications').insert({ ...notify.refundIssued(ana.id, '00000000-0000-4000-8000-000000000004', 100), data: '{}' });
    await anas.until(1);
    expect(anas.counts).toEqual([0, 1]);
    expect(brunos.counts).toEqual([1]);
    expect(feed.size).toBe(2);
    await anas.close();
    await brunos.close();
    await watching(0);
  });

  it('holds at most 10 open streams per user: the 11th is a clear 429 until one closes', async () => {
    const ana = await createUser(app);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = await openStream(ana);
      await stream.until(0);
      streams.push(stream);
    }
    const refused = await ana.client.get('/api/notifications/stream');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.body.error).toMatchObject({ code: 'too_many_streams', message: 'Muitas abas abertas recebendo notificações. Feche algumas e tente novamente.' });
    // Another user is not affected.
    const bruno = await openStream(await createUser(app));
    await bruno.until(0);
    await streams.pop()!.close();
    const feed = app.container.get<NotificationFeed>(TOKENS.NotificationFeed);
    const deadline = Date.now() + 5_000;
    while (feed.size > MAX_STREAMS_PER_USER && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const again = await openStream(ana);
    expect(again.res.status).toBe(200);
    await again.until(0);
    for (const s of [...streams, again, bruno]) await s.close();
  });
});
