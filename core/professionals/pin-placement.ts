// Placing the map pin by hand (docs/product/professionals.md#the-pin-by-hand): the pin-rules' checks with the CEP's
// city centre looked up through the address module, at sign-up and when the professional moves it later.
import type { AddressService } from '../address';
import { notFound } from '../shared/errors';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { AuditScope } from '../audit/ports';
import type { ProfessionalRecord, ProfessionalsScope } from './ports';
import { assertPin, checkPin, pinInputSchema, type CityCentre } from './pin-rules';
import type { Coordinates } from './ranking';

/** Where the business is: the stored city and UF, and the CEP that names them when they are missing. */
export interface PinPlace {
  city: string | null;
  state: string | null;
  cep: string | null;
}

export class PinPlacement {
  constructor(
    private readonly uow: UnitOfWork<ProfessionalsScope & AuditScope>,
    private readonly address: Pick<AddressService, 'lookup' | 'locate'>,
  ) {}

  /** The city's centre, geocoded; null when the city is unknown or the services are down (the check then skips it). */
  async cityCentre(place: PinPlace): Promise<CityCentre | null> {
    let { city, state } = place;
    if ((!city || !state) && place.cep) {
      const found = await this.address.lookup(place.cep).catch(() => null);
      city = found?.city || null;
      state = found?.state || null;
    }
    if (!city || !state) return null;
    const located = await this.address.locate({ street: '', city, state }).catch(() => null);
    return located?.status === 'found' ? { city, state, latitude: located.value.latitude, longitude: located.value.longitude } : null;
  }

  /** Throws 400 pin_outside_brazil, or 409 pin_far_from_city unless confirmed; answers the distance when known. */
  async check(pin: Coordinates, place: PinPlace, confirmed: boolean): Promise<number | null> {
    const check = checkPin(pin, await this.cityCentre(place), confirmed);
    assertPin(check);
    return check.verdict === 'ok' ? check.distance_km : null;
  }

  /** PUT /api/me/professional/location: the owner moves their pin; the nearby search reads the row, so it applies at once. */
  async move(userId: string, input: unknown, actorEmail: string): Promise<ProfessionalRecord> {
    const pin = pinInputSchema.parse(input);
    const current = await this.uow.repos.professionals.professionals.findByUserId(userId);
    if (!current) throw notFound('professional_not_found', 'Você ainda não tem cadastro de profissional.');
    const distance = await this.check(pin, { city: current.address_city, state: current.address_state, cep: current.cep }, pin.pin_confirmed === true);
    return this.uow.run(async (tx) => {
      const p = await tx.professionals.professionals.lock(current.id);
      if (!p) throw notFound('professional_not_found', 'Você ainda não tem cadastro de profissional.');
      await tx.professionals.professionals.update(p.id, { latitude: pin.latitude, longitude: pin.longitude });
      await tx.audit.append({
        action: 'professional.pin_moved',
        actor_user_id: userId,
        actor_email: actorEmail,
        entity_type: 'professional',
        entity_id: p.id,
        metadata: { from: p.latitude === null ? null : [p.latitude, p.longitude], to: [pin.latitude, pin.longitude], distance_km: distance, confirmed: pin.pin_confirmed === true },
      });
      return (await tx.professionals.professionals.findById(p.id))!;
    });
  }
}
