// The pending-order polling (docs/product/marketplace.md#order-payment-polling): the 5 newest pending orders with a
// payment are checked every 8 s for at most 5 minutes; one that leaves the list is read once to tell paid from
// cancelled. Failures say nothing; the window starts again when a payment is created or a pending order opened.
import './i18n';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiClient, call, isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { MAX_POLLED_ITEMS, POLL_INTERVAL_MS, POLL_WINDOW_MS } from '../../lib/payments-api';
import { marketplaceKeys, orderPath, type OrderSummary } from '../../lib/marketplace-api';
import { emitOrderChanged, orderPaidToastId, useOrderChanged, useWatchOrders } from './order-events';

// A background check never sends the user to /auth: the screen they are on decides that.
const quiet = { redirectOnUnauthorized: false } as const;

export default function OrderPolling() {
  const { t } = useTranslation('marketplace');
  /** The current 5-minute window (a new payment or an opened pending order starts another). */
  const [started, setStarted] = useState(() => Date.now());
  useWatchOrders(() => setStarted(Date.now()));
  /** Orders seen pending (id → number), kept across windows. */
  const seen = useRef(new Map<string, string>());
  // A screen that saw the change itself (and said so) already told the user.
  useOrderChanged((id) => seen.current.delete(id));

  const paid = useCallback(
    (id: string, number: string) => {
      notify.success(
        t('polling.paidTitle'),
        <>
          {t('polling.paidBody', { number })} <Link to={orderPath(id)}>{t('polling.see')}</Link>
        </>,
        { id: orderPaidToastId(id) },
      );
      emitOrderChanged(id);
    },
    [t],
  );

  /** One round; resolves to whether anything is still pending (false ends the window early). */
  const round = async (signal: AbortSignal): Promise<boolean> => {
    const check = async (order: OrderSummary) => {
      try {
        const status = await call(apiClient.GET('/api/payments/{id}/status', { params: { path: { id: order.payment_id! } }, signal }), quiet);
        if (signal.aborted) return;
        if (status.confirmed) paid(order.id, order.number);
        // Cancelled, failed…: the order screens read it again.
        else if (status.status !== 'pending') emitOrderChanged(order.id);
      } catch {
        // Silent: the next round asks again.
      }
    };

    /** A pending order that left the list: paid (by the webhook) or cancelled. */
    const settled = async (id: string, number: string) => {
      try {
        const order = await call(apiClient.GET('/api/orders/{id}', { params: { path: { id } }, signal }), quiet);
        if (signal.aborted || order.status === 'pending') return;
        if (order.status === 'paid') paid(id, number);
        else {
          seen.current.delete(id);
          emitOrderChanged(id);
        }
      } catch (error) {
        // Gone: forget it; otherwise ask again next round.
        if (!signal.aborted && isApiError(error) && error.status === 404) seen.current.delete(id);
      }
    };

    try {
      const pending = await call(apiClient.GET('/api/orders/pending-payments', { signal }), quiet);
      const orders = pending.items.filter((o) => o.payment_id).slice(0, MAX_POLLED_ITEMS);
      const listed = new Set(orders.map((o) => o.id));
      const gone = [...seen.current].filter(([id]) => !listed.has(id));
      for (const o of orders) seen.current.set(o.id, o.number);
      await Promise.all([...orders.map(check), ...gone.map(([id, number]) => settled(id, number))]);
      // Nothing pending any more: stop until a new payment starts the window again.
      return seen.current.size > 0;
    } catch {
      // Silent (docs/product/spec.md §8): try again on the next round.
      return true;
    }
  };

  useQuery({
    queryKey: [...marketplaceKeys.pendingPayments(), started],
    queryFn: ({ signal }) => round(signal),
    refetchInterval: (query) => (query.state.data === false || Date.now() - started >= POLL_WINDOW_MS - POLL_INTERVAL_MS / 2 ? false : POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });

  return null;
}
