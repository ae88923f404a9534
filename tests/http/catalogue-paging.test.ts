// Catalogue pages over HTTP (docs/product/marketplace.md#catalogue-pages): a total capped at 1,000 (100 for a search), exact
// below it and on deep pages; keyset cursors that walk every sort with ties, as the page numbers do; bad cursors.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;

/** `count` active products in a new category, in one statement; prices and creation times repeat (ties for keyset). */
async function seed(slug: string, count: number, word: string) {
  const [category] = await app.db.knex('product_categories').insert({ name: `Categoria ${slug}`, slug }).returning(['id']);
  await app.db.knex.raw(
    `insert into products (category_id, name, slug, price, stock_quantity, search_text, created_at)
     select ?, 'Produto ' || i, ? || '-' || i, 1000 + (i % 7) * 100, null, ? || ' produto ' || i,
            timestamptz '2026-11-01 12:00:00.123456+00' - make_interval(secs => i / 3)
       from generate_series(1, ?) as i`,
    [category.id, slug, word, count],
  );
}

beforeAll(async () => {
  app = await createTestApp();
  await seed('muitos', 1_030, 'luminaria');
  await seed('poucos', 47, 'abajur');
  // A few of the many carry a second word: a search that finds less than the cap counts exactly.
  await app.db.knex.raw(`update products set search_text = search_text || ' rara' where slug in ('muitos-5', 'muitos-500', 'muitos-1000')`);
});
afterAll(async () => {
  await app?.close();
});

