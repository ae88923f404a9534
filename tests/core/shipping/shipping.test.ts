// Freight rules: CEP → UF → region, the billable weight, free shipping from FREE_SHIPPING_FROM, sorting,
// and the order's re-quote (stale option refused, cheapest when none chosen).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FREE_SHIPPING_FROM,
  ShippingService,
  applyShippingRules,
  billableWeightGrams,
  deliveryEstimateLabel,
  missingForFreeShipping,
  regionOf,
  shippingCepSchema,
  ufOfCep,
  type CarrierOption,
  type ShippingProductFacts,
  type ShippingQuote,
  type ShippingQuoteRequest,
} from '../../../core/shipping';
import { DomainError } from '../../../core/shared/errors';

describe('CEP rules', () => {
  it.each([
    ['01310100', 'SP', 'SE'],
    ['20040002', 'RJ', 'SE'],
    ['30130010', 'MG', 'SE'],
    ['40020000', 'BA', 'NE'],
    ['69301000', 'RR', 'N'],
    ['69900000', 'AC', 'N'],
    ['70040010', 'DF', 'CO'],
    ['74000000', 'GO', 'CO'],
    ['88010000', 'SC', 'S'],
    ['90570020', 'RS', 'S'],
  ] as const)('%s is in %s (%s)', (cep, uf, region) => {
    expect(ufOfCep(cep)).toBe(uf);
    expect(regionOf(ufOfCep(cep)!)).toBe(region);
  });

  it('accepts the mask, refuses anything but 8 digits in a Brazilian range, with pt-BR messages', () => {
    expect(shippingCepSchema.parse('01310-100')).toBe('01310100');
    expect(shippingCepSchema.safeParse('0131010').error?.issues[0]?.message).toBe('O CEP deve ter 8 dígitos');
    expect(shippingCepSchema.safeParse('').error?.issues[0]?.message).toBe('Informe o CEP');
    expect(shippingCepSchema.safeParse('00000000').error?.issues[0]?.message).toBe('CEP inválido');
    expect(ufOfCep('abc')).toBeNull();
  });
});

describe('billable weight', () => {
  it('is the real weight or the cubic weight (L·W·H/6000 kg), whichever is larger', () => {
    const line = { product_id: 'a', unit_price: 1000, quantity: 2, height_cm: 10, width_cm: 15, length_cm: 20 };
    // cubic: 3000 cm³ / 6000 = 0.5 kg each → 1000 g; real 2 × 800 = 1600 g
    expect(billableWeightGrams([{ ...line, weight_grams: 800 }])).toBe(1600);
    // a light, bulky pillow: real 2 × 100 g, cubic 2 × 40·40·30/6000 kg = 16 kg
    expect(billableWeightGrams([{ ...line, weight_grams: 100, height_cm: 30, width_cm: 40, length_cm: 40 }])).toBe(16_000);
  });
});

describe('free shipping and order of options', () => {
  const offered: CarrierOption[] = [
    { id: 'expresso', service: 'Expresso', carrier: 'T', price: 3490, days: 2 },
    { id: 'economico', service: 'Econômico', carrier: 'T', price: 2490, days: 5 },
    { id: 'b', service: 'B', carrier: 'T', price: 2490, days: 4 },
  ];

  it('sorts by price, then days', () => {
    expect(applyShippingRules(offered, 1000, DEFAULT_FREE_SHIPPING_FROM).map((o) => o.id)).toEqual(['b', 'economico', 'expresso']);
  });

  it('FREE_SHIPPING_FROM (default R$ 199,00): every option free at or above it, the original price kept', () => {
    expect(DEFAULT_FREE_SHIPPING_FROM).toBe(19_900);
    const below = applyShippingRules(offered, 19_899, 19_900);
    expect(below.every((o) => !o.free && o.price === o.original_price)).toBe(true);
    const at = applyShippingRules(offered, 19_900, 19_900);
    expect(at.every((o) => o.free && o.price === 0)).toBe(true);
    // Free options still list the faster first among equals (all 0): days decide.
    expect(at.map((o) => o.id)).toEqual(['expresso', 'b', 'economico']);
    expect(missingForFreeShipping(15_000, 19_900)).toBe(4_900);
    expect(missingForFreeShipping(25_000, 19_900)).toBe(0);
  });

  it('drops options an adapter priced badly', () => {
    expect(applyShippingRules([{ id: 'x', service: 'X', carrier: 'T', price: 10.5, days: 2 }, { id: 'y', service: 'Y', carrier: 'T', price: -1, days: 2 }], 0, 19_900)).toEqual([]);
  });

  it('labels the estimate in business days', () => {
    expect(deliveryEstimateLabel(1)).toBe('1 dia útil');
    expect(deliveryEstimateLabel(5)).toBe('5 dias úteis');
  });
});

