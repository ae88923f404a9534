// Freight rules, pure so the browser and the server share them: the CEP's UF and region, the parcel a
// cart makes, the free-shipping threshold and the order the options are shown in.
import { z } from 'zod';
import type { Uf } from '../address';

/** docs/product/README.md: orders from R$ 199,00 of products ship free (FREE_SHIPPING_FROM overrides it). */
export const DEFAULT_FREE_SHIPPING_FROM = 19_900;

/** The largest quantity one quote takes per line (like the cart's cap). */
export const MAX_QUOTE_QUANTITY = 99;

const digitsOf = (v: string) => v.replace(/\D/g, '');

/** The destination CEP: 8 digits (the mask is accepted), pt-BR messages. */
export const shippingCepSchema = z
  .string({ error: 'Informe o CEP' })
  .trim()
  .min(1, { error: 'Informe o CEP' })
  .transform(digitsOf)
  .pipe(z.string().regex(/^\d{8}$/, { error: 'O CEP deve ter 8 dígitos' }))
  .refine((cep) => ufOfCep(cep) !== null, { error: 'CEP inválido' });

/** GET /api/shipping/quote: one product (the product page) or a list of items. */
export const shippingQuoteQuerySchema = z.object({
  cep: shippingCepSchema,
  product_id: z.uuid({ error: 'Produto inválido' }).optional(),
  quantity: z.coerce
    .number({ error: 'A quantidade deve ser um número inteiro' })
    .int({ error: 'A quantidade deve ser um número inteiro' })
    .min(1, { error: 'A quantidade mínima é 1' })
    .max(MAX_QUOTE_QUANTITY, { error: `A quantidade máxima é ${MAX_QUOTE_QUANTITY}` })
    .optional(),
  /** JSON `[{product_id, quantity}]` (docs/api.md), for callers that quote several products at once. */
  items: z.string().max(10_000).optional(),
});
export type ShippingQuoteQuery = z.output<typeof shippingQuoteQuerySchema>;

export const shippingItemsSchema = z
  .array(
    z.object({
      product_id: z.uuid({ error: 'Produto inválido' }),
      quantity: z.number({ error: 'A quantidade deve ser um número inteiro' }).int({ error: 'A quantidade deve ser um número inteiro' }).min(1, { error: 'A quantidade mínima é 1' }).max(MAX_QUOTE_QUANTITY, { error: `A quantidade máxima é ${MAX_QUOTE_QUANTITY}` }),
    }),
  )
  .min(1, { error: 'Informe ao menos um produto' })
  .max(50, { error: 'No máximo 50 produtos por cotação' });

/**
 * The CEP ranges of each UF (Correios). A CEP outside them (00000-000…00999-999) is no address; DF and GO, and AM and
 * RR, interleave, so the table lists ranges, not one per UF.
 */
const CEP_RANGES: ReadonlyArray<readonly [number, number, Uf]> = [
  [1000, 19999, 'SP'], [20000, 28999, 'RJ'], [29000, 29999, 'ES'], [30000, 39999, 'MG'], [40000, 48999, 'BA'],
  [49000, 49999, 'SE'], [50000, 56999, 'PE'], [57000, 57999, 'AL'], [58000, 58999, 'PB'], [59000, 59999, 'RN'],
  [60000, 63999, 'CE'], [64000, 64999, 'PI'], [65000, 65999, 'MA'], [66000, 68899, 'PA'], [68900, 68999, 'AP'],
  [69000, 69299, 'AM'], [69300, 69399, 'RR'], [69400, 69899, 'AM'], [69900, 69999, 'AC'], [70000, 72799, 'DF'],
  [72800, 72999, 'GO'], [73000, 73699, 'DF'], [73700, 76799, 'GO'], [76800, 76999, 'RO'], [77000, 77999, 'TO'],
  [78000, 78899, 'MT'], [79000, 79999, 'MS'], [80000, 87999, 'PR'], [88000, 89999, 'SC'], [90000, 99999, 'RS'],
];

/** The UF a CEP (8 digits) belongs to, or null when it falls in no range. */
export function ufOfCep(cep: string): Uf | null {
  if (!/^\d{8}$/.test(cep)) return null;
  const prefix = Number(cep.slice(0, 5));
  for (const [from, to, uf] of CEP_RANGES) if (prefix >= from && prefix <= to) return uf;
  return null;
}

export const REGIONS = ['N', 'NE', 'CO', 'SE', 'S'] as const;
export type Region = (typeof REGIONS)[number];

