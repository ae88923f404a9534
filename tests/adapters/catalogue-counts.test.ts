// The active products per category that the database keeps for catalogue totals (migration
// 20261202120000_catalogue_counts, docs/decisions/039-catalogue-counts-kept-by-triggers.md): every kind of write keeps
// them equal to a count of the table, and a page without search words answers its total from them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnexProductRepository } from '../../adapters/db/repos/marketplace.repos';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
const NO_CATEGORY = '00000000-0000-0000-0000-000000000000';

/** The kept counts and a fresh count of the table, both as { category: n } without zeros. */
async function keptAndCounted() {
  const knex = app.db.knex;
  const kept = (await knex('product_list_counts').where('active_products', '<>', 0)) as Array<{ category_id: string; active_products: number | string }>;
  const { rows } = (await knex.raw(
    `select coalesce(category_id, ?::uuid) as category_id, count(*) as n from products where active group by 1`,
    [NO_CATEGORY],
  )) as { rows: Array<{ category_id: string; n: number | string }> };
  const asMap = (entries: Array<[string, number]>) => Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  return {
    kept: asMap(kept.map((r) => [r.category_id, Number(r.active_products)])),
    counted: asMap(rows.map((r) => [r.category_id, Number(r.n)])),
  };
}

async function category(slug: string): Promise<string> {
  const [row] = await app.db.knex('product_categories').insert({ name: `Categoria ${slug}`, slug }).returning(['id']);
  return (row as { id: string }).id;
}

async function insertProducts(categoryId: string | null, prefix: string, count: number, active = true) {
  await app.db.knex.raw(
    `insert into products (category_id, name, slug, price, stock_quantity, search_text, active)
     select ?::uuid, 'Produto ' || i, ? || '-' || i, 1000 + i, null, 'produto ' || i, ? from generate_series(1, ?) as i`,
    [categoryId, prefix, active, count],
  );
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('kept counts', () => {
  it('follow inserts, switches, moves, upserts, deletes and truncation', async () => {
    const knex = app.db.knex;
    const lamps = await category('contagem-luminarias');
    const rugs = await category('contagem-tapetes');
    const check = async (step: string) => {
      const { kept, counted } = await keptAndCounted();
      expect(kept, step).toEqual(counted);
    };

    await insertProducts(lamps, 'cl', 40);
    await insertProducts(rugs, 'ct', 25);
    await insertProducts(rugs, 'ct-off', 5, false);
    await insertProducts(null, 'sem', 3);
    await check('bulk inserts, inactive ones and products without a category');
    expect((await keptAndCounted()).kept).toMatchObject({ [lamps]: 40, [rugs]: 25, [NO_CATEGORY]: 3 });

    await knex('products').where('slug', 'like', 'cl-1%').update({ active: false }); // cl-1, cl-10..cl-19
    await check('switched off');
    await knex('products').where('slug', 'like', 'ct-off-%').update({ active: true });
    await check('switched on');
    await knex('products').whereIn('slug', ['cl-2', 'cl-3', 'cl-4']).update({ category_id: rugs });
    await check('moved to another category');
    await knex('products').whereIn('slug', ['cl-5', 'sem-1']).update({ category_id: null, active: false });
    await check('moved and switched off in one write');
    await knex('products').where({ slug: 'cl-20' }).update({ price: 999, stock_quantity: 3 });
    await check('a price and stock change');

    // The catalogue's upsert (CLI import, seeds): a new slug counts, an existing one moves.
    const repo = new KnexProductRepository(knex);
    const base = { description: '', price: 1500, stock_quantity: null, images: [], active: true, search_text: 'novo' };
    await repo.upsertBySlug({ ...base, category_id: lamps, name: 'Novo', slug: 'upsert-novo' });
    await repo.upsertBySlug({ ...base, category_id: lamps, name: 'Produto 21', slug: 'ct-21' });
    await check('upserts');

    await knex('products').where('slug', 'like', 'ct-%').delete();
    await check('deleted');

    await expect(
      knex.transaction(async (trx) => {
        await trx.raw(`insert into products (category_id, name, slug, price, search_text) values (?, 'Desfeito', 'desfeito', 1000, 'x')`, [lamps]);
        await trx('products').where({ slug: 'cl-21' }).update({ active: false });
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    await check('a rolled-back transaction');

    await knex.raw('truncate products cascade');
    await check('truncated');
    expect((await keptAndCounted()).kept).toEqual({});
    await insertProducts(lamps, 'again', 2);
    await check('after truncation');
  });

  it('stay right when two transactions add to the same category at once', async () => {
    const shared = await category('contagem-concorrente');
    const knex = app.db.knex;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        knex.transaction(async (trx) => {
          await trx.raw(
            `insert into products (category_id, name, slug, price, search_text) select ?::uuid, 'P', ? || '-' || i, 1000, 'p' from generate_series(1, 10) as i`,
            [shared, `conc-${i}`],
          );
        }),
      ),
    );
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept[shared]).toBe(60);
  });

  it('answer the total of a page without search words; a search still counts its matches', async () => {
    const knex = app.db.knex;
    const kept = await category('contagem-pagina');
    await insertProducts(kept, 'pagina', 30);
    const total = async (query: string) => ((await app.client().get(`/api/products?${query}`)).body as { total: number }).total;
    expect(await total('category=contagem-pagina&per_page=12')).toBe(30);
    // Changed behind the triggers' back (as a drift would be): the page answers the kept number, which shows it is the
    // number read. A search counts the rows themselves.
    await knex('product_list_counts').where({ category_id: kept }).update({ active_products: 31 });
    expect(await total('category=contagem-pagina&per_page=12&_=drift')).toBe(31);
    expect(await total('category=contagem-pagina&q=produto&per_page=12')).toBe(30);
    await knex('product_list_counts').where({ category_id: kept }).update({ active_products: 30 });
  });
});
