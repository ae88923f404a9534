// The fan-out of every notification kind to WhatsApp and push: nothing without the person's opt-in, one job per event
// and channel with it, and nothing more once the person turns the channel off.
import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../core/notifications/notification-texts';
import { hasWhatsappTemplate } from '../../../core/messaging/whatsapp-templates';
import { ALL_KINDS } from './kinds';
import { messagingWorld } from './support';

type World = ReturnType<typeof messagingWorld>;

/** Stores one notification of `kind` the way every flow does (tx.notifications.create) and returns its id. */
async function notifyOnce(w: World, userId: string, kind: NotificationKind, key: string) {
  await w.uow.run((tx) => tx.notifications.create({ user_id: userId, type: kind, title: 'Título', body: 'Texto', link: '/dashboard', data: {}, dedupe_key: key }));
  const id = w.db.notifications.only((n) => n.dedupe_key === key).id;
  // The fan-out was enqueued by the notification's own transaction.
  expect(w.uow.jobsNamed('messages.fanout')).toContainEqual({ notification_id: id });
  return id;
}

describe('messages.fanout', () => {
  it.each(ALL_KINDS)('a person who never opted in receives nothing on WhatsApp or push (%s)', async (kind) => {
    const w = messagingWorld();
    const never = w.person();
    // A browser subscription alone is not a choice: push was never turned on.
    w.subscribed.add(never.id);
    const id = await notifyOnce(w, never.id, kind, `${kind}:never`);

    expect(await w.fanout.run(id)).toEqual({ whatsapp: 0, push: 0 });
    expect(w.uow.jobsNamed('whatsapp.send')).toEqual([]);
    expect(w.uow.jobsNamed('push.send')).toEqual([]);
    expect(w.db.messageLog.size).toBe(0);
  });

  it.each(ALL_KINDS)('a person who opted in gets exactly one job per channel for the event (%s)', async (kind) => {
    const w = messagingWorld();
    const p = w.person();
    await w.optIn(p);
    const id = await notifyOnce(w, p.id, kind, `${kind}:opted`);
    // WhatsApp carries only the kinds with an approved template; push carries every kind.
    const onWhatsapp = hasWhatsappTemplate(kind) ? 1 : 0;

    expect(await w.fanout.run(id)).toEqual({ whatsapp: onWhatsapp, push: 1 });
    // A retried fan-out sends nothing twice.
    expect(await w.fanout.run(id)).toEqual({ whatsapp: 0, push: 0 });
    const logs = w.db.messageLog.all();
    expect(logs.map((l) => [l.channel, l.status, l.notification_id, l.template]).sort()).toEqual([
      ['push', 'queued', id, kind],
      ...(onWhatsapp ? [['whatsapp', 'queued', id, kind]] : []),
    ]);
    const log = (channel: string) => logs.find((l) => l.channel === channel)!.id;
    expect(w.uow.jobsNamed('whatsapp.send')).toEqual(onWhatsapp ? [{ notification_id: id, user_id: p.id, log_id: log('whatsapp') }] : []);
    expect(w.uow.jobsNamed('push.send')).toEqual([{ notification_id: id, user_id: p.id, log_id: log('push') }]);
  });

  it('"No site" turned off for a kind: its next notice arrives already read (kept as the record, no unread badge)', async () => {
    const w = messagingWorld();
    const p = w.person();
    const before = await notifyOnce(w, p.id, 'group_complete', 'before');
    await w.fanout.run(before);
    expect(w.db.notifications.only((n) => n.id === before).read_at).toBeNull();

    await w.preferences.update(p, [{ category: 'transactional', channel: 'in_app', enabled: false }]);
    const after = await notifyOnce(w, p.id, 'group_complete', 'after');
    await w.fanout.run(after);
    expect(w.db.notifications.only((n) => n.id === after).read_at).toEqual(w.clock.now());
    // The other kinds keep their badge.
    const voucher = await notifyOnce(w, p.id, 'balance_confirmed', 'voucher');
    await w.fanout.run(voucher);
    expect(w.db.notifications.only((n) => n.id === voucher).read_at).toBeNull();
  });

  it("a place held waits 2 minutes on WhatsApp, so the PIX code chosen on the payment screen rides on it; push and the other kinds go at once", async () => {
    const w = messagingWorld();
    const p = w.person();
    await w.optIn(p);
    await w.fanout.run(await notifyOnce(w, p.id, 'place_held', 'held'));
    await w.fanout.run(await notifyOnce(w, p.id, 'group_complete', 'complete'));
    const options = (name: string) => w.uow.jobs.filter((j) => j.name === name).map((j) => j.options?.startAfter?.getTime() ?? null);
    expect(options('whatsapp.send')).toEqual([w.clock.now().getTime() + 120_000, null]);
    expect(options('push.send')).toEqual([null, null]);
  });

  it('revoking stops the next message at once, on that channel only', async () => {
    const w = messagingWorld();
    const p = w.person();
    await w.optIn(p);
    await w.fanout.run(await notifyOnce(w, p.id, 'place_held', 'first'));
    await w.preferences.update(p, [{ category: 'transactional', channel: 'whatsapp', enabled: false }]);
    // A send job already queued asks again at send time, and hears no.
    expect(await w.preferences.allows(p.id, 'whatsapp', 'transactional')).toBe(false);

    expect(await w.fanout.run(await notifyOnce(w, p.id, 'group_complete', 'second'))).toEqual({ whatsapp: 0, push: 1 });
    // Vouchers still go on WhatsApp: the choice is per kind of message.
    expect(await w.fanout.run(await notifyOnce(w, p.id, 'balance_confirmed', 'third'))).toEqual({ whatsapp: 1, push: 1 });
    expect(w.uow.jobsNamed('whatsapp.send')).toHaveLength(2);
  });

  it('a "PARAR" reply or a lapsed subscription turns the channel off for every kind, audited', async () => {
    const w = messagingWorld();
    const p = w.person();
    await w.optIn(p);
    await w.preferences.turnOff(p.id, 'whatsapp', 'resposta "PARAR"');
    w.subscribed.delete(p.id);

    expect(await w.fanout.run(await notifyOnce(w, p.id, 'balance_confirmed', 'after-stop'))).toEqual({ whatsapp: 0, push: 0 });
    expect(w.db.audit.all((a) => a.action === 'messages.channel_turned_off')).toEqual([
      expect.objectContaining({ entity_id: p.id, metadata: expect.objectContaining({ channel: 'whatsapp', reason: 'resposta "PARAR"' }) }),
    ]);
  });

  it('a notification of a type this version does not know goes nowhere outside', async () => {
    const w = messagingWorld();
    const p = w.person();
    await w.optIn(p);
    const id = await notifyOnce(w, p.id, 'newsletter_2030' as NotificationKind, 'unknown');
    expect(await w.fanout.run(id)).toEqual({ whatsapp: 0, push: 0 });
  });
});
