// Entry price of a plan: the small fee a member pays up front to take a place in a group (docs/product/spec.md §3, §9).
import { percentOf, type Cents } from '../shared/money';

export const ENTRY_PRICE_PERCENT = 10;

function assertNonNegativeCents(value: number, name: string): void {
  // Stricter than assertCents: a price below zero would yield a negative entry and a refund-shaped charge.
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} deve ser um número inteiro de centavos não negativo`);
  }
}

/** 10% of the plan price, rounded half-up to the centavo (5 → 1, 4 → 0, 15 → 2). */
export function computeEntryPrice(priceCents: Cents): Cents {
  assertNonNegativeCents(priceCents, 'preço');
  return percentOf(priceCents, ENTRY_PRICE_PERCENT);
}

/** What is left to pay once the group completes (docs/product/group-purchase.md: price − entry_price). */
export function computeBalanceDue(priceCents: Cents, entryCents: Cents): Cents {
  assertNonNegativeCents(priceCents, 'preço');
  assertNonNegativeCents(entryCents, 'entrada');
  // An entry above the price means the caller mixed up plans; a negative balance would become a payout.
  if (entryCents > priceCents) throw new RangeError('entrada não pode ser maior que o preço');
  return priceCents - entryCents;
}

/** How far below its full price a plan sells, in whole percent (0 when it does not): the catalogue's "-N%" chip. */
export function discountPercent(plan: { price: Cents; full_price: Cents | null }): number {
  if (plan.full_price === null || !(plan.full_price > plan.price) || plan.full_price <= 0) return 0;
  return Math.round((1 - plan.price / plan.full_price) * 100);
}
