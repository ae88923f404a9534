// PinPlacement on the in-memory repositories: the CEP's city centre is found through the address module (the stored city,
// else the CEP's), a far pin waits for confirmation and writes nothing, a kept one is written and audited.
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { PinPlacement } from '../../../core/professionals/pin-placement';
import type { ProfessionalRecord } from '../../../core/professionals/ports';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedUser } from '../../fakes/memory/seed';

const clock = new FixedClock(new Date('2026-11-28T12:00:00Z'));
const CAMPINAS = { latitude: -22.9056, longitude: -47.0608 };

function setup(stored: { city: string | null; state: string | null }, services: 'up' | 'down' = 'up') {
  const db = new MemoryDb(() => clock.now());
  const uow = new MemoryUnitOfWork(db);
  const located: string[] = [];
  const address = {
    lookup: async () => (services === 'up' ? { cep: '13010000', street: 'Rua Barão de Jaguara', district: 'Centro', city: 'Campinas', state: 'SP', latitude: null, longitude: null } : null),
    locate: async (q: { city: string; state: string }) => {
      located.push(`${q.city}/${q.state}`);
      return services === 'up' ? { status: 'found' as const, value: CAMPINAS } : { status: 'failed' as const, reason: 'fora do ar' };
    },
  };
  const user = seedUser(db);
  const pro = db.professionals.insert({ user_id: user.id, cep: '13010000', address_city: stored.city, address_state: stored.state, latitude: -22.91, longitude: -47.07 } as unknown as ProfessionalRecord);
  return { db, pins: new PinPlacement(uow, address), user, pro, located };
}

describe('PinPlacement', () => {
  it('keeps a near pin, writes it and audits the move', async () => {
    const { db, pins, user, pro } = setup({ city: 'Campinas', state: 'SP' });
    const moved = await pins.move(user.id, { latitude: -22.85, longitude: -47.05 }, user.email);
    expect(moved).toMatchObject({ id: pro.id, latitude: -22.85, longitude: -47.05 });
    expect(db.audit.all()).toEqual([expect.objectContaining({ action: 'professional.pin_moved', entity_id: pro.id, metadata: { from: [-22.91, -47.07], to: [-22.85, -47.05], distance_km: expect.any(Number), confirmed: false } })]);
  });

  it('a far pin is asked about and nothing is written; confirmed, it is kept', async () => {
    const { db, pins, user, pro } = setup({ city: 'Campinas', state: 'SP' });
    await expect(pins.move(user.id, { latitude: -23.5614, longitude: -46.6559 }, user.email)).rejects.toMatchObject({ code: 'pin_far_from_city' });
    expect(db.professionals.get(pro.id)).toMatchObject({ latitude: -22.91 });
    expect(db.audit.all()).toEqual([]);
    await pins.move(user.id, { latitude: -23.5614, longitude: -46.6559, pin_confirmed: true }, user.email);
    expect(db.professionals.get(pro.id)).toMatchObject({ latitude: -23.5614 });
  });

  it('with no stored city the CEP names it; with the services down only the country is checked', async () => {
    const named = setup({ city: null, state: null });
    expect(await named.pins.cityCentre({ city: null, state: null, cep: '13010000' })).toEqual({ city: 'Campinas', state: 'SP', ...CAMPINAS });
    expect(named.located).toEqual(['Campinas/SP']);
    const down = setup({ city: 'Campinas', state: 'SP' }, 'down');
    await expect(down.pins.move(down.user.id, { latitude: -3.12, longitude: -60.02 }, down.user.email)).resolves.toMatchObject({ latitude: -3.12 });
    await expect(down.pins.move(down.user.id, { latitude: -25.28, longitude: -57.63, pin_confirmed: true }, down.user.email)).rejects.toMatchObject({ code: 'pin_outside_brazil' });
  });

  it('answers 404 without an application', async () => {
    const { pins, db } = setup({ city: 'Campinas', state: 'SP' });
    const other = seedUser(db);
    await expect(pins.move(other.id, CAMPINAS, other.email)).rejects.toMatchObject({ code: 'professional_not_found' });
  });
});
