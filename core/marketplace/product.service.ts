// The product catalogue (docs/product/marketplace.md): public listing with filters, accent-insensitive search and sorting; saving
// products (seeds, CLI import) with a generated cover when they have no image; stock changes by operators.
import { isId } from '../shared/ids';
import { notFound, invalid } from '../shared/errors';
import { toOffset } from '../shared/pagination';
import type { FileStorage } from '../ports/storage';
import type { CatalogChanges } from '../ports/catalog-changes';
import type { ProductRecord, ProductWithCategory } from './ports';
import { fnv1a, productCoverSvg } from './product-cover';
import { productCategoryInputSchema, productInputSchema, toPublicProduct, type ProductCategoryInput, type ProductInput, type ProductListQuery } from './product-schemas';
import { productSearchText, searchTerms } from './search';
import { cappedTotal, countCeiling, decodeCursor, encodeCursor, totalCap } from './catalogue-paging';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { MarketplaceScope } from './ports';

/** The product catalogue reads and writes marketplace tables only. */
type ProductScope = MarketplaceScope;

const productNotFound = () => notFound('product_not_found', 'Produto não encontrado.');

export class ProductService {
  constructor(
    private readonly uow: UnitOfWork<ProductScope>,
    private readonly storage: FileStorage,
    private readonly catalog: CatalogChanges = { changed: () => {} },
  ) {}

  /** GET /api/product-categories: the active categories, in their order. */
  async listCategories() {
    const categories = await this.uow.repos.marketplace.products.listCategories({ activeOnly: true });
    return categories.map(({ id, name, slug, description }) => ({ id, name, slug, description }));
  }

  /**
   * GET /api/products: active products, one page (by `page`, or after `cursor`), the total counted up to a ceiling
   * and the next page's cursor, in one query whose cost does not grow with the catalogue (catalogue-paging.ts).
   */
  async list(query: ProductListQuery) {
    const { filter, cap } = this.pageFilter(query);
    const page = await this.uow.repos.marketplace.products.list(filter);
    return { items: page.items.map(toPublicProduct), ...this.pageFacts(page, filter, cap, query) };
  }

  /**
   * The page `list` answers, as row versions: the HTTP lane builds the answer from the products' JSON it already made
   * for those versions, and reads in full (`publicVersions`) only the ones it has not (docs/product/marketplace.md).
   */
  async listVersions(query: ProductListQuery) {
    const { filter, cap } = this.pageFilter(query);
    const page = await this.uow.repos.marketplace.products.listVersions(filter);
    return { items: page.items, ...this.pageFacts(page, filter, cap, query) };
  }

  /** The public shape of these products at their current versions; inactive and unknown ones are left out. */
  async publicVersions(ids: readonly string[]) {
    const found = await this.uow.repos.marketplace.products.findVersions(ids);
    return found.filter((f) => f.product.active).map((f) => ({ version: f.version, product: toPublicProduct(f.product) }));
  }

  private pageFilter(query: ProductListQuery) {
    const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
    const offset = after ? 0 : toOffset(query);
    const terms = searchTerms(query.q);
    const cap = totalCap(terms.length > 0);
    const filter = {
      activeOnly: true,
      ...(query.category ? { categorySlug: query.category } : {}),
      terms,
      sort: query.sort,
      offset,
      limit: query.per_page,
      ...(after ? { after } : {}),
      countUpTo: countCeiling(offset, query.per_page, cap),
    };
    return { filter, cap };
  }

  private pageFacts(page: { total: number; nextKey: { key: string; id: string } | null }, filter: { offset: number }, cap: number, query: ProductListQuery) {
    return {
      ...cappedTotal(page.total, filter.offset, query.per_page, cap),
      next_cursor: page.nextKey ? encodeCursor({ sort: query.sort, ...page.nextKey }) : null,
    };
  }

  /** GET /api/products/:id (an id or a slug): an active product. */
  async get(idOrSlug: string) {
    const product = await this.find(idOrSlug);
    if (!product || !product.active) throw productNotFound();
    return toPublicProduct(product);
  }

  /** Operators: any product, active or not. */
  async find(idOrSlug: string): Promise<ProductWithCategory | null> {
    const key = idOrSlug.trim();
    if (isId(key)) return this.uow.repos.marketplace.products.findById(key);
    return /^[a-z0-9-]{1,120}$/.test(key) ? this.uow.repos.marketplace.products.findBySlug(key) : null;
  }

  /** Operators' listing (CLI): active and inactive, same filters. */
  async adminList(filter: { q?: string; category?: string; limit?: number }) {
    const page = await this.uow.repos.marketplace.products.list({
      activeOnly: false,
      ...(filter.category ? { categorySlug: filter.category } : {}),
      terms: searchTerms(filter.q),
      sort: 'newest',
      offset: 0,
      limit: filter.limit ?? 500,
    });
    return { items: page.items, total: page.total };
  }

  async saveCategory(input: ProductCategoryInput) {
    const category = productCategoryInputSchema.parse(input);
    const saved = await this.uow.run((tx) => tx.marketplace.products.upsertCategory(category));
    this.catalog.changed();
    return saved;
  }

  /**
   * Creates or updates a product by slug. The search text is derived here (never typed); a product without images
   * keeps the ones it had, or gets a generated cover stored through the storage port.
   */
  async save(input: ProductInput): Promise<{ product: ProductRecord; created: boolean }> {
    const data = productInputSchema.parse(input);
    const repos = this.uow.repos;
    let images = data.images;
    if (images.length === 0) {
      const existing = await repos.marketplace.products.findBySlug(data.slug);
      if (existing?.images.length) images = existing.images;
      else {
        const categories = await repos.marketplace.products.listCategories({ activeOnly: false });
        const category = categories.find((c) => c.id === data.category_id) ?? null;
        images = [await this.storeCover(data.slug, data.name, category)];
      }
    }
    const saved = await this.uow.run((tx) => tx.marketplace.products.upsertBySlug({ ...data, images, search_text: productSearchText(data.name, data.description) }));
    this.catalog.changed();
    return saved;
  }

  /** `turma products set-stock`: a whole number ≥ 0, or null for unlimited. */
  async setStock(idOrSlug: string, stock: number | null) {
    if (stock !== null && (!Number.isInteger(stock) || stock < 0)) throw invalid('invalid_stock', 'O estoque deve ser um número inteiro maior ou igual a zero, ou "unlimited".');
    const product = await this.find(idOrSlug);
    if (!product) throw productNotFound();
    await this.uow.run((tx) => tx.marketplace.products.setStock(product.id, stock));
    this.catalog.changed();
    return (await this.uow.repos.marketplace.products.findById(product.id))!;
  }

  /**
   * `turma products recount`: after products were written with triggers off, the kept totals of the public lists
   * (docs/operations.md#catalogue-counts) are counted again; answers what was wrong, and drops cached pages if anything was.
   */
  async recountListCounts() {
    const fixed = await this.uow.run((tx) => tx.marketplace.products.recountListCounts());
    if (fixed.length > 0) this.catalog.changed();
    return fixed;
  }

  /** The SVG cover under a content-addressed key (same name and category → same key: seeds stay idempotent). */
  private async storeCover(slug: string, name: string, category: { slug: string; name: string } | null): Promise<string> {
    const svg = productCoverSvg(name, category);
    const stored = await this.storage.put(`products/${slug}-${fnv1a(svg)}.svg`, new TextEncoder().encode(svg), 'image/svg+xml');
    return stored.url;
  }
}
