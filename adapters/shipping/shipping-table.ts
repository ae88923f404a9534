// The embedded freight table: what each service costs from the origin UF to each destination zone, by
// weight. The defaults are PAC/SEDEX-like prices from São Paulo; SHIPPING_TABLE (JSON of this shape) replaces them.
import { z } from 'zod';
import { BRAZIL_UFS } from '../../core/address';
import { REGIONS } from '../../core/shipping';

/** A zone's price: `base` covers the first kg, each further kg (or part) adds `per_kg`; `days` business days. */
const zonePriceSchema = z.object({
  base: z.number().int().min(0),
  per_kg: z.number().int().min(0),
  days: z.number().int().min(0).max(60),
});

/** Zones: `local` (the origin's own UF) and the five regions. */
export const SHIPPING_ZONES = ['local', ...REGIONS] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

export const shippingTableSchema = z.object({
  origin_uf: z.enum(BRAZIL_UFS),
  /** The heaviest parcel (billable grams) the table serves; heavier parcels get no option. */
  max_weight_grams: z.number().int().min(1),
  services: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'use letras minúsculas, dígitos e hífen'),
        service: z.string().min(1).max(60),
        carrier: z.string().min(1).max(60),
        zones: z.object(Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, zonePriceSchema])) as Record<ShippingZone, typeof zonePriceSchema>),
      }),
    )
    .min(1),
});
export type ShippingTable = z.output<typeof shippingTableSchema>;

export const DEFAULT_SHIPPING_TABLE: ShippingTable = {
  origin_uf: 'SP',
  max_weight_grams: 30_000,
  services: [
    {
      id: 'economico',
      service: 'Econômico',
      carrier: 'Turma Envios',
      zones: {
        local: { base: 1890, per_kg: 350, days: 3 },
        SE: { base: 2490, per_kg: 500, days: 5 },
        S: { base: 2790, per_kg: 550, days: 6 },
        CO: { base: 2990, per_kg: 650, days: 7 },
        NE: { base: 3490, per_kg: 800, days: 9 },
        N: { base: 3990, per_kg: 950, days: 12 },
      },
    },
    {
      id: 'expresso',
      service: 'Expresso',
      carrier: 'Turma Envios',
      zones: {
        local: { base: 2290, per_kg: 500, days: 1 },
        SE: { base: 3490, per_kg: 800, days: 2 },
        S: { base: 3990, per_kg: 900, days: 3 },
        CO: { base: 4490, per_kg: 1100, days: 3 },
        NE: { base: 5490, per_kg: 1400, days: 4 },
        N: { base: 6490, per_kg: 1700, days: 6 },
      },
    },
  ],
};

/** Parses SHIPPING_TABLE (JSON); unset or blank keeps the defaults. Throws a pt-BR message config.ts shows. */
export function parseShippingTable(raw: string | undefined): ShippingTable {
  if (!raw?.trim()) return DEFAULT_SHIPPING_TABLE;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('não é um JSON válido');
  }
  const parsed = shippingTableSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`${i.path.join('.') || '(raiz)'}: ${i.message}`);
  }
  return parsed.data;
}
