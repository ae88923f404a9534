// Marketplace showcase (lazy): the pitch, the 8 newest products of the catalogue (loading, empty and
// error states) on the shared product card (web/components/products), and the way into /marketplace/products.
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/button';
import { AlertIcon, ArrowRightIcon } from '../../components/icons';
import { CardGridSkeleton } from '../../components/resource-states';
import { useApiQuery } from '../../lib/query';
import { marketplaceApi, marketplaceKeys } from '../../lib/marketplace-api';
import { trackInteraction } from '../../lib/experiment-tracker';
import { ProductCard } from '../../components/products/product-card';

export const SHOWCASE_PRODUCTS = 8;

export default function MarketplaceShowcase() {
  const { t } = useTranslation('landing');
  const { state, retry } = useApiQuery(marketplaceKeys.products({ sort: 'newest', page: 1, per_page: SHOWCASE_PRODUCTS }), (signal) =>
    marketplaceApi.products({ sort: 'newest', page: 1, per_page: SHOWCASE_PRODUCTS }, signal),
  );

  return (
    <div className="market-showcase" aria-busy={state.status === 'loading'}>
      <div className="market-showcase__intro">
        <p>{t('marketplace.body')}</p>
        <ButtonLink to="/marketplace/products" variant="secondary" onClick={() => trackInteraction('landing.see_products')}>
          {t('marketplace.cta')}
          <ArrowRightIcon size={18} />
        </ButtonLink>
      </div>

      {state.status === 'loading' && (
        <CardGridSkeleton kind="product" count={SHOWCASE_PRODUCTS} className="product-grid product-grid--showcase" label={t('marketplace.showcase.loading')} />
      )}

      {state.status === 'error' && (
        <div className="state-box state-box--error" role="alert">
          <AlertIcon size={28} />
          <p className="state-box__title">{t('marketplace.showcase.error')}</p>
          <Button variant="secondary" onClick={retry}>
            {t('marketplace.showcase.retry')}
          </Button>
        </div>
      )}

      {state.status === 'ready' && state.data.items.length === 0 && <p className="muted">{t('marketplace.showcase.empty')}</p>}

      {state.status === 'ready' && state.data.items.length > 0 && (
        <ul className="product-grid product-grid--showcase" role="list" aria-label={t('marketplace.showcase.listLabel')}>
          {state.data.items.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
