// /marketplace/checkout/payment?order=<id>[&payment=<id>]: paying a pending order with the shared payment panel. The
// order is read fresh, so the URL works on its own; the payment id joins the URL as soon as it exists and the server
// answers the same payment for the same order and method: nothing is ordered or charged twice.
import './i18n';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/button';
import { AlertIcon, CheckIcon, TicketIcon } from '../../components/icons';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { marketplaceApi, marketplaceKeys, orderPath, type OrderDetails } from '../../lib/marketplace-api';
import { MarketCheckoutFrame, MarketSummary } from './checkout-frame';
import { emitOrderChanged, orderPaidToastId, watchOrders } from './order-events';
import { OrderPaymentPanel } from './order-payment-panel';
import { LoadingState } from '../../components/resource-states';

export function summaryLines(order: OrderDetails) {
  return order.items.map((i) => ({ key: i.product_id, name: i.product_name, quantity: i.quantity, subtotal: i.subtotal, image_url: i.image_url }));
}

export default function CheckoutPaymentPage() {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('checkout.payment.docTitle'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const paymentParam = params.get('payment');
  const { state, retry } = useApiQuery(marketplaceKeys.order(orderId ?? ''), (signal) => (orderId ? marketplaceApi.order(orderId, signal) : Promise.resolve(null)), { gcTime: 0 });
  // "Trocar forma de pagamento": the pending charge the order knows is no longer the one to show.
  const [choosing, setChoosing] = useState(false);

  const frame = (children: ReactNode, order?: OrderDetails) => (
    <MarketCheckoutFrame
      step="payment"
      title={t('checkout.payment.title')}
      lead={order ? t('checkout.payment.lead', { number: order.number }) : undefined}
      summary={order ? <MarketSummary lines={summaryLines(order)} total={order.subtotal} shipping={order.shipping ? { name: order.shipping.name, amount: order.shipping.amount } : undefined} orderNumber={order.number} expiresAt={order.status === 'pending' ? order.expires_at : null} /> : undefined}
    >
      {children}
    </MarketCheckoutFrame>
  );

  if (!orderId) {
    return frame(
      <div className="state-box">
        <TicketIcon size={28} />
        <p className="state-box__title">{t('checkout.payment.nothingTitle')}</p>
        <p>{t('checkout.payment.nothingBody')}</p>
        <div className="status-screen__actions">
          <ButtonLink to="/marketplace/orders" variant="secondary">
            {t('orders.title')}
          </ButtonLink>
          <ButtonLink to="/marketplace/cart" variant="ghost">
            {t('cart.title')}
          </ButtonLink>
        </div>
      </div>,
    );
  }

  if (state.status === 'loading') {
    return frame(
      <LoadingState label={t('checkout.payment.loading')} />,
    );
  }

  if (state.status === 'error' && state.error.status === 404) {
    return frame(
      <div className="state-box" role="alert">
        <AlertIcon size={28} />
        <p className="state-box__title">{t('order.notFoundTitle')}</p>
        <p>{t('order.notFoundBody')}</p>
        <ButtonLink to="/marketplace/orders" variant="secondary">
          {t('orders.title')}
        </ButtonLink>
      </div>,
    );
  }

  if (state.status === 'error' || !state.data) {
    return frame(
      <div className="state-box state-box--error" role="alert">
        <AlertIcon size={28} />
        <p className="state-box__title">{t('checkout.payment.loadError')}</p>
        {state.status === 'error' && <p>{state.error.message}</p>}
        <Button variant="secondary" onClick={retry}>
          {t('retry')}
        </Button>
      </div>,
    );
  }

  const order = state.data;

  if (order.status !== 'pending') {
    const cancelled = order.status === 'cancelled' || order.status === 'refunded';
    return frame(
      <div className="state-box">
        {cancelled ? <AlertIcon size={28} /> : <CheckIcon size={28} />}
        <p className="state-box__title">{cancelled ? t('checkout.payment.cancelledTitle') : t('checkout.payment.paidAlreadyTitle')}</p>
        <p>{cancelled ? (order.cancel_reason ?? t('checkout.payment.cancelledBody')) : t('checkout.payment.paidAlreadyBody')}</p>
        <div className="status-screen__actions">
          <ButtonLink to={orderPath(order.id)}>{t('checkout.payment.seeOrder')}</ButtonLink>
          {cancelled && (
            <ButtonLink to="/marketplace/products" variant="secondary">
              {t('cart.browse')}
            </ButtonLink>
          )}
        </div>
      </div>,
      order,
    );
  }

  if (!order.can_pay) {
    return frame(
      <div className="state-box" role="alert">
        <AlertIcon size={28} />
        <p className="state-box__title">{t('checkout.payment.expiredTitle')}</p>
        <p>{t('checkout.payment.expiredBody')}</p>
        <ButtonLink to="/marketplace/products" variant="secondary">
          {t('cart.browse')}
        </ButtonLink>
      </div>,
      order,
    );
  }

  const pendingId = order.payment?.status === 'pending' ? order.payment.id : null;
  const paymentId = paymentParam ?? (choosing ? null : pendingId);

  return frame(
    <>
      <OrderPaymentPanel
        key={order.id}
        orderId={order.id}
        amount={order.total_amount}
        paymentId={paymentId}
        onPaymentChange={(payment) => {
          setChoosing(!payment);
          const next = new URLSearchParams({ order: order.id });
          if (payment) next.set('payment', payment.id);
          setParams(next, { replace: true });
          // The app-wide polling watches this order from now on, wherever the user goes.
          if (payment) watchOrders();
        }}
        onConfirmed={() => {
          notify.success(t('checkout.payment.paidTitle'), t('checkout.payment.paidBody', { number: order.number }), { id: orderPaidToastId(order.id) });
          emitOrderChanged(order.id);
          void navigate(orderPath(order.id), { replace: true });
        }}
      />
      <p className="muted checkout__later">
        {t('checkout.payment.later')} <Link to={orderPath(order.id)}>{t('checkout.payment.seeOrder')}</Link>
      </p>
    </>,
    order,
  );
}
