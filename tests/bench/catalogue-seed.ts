// A synthetic catalogue for benchmarks: `count` products in 20 categories, written in batches (covers share a
// handful of URLs: the benchmarks measure the API, not images). Returns the category slugs.
import type { Knex } from 'knex';
import { productSearchText } from '../../core/marketplace/search';

const NOUNS = ['Sérum', 'Caneca', 'Mochila', 'Fone', 'Tapete', 'Garrafa', 'Planner', 'Toalha', 'Difusor', 'Escova', 'Kit Estética', 'Camiseta', 'Bola', 'Panela', 'Lâmpada', 'Óculos'];
const ADJECTIVES = ['Clássico', 'Premium', 'Compacto', 'Térmico', 'Orgânico', 'Esportivo', 'Elétrico', 'Dobrável', 'Facial', 'Inteligente'];

export async function seedCatalogue(knex: Knex, count: number): Promise<string[]> {
  const categories = await knex('product_categories')
    .insert(Array.from({ length: 20 }, (_, i) => ({ name: `Categoria ${i + 1}`, slug: `bench-${i + 1}`, sort_order: i })))
    .returning(['id', 'slug']);
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `${NOUNS[i % NOUNS.length]} ${ADJECTIVES[(i * 7) % ADJECTIVES.length]} ${i + 1}`;
    const description = `Produto ${i + 1} do catálogo de teste, com garantia de 90 dias e envio para todo o Brasil.`;
    return {
      category_id: categories[i % categories.length].id,
      name,
      slug: `bench-produto-${i + 1}`,
      description,
      price: 990 + ((i * 7919) % 50_000),
      stock_quantity: i % 10 === 0 ? null : (i * 13) % 200,
      images: JSON.stringify([`/media/products/bench-${i % 16}.svg`]),
      search_text: productSearchText(name, description),
      created_at: new Date(Date.now() - i * 60_000),
    };
  });
  for (let i = 0; i < rows.length; i += 1_000) await knex('products').insert(rows.slice(i, i + 1_000));
  await knex.raw('analyze products');
  return categories.map((c: { slug: string }) => c.slug);
}

