// The embedded ShippingQuote: prices from the configured table by destination zone (origin UF or region) and the
// parcel's billable weight (real or cubic, whichever is larger). No I/O; the default when no aggregator is configured.
import { billableWeightGrams, regionOf, type CarrierOption, type ShippingQuote, type ShippingQuoteRequest } from '../../core/shipping';
import type { ShippingTable, ShippingZone } from './shipping-table';

export class TableShippingQuote implements ShippingQuote {
  constructor(private readonly table: ShippingTable) {}

  async quote(request: ShippingQuoteRequest): Promise<CarrierOption[]> {
    const grams = billableWeightGrams(request.lines);
    if (grams > this.table.max_weight_grams) return [];
    const zone: ShippingZone = request.uf === this.table.origin_uf ? 'local' : regionOf(request.uf);
    const extraKg = Math.max(0, Math.ceil(grams / 1000) - 1);
    return this.table.services.map((s) => {
      const z = s.zones[zone];
      return { id: s.id, service: s.service, carrier: s.carrier, price: z.base + z.per_kg * extraKg, days: z.days };
    });
  }
}
