// /marketplace/orders: the user's orders, newest first, with their status chips; pages of 10 (?page=).
// An order the polling sees paid refreshes the list in place.
import './i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { ShoppingBagIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { marketplaceApi, marketplaceKeys, orderPath, orderPaymentPath } from '../../lib/marketplace-api';
import { useOrderChanged, watchOrders } from './order-events';
import { OrderStatusChip } from './order-status-chip';
import { Pager } from './pager';
import { LoadingState, ErrorState } from '../../components/resource-states';

export const ORDERS_PER_PAGE = 10;

export function useDateFormat() {
  const { i18n } = useTranslation();
  return (iso: string, withTime = false) =>
    new Intl.DateTimeFormat(i18n.language, withTime ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(iso));
}

export default function OrdersPage() {
  const { t, i18n } = useTranslation('marketplace');
  useDocumentTitle(t('orders.docTitle'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { state, retry, reload } = useApiQuery(marketplaceKeys.orders(page, ORDERS_PER_PAGE), (signal) => marketplaceApi.orders(page, ORDERS_PER_PAGE, signal));
  const formatDate = useDateFormat();
  useOrderChanged(() => reload());

  const data = state.status === 'ready' ? state.data : null;
  // Pending orders with a payment on screen: the app-wide polling watches them (again) for 5 minutes.
  const awaiting = data?.items.some((o) => o.status === 'pending' && o.payment_id) ?? false;
  useEffect(() => {
    if (awaiting) watchOrders();
  }, [awaiting]);
  const pages = data ? Math.max(1, Math.ceil(data.total / ORDERS_PER_PAGE)) : 1;

  return (
    <div className="container page market-page">
      <header className="page__head">
        <div>
          <h1>{t('orders.title')}</h1>
          <p className="muted">{t('orders.lead')}</p>
        </div>
        <div className="page__head-actions">
          <ButtonLink to="/marketplace/products" variant="ghost" size="sm">
            {t('cart.keepShopping')}
          </ButtonLink>
        </div>
      </header>

      {state.status === 'loading' && (
        <LoadingState label={t('orders.loading')} />
      )}

      {state.status === 'error' && (
        <ErrorState title={t('orders.error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      )}

      {data && data.items.length === 0 && (
        <div className="state-box">
          <ShoppingBagIcon size={28} />
          <p className="state-box__title">{page > 1 ? t('orders.pageEmpty') : t('orders.emptyTitle')}</p>
          <p>{t('orders.emptyBody')}</p>
          {page > 1 ? (
            <Button variant="secondary" onClick={() => setParams({})}>
              {t('orders.first')}
            </Button>
          ) : (
            <ButtonLink to="/marketplace/products">{t('cart.browse')}</ButtonLink>
          )}
        </div>
      )}

      {data && data.items.length > 0 && (
        <ul className="order-list" role="list" aria-label={t('orders.listLabel')}>
          {data.items.map((order) => (
            <li key={order.id}>
              <article className="order-row" aria-labelledby={`order-${order.id}`}>
                <div className="order-row__main">
                  <h2 id={`order-${order.id}`} className="order-row__title">
                    <Link to={orderPath(order.id)}>{t('orders.number', { number: order.number })}</Link>
                  </h2>
                  <p className="muted order-row__meta">
                    {formatDate(order.created_at)} · {t('orders.items', { count: order.items_count })}
                  </p>
                </div>
                <OrderStatusChip status={order.status} />
                <p className="order-row__total">{formatCents(order.total_amount, i18n.language)}</p>
                {order.status === 'pending' && order.expires_at && Date.parse(order.expires_at) > Date.now() && (
                  <Link className="btn btn--primary btn--sm order-row__pay" to={orderPaymentPath(order.id)}>
                    {t('orders.pay')}
                  </Link>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}

      {data && <Pager page={Math.min(page, pages)} pages={pages} label={t('orders.pager')} onPage={(n) => setParams(n > 1 ? { page: String(n) } : {})} />}
    </div>
  );
}
