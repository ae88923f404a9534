// A memory unit of work with the fan-out on, the preference service over it and a push probe a test can set.
import { FixedClock } from '../../../core/shared/clock';
import type { SecretTokens } from '../../../core/ports/security';
import { MessagePreferenceService } from '../../../core/messaging/preferences.service';
import { MessageFanout } from '../../../core/messaging/fanout';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedUser } from '../../fakes/memory/seed';

/** Digests that differ from the token (as the HMAC does) and are stable. */
export const fakeTokens: SecretTokens = { generate: () => 'token', digest: (t) => `digest(${t})` };

export function messagingWorld() {
  const clock = new FixedClock(new Date('2026-11-28T12:00:00Z'));
  const db = new MemoryDb(() => clock.now());
  const uow = new MemoryUnitOfWork(db, { fanout: true });
  const subscribed = new Set<string>();
  const preferences = new MessagePreferenceService(uow, clock, fakeTokens, { hasAny: async (id) => subscribed.has(id) });
  const fanout = new MessageFanout(uow, preferences, clock);
  const person = () => {
    const u = seedUser(db);
    return { id: u.id, email: u.email };
  };
  /** A person who typed a number, received the code on WhatsApp and typed it back. */
  const optIn = async (actor: { id: string; email: string }) => {
    await preferences.startWhatsapp(actor, '(11) 98765-4321');
    const code = uow.jobsNamed('whatsapp.optin').filter((j) => j.user_id === actor.id).at(-1)!.code;
    await preferences.confirmWhatsapp(actor, code);
    subscribed.add(actor.id);
    await preferences.update(actor, [
      { category: 'transactional', channel: 'push', enabled: true },
      { category: 'vouchers', channel: 'push', enabled: true },
    ]);
  };
  return { clock, db, uow, preferences, fanout, subscribed, person, optIn };
}
