// Helpers of the marketplace browser tests: products picked from the seeded catalogue by what a step
// needs (the seeds come from faker, so names and stock are read, not assumed).
import { expect, type APIRequestContext } from '@playwright/test';

export interface CatalogProduct {
  id: string;
  name: string;
  price: number;
  stock_quantity: number | null;
  stock_state: 'available' | 'low' | 'sold_out';
}

/** Enough stock for every run of the suite (each run buys a few units). */
const plenty = (p: CatalogProduct) => p.stock_state === 'available' && (p.stock_quantity === null || p.stock_quantity >= 20);

export async function pickProducts(request: APIRequestContext) {
  const response = await request.get('/api/products?per_page=100');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: CatalogProduct[] };
  // 'estetica' (no accent) must find it: the search is accent-insensitive.
  const searched = await request.get('/api/products?q=estetica&per_page=10');
  const found = ((await searched.json()) as { items: CatalogProduct[] }).items.filter(plenty);
  const search = found[0];
  expect(search, 'a product matching "estetica" with stock').toBeTruthy();
  const other = items.find((p) => plenty(p) && p.id !== search!.id && p.stock_quantity !== null);
  const low = items.find((p) => p.stock_state === 'low');
  const soldOut = items.find((p) => p.stock_state === 'sold_out');
  expect(other, 'a second product with stock').toBeTruthy();
  expect(low, 'a product with few units left').toBeTruthy();
  expect(soldOut, 'a sold-out product').toBeTruthy();
  return { search: search!, other: other!, low: low!, soldOut: soldOut! };
}

/** A paid order of `quantity` units of one product for the signed-in `request` (saved address, sandbox PIX confirmed). */
export async function paidOrder(request: APIRequestContext, productId: string, quantity: number) {
  expect((await request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: productId, quantity }] } })).status()).toBe(200);
  const created = await request.post('/api/orders', { data: { use_saved_address: true } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; number: string };
  const payment = await request.post('/api/payments', { data: { purpose: 'order', ref_id: order.id, method: 'PIX' } });
  expect(payment.status(), await payment.text()).toBe(201);
  const confirmed = await request.post(`/api/sandbox/payments/${((await payment.json()) as { id: string }).id}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return order;
}
