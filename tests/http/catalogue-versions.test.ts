// A products page that misses the page cache is built from its rows' versions and the product JSON already made for them
// (adapters/http/public-reads.ts): the answer is byte for byte what ProductService.list gives, a write to a product shows
// at once even when no change event arrives, and a category's new name shows after its change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnexProductRepository } from '../../adapters/db/repos/marketplace.repos';
import { shapePlainAnswer } from '../../adapters/http/contract';
import { TOKENS } from '../../adapters/tokens';
import { productListQuerySchema } from '../../core/marketplace/product-schemas';
import type { ProductService } from '../../core/marketplace/product.service';
import { productListSchema } from '../../core/marketplace/schemas';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  const [category] = await app.db.knex('product_categories').insert({ name: 'Luminárias', slug: 'luminarias' }).returning(['id']);
  // Every stock state (unlimited, sold out, the last units, plenty), with and without images, one without a category.
  await app.db.knex.raw(
    `insert into products (category_id, name, slug, description, price, stock_quantity, images, search_text, created_at)
     select case when i = 7 then null else cast(? as uuid) end, 'Luminária ' || i, 'luminaria-' || i, 'Descrição "' || i || '" com aspas',
            900 + (i % 5) * 100, case i % 4 when 0 then null when 1 then 0 when 2 then 2 else 40 end,
            case when i % 3 = 0 then '[]'::jsonb else jsonb_build_array('/media/products/l-' || i || '.webp') end,
            'luminaria produto ' || i, timestamptz '2026-11-01 12:00:00.123456+00' - make_interval(secs => i)
       from generate_series(1, 260) as i`,
    [category.id],
  );
});
afterAll(async () => {
  await app?.close();
});

const service = () => app.container.get<ProductService>(TOKENS.ProductService);
const text = async (query: string) => {
  const res = await fetch(`${app.url}/api/products?${query}`);
  expect(res.status, query).toBe(200);
  return res.text();
};
/** What the full-row path answers for the same query: the reference the lane must equal. */
const reference = async (query: string) =>
  JSON.stringify(shapePlainAnswer(productListSchema, await service().list(productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))))));

describe('a products page built from row versions', () => {
  it('answers byte for byte what the full-row path gives, on every kind of page', async () => {
    const first = JSON.parse(await text('sort=price_asc&per_page=10')) as { next_cursor: string };
    const queries = [
      '',
      'sort=price_asc&per_page=10',
      'category=luminarias&sort=price_desc&page=3',
      'q=luminaria&sort=newest&page=2',
      'q=produto 7',
      'per_page=20&page=12', // offset 220: the deep form
      'per_page=20&page=14', // past the end
      `sort=price_asc&per_page=10&cursor=${encodeURIComponent(first.next_cursor)}`,
    ];
    for (const query of queries) {
      // Twice: once building the products' JSON, once from it (another address, so the page cache does not answer).
      expect(await text(query), query).toBe(await reference(query));
      expect(await text(`${query}&_=again`), query).toBe(await reference(query));
    }
  });

  it('shows a write to a product at once, even when no change event reaches this process', async () => {
    const before = JSON.parse(await text('sort=newest&per_page=5')) as { items: Array<{ id: string; price: number; stock_quantity: number | null }> };
    const target = before.items[2]!;
    // As if the NOTIFY were lost: the trigger that sends it does not fire under replica replication.
    await app.db.knex.transaction(async (trx) => {
      await trx.raw(`set local session_replication_role = replica`);
      await trx('products').where({ id: target.id }).update({ price: 123_45, stock_quantity: 1 });
    });
    const after = JSON.parse(await text('sort=newest&per_page=5&_=1')) as typeof before;
    expect(after.items[2]).toMatchObject({ id: target.id, price: 123_45, stock_quantity: 1, stock_state: 'low' });
    expect(after.items.filter((p) => p.id !== target.id)).toEqual(before.items.filter((p) => p.id !== target.id));
  });

  it("a row's version changes with every write, even two in one transaction", async () => {
    const filter = { activeOnly: true, terms: [], sort: 'newest' as const, offset: 0, limit: 1 };
    await app.db.knex.transaction(async (trx) => {
      const repo = new KnexProductRepository(trx);
      const [first] = (await repo.listVersions(filter)).items;
      await trx('products').where({ id: first!.id }).update({ stock_quantity: 5 });
      const [second] = (await repo.listVersions(filter)).items;
      await trx('products').where({ id: first!.id }).update({ stock_quantity: 6 });
      const [third] = (await repo.listVersions(filter)).items;
      expect(new Set([first!.version, second!.version, third!.version]).size).toBe(3);
      expect((await repo.findVersions([first!.id]))[0]!.version).toBe(third!.version);
    });
  });

  it("a category's new name shows on its products' cards after the change", async () => {
    await text('category=luminarias&per_page=5');
    await service().saveCategory({ name: 'Luminárias e abajures', slug: 'luminarias', description: null, sort_order: 0, active: true });
    const body = JSON.parse(await text('category=luminarias&per_page=5&_=renamed')) as { items: Array<{ category: { name: string } }> };
    expect(body.items.map((p) => p.category.name)).toEqual(Array(5).fill('Luminárias e abajures'));
  });
});
