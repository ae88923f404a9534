// Step 4, /checkout/payment?purpose=entry|balance&ref=<id>[&payment=<id>]: what is paid (read fresh, so the URL works
// on its own), the hold countdown, the payment panel and the invite link. The payment id joins the URL as soon as it
// exists, so reload shows the same charge; a lapsed hold says so and offers to hold again.
import './i18n';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { Countdown } from '../../components/countdown';
import { HashLink } from '../../components/hash-link';
import { AlertIcon, CheckIcon, TicketIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { useApiQuery } from '../../lib/query';
import { isEntryPaid, isLiveHold } from '../../../core/groups/group-rules';
import { groupPath, groupsApi, type MyGroupItem } from '../../lib/groups-api';
import { InviteShare } from '../../components/groups/invite-share';
import { PaymentPanel } from '../../components/payments/payment-panel';
import { checkoutKeys } from './api';
import { CheckoutFrame, OrderSummary } from './checkout-layout';
import { clearCheckout, toCheckoutPlan, useCheckoutState, type CheckoutState } from '../../lib/checkout-state';
import { LoadingState, ErrorState } from '../../components/resource-states';

interface Context {
  item: MyGroupItem;
  pendingBalanceId: string | null;
}

async function loadContext(purpose: 'entry' | 'balance', ref: string, signal: AbortSignal): Promise<Context | null> {
  const mine = await groupsApi.mine(signal);
  const item = mine.items.find((i) => (purpose === 'entry' ? i.membership.id === ref : i.voucher?.id === ref)) ?? null;
  if (!item) return null;
  // The open balance charge comes with the group's answer.
  const pendingBalanceId = purpose === 'balance' ? (item.voucher?.pending_payment_id ?? null) : null;
  return { item, pendingBalanceId };
}

export default function PaymentStepPage() {
  const { t, i18n } = useTranslation('checkout');
  const locale = i18n.language;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { state: checkout, update } = useCheckoutState();
  const purpose = params.get('purpose') === 'balance' ? 'balance' : 'entry';
  const ref = params.get('ref') ?? (purpose === 'entry' ? (checkout.place?.membership_id ?? null) : null);
  const paymentParam = params.get('payment');
  useDocumentTitle(purpose === 'balance' ? t('payment.balanceDocTitle') : t('payment.docTitle'));
  const now = useNow(1_000);
  const { state, retry, reload } = useApiQuery(checkoutKeys.charge(purpose, ref ?? ''), (signal) => (ref ? loadContext(purpose, ref, signal) : Promise.resolve(null)), { gcTime: 0 });
  const [retaking, setRetaking] = useState(false);
  const [retakeError, setRetakeError] = useState<string | null>(null);
  const [expiredByServer, setExpiredByServer] = useState(false);
  // "Trocar forma de pagamento": the pending charge the server reports is no longer the one to show.
  const [choosing, setChoosing] = useState(false);

  const setPayment = useCallback(
    (paymentId: string | null) => {
      const next = new URLSearchParams();
      next.set('purpose', purpose);
      if (ref) next.set('ref', ref);
      if (paymentId) next.set('payment', paymentId);
      setParams(next, { replace: true });
    },
    [purpose, ref, setParams],
  );

  const context = state.status === 'ready' ? state.data : null;
  const item = context?.item ?? null;
  const plan = item?.group.plan
    ? checkout.plan && checkout.plan.id === item.group.plan.id
      ? checkout.plan
      : toCheckoutPlan({ id: item.group.plan.id, name: item.group.plan.name, price: item.group.price, full_price: item.group.plan.full_price, entry_price: item.group.entry_price, description: null })
    : checkout.plan;

  const onConfirmed = () => {
    clearCheckout();
    notify.success(t('payment.confirmedTitle'), purpose === 'entry' ? t('payment.confirmedEntry') : t('payment.confirmedBalance'), { id: 'payment-confirmed' });
    void navigate(item ? groupPath(item.group.id) : '/my-groups', { replace: true });
  };

  const retake = async () => {
    if (!item) return;
    setRetaking(true);
    setRetakeError(null);
    try {
      const invite: CheckoutState['invite'] = checkout.invite?.group_id === item.group.id ? checkout.invite : null;
      const view = await groupsApi.join(item.group.id, invite?.referral_code);
      update({
        place: { membership_id: view.membership.id, group_id: view.group.id, plan_id: item.group.plan?.id ?? '', hold_expires_at: view.membership.hold_expires_at, invite_path: view.membership.invite_path },
      });
      notify.success(t('hold.retakenTitle'), t('hold.retakenBody'));
      setExpiredByServer(false);
      setParams({ purpose: 'entry', ref: view.membership.id }, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.isSessionExpired) return;
      setRetakeError(isApiError(error) ? error.message : t('hold.retakeError'));
    } finally {
      setRetaking(false);
    }
  };

  const frame = (children: ReactNode, summary?: ReactNode) => (
    <CheckoutFrame
      step={purpose === 'entry' ? 'payment' : null}
      title={purpose === 'entry' ? t('payment.title') : t('payment.balanceTitle')}
      lead={purpose === 'entry' ? t('payment.lead') : t('payment.balanceLead')}
      plan={plan}
      reachable={checkout.choice === 'invite' || !checkout.plan_id ? ['address'] : ['participants', 'plan', 'address']}
      summary={summary}
    >
      {children}
    </CheckoutFrame>
  );

  if (!ref) {
    return frame(
      <div className="state-box">
        <TicketIcon size={28} />
        <p className="state-box__title">{t('payment.nothingTitle')}</p>
        <p>{t('payment.nothingBody')}</p>
        <div className="status-screen__actions">
          <ButtonLink to="/payment" variant="secondary">
            {t('payment.openPayments')}
          </ButtonLink>
          <HashLink to="#planos" className="btn btn--ghost btn--md">
            {t('empty.cta')}
          </HashLink>
        </div>
      </div>,
    );
  }

  if (state.status === 'loading') {
    return frame(
      <LoadingState label={t('payment.loading')} />,
    );
  }

  if (state.status === 'error') {
    return frame(
      <ErrorState title={t('payment.loadError')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />,
    );
  }

  if (!item) {
    return frame(
      <div className="state-box" role="alert">
        <AlertIcon size={28} />
        <p className="state-box__title">{t('payment.notFoundTitle')}</p>
        <p>{t('payment.notFoundBody')}</p>
        <ButtonLink to="/my-groups" variant="secondary">
          {t('payment.myGroups')}
        </ButtonLink>
      </div>,
    );
  }

  const { group, membership, voucher } = item;
  const amount = purpose === 'entry' ? group.entry_price : (voucher?.balance_due ?? 0);
  const summary = (
    <OrderSummary
      plan={plan}
      choice={purpose === 'entry' && checkout.place?.membership_id === membership.id ? checkout.choice : null}
      // The payment step shows the hold in its own banner, above the panel.
      holdExpiresAt={null}
      groupSize={group.group_size}
      amountNow={purpose === 'balance' ? { label: t('summary.balanceNow'), value: amount } : null}
    />
  );

  // Already paid: nothing to charge.
  const paid = purpose === 'entry' ? isEntryPaid(membership.status) : voucher?.status !== 'awaiting_balance';
  if (paid) {
    return frame(
      <div className="state-box">
        <CheckIcon size={28} />
        <p className="state-box__title">{purpose === 'entry' ? t('payment.entryPaidTitle') : t('payment.balancePaidTitle')}</p>
        <p>{purpose === 'entry' ? t('payment.entryPaidBody') : t('payment.balancePaidBody')}</p>
        <ButtonLink to={groupPath(group.id)}>{t('payment.seeGroup')}</ButtonLink>
      </div>,
      summary,
    );
  }

  const closed = purpose === 'entry' && group.status !== 'open';
  const lapsed = purpose === 'entry' && (expiredByServer || !isLiveHold({ group, membership }, now));
  if (closed || lapsed) {
    const otherState = plan ? { plan } : undefined;
    return frame(
      <div className="state-box" role="alert">
        <AlertIcon size={28} />
        <p className="state-box__title">{closed ? t('hold.closedTitle') : t('hold.expiredTitle')}</p>
        <p>{closed ? t('hold.closedBody') : t('hold.expiredBody')}</p>
        {retakeError && <p className="field__error">{retakeError}</p>}
        <div className="status-screen__actions">
          {!closed && (
            <Button onClick={() => void retake()} disabled={retaking}>
              {retaking ? t('hold.retaking') : t('hold.retake')}
            </Button>
          )}
          {plan && (
            <ButtonLink to="/checkout/participants" state={otherState} variant={closed ? 'primary' : 'secondary'}>
              {t('hold.otherGroup')}
            </ButtonLink>
          )}
        </div>
      </div>,
      summary,
    );
  }

  const pendingId = purpose === 'entry' ? membership.pending_payment_id : (context?.pendingBalanceId ?? null);
  const paymentId = paymentParam ?? (choosing ? null : pendingId);
  return frame(
    <>
      {purpose === 'entry' && membership.boleto_due_date && (
        <p className="callout callout--accent hold-banner">
          {t('hold.boletoBanner', { date: new Date(`${membership.boleto_due_date}T12:00:00Z`).toLocaleDateString(locale, { timeZone: 'UTC' }) })}{' '}
          {t('hold.bannerBody', { value: formatCents(amount, locale) })}
        </p>
      )}
      {purpose === 'entry' && membership.hold_expires_at && !membership.boleto_due_date && (
        <p className="callout callout--accent hold-banner">
          {t('hold.banner')}{' '}
          <strong>
            <Countdown to={membership.hold_expires_at} variant="clock" onExpire={reload} />
          </strong>
          . {t('hold.bannerBody', { value: formatCents(amount, locale) })}
        </p>
      )}
      {purpose === 'balance' && voucher && (
        <p className="callout">
          {t('payment.balanceExplain', { price: formatCents(voucher.price, locale), entry: formatCents(voucher.entry_paid, locale), balance: formatCents(voucher.balance_due, locale), code: voucher.code })}
        </p>
      )}
      <PaymentPanel
        key={`${purpose}-${ref}`}
        purpose={purpose}
        refId={ref}
        amount={amount}
        paymentId={paymentId}
        onPaymentChange={(payment) => {
          // Once the user picked a method here, the URL alone names the charge (the reported one is stale).
          if (!payment) setChoosing(true);
          setPayment(payment?.id ?? null);
        }}
        onConfirmed={onConfirmed}
        onHoldExpired={() => setExpiredByServer(true)}
      />
      {purpose === 'entry' && group.status === 'open' && (
        <div className="checkout__section">
          <InviteShare
            invitePath={membership.invite_path}
            plan={{ name: group.plan?.name ?? '', price: group.price, full_price: group.plan?.full_price ?? null, entry_price: group.entry_price }}
            title={t('payment.inviteTitle')}
            lead={t('payment.inviteLead')}
            headingLevel={2}
          />
        </div>
      )}
    </>,
    summary,
  );
}
