// Back office of the product catalogue: products (list with filters, create, edit, activate/deactivate,
// image upload re-encoded through the ImageProcessor port, CSV import), product categories (a category in use is never
// deleted) and the marketplace overview. Every change is audited with its actor, before and after.
import { z } from 'zod';
import { DomainError, conflict, invalid, notFound, tooLarge } from '../shared/errors';
import { isId } from '../shared/ids';
import type { ListQuery } from '../shared/list-query';
import type { FileStorage } from '../ports/storage';
import type { ImageProcessor } from '../ports/image';
import { NO_CATALOG_CACHE, type CatalogChanges } from '../ports/catalog-changes';
import type { AdminProductCategoryFilter, AdminProductFilter, ProductAdminRow, ProductCategoryRecord } from './ports';
import { fnv1a, productCoverSvg } from './product-cover';
import { parseProductCsv } from './product-csv';
import { LOW_STOCK_THRESHOLD, stockState } from './product-schemas';
import { productSearchText } from './search';
import { DEFAULT_PRODUCT_SHIPPING } from '../shipping';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { MarketplaceScope } from './ports';
import type { AuditScope } from '../audit/ports';
import { PRODUCT_ADMIN_SORTS, PRODUCT_CATEGORY_ADMIN_SORTS, adminProductCategoryInputSchema, adminProductInputSchema, type adminProductSchema } from './product-admin-schemas';

/** The tables the product back office reads and writes (audit: every change is logged). */
type ProductAdminScope = MarketplaceScope & AuditScope;

// ---------------------------------------------------------------------------------------------------------------------
// Port (the schemas the back office validates with and answers in: product-admin-schemas.ts)

// The repository port and its rows live in ports.ts (a leaf the module's scope is built from).
export * from './product-admin-schemas';
export type { ProductAdminRepository, ProductAdminRow, ProductCategoryAdminRow, AdminProductFilter, AdminProductCategoryFilter, MarketplaceOverview } from './ports';

// ---------------------------------------------------------------------------------------------------------------------
// Service

export interface Actor {
  /** The signed-in operator; null for the operators' CLI, recorded by its e-mail label only. */
  id: string | null;
  email: string;
}

export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const PRODUCT_IMAGE_MAX_SIDE = 1600;
export const PRODUCT_CSV_MAX_BYTES = 2 * 1024 * 1024;

export const PRODUCT_ADMIN_MESSAGES = {
  notFound: 'Produto não encontrado.',
  categoryNotFound: 'Categoria não encontrada.',
  unknownCategory: 'Categoria não encontrada: escolha uma categoria cadastrada.',
  categoryInUse: (n: number) => `Esta categoria não pode ser excluída: ${n} ${n === 1 ? 'produto usa' : 'produtos usam'} esta categoria. Mova ${n === 1 ? 'o produto' : 'os produtos'} para outra categoria ou desative a categoria.`,
  imageRequired: 'Escolha uma imagem para enviar.',
  imageType: 'Formato não aceito: envie uma imagem JPEG, PNG ou WebP.',
  imageTooLarge: `A imagem passa de ${PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)} MB. Envie uma imagem menor.`,
  csvRequired: 'Escolha um arquivo CSV para importar.',
  csvTooLarge: `O arquivo passa de ${PRODUCT_CSV_MAX_BYTES / (1024 * 1024)} MB. Divida-o em arquivos menores.`,
  csvInvalid: (n: number) => `Nenhum produto foi importado: ${n === 1 ? '1 linha tem erro' : `${n} linhas têm erros`}. Corrija o arquivo e envie de novo.`,
  csvEmpty: 'O arquivo não tem nenhum produto (só o cabeçalho).',
} as const;

const productNotFound = () => notFound('product_not_found', PRODUCT_ADMIN_MESSAGES.notFound);
const categoryNotFound = () => notFound('category_not_found', PRODUCT_ADMIN_MESSAGES.categoryNotFound);

