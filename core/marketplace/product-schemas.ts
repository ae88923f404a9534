// Marketplace products (docs/product/marketplace.md): the input and query schemas, stock states and the public shape of a product.
import { z } from 'zod';
import { paginationSchema } from '../shared/pagination';

/** 'Últimas unidades' from this many left down to 1. */
export const LOW_STOCK_THRESHOLD = 3;

export type StockState = 'available' | 'low' | 'sold_out';

export const STOCK_STATE_LABELS: Record<StockState, string> = {
  available: 'Em estoque',
  low: 'Últimas unidades',
  sold_out: 'Esgotado',
};

/** null stock = unlimited (services, made to order): always available. */
export function stockState(stock: number | null): StockState {
  if (stock === null) return 'available';
  if (stock <= 0) return 'sold_out';
  return stock <= LOW_STOCK_THRESHOLD ? 'low' : 'available';
}

export const productSlugSchema = z
  .string({ message: 'Informe o slug' })
  .trim()
  .min(2, { message: 'Slug muito curto' })
  .max(120, { message: 'No máximo 120 caracteres' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Use letras minúsculas, números e hífens' });

export const productPriceSchema = z
  .number({ message: 'O preço deve ser um número inteiro de centavos' })
  .int({ message: 'O preço deve ser um número inteiro de centavos' })
  .positive({ message: 'O preço deve ser maior que zero' })
  .max(100_000_000, { message: 'Preço alto demais' });

/** Whole units ≥ 0, or null for unlimited. */
export const stockQuantitySchema = z
  .number({ message: 'O estoque deve ser um número inteiro' })
  .int({ message: 'O estoque deve ser um número inteiro' })
  .min(0, { message: 'O estoque não pode ser negativo' })
  .max(1_000_000, { message: 'Estoque alto demais' })
  .nullable();

export const productInputSchema = z.object({
  name: z.string({ message: 'Informe o nome' }).trim().min(3, { message: 'Informe o nome do produto' }).max(160, { message: 'No máximo 160 caracteres' }),
  slug: productSlugSchema,
  description: z.string().trim().max(4000, { message: 'No máximo 4000 caracteres' }).default(''),
  category_id: z.uuid({ message: 'Categoria inválida' }).nullable().default(null),
  price: productPriceSchema,
  stock_quantity: stockQuantitySchema.default(null),
  images: z.array(z.string().trim().min(1).max(500)).max(12, { message: 'No máximo 12 imagens' }).default([]),
  active: z.boolean().default(true),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

export const productCategoryInputSchema = z.object({
  name: z.string().trim().min(2).max(80),
  slug: productSlugSchema,
  description: z.string().trim().max(500).nullable().default(null),
  sort_order: z.number().int().default(0),
  active: z.boolean().default(true),
});
export type ProductCategoryInput = z.input<typeof productCategoryInputSchema>;

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /api/products: `?category=&q=&sort=&page=&per_page=&cursor=`. */
export const productListQuerySchema = paginationSchema.extend({
  category: z.preprocess(blankToUndefined, z.string().trim().max(80, { message: 'Categoria inválida' }).optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, { message: 'Busca longa demais (até 100 caracteres)' }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS, { message: 'Ordenação inválida: use price_asc, price_desc ou newest' }).default('newest')),
  /** The `next_cursor` of the previous page: continues after it (keyset) instead of skipping `page` rows. */
  cursor: z.preprocess(blankToUndefined, z.string().trim().max(120, { message: 'Cursor de página inválido' }).optional()),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export interface PublicProductSource {
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  stock_quantity: number | null;
  images: string[];
  created_at: Date;
  category: { id: string; name: string; slug: string } | null;
}

/** What the catalogue answers for one product (docs/api.md field names). */
export function toPublicProduct(p: PublicProductSource) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    price: p.price,
    stock_quantity: p.stock_quantity,
    stock_state: stockState(p.stock_quantity),
    images: p.images,
    image_url: p.images[0] ?? null,
    category: p.category,
    created_at: p.created_at.toISOString(),
  };
}
export type PublicProduct = ReturnType<typeof toPublicProduct>;
