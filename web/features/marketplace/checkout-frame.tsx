// The frame of the marketplace checkout (cart → address → payment), drawn with the group checkout's
// classes (web/features/checkout's stepper, heading, two-column grid and summary) so both read as one
// checkout. Its Stepper is hard-wired to the group's four steps, hence this three-step one.
import './i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Countdown } from '../../components/countdown';
import { CheckIcon } from '../../components/icons';
import { ProductImage } from './product-image';

const STEPS = ['cart', 'address', 'payment'] as const;
export type MarketStep = (typeof STEPS)[number];

function MarketStepper({ current }: { current: MarketStep }) {
  const { t } = useTranslation('marketplace');
  const index = STEPS.indexOf(current);
  return (
    <nav className="stepper stepper--3" aria-label={t('checkout.steps.label')}>
      <p className="stepper__compact" aria-hidden="true">
        {t('checkout.steps.compact', { n: index + 1, total: STEPS.length, name: t(`checkout.steps.${current}`) })}
      </p>
      <ol className="stepper__list">
        {STEPS.map((step, i) => {
          const done = i < index;
          const isCurrent = i === index;
          const content = (
            <>
              <span className="stepper__dot" aria-hidden="true">
                {done ? <CheckIcon size={14} /> : i + 1}
              </span>
              <span className="stepper__label">{t(`checkout.steps.${step}`)}</span>
              {done && <span className="sr-only"> ({t('checkout.steps.done')})</span>}
            </>
          );
          // Only the cart can be revisited: once the order exists, going back to the address would not change it.
          return (
            <li key={step} className={`stepper__step${done ? ' stepper__step--done' : ''}${isCurrent ? ' stepper__step--current' : ''}`}>
              {done && step === 'cart' && current === 'address' ? (
                <Link to="/marketplace/cart" className="stepper__link">
                  {content}
                </Link>
              ) : (
                <span className="stepper__link" aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
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
  orderNumber,
  expiresAt,
}: {
  lines: readonly SummaryLine[];
  total: number;
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
        <div className="summary__total">
          <dt>{t('cart.total')}</dt>
          <dd>{money(total)}</dd>
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
    <div className="container checkout">
      <MarketStepper current={step} />
      <header className="checkout__head">
        <h1>{title}</h1>
        {lead && <p className="muted">{lead}</p>}
      </header>
      <div className={`checkout__grid${summary ? '' : ' checkout__grid--single'}`}>
        <div className="checkout__main">{children}</div>
        {summary}
      </div>
    </div>
  );
}