const get = async (query: string) => {
  const res = await app.client().get(`/api/products?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Array<{ id: string; price: number; created_at: string }>; total: number; total_capped: boolean; next_cursor: string | null };
};

describe('capped total', () => {
  it('stops counting past 1,000 and says so; counts exactly when fewer match, and on a deep page', async () => {
    const first = await get('category=muitos&per_page=12');
    expect(first).toMatchObject({ total: 1_000, total_capped: true });
    expect(first.items).toHaveLength(12);
    expect(first.next_cursor).toEqual(expect.any(String));
    const all = await get('per_page=12');
    expect(all).toMatchObject({ total: 1_000, total_capped: true });

    expect(await get('category=poucos&per_page=12')).toMatchObject({ total: 47, total_capped: false });
    expect(await get('q=rara')).toMatchObject({ total: 3, total_capped: false });
    // A search counts up to 100 ("more than 100"), and past the end of a deep page like any list.
    expect(await get('q=luminaria&sort=price_asc')).toMatchObject({ total: 100, total_capped: true });
    expect(await get('q=luminaria&per_page=20&page=6')).toMatchObject({ total: 120, total_capped: true });

    // Page 84 of 12 ends at row 1,008; page 86 holds rows 1,021–1,030: counting past its end gives the exact total.
    const deep = await get('category=muitos&per_page=12&page=86');
    expect(deep).toMatchObject({ total: 1_030, total_capped: false, next_cursor: null });
    expect(deep.items).toHaveLength(10);
    expect(await get('category=muitos&per_page=12&page=85')).toMatchObject({ total: 1_020, total_capped: true });
    // Past the end: no items, the exact total, no cursor.
    expect(await get('category=muitos&per_page=12&page=200')).toMatchObject({ items: [], total: 1_030, total_capped: false, next_cursor: null });
  });
});

describe('keyset paging', () => {
  it.each(['newest', 'price_asc', 'price_desc'])('follows next_cursor through %s with ties, in the same order as the page numbers', async (sort) => {
    const byPages: string[] = [];
    for (let page = 1; page <= 5; page++) byPages.push(...(await get(`category=poucos&sort=${sort}&per_page=10&page=${page}`)).items.map((p) => p.id));
    const byCursor: string[] = [];
    let cursor: string | null = null;
    let steps = 0;
    do {
      const body = await get(`category=poucos&sort=${sort}&per_page=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(body).toMatchObject({ total: 47, total_capped: false });
      byCursor.push(...body.items.map((p) => p.id));
      cursor = body.next_cursor;
      steps++;
    } while (cursor && steps < 10);
    expect(steps).toBe(5);
    expect(new Set(byCursor).size).toBe(47);
    expect(byCursor).toEqual(byPages);
  });

  it('a cursor continues past the cap, and the pages it gives match the numbered ones', async () => {
    const page2 = await get('category=muitos&sort=price_desc&per_page=20&page=2');
    const first = await get('category=muitos&sort=price_desc&per_page=20');
    const next = await get(`category=muitos&sort=price_desc&per_page=20&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(next.items.map((p) => p.id)).toEqual(page2.items.map((p) => p.id));
    expect(next).toMatchObject({ total: 1_000, total_capped: true });
  });

  it('refuses a malformed cursor or one of another sort with a clear 400', async () => {
    const first = await get('category=poucos&sort=price_asc&per_page=10');
    for (const query of [`sort=newest&cursor=${encodeURIComponent(first.next_cursor!)}`, 'cursor=abc', `cursor=${encodeURIComponent("n.x' or 1=1.y")}`]) {
      const res = await app.client().get(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_cursor', message: expect.stringMatching(/^Cursor de página inválido/) });
    }
  });
});

describe('deep pages', () => {
  const ORDER = { newest: 'created_at desc, id desc', price_asc: 'price asc, id asc', price_desc: 'price desc, id desc' } as const;
  /** The list's ids in order, straight from the table (no paging): what every numbered page must be a slice of. */
  const expected = async (sort: keyof typeof ORDER, where: string, bindings: string[]) =>
    ((await app.db.knex.raw(`select id from products where active and ${where} order by ${ORDER[sort]}`, bindings)) as { rows: Array<{ id: string }> }).rows.map((r) => r.id);

  it.each(Object.keys(ORDER) as Array<keyof typeof ORDER>)('every page of %s, past the cap too, is its slice of the whole order (ties by id), with its total', async (sort) => {
    const ids = await expected(sort, 'category_id = (select id from product_categories where slug = ?)', ['muitos']);
    expect(ids).toHaveLength(1_030);
    for (let page = 1; page <= 21; page++) {
      const body = await get(`category=muitos&sort=${sort}&per_page=50&page=${page}`);
      expect(body.items.map((p) => p.id), `page ${page}`).toEqual(ids.slice((page - 1) * 50, page * 50));
      // Up to the cap the total says "more than 1,000"; from page 20 on a page counts past its own end; the last is exact.
      if (page < 21) expect(body, `page ${page}`).toMatchObject({ total: Math.max(1_000, page * 50), total_capped: true });
      else expect(body).toMatchObject({ total: 1_030, total_capped: false, next_cursor: null });
    }
  });

  it('the whole catalogue and a search page deep like a category, and past the end answer the exact total', async () => {
    const all = await expected('price_desc', 'true', []);
    expect(all).toHaveLength(1_077);
    for (const page of [1, 10, 20, 21, 22]) {
      const body = await get(`sort=price_desc&per_page=50&page=${page}`);
      expect(body.items.map((p) => p.id), `page ${page}`).toEqual(all.slice((page - 1) * 50, page * 50));
    }
    expect(await get('sort=price_desc&per_page=50&page=22')).toMatchObject({ total: 1_077, total_capped: false, next_cursor: null });
    expect(await get('sort=price_desc&per_page=50&page=23')).toMatchObject({ items: [], total: 1_077, total_capped: false });

    const found = await expected('newest', 'search_text like ?', ['%luminaria%']);
    for (const page of [1, 3, 20, 21]) {
      const body = await get(`q=Luminária&sort=newest&per_page=50&page=${page}`);
      expect(body.items.map((p) => p.id), `search page ${page}`).toEqual(found.slice((page - 1) * 50, page * 50));
    }
    expect(await get('q=luminaria&per_page=50&page=3')).toMatchObject({ total: 150, total_capped: true });
    expect(await get('q=luminaria&per_page=50&page=21')).toMatchObject({ total: 1_030, total_capped: false, next_cursor: null });
  });

  it('a cursor taken deep in the list continues it exactly, and a bad page number is a pt-BR 400', async () => {
    const ids = await expected('price_asc', 'true', []);
    const page30 = await get('sort=price_asc&per_page=30&page=30');
    expect(page30.items.map((p) => p.id)).toEqual(ids.slice(870, 900));
    const next = await get(`sort=price_asc&per_page=30&cursor=${encodeURIComponent(page30.next_cursor!)}`);
    expect(next.items.map((p) => p.id)).toEqual(ids.slice(900, 930));
    for (const query of ['page=0', 'page=abc', 'per_page=500']) {
      const res = await app.client().get(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body.error.fields), query).toMatch(/página/);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('query plans (PostgreSQL)', () => {
  it('with 20,000 products, each page reads products through an index, never a Seq Scan; a deep page walks only the index', async () => {
    const knex = app.db.knex;
    const [big] = await knex('product_categories').insert({ name: 'Vinte mil', slug: 'vinte-mil' }).returning(['id']);
    const others = (await knex('product_categories').select('id')).map((c: { id: string }) => c.id);
    await knex.raw(
      `insert into products (category_id, name, slug, price, search_text, created_at)
       select (?::uuid[])[i % ? + 1], 'Item ' || i, 'item-' || i, 500 + (i * 7919) % 50000, 'item ' || i, now() - make_interval(mins => i)
         from generate_series(1, 20000) as i`,
      [[big.id, ...others], others.length + 1],
    );
    await knex.raw('vacuum analyze products');
    const statements: Array<{ sql: string; bindings: readonly Knex.Value[]; name?: string }> = [];
    const record = (q: { sql: string; bindings?: readonly Knex.Value[]; options?: { name?: string } }) => {
      if (/ as counted from /.test(q.sql)) statements.push({ sql: q.sql, bindings: q.bindings ?? [], ...(q.options?.name ? { name: q.options.name } : {}) });
    };
    knex.on('query', record);
    try {
      const first = await get('per_page=12');
      await get('category=vinte-mil&sort=price_asc&per_page=12&page=3');
      await get('sort=price_desc&per_page=12&page=40');
      await get(`per_page=12&cursor=${encodeURIComponent(first.next_cursor!)}`);
      await get('sort=price_asc&per_page=20&page=200'); // past the cap: no count, the offset walked in the index
      await get('q=item&sort=price_desc&per_page=20&page=10'); // a search past its cap: the text is in the index too
      await get('q=item&sort=price_asc&per_page=12&page=2'); // a search that counts: one walk for the count and the page
    } finally {
      knex.off('query', record);
    }
    expect(statements).toHaveLength(7);
    const plans = [];
    const readsKeptCounts: boolean[] = [];
    for (const { sql, bindings } of statements) {
      const [{ 'QUERY PLAN': plan }] = (await knex.raw(`explain (format json) ${sql.replace(/\$\d+/g, '?')}`, bindings)).rows;
      const scans: string[] = [];
      let kept = false;
      const walk = (node: Record<string, unknown>) => {
        if (node['Relation Name'] === 'product_list_counts') kept = true;
        if (node['Relation Name'] === 'products') scans.push(`${String(node['Node Type'])} ${String(node['Index Name'] ?? '')}`.trim());
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
      };
      walk(plan[0].Plan);
      expect(scans.filter((s) => s.startsWith('Seq Scan')), `${sql}\n${scans.join('\n')}`).toEqual([]);
      plans.push(scans);
      readsKeptCounts.push(kept);
    }
    // The first four read their total from the counts the database keeps, never walking the products a second time to
    // count them (migration 20261202120000_catalogue_counts); page 40 (offset 468) finds its ids in the index first...
    expect(readsKeptCounts).toEqual([true, true, true, true, false, false, false]);
    expect(plans[0]).toEqual(['Index Scan products_listed_created']);
    expect(plans[1]).toEqual(['Index Scan products_category_price']);
    // Pages without search words walk the narrow index of their order (keys of active products only, decision 041)...
    expect(plans[2]).toEqual(['Index Only Scan products_listed_price', 'Index Scan products_pkey']);
    // ...and the deep ones past the cap do not count: they walk the index of their order for the page's ids, then read
    // those rows by id.
    expect(plans[4]).toEqual(['Index Only Scan products_listed_price', 'Index Scan products_pkey']);
    // A search walks the index that carries the text, testing each entry there, never the table.
    expect(plans[5]).toEqual(['Index Only Scan products_active_price', 'Index Scan products_pkey']);
    // A search's first pages walk the matches once, up to the ceiling, for both the count and the page's ids.
    expect(statements[6]!.sql).toMatch(/^with m as materialized/);
    expect(plans[6]).toEqual(['Index Only Scan products_active_price', 'Index Scan products_pkey']);

    // The pages that keep their plan (named statements, decision 036): PostgreSQL's generic plan, the one it may switch
    // to after five runs, knows neither the category nor a deep page's offset, and still only walks indexes.
    const named = statements.filter((s) => s.name);
    expect(named.length).toBe(5); // all but the search
    await knex.transaction(async (trx) => {
      await trx.raw('set local plan_cache_mode = force_generic_plan');
      for (const [i, { sql, bindings }] of named.entries()) {
        await trx.raw(`prepare generic_${i} as ${sql}`);
        // EXPLAIN EXECUTE takes its values written in (knex quotes them), not as parameters.
        const args = bindings.length ? `(${trx.raw(bindings.map(() => '?').join(', '), bindings as Knex.Value[]).toQuery()})` : '';
        const [{ 'QUERY PLAN': plan }] = (await trx.raw(`explain (format json) execute generic_${i}${args}`)).rows;
        const scans: string[] = [];
        const walk = (node: Record<string, unknown>) => {
          if (node['Relation Name'] === 'products') scans.push(String(node['Node Type']));
          for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
        };
        walk(plan[0].Plan);
        expect(scans.filter((s) => s === 'Seq Scan' || s === 'Bitmap Heap Scan'), `${sql}\n${scans.join('\n')}`).toEqual([]);
      }
    });
  });
});