describe('ShippingService', () => {
  const product: ShippingProductFacts = { id: '6f0b7c52-3d4e-4d0b-9a4f-3b1c2d3e4f50', name: 'Caneca', price: 5000, active: true, weight_grams: 400, height_cm: 10, width_cm: 10, length_cm: 10 };
  const seen: ShippingQuoteRequest[] = [];
  const quoter: ShippingQuote = {
    async quote(r) {
      seen.push(r);
      return [
        { id: 'expresso', service: 'Expresso', carrier: 'T', price: 3000, days: 2 },
        { id: 'economico', service: 'Econômico', carrier: 'T', price: 2000, days: 6 },
      ];
    },
  };
  const service = new ShippingService(quoter, () => ({ shippingFacts: async (ids) => [product].filter((p) => ids.includes(p.id)) }), { freeShippingFrom: 19_900 });

  it('quotes a product by id and quantity with its UF, the subtotal and what is missing for free shipping', async () => {
    const result = await service.quoteProducts('90570-020', [{ product_id: product.id, quantity: 3 }]);
    expect(seen.at(-1)).toMatchObject({ cep: '90570020', uf: 'RS', subtotal: 15_000 });
    expect(result).toMatchObject({ cep: '90570020', uf: 'RS', subtotal: 15_000, missing_for_free_shipping: 4_900 });
    expect(result.options.map((o) => [o.id, o.price])).toEqual([['economico', 2000], ['expresso', 3000]]);
    const free = await service.quoteProducts('90570020', [{ product_id: product.id, quantity: 4 }]);
    expect(free.options.map((o) => o.price)).toEqual([0, 0]);
  });

  it('refuses a bad CEP (400 fields.cep), a bad quantity and an unknown product (404)', async () => {
    const err = await service.quoteProducts('123', [{ product_id: product.id, quantity: 1 }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'invalid', fields: { cep: 'O CEP deve ter 8 dígitos' } });
    await expect(service.quoteProducts('01310100', [{ product_id: product.id, quantity: 0 }])).rejects.toMatchObject({ kind: 'invalid', fields: { quantity: 'A quantidade mínima é 1' } });
    await expect(service.quoteProducts('01310100', [{ product_id: '6f0b7c52-3d4e-4d0b-9a4f-3b1c2d3e4f51', quantity: 1 }])).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('prices the order: the chosen option, the cheapest when none, a stale id refused with 409', async () => {
    const lines = [{ product_id: product.id, quantity: 1, unit_price: 5000, weight_grams: 400, height_cm: 10, width_cm: 10, length_cm: 10 }];
    expect((await service.priceForOrder('01310100', lines, 'expresso')).price).toBe(3000);
    expect((await service.priceForOrder('01310100', lines, undefined)).id).toBe('economico');
    await expect(service.priceForOrder('01310100', lines, 'me-99')).rejects.toMatchObject({ kind: 'conflict', code: 'shipping_option_unavailable' });
    const none = new ShippingService({ quote: async () => [] }, () => ({ shippingFacts: async () => [] }));
    await expect(none.priceForOrder('01310100', lines, undefined)).rejects.toMatchObject({ code: 'shipping_unavailable' });
  });
});

describe('product CSV freight columns', () => {
  it('reads weight and dimensions when given, keeps them absent when empty, refuses bad values with the line', async () => {
    const { parseProductCsv } = await import('../../../core/marketplace/product-csv');
    const csv = ['name;category;price;weight_grams;height_cm;width_cm;length_cm', 'Caneca azul;casa;49,90;350;12;9;9', 'Vaso grande;casa;99,90;;;;', 'Mesa;casa;499,90;0;10;10;500'].join('\n');
    const { rows, errors } = parseProductCsv(csv, ['casa']);
    expect(rows[0]).toMatchObject({ slug: 'caneca-azul', weight_grams: 350, height_cm: 12, width_cm: 9, length_cm: 9 });
    expect(rows[1]).not.toHaveProperty('weight_grams');
    expect(errors).toEqual([{ line: 4, message: 'peso inválido "0" (número inteiro de 1 a 100000); comprimento inválido "500" (número inteiro de 1 a 200)' }]);
  });
});
