// Freight quotes: the product page's, the cart's, and the order's re-quote, which is the only one whose
// price counts — the client sends just the option id and the server prices it again.
import { DomainError, invalid, notFound } from '../shared/errors';
import type { Uf } from '../address';
import type { ShippingProductReader, ShippingQuote } from './ports';
import {
  DEFAULT_FREE_SHIPPING_FROM,
  applyShippingRules,
  missingForFreeShipping,
  shippingCepSchema,
  shippingItemsSchema,
  subtotalOf,
  ufOfCep,
  type ShippingLine,
  type ShippingOption,
} from './shipping-rules';

export interface ShippingQuoteResult {
  cep: string;
  uf: Uf;
  subtotal: number;
  free_shipping_from: number;
  missing_for_free_shipping: number;
  options: ShippingOption[];
}

export const shippingUnavailable = () =>
  new DomainError('conflict', 'shipping_unavailable', 'Não há opção de entrega para este CEP com estes produtos. Confira o CEP ou reduza a quantidade.');

export const shippingOptionStale = () =>
  new DomainError('conflict', 'shipping_option_unavailable', 'A opção de frete escolhida não está mais disponível para este endereço. Calcule o frete de novo e escolha uma opção.');

/** Parses the CEP with the pt-BR messages of a 400 (`fields.cep`). */
export function parseShippingCep(raw: unknown): { cep: string; uf: Uf } {
  const parsed = shippingCepSchema.safeParse(raw ?? '');
  if (!parsed.success) throw invalid('invalid_input', 'Verifique o CEP.', { cep: parsed.error.issues[0]?.message ?? 'CEP inválido' });
  return { cep: parsed.data, uf: ufOfCep(parsed.data)! };
}

export class ShippingService {
  readonly freeShippingFrom: number;

  constructor(
    private readonly quoter: ShippingQuote,
    private readonly products: () => ShippingProductReader,
    options: { freeShippingFrom?: number } = {},
  ) {
    this.freeShippingFrom = options.freeShippingFrom ?? DEFAULT_FREE_SHIPPING_FROM;
  }

  /** Quotes lines already read (the cart's, the order's): the rules applied to what the carrier offers. */
  async quoteLines(rawCep: unknown, lines: readonly ShippingLine[]): Promise<ShippingQuoteResult> {
    const { cep, uf } = parseShippingCep(rawCep);
    const subtotal = subtotalOf(lines);
    const offered = lines.length ? await this.quoter.quote({ cep, uf, lines, subtotal }) : [];
    return {
      cep,
      uf,
      subtotal,
      free_shipping_from: this.freeShippingFrom,
      missing_for_free_shipping: missingForFreeShipping(subtotal, this.freeShippingFrom),
      options: applyShippingRules(offered, subtotal, this.freeShippingFrom),
    };
  }

  /** GET /api/shipping/quote: products by id and quantity (the product page sends one). */
  async quoteProducts(rawCep: unknown, rawItems: unknown): Promise<ShippingQuoteResult> {
    const parsed = shippingItemsSchema.safeParse(rawItems);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid('invalid_input', 'Verifique os produtos da cotação.', { [issue?.path.at(-1) === 'quantity' ? 'quantity' : 'product_id']: issue?.message ?? 'Produto inválido' });
    }
    // One CEP check before touching the catalogue (a bad CEP is a 400 whatever the products).
    parseShippingCep(rawCep);
    const quantities = new Map<string, number>();
    for (const i of parsed.data) quantities.set(i.product_id, (quantities.get(i.product_id) ?? 0) + i.quantity);
    const facts = await this.products().shippingFacts([...quantities.keys()]);
    const byId = new Map(facts.filter((f) => f.active).map((f) => [f.id, f]));
    const missing = [...quantities.keys()].find((id) => !byId.has(id));
    if (missing) throw notFound('product_not_found', 'Produto não encontrado.');
    const lines: ShippingLine[] = [...quantities].map(([id, quantity]) => {
      const f = byId.get(id)!;
      return { product_id: id, quantity, unit_price: f.price, weight_grams: f.weight_grams, height_cm: f.height_cm, width_cm: f.width_cm, length_cm: f.length_cm };
    });
    return this.quoteLines(rawCep, lines);
  }

  /**
   * The order's freight, priced here: the option the customer chose (by id) among a fresh quote, or the cheapest when
   * none was sent. An id no longer offered is a 409 the checkout answers by quoting again.
   */
  async priceForOrder(rawCep: unknown, lines: readonly ShippingLine[], optionId: string | null | undefined): Promise<ShippingOption> {
    const result = await this.quoteLines(rawCep, lines);
    if (result.options.length === 0) throw shippingUnavailable();
    if (!optionId) return result.options[0]!;
    const chosen = result.options.find((o) => o.id === optionId);
    if (!chosen) throw shippingOptionStale();
    return chosen;
  }
}
