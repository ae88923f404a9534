import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../../core/marketplace/cart-rules';
import { cartChangesBetween, cartLineChangeSchema, cartPatchSchema, diffCart, mergeCarts, type CartDiffLine } from '../../../core/marketplace/cart';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const P3 = '33333333-3333-4333-8333-333333333333';
const PLAN = '44444444-4444-4444-8444-444444444444';

const product = (id: string, quantity: number, stock: number | null, over: Partial<CartItem> = {}): CartItem => ({
  id,
  name: `Produto ${id.slice(0, 1)}`,
  price: 1_000,
  quantity,
  image_url: null,
  stock_quantity: stock,
  item_type: 'product',
  plan_id: null,
  ...over,
});
const plan = (quantity: number): CartItem => ({ id: PLAN, name: 'Tatuagem', price: 42_000, quantity, image_url: null, stock_quantity: null, item_type: 'plan', plan_id: PLAN });
const frozen = <T extends object>(items: T[]): readonly T[] => Object.freeze(items.map((i) => Object.freeze({ ...i })));

describe('mergeCarts (login: browser cart + server cart)', () => {
  it('adds the quantities of an item on both sides', () => {
    expect(mergeCarts(frozen([product(P1, 2, 10)]), frozen([product(P1, 3, 10)]))).toEqual([product(P1, 5, 10)]);
  });

  it('caps the sum at the known stock', () => {
    expect(mergeCarts([product(P1, 4, 5)], [product(P1, 4, 5)])).toEqual([product(P1, 5, 5)]);
  });

  it('never caps plans', () => {
    expect(mergeCarts([plan(2)], [plan(3)])).toEqual([plan(5)]);
  });

  it('keeps server-only lines and appends browser-only lines (capped at their stock)', () => {
    const merged = mergeCarts([product(P1, 1, null)], [product(P2, 9, 4), plan(1)]);
    expect(merged).toEqual([product(P1, 1, null), product(P2, 4, 4), plan(1)]);
  });

  it('does not add a sold-out product from the browser', () => {
    expect(mergeCarts([], [product(P3, 2, 0)])).toEqual([]);
  });

  it("an item on both sides keeps the server's snapshot (current name, price, stock)", () => {
    const server = product(P1, 1, 3, { name: 'Nome atual', price: 2_000 });
    const stale = product(P1, 5, 99, { name: 'Nome antigo', price: 1 });
    expect(mergeCarts([server], [stale])).toEqual([{ ...server, quantity: 3 }]);
  });

  it('ignores browser lines with a quantity below 1 or not whole', () => {
    expect(mergeCarts([product(P1, 1, null)], [product(P1, 0, null), product(P2, -2, null), product(P3, 1.5, null)])).toEqual([product(P1, 1, null)]);
  });

  it('does not mutate its inputs', () => {
    const server = frozen([product(P1, 1, 10)]);
    const local = frozen([product(P1, 1, 10), product(P2, 1, 10)]);
    mergeCarts(server, local);
    expect(server[0]!.quantity).toBe(1);
  });
});

const line = (id: string, quantity: number, item_type: 'product' | 'plan' = 'product'): CartDiffLine => ({ item_type, id, quantity });

describe('diffCart (what the server writes instead of delete-all + insert-all)', () => {
  it('writes nothing when nothing changed, whatever the order of the lines', () => {
    expect(diffCart([line(P1, 1), line(P2, 2)], [line(P2, 2), line(P1, 1)])).toEqual({ upserts: [], deletes: [] });
  });

  it('upserts only a line whose quantity changed', () => {
    expect(diffCart([line(P1, 1), line(P2, 2)], [line(P1, 1), line(P2, 3)])).toEqual({ upserts: [line(P2, 3)], deletes: [] });
  });

  it('upserts a new line and deletes a removed one', () => {
    expect(diffCart([line(P1, 1), line(P2, 2)], [line(P1, 1), line(P3, 4)])).toEqual({ upserts: [line(P3, 4)], deletes: [{ item_type: 'product', id: P2 }] });
  });

  it('an emptied cart deletes every line; a new cart upserts every line', () => {
    expect(diffCart([line(P1, 1), line(PLAN, 1, 'plan')], [])).toEqual({ upserts: [], deletes: [{ item_type: 'product', id: P1 }, { item_type: 'plan', id: PLAN }] });
    expect(diffCart([], [line(P1, 1)])).toEqual({ upserts: [line(P1, 1)], deletes: [] });
  });

  it('a product and a plan with the same id are different lines', () => {
    expect(diffCart([line(P1, 1, 'product')], [line(P1, 1, 'plan')])).toEqual({ upserts: [line(P1, 1, 'plan')], deletes: [{ item_type: 'product', id: P1 }] });
  });

  it('one change in a 50-line cart is one row, not 100', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const before = ids.map((id) => line(id, 1));
    const after = before.map((l, i) => (i === 7 ? { ...l, quantity: 2 } : l));
    const diff = diffCart(before, after);
    expect(diff.upserts.length + diff.deletes.length).toBe(1);
  });

  it('cartChangesBetween turns the difference into PATCH lines (removals as quantity 0)', () => {
    expect(cartChangesBetween([line(P1, 1), line(PLAN, 1, 'plan')], [line(P1, 2)])).toEqual([
      { item_type: 'product', product_id: P1, quantity: 2 },
      { item_type: 'plan', plan_id: PLAN, quantity: 0 },
    ]);
  });
});

describe('cart change request', () => {
  it('drops any price or name a client sends', () => {
    const parsed = cartLineChangeSchema.parse({ item_type: 'product', product_id: P1, quantity: 2, price: 1, product_price: 1, name: 'x' });
    expect(parsed).toEqual({ item_type: 'product', item_id: P1, quantity: 2 });
  });

  it('quantity 0 is allowed (it removes); negative, fractional or huge are refused', () => {
    expect(cartLineChangeSchema.safeParse({ item_type: 'product', product_id: P1, quantity: 0 }).success).toBe(true);
    for (const quantity of [-1, 1.5, 1000, '2']) expect(cartLineChangeSchema.safeParse({ item_type: 'product', product_id: P1, quantity }).success).toBe(false);
  });

  it('a product needs product_id and no plan_id; a plan needs plan_id and no product_id (SPEC §3)', () => {
    expect(cartLineChangeSchema.safeParse({ item_type: 'product', plan_id: PLAN, quantity: 1 }).success).toBe(false);
    expect(cartLineChangeSchema.safeParse({ item_type: 'product', product_id: P1, plan_id: PLAN, quantity: 1 }).success).toBe(false);
    expect(cartLineChangeSchema.safeParse({ item_type: 'plan', product_id: P1, quantity: 1 }).success).toBe(false);
    expect(cartLineChangeSchema.parse({ item_type: 'plan', plan_id: PLAN, quantity: 1 })).toEqual({ item_type: 'plan', item_id: PLAN, quantity: 1 });
  });

  it('at most 100 lines per request', () => {
    const lines = Array.from({ length: 101 }, () => ({ item_type: 'product', product_id: P1, quantity: 1 }));
    expect(cartPatchSchema.safeParse({ lines }).success).toBe(false);
    expect(cartPatchSchema.safeParse({ lines: lines.slice(1) }).success).toBe(true);
  });
});
