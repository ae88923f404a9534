// The order's freight: quoted before the order's transaction (a carrier call never holds the cart's
// locks), from the cart lines as read then; the transaction refuses the order when its locked lines differ from them.
import { conflict } from '../shared/errors';
import type { ShippingLine, ShippingOption, ShippingProductReader, ShippingService } from '../shipping';
import type { CartLineWithItem } from './ports';

/** What the quote priced: products, quantities and prices, in a stable order. */
export function freightKey(lines: readonly CartLineWithItem[]): string {
  return lines
    .map((l) => `${l.item_id}:${l.quantity}:${l.item?.price ?? 'x'}`)
    .sort()
    .join('|');
}

/** Cart lines with the products' current weight and dimensions. */
async function toShippingLines(products: ShippingProductReader, lines: readonly CartLineWithItem[]): Promise<ShippingLine[]> {
  const facts = new Map((await products.shippingFacts(lines.map((l) => l.item_id))).map((f) => [f.id, f]));
  return lines.flatMap((l) => {
    const f = facts.get(l.item_id);
    return f && l.item ? [{ product_id: l.item_id, quantity: l.quantity, unit_price: l.item.price, weight_grams: f.weight_grams, height_cm: f.height_cm, width_cm: f.width_cm, length_cm: f.length_cm }] : [];
  });
}

export interface OrderFreight {
  key: string;
  option: ShippingOption;
}

export async function quoteOrderFreight(
  shipping: ShippingService,
  products: ShippingProductReader,
  cep: string,
  lines: readonly CartLineWithItem[],
  optionId: string | null | undefined,
): Promise<OrderFreight> {
  return { key: freightKey(lines), option: await shipping.priceForOrder(cep, await toShippingLines(products, lines), optionId) };
}

export const cartChangedDuringOrder = () =>
  conflict('cart_changed', 'Seu carrinho mudou enquanto o pedido era feito. Confira o carrinho e o frete e tente de novo.');

/** The order's columns for its freight; an order without a quote (no shipping service) ships at 0. */
export function freightColumns(freight: OrderFreight | null) {
  if (!freight) return { shipping_amount: 0, shipping_option_id: null, shipping_option_name: null, shipping_days: null };
  const o = freight.option;
  return { shipping_amount: o.price, shipping_option_id: o.id, shipping_option_name: `${o.service} (${o.carrier})`, shipping_days: o.days };
}

/** GET /api/cart/shipping: the freight options for the caller's cart products to a CEP (the checkout's choice). */
export async function quoteCartFreight(shipping: ShippingService, repos: { cart: { listForUser(userId: string): Promise<CartLineWithItem[]> }; products: ShippingProductReader }, userId: string, cep: unknown) {
  const lines = (await repos.cart.listForUser(userId)).filter((l) => l.item_type === 'product' && l.item?.active);
  return shipping.quoteLines(cep, await toShippingLines(repos.products, lines));
}
