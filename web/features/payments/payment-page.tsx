// /payment: what is waiting to be paid right now — entries of places still held (with their hold
// countdown) and balances of completed groups — each with its payment in progress (PIX QR, boleto
// link, card page) or the method choice. At most 5 are shown and polled at once (docs/product/spec.md §9).
import './i18n';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { chargeDue } from '../../../core/groups/group-rules';
import { formatCents } from '../../../core/shared/money';
import { ButtonLink } from '../../components/button';
import { Countdown } from '../../components/countdown';
import { CheckIcon } from '../../components/icons';
import { useAppEvent } from '../../lib/app-events';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { MAX_POLLED_ITEMS, paymentKeys } from '../../lib/payments-api';
import { PaymentPanel } from '../../components/payments/payment-panel';
import { LoadingState, ErrorState } from '../../components/resource-states';

import { groupsApi, type MyGroups } from '../../lib/groups-api';

export interface OpenCharge {
  key: string;
  purpose: 'entry' | 'balance';
  refId: string;
  groupId: string;
  planName: string;
  amount: number;
  holdExpiresAt: string | null;
  pendingPaymentId: string | null;
}

/** Entries of live holds in open groups and balances still due, from GET /api/me/groups (with their open charges). */
export function openCharges(groups: MyGroups, now = Date.now()): OpenCharge[] {
  const out: OpenCharge[] = [];
  for (const item of groups.items) {
    const { group, membership, voucher } = item;
    const planName = group.plan?.name ?? '';
    const due = chargeDue(item, now);
    if (due === 'entry') {
      out.push({ key: `entry-${membership.id}`, purpose: 'entry', refId: membership.id, groupId: group.id, planName, amount: group.entry_price, holdExpiresAt: membership.hold_expires_at, pendingPaymentId: membership.pending_payment_id });
    }
    if (due === 'balance' && voucher) {
      out.push({ key: `balance-${voucher.id}`, purpose: 'balance', refId: voucher.id, groupId: group.id, planName, amount: voucher.balance_due, holdExpiresAt: null, pendingPaymentId: voucher.pending_payment_id });
    }
  }
  return out;
}

async function loadCharges(signal: AbortSignal) {
  return openCharges(await groupsApi.mine(signal));
}

export default function PaymentPage() {
  const { t, i18n } = useTranslation('payments');
  useDocumentTitle(t('open.docTitle'));
  const { state, retry, reload } = useApiQuery(paymentKeys.openCharges(), loadCharges);
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  useAppEvent('groups-changed', reload);

  // Paid: the list shrinks (often to the empty state) under a page scrolled down to the panel. Back to the top, with
  // the heading in view below the sticky header and focused (screen readers hear where they are).
  const backToTop = () => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  };

  const charges = state.status === 'ready' ? state.data : [];
  const shown = charges.slice(0, MAX_POLLED_ITEMS);

  return (
    <div className="container page">
      <header className="page__head">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="page__title-anchor">
            {t('open.title')}
          </h1>
          <p className="muted">{t('open.lead')}</p>
        </div>
        <div className="page__head-actions">
          <ButtonLink to="/payment-history" variant="ghost" size="sm">
            {t('open.history')}
          </ButtonLink>
        </div>
      </header>

      {state.status === 'loading' && (
        <LoadingState label={t('open.loading')} />
      )}

      {state.status === 'error' && (
        <ErrorState title={t('open.errorTitle')} message={state.error.message} retryLabel={t('errors.retry')} onRetry={retry} />
      )}

      {state.status === 'ready' && charges.length === 0 && (
        <div className="state-box">
          <CheckIcon size={28} />
          <p className="state-box__title">{t('open.emptyTitle')}</p>
          <p>{t('open.emptyBody')}</p>
          <div className="status-screen__actions">
            <ButtonLink to="/my-groups" variant="secondary">
              {t('open.myGroups')}
            </ButtonLink>
            <ButtonLink to="/payment-history" variant="ghost">
              {t('open.history')}
            </ButtonLink>
          </div>
        </div>
      )}

      {shown.length > 0 && (
        <ul className="charge-list" role="list">
          {shown.map((charge) => (
            <li key={charge.key}>
              <article className="charge" aria-labelledby={`${charge.key}-title`}>
                <header className="charge__head">
                  <div>
                    <p className="group-card__eyebrow">{t(`purpose.${charge.purpose}`)}</p>
                    <h2 id={`${charge.key}-title`} className="charge__title">
                      {charge.planName}
                    </h2>
                  </div>
                  <p className="charge__amount">{formatCents(charge.amount, i18n.language)}</p>
                </header>
                {charge.holdExpiresAt && (
                  <p className="callout callout--accent">
                    {t('open.holdLeft')}{' '}
                    <strong>
                      <Countdown to={charge.holdExpiresAt} variant="clock" onExpire={reload} />
                    </strong>
                  </p>
                )}
                <PaymentPanel
                  headingLevel={3}
                  purpose={charge.purpose}
                  refId={charge.refId}
                  amount={charge.amount}
                  paymentId={charge.key in chosen ? (chosen[charge.key] ?? null) : charge.pendingPaymentId}
                  onPaymentChange={(payment) => setChosen((current) => ({ ...current, [charge.key]: payment?.id ?? null }))}
                  onHoldExpired={reload}
                  onConfirmed={() => {
                    notify.success(t('confirmed.title'), charge.purpose === 'entry' ? t('confirmed.entry') : t('confirmed.balance'));
                    reload();
                    backToTop();
                  }}
                />
                <p className="charge__foot">
                  <Link to={`/my-groups?grupo=${encodeURIComponent(charge.groupId)}`}>{t('open.seeGroup')}</Link>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {charges.length > shown.length && <p className="muted">{t('open.more', { count: charges.length - shown.length })}</p>}
    </div>
  );
}
