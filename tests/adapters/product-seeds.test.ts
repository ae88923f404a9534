// The demo marketplace seed: about 40 believable products with generated covers, a mix of stock states, idempotent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../../seeds/index';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('demo products', () => {
  it('are not seeded without the demo data (production seeds)', async () => {
    const report = await runSeeds(app.container, { demoUsers: false });
    expect(report.productsCreated).toBe(0);
    expect(await app.db.knex('products')).toHaveLength(0);
  });

  it('creates 40 products in 8 categories once, with covers and every stock state', async () => {
    const first = await runSeeds(app.container);
    expect(first).toMatchObject({ productCategories: 8, productsCreated: 40 });
    const products = await app.db.knex('products');
    expect(products).toHaveLength(40);
    const stocks = products.map((p) => p.stock_quantity as number | null);
    expect(stocks.filter((s) => s === 0).length).toBeGreaterThanOrEqual(3);
    expect(stocks.filter((s) => s !== null && s >= 1 && s <= 3).length).toBeGreaterThanOrEqual(3);
    expect(stocks.filter((s) => s === null).length).toBeGreaterThanOrEqual(3);
    for (const p of products) {
      expect(p.price % 100).toBe(90);
      expect(p.images).toEqual([expect.stringMatching(/^\/media\/products\/[a-z0-9-]+-[0-9a-f]{8}\.svg$/)]);
      expect(p.search_text).toMatch(/^[a-z0-9 ]+$/);
    }
    const cover = await app.client().get(products[0].images[0]);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/svg+xml');

    const before = await app.db.knex('products').orderBy('slug');
    const second = await runSeeds(app.container);
    expect(second.productsCreated).toBe(0);
    expect(await app.db.knex('products').orderBy('slug')).toEqual(before);
  });

  it('never undoes an operator’s change on a second run', async () => {
    await app.db.knex('products').where({ slug: 'caderno-inteligente-a5' }).update({ stock_quantity: 1, price: 100 });
    await runSeeds(app.container);
    expect(await app.db.knex('products').where({ slug: 'caderno-inteligente-a5' }).first()).toMatchObject({ stock_quantity: 1, price: 100 });
  });
});
