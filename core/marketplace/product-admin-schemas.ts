// The product back office's schemas: what it accepts (products, categories, list filters) and what it answers
// (a product, a category, an image, an import, the marketplace overview). pt-BR messages, shown under the fields.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';
import { ORDER_STATUSES, type OrderStatus } from './order-rules';
import type { AdminProductCategoryFilter, AdminProductFilter, MarketplaceOverview } from './ports';
import { productInputSchema, productSlugSchema } from './product-schemas';
import { productShippingFields } from '../shipping';


/** A product as the back office sends it: price in integer centavos; unknown fields (stock_state, image_url…) are dropped. */
export const adminProductInputSchema = productInputSchema.extend({
  // Weight (g) and dimensions (cm) for the freight; omitted on an edit, the product keeps its own.
  ...productShippingFields,
  // The invoices' facts (decision 033); omitted on an edit, the product keeps its own.
  fiscal_kind: z.enum(['goods', 'service'], { message: 'Escolha mercadoria ou serviço' }).optional(),
  ncm: z
    .string({ message: 'Use os 8 dígitos do NCM, por exemplo 6109.10.00' })
    .trim()
    .transform((v) => v.replace(/[.\s]/g, ''))
    .refine((v) => v === '' || /^\d{8}$/.test(v), { message: 'Use os 8 dígitos do NCM, por exemplo 6109.10.00' })
    .transform((v) => v || null)
    .nullish(),
  images: z
    .array(z.string().trim().regex(/^(\/media\/|https:\/\/)\S+$/, { message: 'Imagem inválida: envie o arquivo pelo botão de imagem' }).max(500))
    .max(12, { message: 'No máximo 12 imagens' })
    .default([]),
});
export type AdminProductInput = z.input<typeof adminProductInputSchema>;

export const adminProductCategoryInputSchema = z.object({
  name: z.string({ message: 'Informe o nome' }).trim().min(2, { message: 'Informe o nome da categoria (ao menos 2 caracteres)' }).max(80, { message: 'No máximo 80 caracteres' }),
  slug: productSlugSchema,
  description: z
    .string()
    .trim()
    .max(500, { message: 'No máximo 500 caracteres' })
    .nullish()
    .transform((v) => v || null),
  sort_order: z.number({ message: 'A ordem deve ser um número inteiro' }).int({ message: 'A ordem deve ser um número inteiro' }).min(0, { message: 'A ordem não pode ser negativa' }).max(10_000, { message: 'Ordem alta demais' }).default(0),
  active: z.boolean().default(true),
});
export type AdminProductCategoryInput = z.input<typeof adminProductCategoryInputSchema>;

const idList = z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v]));

export const adminProductFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  category_id: z.uuid().optional(),
  active: z.boolean().optional(),
  /** Stock known and at most LOW_STOCK_THRESHOLD (sold out included). */
  low_stock: z.boolean().optional(),
  id: idList.optional(),
}) satisfies z.ZodType<AdminProductFilter>;

export const adminProductCategoryFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  active: z.boolean().optional(),
  id: idList.optional(),
}) satisfies z.ZodType<AdminProductCategoryFilter>;

export const PRODUCT_ADMIN_SORTS = ['name', 'slug', 'price', 'stock_quantity', 'active', 'created_at', 'updated_at'] as const;
export const PRODUCT_CATEGORY_ADMIN_SORTS = ['name', 'slug', 'sort_order', 'active', 'created_at', 'products_count'] as const;

export const adminProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number().int(),
    stock_quantity: z.number().int().nullable(),
    stock_state: z.enum(['available', 'low', 'sold_out']),
    images: z.array(z.string()),
    image_url: z.string().nullable(),
    category_id: z.string().nullable(),
    category_name: z.string().nullable(),
    active: z.boolean(),
    weight_grams: z.number().int(),
    height_cm: z.number().int(),
    width_cm: z.number().int(),
    length_cm: z.number().int(),
    fiscal_kind: z.enum(['goods', 'service']),
    ncm: z.string().nullable(),
    created_at: dateTimeAnswer,
    updated_at: dateTimeAnswer,
  })
  .meta({ id: 'AdminProduct' });

export const adminProductCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    sort_order: z.number().int(),
    active: z.boolean(),
    products_count: z.number().int(),
  })
  .meta({ id: 'AdminProductCategory' });

export const productImageAnswerSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).meta({ id: 'AdminProductImage' });

export const productImportAnswerSchema = z
  .object({ created: z.number().int(), updated: z.number().int(), total: z.number().int() })
  .meta({ id: 'AdminProductImport' });

const statusCounts = z.object(Object.fromEntries(ORDER_STATUSES.map((s) => [s, z.number().int()])) as Record<OrderStatus, z.ZodNumber>);

export const marketplaceOverviewSchema = z
  .object({
    products: z.object({ active: z.number().int(), inactive: z.number().int(), low_stock: z.number().int(), sold_out: z.number().int() }),
    low_stock_threshold: z.number().int(),
    low_stock: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), stock_quantity: z.number().int(), active: z.boolean() })),
    orders_today: statusCounts,
    orders_month: statusCounts,
    sales_month: z.object({ count: z.number().int(), amount: z.number().int() }),
  })
  .meta({ id: 'MarketplaceOverview' }) satisfies z.ZodType<MarketplaceOverview>;
