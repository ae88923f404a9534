// /marketplace/products/:id: gallery, price, stock state ('Esgotado', 'Últimas unidades'), a quantity
// picker that respects the cart's rules (at least 1, never beyond the stock left once the cart's own
// units are counted), "Adicionar ao carrinho" (toast) and the description.
import './i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { AlertIcon, CheckIcon, ShoppingBagIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { loadCartEngine, useCart } from '../../lib/cart/cart-context';
import { CartIcon } from '../../components/cart/cart-icon';
import { marketplaceApi, marketplaceKeys, type Product } from '../../lib/marketplace-api';
import { ProductImage } from '../../components/products/product-image';
import { QuantityStepper } from './quantity-stepper';
import { ProductShipping } from './shipping-quote';
import { StockBadge } from '../../components/products/stock-badge';
import { useAddToCart } from '../../components/products/use-add-to-cart';
import { LoadingState, ErrorState } from '../../components/resource-states';

function Gallery({ product }: { product: Product }) {
  const { t } = useTranslation('marketplace');
  const images = product.images.length > 0 ? product.images : [null];
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)] ?? null;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage src={current} alt={t('product.photo', { name: product.name, n: index + 1, total: images.length })} eager />
        <StockBadge state={product.stock_state} className="gallery__badge" />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" role="list" aria-label={t('product.photos')}>
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button type="button" className="gallery__thumb" aria-pressed={i === index} aria-label={t('product.showPhoto', { n: i + 1, total: images.length })} onClick={() => setIndex(i)}>
                <ProductImage src={src} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BuyBox({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('marketplace');
  const { items, status } = useCart();
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const inCart = items.find((l) => l.item_type === 'product' && l.id === product.id)?.quantity ?? 0;
  const stock = product.stock_quantity;
  const soldOut = product.stock_state === 'sold_out';
  // What may still go to the cart (docs/product/spec.md §5: capped at the known stock; unlimited when unknown).
  const room = stock === null ? Infinity : Math.max(0, stock - inCart);
  const wanted = Math.max(1, Math.min(quantity, room === Infinity ? quantity : Math.max(1, room)));

  useEffect(() => {
    if (room !== Infinity && quantity > Math.max(1, room)) setQuantity(Math.max(1, room));
  }, [quantity, room]);

  const add = async () => {
    setAdding(true);
    try {
      const outcome = await addToCart(product, wanted);
      if (outcome === 'added' || outcome === 'updated' || outcome === 'capped') {
        setQuantity(1);
        setAdded(true);
      }
    } finally {
      setAdding(false);
    }
  };

  const stockText =
    stock === null ? t('product.inStock') : soldOut ? t('product.soldOut') : product.stock_state === 'low' ? t('product.lowStock', { count: stock }) : t('product.inStockCount', { count: stock });

  return (
    <div className="buy-box">
      <p className="buy-box__price">{formatCents(product.price, i18n.language)}</p>
      <p className={`buy-box__stock buy-box__stock--${product.stock_state}`}>
        {soldOut ? <AlertIcon size={18} /> : <CheckIcon size={18} />}
        <span>{stockText}</span>
      </p>
      {!soldOut && room > 0 && (
        <div className="buy-box__qty">
          <span className="field__label">
            {t('product.quantity')}
          </span>
          <QuantityStepper
            value={wanted}
            name={product.name}
            canDecrement={wanted > 1}
            canIncrement={wanted < room}
            onDecrement={() => setQuantity(Math.max(1, wanted - 1))}
            onIncrement={() => setQuantity(Math.min(room, wanted + 1))}
          />
        </div>
      )}
      {!soldOut && room === 0 && <p className="callout">{t('product.allInCart', { count: inCart })}</p>}
      <div className="buy-box__actions">
        <Button size="lg" disabled={soldOut || room === 0 || adding || status === 'loading'} onClick={() => void add()}>
          <CartIcon size={18} />
          {soldOut ? t('stock.sold_out') : adding ? t('product.adding') : t('product.add')}
        </Button>
        {(added || inCart > 0) && (
          <ButtonLink to="/marketplace/cart" variant="secondary" size="lg">
            {t('product.goToCart')}
          </ButtonLink>
        )}
      </div>
      {inCart > 0 && (
        <p className="buy-box__in-cart muted" role="status">
          {t('product.inCart', { count: inCart })}
        </p>
      )}
      {!soldOut && <ProductShipping productId={product.id} quantity={wanted} />}
    </div>
  );
}

export default function ProductPage() {
  const { t } = useTranslation('marketplace');
  const { id = '' } = useParams();
  const { state, retry } = useApiQuery(marketplaceKeys.product(id), (signal) => marketplaceApi.product(id, signal));
  const product = state.status === 'ready' ? state.data : null;
  const notFound = state.status === 'error' && state.error.status === 404;
  useDocumentTitle(product ? product.name : notFound ? t('product.notFoundTitle') : t('product.docTitle'));

  useEffect(() => {
    void loadCartEngine().catch(() => undefined);
  }, []);

  return (
    <div className="container page market-page">
      <nav className="breadcrumbs" aria-label={t('product.breadcrumbs')}>
        <ol>
          <li>
            <Link to="/marketplace/products">{t('products.title')}</Link>
          </li>
          {product?.category && (
            <li>
              <Link to={`/marketplace/products?category=${encodeURIComponent(product.category.slug)}`}>{product.category.name}</Link>
            </li>
          )}
          {product && (
            <li>
              <span aria-current="page">{product.name}</span>
            </li>
          )}
        </ol>
      </nav>

      {state.status === 'loading' && (
        <LoadingState label={t('product.loading')} />
      )}

      {notFound && (
        <div className="state-box" role="alert">
          <ShoppingBagIcon size={28} />
          <p className="state-box__title">{t('product.notFoundTitle')}</p>
          <p>{t('product.notFoundBody')}</p>
          <ButtonLink to="/marketplace/products" variant="secondary">
            {t('product.back')}
          </ButtonLink>
        </div>
      )}

      {state.status === 'error' && !notFound && (
        <ErrorState title={t('product.error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      )}

      {product && (
        <article className="product-detail" aria-labelledby="product-title">
          <Gallery product={product} />
          <div className="product-detail__info">
            {product.category && <p className="eyebrow">{product.category.name}</p>}
            <h1 id="product-title" className="product-detail__name">
              {product.name}
            </h1>
            <BuyBox product={product} />
            <section className="product-detail__description" aria-labelledby="product-description-title">
              <h2 id="product-description-title">{t('product.description')}</h2>
              <p>{product.description || t('product.noDescription')}</p>
            </section>
          </div>
        </article>
      )}
    </div>
  );
}
