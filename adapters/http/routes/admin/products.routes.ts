// Back office: the marketplace catalogue — products, product categories (ra-data-simple-rest contract),
// product actions (activate/deactivate), image upload (multipart, re-encoded by sharp like the professionals' photos),
// CSV import (multipart, all or nothing) and the /admin/marketplace overview. ProductAdminService audits every change.
import multer, { type MulterFile } from '@koa/multer';
import { z } from 'zod';
import {
  PRODUCT_ADMIN_MESSAGES,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_IMAGE_MAX_BYTES,
  adminProductCategoryFilterSchema,
  adminProductCategoryInputSchema,
  adminProductCategorySchema,
  adminProductFilterSchema,
  adminProductInputSchema,
  adminProductSchema,
  marketplaceOverviewSchema,
  productImageAnswerSchema,
  productImportAnswerSchema,
  type ProductAdminService,
} from '../../../../core/marketplace/product-admin';
import { invalid, tooLarge } from '../../../../core/shared/errors';
import type { Clock } from '../../../../core/shared/clock';
import { dashboardWindows } from '../../../../core/reports/financial';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });

const imageUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single('image');
const csvUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: PRODUCT_CSV_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single('file');

/** One file of a multipart body; multer's refusals as the API's pt-BR errors (413 over the size limit, 400 otherwise). */
async function readFile(ctx: AppContext, upload: typeof imageUpload, field: string, tooLargeError: () => Error): Promise<Uint8Array | null> {
  try {
    await upload(ctx as never, async () => undefined);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'LIMIT_FILE_SIZE') throw tooLargeError();
    if (typeof code === 'string' && code.startsWith('LIMIT_')) throw invalid('invalid_upload', `Envie um arquivo por vez, no campo "${field}".`, { [field]: 'Envie um arquivo por vez.' });
    throw invalid('invalid_upload', 'Não foi possível ler o envio. Tente novamente.', { [field]: 'Não foi possível ler o envio.' });
  }
  const file = (ctx as AppContext & { file?: MulterFile }).file;
  return file ? new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength) : null;
}

export function productAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<ProductAdminService>(TOKENS.ProductAdminService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/products' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Products: search, category, active, low stock (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(adminProductFilterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of products, newest first by default.', schema: z.array(adminProductSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, adminProductFilterSchema, { field: 'created_at', order: 'DESC' });
        const { items, total } = await service(ctx).list(query);
        sendList(ctx, 'products', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'post',
      path: '/images',
      summary: 'Upload a product image (multipart, field `image`); the form saves the answered URL with the product',
      description: 'JPEG, PNG or WebP by content, at most 8 MB; stored re-encoded (upright, at most 1600 px, WebP, no metadata).',
      guard: admin,
      describedBody: z.object({ image: z.file() }),
      bodyContentType: 'multipart/form-data',
      errors: [400, 413],
      answers: { 201: { description: 'The stored image.', schema: productImageAnswerSchema } },
      handler: async (ctx) => {
        const bytes = await readFile(ctx, imageUpload, 'image', () => tooLarge('image_too_large', PRODUCT_ADMIN_MESSAGES.imageTooLarge));
        return reply(201, await service(ctx).uploadImage(bytes ? { bytes } : null, actor(ctx)));
      },
    })
    .route({
      method: 'post',
      path: '/import',
      summary: 'Import products from CSV (multipart, field `file`): all or nothing',
      description:
        'Header `name;slug;category;price;stock;description` (`;` or `,`), prices in reais with a decimal comma (`199,90`), category by slug, stock empty for unlimited. Products are created or updated by slug. When any line has an error nothing is saved: 400 `csv_invalid` with `lines: [{line, message}]` (pt-BR).',
      guard: admin,
      describedBody: z.object({ file: z.file() }),
      bodyContentType: 'multipart/form-data',
      errors: [400, 413],
      answers: { 200: { description: 'How many products were created and updated.', schema: productImportAnswerSchema } },
      handler: async (ctx) => {
        const bytes = await readFile(ctx, csvUpload, 'file', () => tooLarge('csv_too_large', PRODUCT_ADMIN_MESSAGES.csvTooLarge));
        return reply(200, await service(ctx).importCsv(bytes ? { text: new TextDecoder('utf-8').decode(bytes) } : null, actor(ctx)));
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One product',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The product.', schema: adminProductSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).get(params.id)),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create a product (price in centavos; without images it gets a generated cover)',
      guard: admin,
      describedBody: adminProductInputSchema,
      errors: [400, 409],
      answers: { 201: { description: 'The new product.', schema: adminProductSchema } },
      handler: async (ctx) => reply(201, await service(ctx).create(ctx.request.body, actor(ctx))),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Update a product (the whole record; fields the server computes are ignored)',
      guard: admin,
      params: idParams,
      describedBody: adminProductInputSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The updated product.', schema: adminProductSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).update(params.id, ctx.request.body, actor(ctx))),
    })
    .route({
      method: 'post',
      path: '/:id/activate',
      summary: 'Put a product back in the catalogue',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The product.', schema: adminProductSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).setActive(params.id, true, actor(ctx))),
    })
    .route({
      method: 'post',
      path: '/:id/deactivate',
      summary: 'Take a product out of the catalogue (orders keep it)',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The product.', schema: adminProductSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).setActive(params.id, false, actor(ctx))),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Deactivate a product (products are never deleted: orders point at them)',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The deactivated product.', schema: adminProductSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).setActive(params.id, false, actor(ctx))),
    });
}

export function productCategoryAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<ProductAdminService>(TOKENS.ProductAdminService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/product-categories' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Product categories with how many products use each (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(adminProductCategoryFilterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of categories, in their order by default.', schema: z.array(adminProductCategorySchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, adminProductCategoryFilterSchema, { field: 'sort_order', order: 'ASC' });
        const { items, total } = await service(ctx).listCategories(query);
        sendList(ctx, 'product-categories', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One product category',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The category.', schema: adminProductCategorySchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).getCategory(params.id)),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create a product category',
      guard: admin,
      describedBody: adminProductCategoryInputSchema,
      errors: [400, 409],
      answers: { 201: { description: 'The new category.', schema: adminProductCategorySchema } },
      handler: async (ctx) => reply(201, await service(ctx).createCategory(ctx.request.body, actor(ctx))),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Update a product category',
      guard: admin,
      params: idParams,
      describedBody: adminProductCategoryInputSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The updated category.', schema: adminProductCategorySchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).updateCategory(params.id, ctx.request.body, actor(ctx))),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a product category no product uses (409 `category_in_use` otherwise)',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: { 200: { description: 'The deleted category.', schema: adminProductCategorySchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).deleteCategory(params.id, actor(ctx))),
    });
}

export function marketplaceOverviewAdminRoutes() {
  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/marketplace' }).route({
    method: 'get',
    path: '/overview',
    summary: 'The marketplace at a glance: products active/inactive, low stock, orders by status today and this month (Brasília), sales this month',
    guard: admin,
    answers: { 200: { description: 'The overview.', schema: marketplaceOverviewSchema } },
    handler: async (ctx) => {
      const w = dashboardWindows(ctx.container.get<Clock>(TOKENS.Clock).now());
      return reply(200, await ctx.container.get<ProductAdminService>(TOKENS.ProductAdminService).overview({ today: w.today, month: w.month }));
    },
  });
}
