// A synthetic catalogue for benchmarks: `count` products in 20 categories, written by one `insert … select
// generate_series` (200k rows in seconds; covers share a handful of URLs). Returns the category slugs.
import type { Knex } from 'knex';
import { normalizeSearch } from '../../core/marketplace/search';

const NOUNS = ['Sérum', 'Caneca', 'Mochila', 'Fone', 'Tapete', 'Garrafa', 'Planner', 'Toalha', 'Difusor', 'Escova', 'Kit Estética', 'Camiseta', 'Bola', 'Panela', 'Lâmpada', 'Óculos'];
const ADJECTIVES = ['Clássico', 'Premium', 'Compacto', 'Térmico', 'Orgânico', 'Esportivo', 'Elétrico', 'Dobrável', 'Facial', 'Inteligente'];
const DESCRIPTION = ['Produto ', ' do catálogo de teste, com garantia de 90 dias e envio para todo o Brasil.'] as const;

export async function seedCatalogue(knex: Knex, count: number): Promise<string[]> {
  const categories = await knex('product_categories')
    .insert(Array.from({ length: 20 }, (_, i) => ({ name: `Categoria ${i + 1}`, slug: `bench-${i + 1}`, sort_order: i })))
    .returning(['id', 'slug']);
  // Indexes are dropped for the load and built again after it (a bulk build is many times faster than row by row).
  const indexes = ((await knex.raw(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.tablename = 'products' and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  )) as { rows: Array<{ indexname: string; indexdef: string }> }).rows;
  for (const index of indexes) await knex.raw(`drop index ${index.indexname}`);
  // search_text is what productSearchText(name, description) gives: the words are normalised here once, joined in SQL.
  await knex.raw(
    `insert into products (category_id, name, slug, description, price, stock_quantity, images, search_text, created_at)
     select (:categories::uuid[])[i % 20 + 1],
            (:nouns::text[])[i % 16 + 1] || ' ' || (:adjectives::text[])[(i * 7) % 10 + 1] || ' ' || (i + 1),
            'bench-produto-' || (i + 1),
            :d0 || (i + 1) || :d1,
            990 + ((i::bigint * 7919) % 50000)::int,
            case when i % 10 = 0 then null else (i * 13) % 200 end,
            jsonb_build_array('/media/products/bench-' || (i % 16) || '.svg'),
            (:nounsText::text[])[i % 16 + 1] || ' ' || (:adjectivesText::text[])[(i * 7) % 10 + 1] || ' ' || (i + 1) || ' ' || :n0 || (i + 1) || ' ' || :n1,
            now() - make_interval(mins => i)
       from generate_series(0, :last::int) as i`,
    {
      categories: categories.map((c: { id: string }) => c.id),
      nouns: NOUNS,
      adjectives: ADJECTIVES,
      nounsText: NOUNS.map(normalizeSearch),
      adjectivesText: ADJECTIVES.map(normalizeSearch),
      d0: DESCRIPTION[0],
      d1: DESCRIPTION[1],
      n0: `${normalizeSearch(DESCRIPTION[0])} `,
      n1: normalizeSearch(DESCRIPTION[1]),
      last: count - 1,
    },
  );
  for (const index of indexes) await knex.raw(index.indexdef);
  // Autovacuum would do this after a bulk load; index-only scans need the visibility map.
  await knex.raw('vacuum analyze products');
  return categories.map((c: { slug: string }) => c.slug);
}
