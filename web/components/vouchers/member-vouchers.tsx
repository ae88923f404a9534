// The member's vouchers with their code and QR code (GET /api/me/vouchers), where to use them
// (/marketplace/services) and, once redeemed, "Avaliar profissional". Shown on /dashboard and /my-groups.
import './i18n';
import './vouchers.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button } from '../button';
import { InlineError, InlineLoading } from '../resource-states';
import { TicketIcon } from '../icons';
import { useApiQuery } from '../../lib/query';
import { ReviewDialog } from './review-dialog';
import { qrImageSrc, voucherKeys, vouchersApi, type MyVoucher } from './api';

export function MemberVouchers({ headingLevel = 2, hideWhenEmpty = true }: { headingLevel?: 2 | 3; hideWhenEmpty?: boolean }) {
  const { t } = useTranslation('vouchers');
  const { state, retry, mutate } = useApiQuery(voucherKeys.mine(), (signal) => vouchersApi.mine(signal));
  const [reviewing, setReviewing] = useState<MyVoucher | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The "voucher redeemed" notification links here with ?avaliar=<voucher id>: open its review dialog once.
  const [params, setParams] = useSearchParams();
  const toReview = params.get('avaliar');
  // Once per link: the list can be fetched again before the address loses ?avaliar=, and a dialog the person has
  // already closed (Esc) must not open a second time.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!toReview || state.status !== 'ready' || opened.current === toReview) return;
    opened.current = toReview;
    const voucher = state.data.items.find((v) => v.id === toReview);
    if (voucher?.can_review) setReviewing(voucher);
    setParams((p) => { p.delete('avaliar'); return p; }, { replace: true });
  }, [toReview, state, setParams]);

  if (state.status === 'ready' && state.data.items.length === 0 && hideWhenEmpty) return null;

  const onReviewed = (voucherId: string, reviewId: string | null) => {
    mutate((data) => ({
      ...data,
      items: data.items.map((v) => (v.id === voucherId ? { ...v, can_review: false, review_id: reviewId ?? v.review_id ?? 'existing' } : v)),
    }));
    setReviewing(null);
  };

  return (
    <section className="page__section member-vouchers" aria-labelledby="member-vouchers-title">
      <Heading id="member-vouchers-title" className="page__section-title">
        {t('title')}
      </Heading>
      <p className="muted">{t('lead')}</p>
      {state.status === 'loading' && <InlineLoading label={t('loading')} />}
      {state.status === 'error' && <InlineError message={t('error')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && (
        <ul className="ticket-list" role="list">
          {state.data.items.map((voucher) => (
            <li key={voucher.id}>
              <VoucherTicket voucher={voucher} onReview={() => setReviewing(voucher)} />
            </li>
          ))}
        </ul>
      )}
      {reviewing && <ReviewDialog voucher={reviewing} onClose={() => setReviewing(null)} onReviewed={(reviewId) => onReviewed(reviewing.id, reviewId)} />}
    </section>
  );
}

/** The services page's nearby search, filtered to the plan's category (the section reads `?category=`). */
const nearbyFor = (category: string | null) => (category ? `/marketplace/services?category=${encodeURIComponent(category)}` : '/marketplace/services');

function VoucherTicket({ voucher, onReview }: { voucher: MyVoucher; onReview: () => void }) {
  const { t, i18n } = useTranslation('vouchers');
  const locale = i18n.language;
  const titleId = `voucher-${voucher.id}-title`;
  const date = voucher.redeemed_at ? new Date(voucher.redeemed_at).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' }) : '';

  return (
    <article className={`ticket ticket--${voucher.status}`} aria-label={t('ticketLabel', { plan: voucher.plan.name })}>
      <div className="ticket__main">
        <p className="ticket__eyebrow">
          <TicketIcon size={16} /> {voucher.plan.category_name ?? t('title')}
        </p>
        <h3 id={titleId} className="ticket__title">
          {voucher.plan.name}
        </h3>
        <p className="ticket__code-line">
          <span className="muted">{t('code')}</span> <code className="voucher__code ticket__code">{voucher.code}</code>{' '}
          <span className={`status-chip status-chip--${voucher.status}`}>{t(`status.${voucher.status}`)}</span>
        </p>
        {voucher.status === 'awaiting_balance' && <p className="muted">{t('awaiting', { value: formatCents(voucher.balance_due, locale) })}</p>}
        {/* A product plan ships as an order — confirm the address, then follow the order. */}
        {voucher.delivery?.state === 'awaiting_address' && (
          <>
            <p className="muted">{t('deliveryAwaiting')}</p>
            <Link to={`/my-groups/vouchers/${voucher.id}/delivery`} className="btn btn--primary btn--sm">
              {t('deliveryConfirm')}
            </Link>
          </>
        )}
        {voucher.delivery?.state === 'ordered' && voucher.delivery.order_id && (
          <Link to={`/marketplace/orders/${voucher.delivery.order_id}`} className="text-link">
            {t('deliveryOrder')}
          </Link>
        )}
        {voucher.status === 'redeemable' && !voucher.delivery && (
          <>
            <p className="muted">{voucher.plan.category_name ? t('redeemable', { category: voucher.plan.category_name }) : t('redeemableAny')}</p>
            <Link to={nearbyFor(voucher.plan.category)} className="text-link">
              {t('findProfessionals')}
            </Link>
          </>
        )}
        {voucher.status === 'redeemed' && (
          <p className="muted">{voucher.redeemed_by ? t('redeemedBy', { date, business: voucher.redeemed_by.business_name }) : t('redeemedOn', { date })}</p>
        )}
        {voucher.status === 'redeemed' && voucher.can_review && (
          <div>
            <Button size="sm" onClick={onReview}>
              {t('review')}
            </Button>
          </div>
        )}
        {voucher.status === 'redeemed' && voucher.review_id && <p className="ticket__done">{t('reviewed')}</p>}
      </div>
      {voucher.status === 'redeemable' && !voucher.delivery && (
        <div className="ticket__qr">
          <img src={qrImageSrc(voucher.qr_svg)} alt={t('qrAlt', { code: voucher.code })} width={148} height={148} />
        </div>
      )}
    </article>
  );
}
