import { describe, it, expect } from 'vitest';
import {
  CART_SYNC_DELAY_MS,
  addToCart,
  cartCount,
  cartItemSchema,
  cartTotal,
  decrementItem,
  incrementItem,
  lineSubtotal,
  removeItem,
  setItemQuantity,
  type CartItem,
} from '../../../core/marketplace/cart-rules';
import { DomainError } from '../../../core/shared/errors';

const product = (over: Partial<CartItem> = {}): CartItem => ({
  id: 'p1',
  name: 'Camiseta Turma',
  price: 4_990,
  quantity: 1,
  image_url: null,
  stock_quantity: 5,
  item_type: 'product',
  plan_id: null,
  ...over,
});

const plan = (over: Partial<CartItem> = {}): CartItem => ({
  id: 'plan-1',
  name: 'Tatuagem fineline',
  price: 80_000,
  quantity: 1,
  image_url: 'https://cdn.example/tattoo.jpg',
  stock_quantity: null,
  item_type: 'plan',
  plan_id: 'plan-1',
  ...over,
});

/** Deep-frozen input proves the rules never mutate what they are given. */
const frozen = (items: CartItem[]): readonly CartItem[] => Object.freeze(items.map((i) => Object.freeze({ ...i })));

describe('cart rules', () => {
  it('SPEC §9: cart server sync delay is 100 ms', () => {
    expect(CART_SYNC_DELAY_MS).toBe(100);
  });

  describe('addToCart', () => {
    it.each<[string, CartItem[], CartItem, number, string, number | null]>([
      ['SPEC §5: adding a new product adds a line', [], product(), 1, 'added', 1],
      ['SPEC §5: adding several of a new product within stock', [], product(), 3, 'added', 3],
      ['SPEC §5: adding an existing id increases its quantity', [product({ quantity: 2 })], product(), 2, 'updated', 4],
      ['SPEC §5: added quantity is capped at known stock', [], product({ stock_quantity: 5 }), 9, 'capped', 5],
      ['SPEC §5: existing line plus addition is capped at known stock', [product({ quantity: 4 })], product(), 3, 'capped', 5],
      ['SPEC §5: a product at its stock limit is refused', [product({ quantity: 5 })], product(), 1, 'refused', 5],
      ['SPEC §5: a product with stock 0 is refused and nothing is added', [], product({ stock_quantity: 0 }), 1, 'refused', null],
      ['SPEC §5: unknown stock (null) is never capped', [], product({ stock_quantity: null }), 500, 'added', 500],
      ['SPEC §5: plan lines are not stock-capped', [], plan({ stock_quantity: 1 }), 3, 'added', 3],
      ['SPEC §5: plan lines are not refused for stock 0', [plan({ quantity: 2 })], plan({ stock_quantity: 0 }), 1, 'updated', 3],
    ])('%s', (_name, start, item, quantity, outcome, finalQuantity) => {
      const input = frozen(start);
      const result = addToCart(input, item, quantity);
      expect(result.outcome).toBe(outcome);
      expect(result.items.find((i) => i.id === item.id)?.quantity ?? null).toBe(finalQuantity);
      expect(result.items).not.toBe(input);
    });

    it('SPEC §5: quantity defaults to 1', () => {
      expect(addToCart([], product()).items).toEqual([product({ quantity: 1 })]);
    });

    it('SPEC §5: the item’s own quantity field is ignored, only the added quantity counts', () => {
      expect(addToCart([], product({ quantity: 4 }), 1).items[0]?.quantity).toBe(1);
    });

    it('SPEC §5: the latest stock snapshot caps an existing line', () => {
      const result = addToCart([product({ quantity: 2, stock_quantity: 10 })], product({ stock_quantity: 3 }), 5);
      expect(result).toMatchObject({ outcome: 'capped', items: [{ quantity: 3, stock_quantity: 3 }] });
    });

    it('SPEC §5: other lines keep their place and values', () => {
      const start = [plan(), product({ id: 'p2' }), product()];
      const result = addToCart(frozen(start), product(), 1);
      expect(result.items.map((i) => [i.id, i.quantity])).toEqual([
        ['plan-1', 1],
        ['p2', 1],
        ['p1', 2],
      ]);
    });

    it.each([[0], [-1], [1.5], [Number.NaN]])(
      "SPEC §5: added quantity %s is rejected with 'Quantidade mínima é 1'",
      (quantity) => {
        const call = () => addToCart([], product(), quantity);
        expect(call).toThrow(DomainError);
        expect(call).toThrow('Quantidade mínima é 1');
        try {
          call();
        } catch (e) {
          expect(e).toMatchObject({ kind: 'invalid', fields: { quantity: 'Quantidade mínima é 1' } });
        }
      },
    );
  });

  describe('incrementItem', () => {
    it.each<[string, CartItem[], string, string, number | null]>([
      ['SPEC §5: increment within stock adds one', [product({ quantity: 2 })], 'p1', 'updated', 3],
      ['SPEC §5: increment is refused beyond known stock', [product({ quantity: 5 })], 'p1', 'refused', 5],
      ['SPEC §5: increment of unknown stock is allowed', [product({ quantity: 9, stock_quantity: null })], 'p1', 'updated', 10],
      ['SPEC §5: plan lines are not stock-capped on increment', [plan({ quantity: 1, stock_quantity: 1 })], 'plan-1', 'updated', 2],
      ['SPEC §5: increment of a missing id changes nothing', [product()], 'nope', 'unchanged', null],
    ])('%s', (_name, start, id, outcome, finalQuantity) => {
      const input = frozen(start);
      const result = incrementItem(input, id);
      expect(result.outcome).toBe(outcome);
      expect(result.items.find((i) => i.id === id)?.quantity ?? null).toBe(finalQuantity);
      if (outcome !== 'updated') expect(result.items).toEqual(input);
    });
  });

  describe('decrementItem', () => {
    it.each<[string, CartItem[], string, string, number | null]>([
      ['SPEC §5: decrement lowers the quantity by one', [product({ quantity: 3 })], 'p1', 'updated', 2],
      ['SPEC §5: decrement to 0 removes the line', [product({ quantity: 1 })], 'p1', 'removed', null],
      ['SPEC §5: decrement of a plan to 0 removes it', [plan()], 'plan-1', 'removed', null],
      ['SPEC §5: decrement of a missing id changes nothing', [product()], 'nope', 'unchanged', null],
    ])('%s', (_name, start, id, outcome, finalQuantity) => {
      const result = decrementItem(frozen(start), id);
      expect(result.outcome).toBe(outcome);
      expect(result.items.find((i) => i.id === id)?.quantity ?? null).toBe(finalQuantity);
    });
  });

  describe('setItemQuantity', () => {
    it.each<[string, CartItem[], string, number, string, number | null]>([
      ['SPEC §5: set within stock', [product({ quantity: 1 })], 'p1', 4, 'updated', 4],
      ['SPEC §5: set is capped at known stock', [product({ quantity: 1 })], 'p1', 50, 'capped', 5],
      ['SPEC §5: set above stock when already at stock reports the cap', [product({ quantity: 5 })], 'p1', 6, 'capped', 5],
      ['SPEC §5: set to the same quantity is unchanged', [product({ quantity: 2 })], 'p1', 2, 'unchanged', 2],
      ['SPEC §5: set to 0 removes the line', [product({ quantity: 2 })], 'p1', 0, 'removed', null],
      ['SPEC §5: set below 0 removes the line', [product({ quantity: 2 })], 'p1', -3, 'removed', null],
      ['SPEC §5: set on an out-of-stock product is refused', [product({ quantity: 2, stock_quantity: 0 })], 'p1', 3, 'refused', 2],
      ['SPEC §5: plan lines are not stock-capped on set', [plan({ stock_quantity: 1 })], 'plan-1', 7, 'updated', 7],
      ['SPEC §5: set on a missing id changes nothing', [product()], 'nope', 3, 'unchanged', null],
    ])('%s', (_name, start, id, quantity, outcome, finalQuantity) => {
      const result = setItemQuantity(frozen(start), id, quantity);
      expect(result.outcome).toBe(outcome);
      expect(result.items.find((i) => i.id === id)?.quantity ?? null).toBe(finalQuantity);
    });

    it.each([[1.5], [Number.NaN]])('SPEC §5: set to a non-integer quantity %s is invalid', (quantity) => {
      expect(() => setItemQuantity([product()], 'p1', quantity)).toThrow(DomainError);
    });
  });

  describe('removeItem', () => {
    it.each<[string, CartItem[], string, string, string[]]>([
      ['SPEC §5: remove drops only that line', [plan(), product()], 'p1', 'removed', ['plan-1']],
      ['SPEC §5: remove of a missing id changes nothing', [product()], 'nope', 'unchanged', ['p1']],
    ])('%s', (_name, start, id, outcome, ids) => {
      const result = removeItem(frozen(start), id);
      expect(result.outcome).toBe(outcome);
      expect(result.items.map((i) => i.id)).toEqual(ids);
    });
  });

  describe('totals', () => {
    it.each<[string, Pick<CartItem, 'price' | 'quantity'>, number]>([
      ['SPEC §3: subtotal is price times quantity', { price: 4_990, quantity: 3 }, 14_970],
      ['SPEC §3: subtotal of a single line is its price', { price: 80_000, quantity: 1 }, 80_000],
      ['SPEC §3: subtotal of a free item is 0', { price: 0, quantity: 4 }, 0],
    ])('%s', (_name, line, subtotal) => {
      expect(lineSubtotal(line)).toBe(subtotal);
    });

    it.each<[string, CartItem[], number, number]>([
      ['SPEC §3: an empty cart totals 0 with 0 items', [], 0, 0],
      ['SPEC §3: total and count sum every line', [product({ quantity: 3 }), plan({ quantity: 2 })], 3 * 4_990 + 2 * 80_000, 5],
    ])('%s', (_name, items, total, count) => {
      expect(cartTotal(items)).toBe(total);
      expect(cartCount(items)).toBe(count);
    });
  });

  describe('cartItemSchema', () => {
    it.each<[string, unknown, boolean]>([
      ['SPEC §3: a product line is valid', product(), true],
      ['SPEC §3: a plan line is valid', plan(), true],
      ['SPEC §5: quantity 0 is invalid', product({ quantity: 0 }), false],
      ['SPEC §3: a fractional price is invalid (integer centavos)', product({ price: 49.9 }), false],
      ['SPEC §3: a plan line needs its plan_id', plan({ plan_id: null }), false],
      ['SPEC §3: a product line has no plan_id', product({ plan_id: 'plan-1' }), false],
      ['SPEC §3: an unknown item_type is invalid', { ...product(), item_type: 'service' }, false],
    ])('%s', (_name, value, ok) => {
      expect(cartItemSchema.safeParse(value).success).toBe(ok);
    });

    it("SPEC §5: the schema's quantity message is 'Quantidade mínima é 1'", () => {
      const result = cartItemSchema.safeParse(product({ quantity: 0 }));
      expect(result.error?.issues[0]?.message).toBe('Quantidade mínima é 1');
    });
  });
});
