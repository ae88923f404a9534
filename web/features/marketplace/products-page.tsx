// /marketplace/products: the catalogue grid with category filter, text search (accent-insensitive on the
// server: 'estetica' finds 'Estética'), sort (menor preço, maior preço, mais novos) and pagination. The
// filters live in the URL (?category=&q=&sort=&page=), so back/forward and shared links keep them.
import './i18n';
import { PRODUCTS_PER_PAGE } from './products-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { SearchIcon, ShoppingBagIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { loadCartEngine } from '../../lib/cart/cart-context';
import { marketplaceApi, marketplaceKeys, PRODUCT_SORTS, type ProductPage, type ProductSort } from '../../lib/marketplace-api';
import { Pager } from './pager';
import { catalogueCount } from './catalogue-count';
import { ProductCard } from '../../components/products/product-card';
import { CardGridSkeleton, ErrorState } from '../../components/resource-states';

const PRODUCTS_PATH = '/marketplace/products';
const SEARCH_DELAY_MS = 400;

const isSort = (v: string | null): v is ProductSort => PRODUCT_SORTS.includes(v as ProductSort);

export default function ProductsPage() {
  const { t, i18n } = useTranslation('marketplace');
  useDocumentTitle(t('products.docTitle'));
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: ProductSort = isSort(sortParam) ? sortParam : 'newest';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const searchId = useId();
  const sortId = useId();

  useEffect(() => {
    void loadCartEngine().catch(() => undefined);
  }, []);

  const categories = useApiQuery(marketplaceKeys.categories(), (signal) => marketplaceApi.categories(signal));
  const products = useApiQuery(marketplaceKeys.products({ category, q, sort, page, per_page: PRODUCTS_PER_PAGE }), (signal) =>
    marketplaceApi.products({ category, q, sort, page, per_page: PRODUCTS_PER_PAGE }, signal),
  );
  // While a new page loads, the previous one stays on screen (dimmed) instead of a flash of skeletons.
  const last = useRef<ProductPage | null>(null);
  if (products.state.status === 'ready') last.current = products.state.data;
  const shown = products.state.status === 'ready' ? products.state.data : products.state.status === 'loading' ? last.current : null;
  const busy = products.state.status === 'loading';

  /** Changes some filters (on the params of the moment); any change but the page goes back to page 1. */
  const update = (patch: Record<string, string | null>, replace = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in patch)) next.delete('page');
        if (next.get('sort') === 'newest') next.delete('sort');
        if (next.get('page') === '1') next.delete('page');
        return next;
      },
      { replace },
    );
  };

  // The search box: typing searches after a pause (replacing the history entry); Enter searches at once.
  const [text, setText] = useState(q);
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => setText(q), [q]);
  useEffect(() => () => window.clearTimeout(typing.current), []);
  const onType = (value: string) => {
    setText(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => {
      // The user may have left for a product meanwhile (this page stays mounted while the next one loads).
      if (window.location.pathname === PRODUCTS_PATH && value.trim() !== (new URLSearchParams(window.location.search).get('q') ?? '')) {
        update({ q: value.trim() || null }, true);
      }
    }, SEARCH_DELAY_MS);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    window.clearTimeout(typing.current);
    update({ q: text.trim() || null });
  };

  const total = shown?.total ?? 0;
  // A capped total ("mais de 1.000") leaves the number of pages open; a next page then always exists.
  const capped = shown?.total_capped ?? false;
  const pages = capped ? null : Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  const filtered = Boolean(category || q);
  const categoryList = categories.state.status === 'ready' ? categories.state.data.items : [];
  const currentCategory = categoryList.find((c) => c.slug === category);

  return (
    <div className="container page market-page">
      <header className="page__head">
        <div>
          <h1>{t('products.title')}</h1>
          <p className="muted">{t('products.lead')}</p>
        </div>
      </header>

      <div className="catalog-toolbar">
        <form role="search" className="catalog-search" onSubmit={onSearch} aria-label={t('products.searchLabel')}>
          <label htmlFor={searchId} className="sr-only">
            {t('products.searchLabel')}
          </label>
          <SearchIcon size={18} className="catalog-search__icon" />
          <input
            id={searchId}
            type="search"
            className="field__input catalog-search__input"
            placeholder={t('products.searchPlaceholder')}
            value={text}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => onType(event.target.value)}
          />
          <Button type="submit" size="sm" className="catalog-search__submit">
            {t('products.search')}
          </Button>
        </form>
        <div className="catalog-sort">
          <label htmlFor={sortId} className="field__label">
            {t('products.sortLabel')}
          </label>
          <select id={sortId} className="field__input field__select" value={sort} onChange={(event) => update({ sort: event.target.value })}>
            {PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`products.sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {categoryList.length > 0 && (
        <nav className="category-chips" aria-label={t('products.categoriesLabel')}>
          <ul role="list">
            <li>
              <button type="button" className="category-chip" aria-pressed={!category} onClick={() => update({ category: null })}>
                {t('products.allCategories')}
              </button>
            </li>
            {categoryList.map((c) => (
              <li key={c.id}>
                <button type="button" className="category-chip" aria-pressed={category === c.slug} onClick={() => update({ category: c.slug })}>
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <section className="catalog-results" aria-labelledby="catalog-results-title" aria-busy={busy}>
        <h2 id="catalog-results-title" className="sr-only">
          {t('products.resultsTitle')}
        </h2>
        <p className="catalog-results__count muted" role="status">
          {shown ? catalogueCount(t, i18n.language, shown, { q, ...(currentCategory ? { category: currentCategory.name } : {}) }) : ''}
        </p>

        {!shown && busy && <CardGridSkeleton kind="product" count={8} label={t('products.loading')} />}

        {products.state.status === 'error' && (
          <ErrorState title={t('products.error')} message={products.state.error.message} retryLabel={t('retry')} onRetry={products.retry} />
        )}

        {shown && shown.items.length === 0 && (
          <div className="state-box">
            <ShoppingBagIcon size={28} />
            <p className="state-box__title">{filtered ? t('products.noResults') : t('products.empty')}</p>
            <p>{filtered ? t('products.noResultsHint') : t('products.emptyHint')}</p>
            {filtered && (
              <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
                {t('products.clear')}
              </Button>
            )}
          </div>
        )}

        {shown && shown.items.length > 0 && (
          <ul className={`product-grid${busy ? ' is-busy' : ''}`} role="list">
            {shown.items.map((product, index) => (
              <li key={product.id}>
                {/* The first row's pictures are the phone's largest paint: fetched at once, not when laid out. */}
                <ProductCard product={product} eagerImage={index < 2} />
              </li>
            ))}
          </ul>
        )}

        {shown && (
          <Pager
            page={pages === null ? page : Math.min(page, pages)}
            pages={pages}
            label={t('products.pager')}
            onPage={(n) => {
              update({ page: String(n) });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </section>
    </div>
  );
}
