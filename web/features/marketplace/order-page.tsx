// /marketplace/orders/:orderId: one order of the user — status, items, totals, delivery address, payment
// and the timeline of its status changes; while it waits for payment, the payment panel (PIX QR and
// copia-e-cola, boleto, card) with its live status. Anyone else's order answers 404: "not found" here.
import './i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { ButtonLink } from '../../components/button';
import { AlertIcon, CheckIcon, MapPinIcon, ShoppingBagIcon, WalletIcon } from '../../components/icons';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { marketplaceApi, marketplaceKeys, orderNumber, productPath, type OrderDetails } from '../../lib/marketplace-api';
import { emitOrderChanged, orderPaidToastId, useOrderChanged, watchOrders } from './order-events';
import { OrderPaymentPanel } from './order-payment-panel';
import { OrderStatusChip } from './order-status-chip';
import { OrderReturn } from './order-return';
import { OrderGoodsInvoice } from './order-goods-invoice';
import { useDateFormat } from './orders-page';
import { ProductImage } from '../../components/products/product-image';
import { LoadingState, ErrorState } from '../../components/resource-states';

function Timeline({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('marketplace');
  const formatDate = useDateFormat();
  return (
    <section className="panel order-section" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title" className="panel__heading">
        {t('order.timeline')}
      </h2>
      <ol className="timeline">
        {order.timeline.map((step, i) => (
          <li key={`${step.status}-${step.event ?? ''}-${step.at}-${i}`} className={`timeline__step${i === order.timeline.length - 1 ? ' timeline__step--current' : ''}`}>
            <span className="timeline__dot" aria-hidden="true" />
            <div>
              <p className="timeline__label">{step.event ? t(`timelineEvent.${step.event}`, { defaultValue: step.label }) : t(`status.${step.status}`, { defaultValue: step.label })}</p>
              <p className="timeline__meta muted">
                <time dateTime={step.at}>{formatDate(step.at, true)}</time>
                {step.note ? ` · ${step.note}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function OrderDetail({ order, onChanged }: { order: OrderDetails; onChanged: () => void }) {
  const { t, i18n } = useTranslation('marketplace');
  const money = (cents: number) => formatCents(cents, i18n.language);
  const formatDate = useDateFormat();
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const payable = order.status === 'pending' && order.can_pay;
  const pendingId = order.payment?.status === 'pending' ? order.payment.id : null;
  const address = order.address as { cep: string; street: string; number: string; complement: string | null; district: string; city: string; state: string };

  // A pending order on screen: the app-wide polling watches it (again) for the next 5 minutes.
  useEffect(() => {
    if (payable) watchOrders();
  }, [payable]);

  return (
    <article className="order-detail" aria-labelledby="order-title">
      <header className="page__head order-detail__head">
        <div>
          <p className="eyebrow">{t('order.eyebrow')}</p>
          <h1 id="order-title">{t('orders.number', { number: order.number })}</h1>
          <p className="muted">{t('order.placed', { date: formatDate(order.created_at, true) })}</p>
        </div>
        <div className="order-detail__status" role="status" aria-live="polite">
          <span className="sr-only">{t('order.statusLabel')}: </span>
          <OrderStatusChip status={order.status} />
        </div>
      </header>

      <div className="order-detail__grid">
        <div className="order-detail__main">
          {payable && (
            <section className="order-section" aria-label={t('order.payTitle')}>
              <OrderPaymentPanel
                orderId={order.id}
                amount={order.total_amount}
                paymentId={chosen !== undefined ? chosen : pendingId}
                onPaymentChange={(payment) => {
                  setChosen(payment?.id ?? null);
                  if (payment) watchOrders();
                }}
                onConfirmed={() => {
                  notify.success(t('checkout.payment.paidTitle'), t('checkout.payment.paidBody', { number: order.number }), { id: orderPaidToastId(order.id) });
                  // Reloads this page (its listener) and tells the app-wide polling the user already knows.
                  emitOrderChanged(order.id);
                }}
              />
            </section>
          )}
          {order.status === 'pending' && !order.can_pay && (
            <p className="callout callout--warn" role="alert">
              {t('order.expired')}
            </p>
          )}
          {order.status === 'shipped' && order.tracking_code && (
            <p className="callout callout--accent">
              {t('order.tracking')} <strong className="order-detail__code">{order.tracking_code}</strong>
            </p>
          )}
          {(order.status === 'cancelled' || order.status === 'refunded') && order.cancel_reason && (
            <p className="callout">
              {t('order.cancelReason')} {order.cancel_reason}
            </p>
          )}

          <OrderReturn order={order} onChanged={onChanged} />
          <OrderGoodsInvoice orderId={order.id} />

          <section className="panel order-section" aria-labelledby="order-items-title">
            <h2 id="order-items-title" className="panel__heading">
              <ShoppingBagIcon size={20} className="facts__icon" /> {t('order.items', { count: order.items_count })}
            </h2>
            <ul className="order-items" role="list">
              {order.items.map((item) => (
                <li key={item.product_id} className="order-item">
                  <ProductImage src={item.image_url} alt="" className="order-item__image" />
                  <div className="order-item__info">
                    <Link to={productPath(item.product_id)} className="order-item__name">
                      {item.product_name}
                    </Link>
                    <p className="muted">{t('order.unit', { count: item.quantity, value: money(item.unit_price) })}</p>
                  </div>
                  <p className="order-item__subtotal">{money(item.subtotal)}</p>
                </li>
              ))}
              {/* A product plan's order — its line is the plan, already paid through the group. */}
              {order.plan_items.map((item) => (
                <li key={item.plan_id} className="order-item">
                  <ProductImage src={item.image_url} alt="" className="order-item__image" />
                  <div className="order-item__info">
                    <span className="order-item__name">{item.product_name}</span>
                    <p className="muted">{t('order.planItem')}</p>
                  </div>
                  <p className="order-item__subtotal">{money(item.subtotal)}</p>
                </li>
              ))}
            </ul>
            <dl className="summary__rows order-totals">
              <div>
                <dt>{t('order.subtotal')}</dt>
                <dd>{money(order.subtotal)}</dd>
              </div>
              {order.shipping && (
                <div>
                  <dt>
                    {t('shipping.summaryRow', { name: order.shipping.name })}
                    <small className="muted"> · {t('shipping.days', { count: order.shipping.days })}</small>
                  </dt>
                  <dd>{order.shipping.amount === 0 ? t('shipping.free') : money(order.shipping.amount)}</dd>
                </div>
              )}
              <div className="summary__total">
                <dt>{t('cart.total')}</dt>
                <dd>{money(order.total_amount)}</dd>
              </div>
            </dl>
          </section>

          <Timeline order={order} />
        </div>

        <aside className="order-detail__side">
          <section className="panel order-section" aria-labelledby="order-address-title">
            <h2 id="order-address-title" className="panel__heading">
              <MapPinIcon size={20} className="facts__icon" /> {t('order.address')}
            </h2>
            <address className="order-address">
              {address.street}, {address.number}
              {address.complement ? ` — ${address.complement}` : ''}
              <br />
              {address.district} · {address.city}/{address.state}
              <br />
              {t('order.cep', { cep: `${address.cep.slice(0, 5)}-${address.cep.slice(5)}` })}
            </address>
          </section>

          <section className="panel order-section" aria-labelledby="order-payment-title">
            <h2 id="order-payment-title" className="panel__heading">
              <WalletIcon size={20} className="facts__icon" /> {t('order.payment')}
            </h2>
            {order.payment ? (
              <dl className="facts order-facts">
                <div>
                  <dt>{t('order.method')}</dt>
                  <dd>{t(`method.${order.payment.method}`, { defaultValue: order.payment.method })}</dd>
                </div>
                <div>
                  <dt>{t('order.amount')}</dt>
                  <dd>{money(order.payment.amount)}</dd>
                </div>
                <div>
                  <dt>{t('order.paymentStatus')}</dt>
                  <dd>
                    {order.payment.confirmed ? (
                      <span className="order-facts__ok">
                        <CheckIcon size={16} /> {t('order.paymentConfirmed', { date: order.payment.confirmed_at ? formatDate(order.payment.confirmed_at, true) : '' })}
                      </span>
                    ) : (
                      t(`paymentStatus.${order.payment.status}`, { defaultValue: order.payment.status })
                    )}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="muted">{t('order.noPayment')}</p>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}

export default function OrderPage() {
  const { t } = useTranslation('marketplace');
  const { orderId = '' } = useParams();
  const { state, retry, reload } = useApiQuery(marketplaceKeys.order(orderId), (signal) => marketplaceApi.order(orderId, signal));
  const notFound = state.status === 'error' && state.error.status === 404;
  useDocumentTitle(state.status === 'ready' ? t('orders.number', { number: state.data.number }) : notFound ? t('order.notFoundTitle') : t('order.docTitle'));
  useOrderChanged((id) => {
    if (id === orderId) reload();
  });

  return (
    <div className="container page market-page">
      <nav className="breadcrumbs" aria-label={t('product.breadcrumbs')}>
        <ol>
          <li>
            <Link to="/marketplace/orders">{t('orders.title')}</Link>
          </li>
          <li>
            <span aria-current="page">{state.status === 'ready' ? state.data.number : orderNumber(orderId)}</span>
          </li>
        </ol>
      </nav>

      {state.status === 'loading' && (
        <LoadingState label={t('order.loading')} />
      )}

      {notFound && (
        <div className="state-box" role="alert">
          <AlertIcon size={28} />
          <h1 className="state-box__title">{t('order.notFoundTitle')}</h1>
          <p>{t('order.notFoundBody')}</p>
          <ButtonLink to="/marketplace/orders" variant="secondary">
            {t('orders.title')}
          </ButtonLink>
        </div>
      )}

      {state.status === 'error' && !notFound && (
        <ErrorState title={t('order.error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      )}

      {state.status === 'ready' && <OrderDetail order={state.data} onChanged={reload} />}
    </div>
  );
}