const REGION_OF: Record<Uf, Region> = {
  AC: 'N', AP: 'N', AM: 'N', PA: 'N', RO: 'N', RR: 'N', TO: 'N',
  AL: 'NE', BA: 'NE', CE: 'NE', MA: 'NE', PB: 'NE', PE: 'NE', PI: 'NE', RN: 'NE', SE: 'NE',
  DF: 'CO', GO: 'CO', MT: 'CO', MS: 'CO',
  ES: 'SE', MG: 'SE', RJ: 'SE', SP: 'SE',
  PR: 'S', RS: 'S', SC: 'S',
};

export function regionOf(uf: Uf): Region {
  return REGION_OF[uf];
}

/** What one product adds to a parcel. */
export interface ShippingLine {
  product_id: string;
  quantity: number;
  /** Unit price in centavos (the declared value). */
  unit_price: number;
  weight_grams: number;
  height_cm: number;
  width_cm: number;
  length_cm: number;
}

/** Correios' cubic factor: a box of L×W×H cm weighs at least L·W·H/6000 kg. */
export const CUBIC_FACTOR = 6000;

/** The weight a carrier charges: the real weight or the cubic weight, whichever is larger (grams, whole). */
export function billableWeightGrams(lines: readonly ShippingLine[]): number {
  let real = 0;
  let cubic = 0;
  for (const l of lines) {
    real += l.weight_grams * l.quantity;
    cubic += ((l.height_cm * l.width_cm * l.length_cm) / CUBIC_FACTOR) * 1000 * l.quantity;
  }
  return Math.ceil(Math.max(real, cubic));
}

export function subtotalOf(lines: readonly ShippingLine[]): number {
  return lines.reduce((s, l) => s + l.unit_price * l.quantity, 0);
}

/** A carrier's offer as an adapter returns it (before the free-shipping rule). */
export interface CarrierOption {
  /** Stable for the same service: the order re-quotes and looks the chosen one up by it. */
  id: string;
  /** pt-BR, e.g. "Econômico" or "SEDEX". */
  service: string;
  carrier: string;
  /** Centavos. */
  price: number;
  /** Business days to deliver after posting. */
  days: number;
}

export interface ShippingOption extends CarrierOption {
  /** Whether the free-shipping threshold made it free (`price` is then 0, `original_price` what it cost). */
  free: boolean;
  original_price: number;
}

/**
 * The options the customer sees: free shipping (every option at 0) when the subtotal reaches the threshold; sorted by
 * price, then days, then name, so the cheapest comes first and the order is stable.
 */
export function applyShippingRules(options: readonly CarrierOption[], subtotal: number, freeFrom: number): ShippingOption[] {
  const free = subtotal >= freeFrom;
  return options
    .filter((o) => Number.isInteger(o.price) && o.price >= 0 && Number.isInteger(o.days) && o.days >= 0)
    .map((o) => ({ ...o, free, original_price: o.price, price: free ? 0 : o.price }))
    .sort((a, b) => a.price - b.price || a.days - b.days || a.original_price - b.original_price || a.service.localeCompare(b.service, 'pt-BR'));
}

/** How much more the customer needs for free shipping (0 when already there). */
export function missingForFreeShipping(subtotal: number, freeFrom: number): number {
  return Math.max(0, freeFrom - subtotal);
}

/** "3 dias úteis" / "1 dia útil". */
export function deliveryEstimateLabel(days: number): string {
  return days === 1 ? '1 dia útil' : `${days} dias úteis`;
}

/** What a product starts with (the migration's defaults for existing rows): a small box of 500 g. */
export const DEFAULT_PRODUCT_SHIPPING = { weight_grams: 500, height_cm: 10, width_cm: 15, length_cm: 20 } as const;

const wholeBetween = (label: string, max: number, unit: string) =>
  z
    .number({ error: `Informe ${label}` })
    .int({ error: `${label[0]!.toUpperCase()}${label.slice(1)} deve ser um número inteiro` })
    .min(1, { error: `${label[0]!.toUpperCase()}${label.slice(1)} deve ser maior que zero` })
    .max(max, { error: `No máximo ${max} ${unit}` });

/** The back office's (and the CSV's) weight and dimensions of a product; omitted ones keep what the product had. */
export const productShippingFields = {
  weight_grams: wholeBetween('o peso', 100_000, 'g').optional(),
  height_cm: wholeBetween('a altura', 200, 'cm').optional(),
  width_cm: wholeBetween('a largura', 200, 'cm').optional(),
  length_cm: wholeBetween('o comprimento', 200, 'cm').optional(),
};
