// /marketplace/cart: the cart's lines (+/−, remove, subtotal), unavailable items flagged, the total and "Finalizar compra"
// (signed out, the checkout's guard sends the visitor to /auth and back). Opening it refreshes prices and stock (the server
// cart, or a visitor's lines against the catalogue). The server draws its frame, not its lines (docs/server-rendering.md).
import './i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { AlertIcon, ShieldIcon, TrashIcon } from '../../components/icons';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { loadCartEngine, useCart } from '../../lib/cart/cart-context';
import { CartIcon } from '../../components/cart/cart-icon';
import type { CartLine } from '../../lib/cart/cart-lines';
import { productPath } from '../../lib/marketplace-api';
import { ProductImage } from '../../components/products/product-image';
import { QuantityStepper } from './quantity-stepper';
import { LoadingState } from '../../components/resource-states';

function LineNote({ line }: { line: CartLine }) {
  const { t } = useTranslation('marketplace');
  if (!line.available) {
    return (
      <p className="cart-line__flag cart-line__flag--danger">
        <AlertIcon size={16} />
        {line.stock_state === 'sold_out' ? t('cart.soldOut') : t('cart.unavailable')}
      </p>
    );
  }
  if (line.capped && line.stock_quantity !== null) {
    return <p className="cart-line__flag">{t('cart.capped', { count: line.stock_quantity })}</p>;
  }
  if (line.item_type === 'product' && line.stock_state === 'low' && line.stock_quantity !== null) {
    return <p className="cart-line__flag">{t('cart.lowStock', { count: line.stock_quantity })}</p>;
  }
  if (line.item_type === 'plan') return <p className="cart-line__flag cart-line__flag--muted">{t('cart.planNote')}</p>;
  return null;
}

function CartLineItem({ line }: { line: CartLine }) {
  const { t, i18n } = useTranslation('marketplace');
  const cart = useCart();
  const money = (cents: number) => formatCents(cents, i18n.language);
  const titleId = `cart-line-${line.id}`;
  const atStock = line.item_type === 'product' && line.stock_quantity !== null && line.quantity >= line.stock_quantity;

  const increment = async () => {
    const outcome = await cart.increment(line.id);
    if (outcome === 'refused') notify.info(t('cart.noMore', { count: line.stock_quantity ?? 0 }), line.name, { id: `cart-${line.id}` });
  };

  return (
    <li className={`cart-line${line.available ? '' : ' cart-line--unavailable'}`} aria-labelledby={titleId}>
      <ProductImage src={line.image_url} alt="" className="cart-line__image" />
      <div className="cart-line__info">
        <h2 id={titleId} className="cart-line__name">
          {line.item_type === 'product' ? <Link to={productPath(line.id)}>{line.name}</Link> : line.name}
        </h2>
        <p className="cart-line__unit muted">{t('cart.unitPrice', { value: money(line.price) })}</p>
        <LineNote line={line} />
      </div>
      <div className="cart-line__controls">
        <QuantityStepper
          size="sm"
          value={line.quantity}
          name={line.name}
          canIncrement={line.available && !atStock}
          onDecrement={() => void cart.decrement(line.id)}
          onIncrement={() => void increment()}
        />
        <button type="button" className="cart-line__remove" aria-label={t('cart.removeLabel', { name: line.name })} onClick={() => void cart.remove(line.id)}>
          <TrashIcon size={16} />
          <span>{t('cart.remove')}</span>
        </button>
      </div>
      <p className="cart-line__subtotal">
        <span className="sr-only">{t('cart.subtotalLabel')}: </span>
        {line.available ? money(line.price * line.quantity) : <s>{money(line.price * line.quantity)}</s>}
      </p>
    </li>
  );
}

export default function CartPage() {
  const { t, i18n } = useTranslation('marketplace');
  useDocumentTitle(t('cart.docTitle'));
  const cart = useCart();
  const { refresh, status } = cart;
  const signedIn = useSession().status === 'signedIn';
  // The server draws the page without the cart (a visitor's is in this browser's storage, a signed-in one is read by the
  // cart provider): 'Carregando seu carrinho...' there and in the hydrating render, the lines right after.
  const known = useHydrated();
  const money = (cents: number) => formatCents(cents, i18n.language);

  useEffect(() => {
    void loadCartEngine().catch(() => undefined);
  }, []);
  // Fresh prices and stock when the page opens (and once the signed-in cart is in).
  useEffect(() => {
    if (status === 'ready') void refresh();
    // Only on arrival and when the cart first becomes ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  const products = cart.items.filter((l) => l.item_type === 'product');
  const unavailable = cart.items.filter((l) => !l.available);
  const available = products.filter((l) => l.available);
  const units = available.reduce((n, l) => n + l.quantity, 0);
  const canCheckout = available.length > 0 && unavailable.length === 0;

  return (
    <div className="container page market-page">
      <header className="page__head">
        <div>
          <h1>{t('cart.title')}</h1>
          <p className="muted">{t('cart.lead')}</p>
        </div>
        <div className="page__head-actions">
          {signedIn && (
            <ButtonLink to="/marketplace/orders" variant="ghost" size="sm">
              {t('orders.title')}
            </ButtonLink>
          )}
          <ButtonLink to="/marketplace/products" variant="ghost" size="sm">
            {t('cart.keepShopping')}
          </ButtonLink>
        </div>
      </header>

      {(!known || (status === 'loading' && cart.items.length === 0)) && (
        <LoadingState label={t('cart.loading')} />
      )}

      {known && status === 'ready' && cart.items.length === 0 && (
        <div className="state-box">
          <CartIcon size={28} />
          <p className="state-box__title">{t('cart.emptyTitle')}</p>
          <p>{t('cart.emptyBody')}</p>
          <ButtonLink to="/marketplace/products">{t('cart.browse')}</ButtonLink>
        </div>
      )}

      {known && cart.items.length > 0 && (
        <div className="cart-layout">
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="sr-only">
              {t('cart.linesTitle')}
            </h2>
            {unavailable.length > 0 && (
              <p className="callout callout--warn cart-layout__warning" role="alert">
                {t('cart.removeUnavailable', { count: unavailable.length })}
              </p>
            )}
            <ul className="cart-lines" role="list">
              {cart.items.map((line) => (
                <CartLineItem key={`${line.item_type}-${line.id}`} line={line} />
              ))}
            </ul>
          </section>

          <aside className="summary cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="summary__title">
              {t('cart.summaryTitle')}
            </h2>
            <dl className="summary__rows">
              <div>
                <dt>{t('cart.subtotal', { count: units })}</dt>
                <dd>{money(cart.productsTotal)}</dd>
              </div>
              <div className="summary__total">
                <dt>{t('cart.total')}</dt>
                <dd>{money(cart.productsTotal)}</dd>
              </div>
            </dl>
            <p className="summary__note">{t('cart.totalNote')}</p>
            {canCheckout ? (
              <ButtonLink to="/marketplace/checkout" size="lg" className="cart-summary__cta">
                {t('cart.checkout')}
              </ButtonLink>
            ) : (
              <Button size="lg" className="cart-summary__cta" disabled aria-describedby="cart-checkout-hint">
                {t('cart.checkout')}
              </Button>
            )}
            {!canCheckout && (
              <p id="cart-checkout-hint" className="muted cart-summary__hint">
                {unavailable.length > 0 ? t('cart.fixFirst') : t('cart.productsOnly')}
              </p>
            )}
            <p className="muted cart-summary__secure">
              <ShieldIcon size={16} />
              {t('cart.secure')}
            </p>
          </aside>
        </div>
      )}
    </div>
  );
}