/** The back office's view of a product. */
export function toAdminProduct(p: ProductAdminRow): z.input<typeof adminProductSchema> {
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
    category_id: p.category_id,
    category_name: p.category?.name ?? null,
    active: p.active,
    weight_grams: p.weight_grams ?? DEFAULT_PRODUCT_SHIPPING.weight_grams,
    height_cm: p.height_cm ?? DEFAULT_PRODUCT_SHIPPING.height_cm,
    width_cm: p.width_cm ?? DEFAULT_PRODUCT_SHIPPING.width_cm,
    length_cm: p.length_cm ?? DEFAULT_PRODUCT_SHIPPING.length_cm,
    fiscal_kind: p.fiscal_kind ?? 'goods',
    ncm: p.ncm ?? null,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/** What the audit trail keeps of a product before and after a change. */
const productSnapshot = (p: Pick<ProductAdminRow, 'name' | 'slug' | 'description' | 'price' | 'stock_quantity' | 'images' | 'category_id' | 'active' | 'weight_grams' | 'height_cm' | 'width_cm' | 'length_cm' | 'fiscal_kind' | 'ncm'>) => ({
  weight_grams: p.weight_grams,
  fiscal_kind: p.fiscal_kind,
  ncm: p.ncm,
  height_cm: p.height_cm,
  width_cm: p.width_cm,
  length_cm: p.length_cm,
  name: p.name,
  slug: p.slug,
  description: p.description,
  price: p.price,
  stock_quantity: p.stock_quantity,
  images: p.images,
  category_id: p.category_id,
  active: p.active,
});
type CategoryWrite = Omit<ProductCategoryRecord, 'id'>;
const categorySnapshot = (c: CategoryWrite) => ({ name: c.name, slug: c.slug, description: c.description, sort_order: c.sort_order, active: c.active });

const sortOf = <T extends string>(allowed: readonly T[], sort: { field: string; order: 'ASC' | 'DESC' }, fallback: T) => ({
  field: (allowed as readonly string[]).includes(sort.field) ? (sort.field as T) : fallback,
  order: sort.order,
});

export class ProductAdminService {
  constructor(
    private readonly uow: UnitOfWork<ProductAdminScope>,
    private readonly storage: FileStorage,
    private readonly images: ImageProcessor,
    private readonly catalog: CatalogChanges = NO_CATALOG_CACHE,
    private readonly newId: () => string = () => globalThis.crypto.randomUUID(),
  ) {}

  private get repo() {
    return this.uow.repos.marketplace.admin;
  }

  // ── Products ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async list(query: ListQuery<AdminProductFilter>) {
    const page = await this.repo.list({ ...query, filter: { ...query.filter, lowStockThreshold: LOW_STOCK_THRESHOLD }, sort: sortOf(PRODUCT_ADMIN_SORTS, query.sort, 'created_at') });
    return { items: page.items.map(toAdminProduct), total: page.total };
  }

  async get(id: string) {
    const p = isId(id) ? (await this.repo.list({ filter: { id: [id], lowStockThreshold: LOW_STOCK_THRESHOLD }, sort: { field: 'created_at', order: 'DESC' }, offset: 0, limit: 1 })).items[0] : undefined;
    if (!p) throw productNotFound();
    return toAdminProduct(p);
  }

  async create(input: unknown, actor: Actor) {
    const data = adminProductInputSchema.parse(input);
    const images = data.images.length ? data.images : [await this.storeCover(data.slug, data.name, data.category_id)];
    const created = await this.uow.run(async (tx) => {
      await this.checkCategory(tx, data.category_id);
      const saved = await tx.marketplace.admin.create({ ...data, images, search_text: productSearchText(data.name, data.description) });
      await this.audit(tx, actor, 'admin.product_created', saved.id, { before: null, after: productSnapshot(saved) });
      return saved;
    });
    this.catalog.changed();
    return toAdminProduct(created);
  }

  /** The whole record (ra-data-simple-rest PUT); an empty image list keeps the images the product had. */
  async update(id: string, input: unknown, actor: Actor) {
    if (!isId(id)) throw productNotFound();
    const data = adminProductInputSchema.parse(input);
    const updated = await this.uow.run(async (tx) => {
      const before = await tx.marketplace.admin.lock(id);
      if (!before) throw productNotFound();
      await this.checkCategory(tx, data.category_id);
      const images = data.images.length ? data.images : before.images;
      const saved = await tx.marketplace.admin.update(id, { ...data, images, search_text: productSearchText(data.name, data.description) });
      if (!saved) throw productNotFound();
      await this.audit(tx, actor, 'admin.product_updated', id, { before: productSnapshot(before), after: productSnapshot(saved) });
      return saved;
    });
    this.catalog.changed();
    return toAdminProduct(updated);
  }

  /** POST /api/admin/products/:id/activate | deactivate (and DELETE, which only deactivates: orders point at products). */
  async setActive(id: string, active: boolean, actor: Actor) {
    if (!isId(id)) throw productNotFound();
    const saved = await this.uow.run(async (tx) => {
      const before = await tx.marketplace.admin.lock(id);
      if (!before) throw productNotFound();
      const after = await tx.marketplace.admin.setActive(id, active);
      if (!after) throw productNotFound();
      if (before.active !== active) {
        await this.audit(tx, actor, active ? 'admin.product_activated' : 'admin.product_deactivated', id, { before: productSnapshot(before), after: productSnapshot(after) });
      }
      return after;
    });
    this.catalog.changed();
    return toAdminProduct(saved);
  }

  /**
   * An image for a product form: checked by content, re-encoded (upright, at most 1600 px, WebP, no metadata) and
   * stored; the form then saves its URL with the product. Audited with the stored key.
   */
  async uploadImage(file: { bytes: Uint8Array } | null, actor: Actor) {
    if (!file || file.bytes.byteLength === 0) throw invalid('image_required', PRODUCT_ADMIN_MESSAGES.imageRequired, { image: PRODUCT_ADMIN_MESSAGES.imageRequired });
    if (file.bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) throw tooLarge('image_too_large', PRODUCT_ADMIN_MESSAGES.imageTooLarge);
    const image = await this.images.normalize(file.bytes, { accept: ['jpeg', 'png', 'webp'], maxSide: PRODUCT_IMAGE_MAX_SIDE });
    if (!image) throw invalid('invalid_image_type', PRODUCT_ADMIN_MESSAGES.imageType, { image: PRODUCT_ADMIN_MESSAGES.imageType });
    const key = `products/uploads/${this.newId()}.${image.extension}`;
    const stored = await this.storage.put(key, image.body, image.contentType);
    await this.uow.run(async (tx) => {
      // Recorded for the cleanup job: deleted after 24 h unless a saved product lists its URL (product-uploads.ts).
      await tx.marketplace.uploads.record(key, stored.url);
      await this.audit(tx, actor, 'admin.product_image_uploaded', null, { before: null, after: { key, url: stored.url, width: image.width, height: image.height } });
    });
    return { url: stored.url, width: image.width, height: image.height };
  }

  /**
   * CSV import, all or nothing: when any line has an error nothing is saved and every error is reported with its line
   * (400 `csv_invalid`, `lines`); otherwise every row is created or updated by slug in one transaction, audited.
   */
  async importCsv(file: { text: string } | null, actor: Actor) {
    if (!file || file.text.trim() === '') throw invalid('csv_required', PRODUCT_ADMIN_MESSAGES.csvRequired, { file: PRODUCT_ADMIN_MESSAGES.csvRequired });
    const categories = await this.uow.repos.marketplace.products.listCategories({ activeOnly: false });
    const { rows, errors } = parseProductCsv(file.text, categories.map((c) => c.slug));
    if (errors.length) {
      const lines = errors.map((e) => ({ line: e.line, message: e.message }));
      throw new DomainError('invalid', 'csv_invalid', PRODUCT_ADMIN_MESSAGES.csvInvalid(lines.length), { details: { lines } });
    }
    if (rows.length === 0) throw invalid('csv_empty', PRODUCT_ADMIN_MESSAGES.csvEmpty, { file: PRODUCT_ADMIN_MESSAGES.csvEmpty });
    const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
    // Covers are files: made before the transaction (content-addressed keys, so a retry writes the same ones).
    const existing = new Map<string, ProductAdminRow>();
    for (const row of rows) {
      const p = await this.uow.repos.marketplace.products.findBySlug(row.slug);
      if (p) existing.set(row.slug, p);
    }
    const covers = new Map<string, string>();
    for (const row of rows) {
      if (!existing.get(row.slug)?.images.length) covers.set(row.slug, await this.storeCover(row.slug, row.name, categoryBySlug.get(row.category)?.id ?? null, categories));
    }
    const report = await this.uow.run(async (tx) => {
      let created = 0;
      let updated = 0;
      const changes: Array<{ line: number; slug: string; before: ReturnType<typeof productSnapshot> | null; after: ReturnType<typeof productSnapshot> }> = [];
      for (const row of rows) {
        const before = await tx.marketplace.products.findBySlug(row.slug);
        const write = {
          name: row.name,
          slug: row.slug,
          description: row.description,
          category_id: categoryBySlug.get(row.category)?.id ?? null,
          price: row.price,
          stock_quantity: row.stock_quantity,
          images: before?.images.length ? before.images : [covers.get(row.slug)!],
          active: before?.active ?? true,
          search_text: productSearchText(row.name, row.description),
          // The freight columns given (an empty cell keeps the product's own).
          ...(row.weight_grams !== undefined ? { weight_grams: row.weight_grams } : {}),
          ...(row.height_cm !== undefined ? { height_cm: row.height_cm } : {}),
          ...(row.width_cm !== undefined ? { width_cm: row.width_cm } : {}),
          ...(row.length_cm !== undefined ? { length_cm: row.length_cm } : {}),
        };
        const saved = before ? await tx.marketplace.admin.update(before.id, write) : await tx.marketplace.admin.create(write);
        if (!saved) throw productNotFound();
        if (before) updated++;
        else created++;
        changes.push({ line: row.line, slug: row.slug, before: before ? productSnapshot(before) : null, after: productSnapshot(saved) });
      }
      await this.audit(tx, actor, 'admin.products_imported', null, { created, updated, changes });
      return { created, updated, total: rows.length };
    });
    this.catalog.changed();
    return report;
  }

  // ── Product categories ───────────────────────────────────────────────────────────────────────────────────────────

  async listCategories(query: ListQuery<AdminProductCategoryFilter>) {
    return this.repo.listCategories({ ...query, sort: sortOf(PRODUCT_CATEGORY_ADMIN_SORTS, query.sort, 'sort_order') });
  }

  async getCategory(id: string) {
    const c = isId(id) ? await this.repo.findCategory(id) : null;
    if (!c) throw categoryNotFound();
    return c;
  }

  async createCategory(input: unknown, actor: Actor) {
    const data = adminProductCategoryInputSchema.parse(input);
    const saved = await this.uow.run(async (tx) => {
      const c = await tx.marketplace.admin.createCategory(data);
      await this.audit(tx, actor, 'admin.product_category_created', c.id, { before: null, after: categorySnapshot(c) }, 'product_category');
      return c;
    });
    this.catalog.changed();
    return saved;
  }

  async updateCategory(id: string, input: unknown, actor: Actor) {
    if (!isId(id)) throw categoryNotFound();
    const data = adminProductCategoryInputSchema.parse(input);
    const saved = await this.uow.run(async (tx) => {
      const before = await tx.marketplace.admin.findCategory(id, { lock: true });
      if (!before) throw categoryNotFound();
      const c = await tx.marketplace.admin.updateCategory(id, data);
      if (!c) throw categoryNotFound();
      await this.audit(tx, actor, 'admin.product_category_updated', id, { before: categorySnapshot(before), after: categorySnapshot(c) }, 'product_category');
      return c;
    });
    this.catalog.changed();
    return saved;
  }

  /** A category that products use is never deleted (409 in pt-BR); deactivating it is the way out. */
  async deleteCategory(id: string, actor: Actor) {
    if (!isId(id)) throw categoryNotFound();
    const deleted = await this.uow.run(async (tx) => {
      const before = await tx.marketplace.admin.findCategory(id, { lock: true });
      if (!before) throw categoryNotFound();
      if (before.products_count > 0) throw conflict('category_in_use', PRODUCT_ADMIN_MESSAGES.categoryInUse(before.products_count));
      await tx.marketplace.admin.deleteCategory(id);
      await this.audit(tx, actor, 'admin.product_category_deleted', id, { before: categorySnapshot(before), after: null }, 'product_category');
      return before;
    });
    this.catalog.changed();
    return deleted;
  }

  // ── Overview ─────────────────────────────────────────────────────────────────────────────────────────────────────

  /** /admin/marketplace: products active/inactive, low stock, orders by status today and this month, sales this month. */
  overview(windows: { today: { from: Date; to: Date }; month: { from: Date; to: Date } }) {
    return this.repo.overview({ lowStockThreshold: LOW_STOCK_THRESHOLD, lowStockLimit: 20, ...windows });
  }

  // ── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────────────

  private async checkCategory(tx: Tx<ProductAdminScope>, categoryId: string | null) {
    if (categoryId && !(await tx.marketplace.admin.findCategory(categoryId))) {
      throw invalid('invalid_input', PRODUCT_ADMIN_MESSAGES.unknownCategory, { category_id: PRODUCT_ADMIN_MESSAGES.unknownCategory });
    }
  }

  private audit(tx: Tx<ProductAdminScope>, actor: Actor, action: string, entityId: string | null, metadata: Record<string, unknown>, entityType = 'product') {
    return tx.audit.append({ action, actor_user_id: actor.id, actor_email: actor.email, entity_type: entityType, entity_id: entityId, metadata });
  }

  /** The generated SVG cover (same as seeds and the CLI) for a product saved without an image. */
  private async storeCover(slug: string, name: string, categoryId: string | null, known?: readonly ProductCategoryRecord[]): Promise<string> {
    const categories = known ?? (await this.uow.repos.marketplace.products.listCategories({ activeOnly: false }));
    const category = categories.find((c) => c.id === categoryId) ?? null;
    const svg = productCoverSvg(name, category);
    const stored = await this.storage.put(`products/${slug}-${fnv1a(svg)}.svg`, new TextEncoder().encode(svg), 'image/svg+xml');
    return stored.url;
  }
}
