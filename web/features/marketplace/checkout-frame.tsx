// The frame of the marketplace checkout (cart → address → payment): the shared checkout frame and
// stepper (web/components/checkout-frame.tsx) with this checkout's three steps and its summary.
import './i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import { Countdown } from '../../components/countdown';
import { CheckoutFrame, Stepper } from '../../components/checkout-frame';
import { ProductImage } from '../../components/products/product-image';

const STEPS = ['cart', 'address', 'payment'] as const;
export type MarketStep = (typeof STEPS)[number];

function MarketStepper({ current }: { current: MarketStep }) {
  const { t } = useTranslation('marketplace');
  // Only the cart can be revisited: once the order exists, going back to the address would not change it.
  const steps = STEPS.map((step) => ({
    key: step,
    label: t(`checkout.steps.${step}`),
    ...(step === 'cart' && current === 'address' ? { to: '/marketplace/cart' } : {}),
  }));
  return (
    <Stepper
      className="stepper--3"
      steps={steps}
      current={current}
      label={t('checkout.steps.label')}
      compact={t('checkout.steps.compact', { n: STEPS.indexOf(current) + 1, total: STEPS.length, name: t(`checkout.steps.${current}`) })}
      doneLabel={t('checkout.steps.done')}
    />
  );
}

export interface SummaryLine {
  key: string;
  name: string;
  quantity: number;
  subtotal: number;
  image_url: string | null;
}

export function MarketSummary({
  lines,
  total,
  shipping,
  orderNumber,
  expiresAt,
}: {
  lines: readonly SummaryLine[];
  /** The products' total. */
  total: number;
  /** The freight chosen (added to the total); undefined hides the row, null says it is still to choose. */
  shipping?: { name: string; amount: number } | null;
  orderNumber?: string;
  /** A pending order keeps its products reserved until then. */
  expiresAt?: string | null;
}) {
  const { t, i18n } = useTranslation('marketplace');
  const money = (cents: number) => formatCents(cents, i18n.language);
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <aside className="summary" aria-labelledby="market-summary-title">
      <h2 id="market-summary-title" className="summary__title">
        {orderNumber ? t('checkout.summary.order', { number: orderNumber }) : t('checkout.summary.title')}
      </h2>
      <ul className="summary-lines" role="list">
        {lines.map((l) => (
          <li key={l.key}>
            <ProductImage src={l.image_url} alt="" className="summary-lines__image" />
            <span className="summary-lines__name">
              {l.name}
              <small>{t('checkout.summary.qty', { count: l.quantity })}</small>
            </span>
            <span className="summary-lines__value">{money(l.subtotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="summary__rows">
        <div>
          <dt>{t('cart.subtotal', { count: units })}</dt>
          <dd>{money(total)}</dd>
        </div>
        {shipping !== undefined && (
          <div>
            <dt>{shipping ? t('shipping.summaryRow', { name: shipping.name }) : t('shipping.summaryPending')}</dt>
            <dd>{shipping ? (shipping.amount === 0 ? t('shipping.free') : money(shipping.amount)) : '—'}</dd>
          </div>
        )}
        <div className="summary__total">
          <dt>{t('cart.total')}</dt>
          <dd>{money(total + (shipping?.amount ?? 0))}</dd>
        </div>
      </dl>
      {expiresAt && (
        <p className="summary__hold">
          {t('checkout.summary.reserved')}{' '}
          <strong>
            <Countdown to={expiresAt} variant="clock" expiredText={t('checkout.summary.reservedExpired')} />
          </strong>
        </p>
      )}
    </aside>
  );
}

export function MarketCheckoutFrame({ step, title, lead, summary, children }: { step: MarketStep; title: string; lead?: ReactNode; summary?: ReactNode; children: ReactNode }) {
  return (
    <CheckoutFrame stepper={<MarketStepper current={step} />} title={title} lead={lead} summary={summary}>
      {children}
    </CheckoutFrame>
  );
}
