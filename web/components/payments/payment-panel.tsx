// Paying one entry, balance or order: the method, then the charge (PIX QR and copia-e-cola, boleto, card page) with its
// live status, "Já paguei, verificar" and, in sandbox mode, "Simular pagamento". The payment id stays in the URL and the
// server answers the same payment for the same ref and method, so nothing is charged twice; wallet credit may go first.
import './i18n';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { splitWithCredit } from '../../../core/wallet/wallet-split';
import { PROVIDER_MINIMUM_CHARGE } from '../../../core/payments/payment-rules';
import { Button } from '../button';
import { CheckboxField } from '../form-field';
import { Countdown } from '../countdown';
import { AlertIcon, CheckIcon, ShieldIcon } from '../icons';
import { Spinner } from '../spinner';
import { isApiError } from '../../lib/api';
import { emitAppEvent } from '../../lib/app-events';
import { copyText } from '../../lib/clipboard';
import { SUPPORT_EMAIL } from '../../lib/site';
import { notify } from '../../lib/toast';
import { MAX_INSTALLMENTS, PAYMENT_METHODS, isMethod, paymentsApi, type Payment, type PaymentMethod, type PaymentStatus } from '../../lib/payments-api';
import { groupsApi } from '../../lib/groups-api';
import { MethodIcon } from './method-icon';
import { usePaymentPolling } from './use-payment-polling';
import { ErrorState } from '../resource-states';

type View =
  | { kind: 'loading' }
  | { kind: 'choose'; notice?: string }
  | { kind: 'show'; payment: Payment }
  | { kind: 'profile' }
  | { kind: 'error'; message: string };

export function PaymentPanel({
  purpose,
  refId,
  amount,
  paymentId,
  onPaymentChange,
  onConfirmed,
  onHoldExpired,
  headingLevel = 2,
}: {
  purpose: 'entry' | 'balance';
  refId: string;
  amount: number;
  /** The payment under way (from the URL, or the pending one the server knows about). */
  paymentId: string | null;
  onPaymentChange: (payment: Payment | null) => void;
  onConfirmed: () => void;
  /** The held place lapsed (409 hold_expired): the caller offers to hold it again. */
  onHoldExpired?: () => void;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation('payment-panel');
  const { t: tc } = useTranslation();
  const locale = i18n.language;
  const id = useId();
  const [view, setView] = useState<View>(paymentId ? { kind: 'loading' } : { kind: 'choose' });
  const [method, setMethod] = useState<PaymentMethod>('PIX');
  const [installments, setInstallments] = useState(1);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // Wallet credit (balances and orders only): null while unknown; a failed read just hides the option.
  const walletEligible = purpose !== 'entry';
  const [walletBalance, setWalletBalance] = useState<number | null>(null);
  const [useWallet, setUseWallet] = useState(false);
  const current = useRef<Payment | null>(null);
  const done = useRef(false);
  const callbacks = useRef({ onPaymentChange, onConfirmed, onHoldExpired });
  useEffect(() => {
    callbacks.current = { onPaymentChange, onConfirmed, onHoldExpired };
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const confirmed = () => {
    if (done.current) return;
    done.current = true;
    emitAppEvent('notifications-changed');
    emitAppEvent('groups-changed');
    callbacks.current.onConfirmed();
  };

  const show = (payment: Payment) => {
    current.current = payment;
    setView({ kind: 'show', payment });
    if (isMethod(payment.method)) setMethod(payment.method);
    if (payment.method === 'CREDIT_CARD') setInstallments(payment.installments || 1);
  };

  const backToChoice = (notice?: string) => {
    current.current = null;
    setView({ kind: 'choose', ...(notice ? { notice } : {}) });
    callbacks.current.onPaymentChange(null);
  };

  // Load the payment the caller names (a reload, back/forward, or the pending one of a place).
  useEffect(() => {
    if (!paymentId) {
      current.current = null;
      setView((v) => (v.kind === 'choose' ? v : { kind: 'choose' }));
      return;
    }
    const known = current.current;
    if (known?.id === paymentId) {
      // Just created here (or already on screen): nothing to load.
      setView((v) => (v.kind === 'show' && v.payment.id === paymentId ? v : { kind: 'show', payment: known }));
      return;
    }
    const controller = new AbortController();
    setView({ kind: 'loading' });
    paymentsApi.get(paymentId, controller.signal).then(
      (payment) => {
        if (controller.signal.aborted) return;
        if (payment.purpose !== purpose || payment.ref_id !== refId) return backToChoice();
        if (payment.status === 'cancelled' || payment.status === 'failed') return backToChoice(t('panel.cancelledNotice'));
        show(payment);
        if (payment.status === 'confirmed') confirmed();
      },
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.isSessionExpired)) return;
        if (isApiError(error) && error.status === 404) return backToChoice();
        setView({ kind: 'error', message: isApiError(error) ? error.message : tc('errors.generic') });
      },
    );
    return () => controller.abort();
    // `show`, `backToChoice` and `confirmed` only touch state and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentId, purpose, refId]);

  // The wallet's balance, read afresh each time the method choice shows (a spend elsewhere changes it).
  const choosing = view.kind === 'choose';
  useEffect(() => {
    if (!walletEligible || !choosing) return;
    const controller = new AbortController();
    groupsApi.wallet(controller.signal).then(
      (wallet) => {
        if (!controller.signal.aborted) setWalletBalance(Math.max(0, wallet.balance));
      },
      () => {
        if (!controller.signal.aborted) setWalletBalance(0);
      },
    );
    return () => controller.abort();
  }, [walletEligible, choosing]);
  const available = walletBalance ?? 0;
  const hasCredit = walletEligible && available > 0;
  const split = hasCredit && useWallet ? splitWithCredit(amount, available, PROVIDER_MINIMUM_CHARGE) : { credit: 0, charge: amount };
  const walletPaysAll = split.credit > 0 && split.charge === 0;

  const payment = view.kind === 'show' ? view.payment : null;
  const pending = payment?.status === 'pending';

  const onStatus = (status: PaymentStatus) => {
    if (status.confirmed) {
      if (payment) show({ ...payment, status: status.status, confirmed: true });
      confirmed();
      return;
    }
    if (!payment || status.status === payment.status) return;
    if (status.status === 'cancelled' || status.status === 'failed') backToChoice(t('panel.cancelledNotice'));
    else show({ ...payment, status: status.status });
  };
  const { phase, checking, checkNow } = usePaymentPolling(payment?.id ?? null, pending, onStatus);

  const create = async () => {
    if (creating) return;
    setCreating(true);
    setCreateError(null);
    try {
      const created = await paymentsApi.create({ purpose, ref_id: refId, method, ...(method === 'CREDIT_CARD' ? { installments } : {}), ...(hasCredit && useWallet ? { use_wallet: true } : {}) });
      show(created);
      callbacks.current.onPaymentChange(created);
      if (created.status === 'confirmed') confirmed();
    } catch (error) {
      if (!isApiError(error)) {
        setCreateError(tc('errors.generic'));
      } else if (error.isSessionExpired) {
        // The session provider takes the user to /auth.
      } else if (error.code === 'hold_expired' && callbacks.current.onHoldExpired) {
        callbacks.current.onHoldExpired();
      } else if (error.code === 'already_paid') {
        confirmed();
      } else if (error.code === 'profile_incomplete') {
        setView({ kind: 'profile' });
      } else {
        setCreateError(error.message);
        notify.error(t('errors.createTitle'), error.message);
      }
    } finally {
      setCreating(false);
    }
  };

  const simulate = async () => {
    if (!payment || simulating) return;
    setSimulating(true);
    try {
      onStatus(await paymentsApi.simulate(payment.id));
    } catch (error) {
      if (!(isApiError(error) && error.isSessionExpired)) notify.error(t('sandbox.error'), isApiError(error) ? error.message : undefined);
    } finally {
      setSimulating(false);
    }
  };

  const verify = async () => {
    setHint(null);
    const status = await checkNow();
    if (!status) setHint(tc('errors.network'));
    else if (!status.confirmed) setHint(t('panel.notYet'));
  };

  const copyPix = async () => {
    if (!payment?.pix) return;
    if (await copyText(payment.pix.payload)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } else notify.error(tc('copy.failed'));
  };

  const money = (cents: number) => formatCents(cents, locale);

  if (view.kind === 'loading') {
    return (
      <div className="pay-panel pay-panel--loading" role="status">
        <Spinner size={28} />
        <p>{t('panel.loading')}</p>
      </div>
    );
  }

  if (view.kind === 'error') {
    return (
      <ErrorState title={t('errors.loadTitle')} message={view.message} retryLabel={t('errors.retry')} onRetry={() => backToChoice()} />
    );
  }

  if (view.kind === 'profile') {
    return (
      <div className="callout callout--warn" role="alert">
        <p className="callout__title">{t('profile.title')}</p>
        <p>{t('profile.body')}</p>
        <div className="callout__actions">
          <Link to="/profile" className="btn btn--secondary btn--sm">
            {t('profile.profile')}
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('profile.subject'))}`} className="btn btn--ghost btn--sm">
            {t('profile.support')}
          </a>
        </div>
      </div>
    );
  }

  if (view.kind === 'choose') {
    return (
      <section className="pay-panel" aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} className="pay-panel__title">
          {t('panel.title')}
        </Heading>
        {view.notice && (
          <p className="form-notice" role="status">
            <AlertIcon size={18} />
            <span>{view.notice}</span>
          </p>
        )}
        {walletEligible && walletBalance === null && <p className="muted pay-wallet__loading">{t('wallet.loading')}</p>}
        {hasCredit && (
          <div className="pay-wallet">
            <CheckboxField name="use_wallet" checked={useWallet} onChange={setUseWallet} label={t('wallet.use', { value: money(available) })} />
            {useWallet && (
              <>
                <dl className="pay-wallet__split">
                  <div>
                    <dt>{t('wallet.used')}</dt>
                    <dd>{money(split.credit)}</dd>
                  </div>
                  <div>
                    <dt>{t('wallet.remaining')}</dt>
                    <dd>
                      <strong>{money(split.charge)}</strong>
                    </dd>
                  </div>
                </dl>
                {walletPaysAll ? (
                  <p className="muted">{t('wallet.coversAll')}</p>
                ) : (
                  split.credit < available && <p className="muted">{t('wallet.minimum', { value: money(PROVIDER_MINIMUM_CHARGE) })}</p>
                )}
              </>
            )}
          </div>
        )}
        {!walletPaysAll && (
          <div className="choices" role="radiogroup" aria-labelledby={`${id}-title`}>
            {PAYMENT_METHODS.map((m) => (
              <label key={m} className={`choice${method === m ? ' choice--checked' : ''}`}>
                <input type="radio" className="choice__input" name={`${id}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} disabled={creating} />
                <span className="choice__icon" aria-hidden="true">
                  <MethodIcon method={m} />
                </span>
                <span className="choice__body">
                  <span className="choice__label">{t(`method.${m}`)}</span>
                  <span className="choice__hint">{t(`methodHint.${m}`)}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        {method === 'CREDIT_CARD' && !walletPaysAll && (
          <div className="field pay-panel__installments">
            <label htmlFor={`${id}-installments`} className="field__label">
              {t('panel.installments')}
            </label>
            <select
              id={`${id}-installments`}
              className="field__input field__select"
              value={installments}
              disabled={creating}
              onChange={(event) => setInstallments(Number(event.target.value))}
            >
              {Array.from({ length: MAX_INSTALLMENTS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? t('panel.installmentOne', { value: money(split.charge) }) : t('panel.installmentOption', { count: n, value: money(Math.ceil(split.charge / n)) })}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="pay-panel__submit">
          <Button size="lg" onClick={() => void create()} disabled={creating} aria-describedby={createError ? `${id}-error` : undefined}>
            {creating ? t('panel.creating') : walletPaysAll ? t('panel.create.WALLET', { value: money(split.credit) }) : t(`panel.create.${method}`, { value: money(split.charge) })}
          </Button>
          <p className="muted pay-panel__secure">
            <ShieldIcon size={16} />
            {t('panel.secure')}
          </p>
        </div>
        {createError && (
          <p id={`${id}-error`} className="field__error" role="alert">
            <AlertIcon size={16} />
            <span>{createError}</span>
          </p>
        )}
      </section>
    );
  }

  // A payment to show.
  const p = view.payment;
  // What the provider charges: the price less the wallet credit used.
  const charged = p.amount - p.wallet_amount;
  const statusText = t(`status.${p.status}`, { defaultValue: p.status });
  const sandbox = p.provider === 'sandbox';
  return (
    <section className="pay-panel" aria-labelledby={`${id}-title`}>
      <header className="pay-panel__head">
        <div>
          <Heading id={`${id}-title`} className="pay-panel__title">
            {t(`show.title.${p.method}`, { defaultValue: t('panel.title') })}
          </Heading>
          <p className="muted">
            {p.wallet_amount > 0 && p.method !== 'WALLET' ? t('wallet.chargeLine', { value: money(charged) }) : money(p.amount)}
            {p.method === 'CREDIT_CARD' && p.installments > 1 ? ` · ${t('show.installments', { count: p.installments })}` : ''}
          </p>
          {p.wallet_amount > 0 && <p className="pay-wallet__used">{t('wallet.usedLine', { value: money(p.wallet_amount) })}</p>}
        </div>
        {pending && (
          <Button variant="ghost" size="sm" onClick={() => backToChoice()}>
            {t('panel.change')}
          </Button>
        )}
      </header>

      <div className={`pay-status pay-status--${p.confirmed ? 'confirmed' : p.status}`} role="status" aria-live="polite">
        {p.confirmed ? <CheckIcon size={20} /> : pending ? <Spinner size={18} /> : <AlertIcon size={20} />}
        <div>
          <p className="pay-status__title">{statusText}</p>
          {pending && <p className="pay-status__hint">{phase === 'stopped' ? t('panel.pollingStopped') : t('panel.polling')}</p>}
          {hint && <p className="pay-status__hint">{hint}</p>}
        </div>
      </div>

      {pending && p.method === 'PIX' && p.pix && (
        <div className="pix">
          <img className="pix__qr" src={p.pix.image} alt={t('show.pix.qrAlt', { value: money(charged) })} width={240} height={240} />
          <div className="pix__body">
            <ol className="pix__steps">
              <li>{t('show.pix.step1')}</li>
              <li>{t('show.pix.step2')}</li>
              <li>{t('show.pix.step3', { value: money(charged) })}</li>
            </ol>
            <label htmlFor={`${id}-pix`} className="field__label">
              {t('show.pix.copyLabel')}
            </label>
            <textarea id={`${id}-pix`} className="field__input pix__code" readOnly rows={3} value={p.pix.payload} onFocus={(event) => event.currentTarget.select()} />
            <div className="pix__actions">
              <Button onClick={() => void copyPix()}>
                {copied ? <CheckIcon size={16} /> : null}
                {copied ? t('show.pix.copied') : t('show.pix.copy')}
              </Button>
              <span className="sr-only" role="status">
                {copied ? t('show.pix.copied') : ''}
              </span>
              <p className="pix__expiry">
                {t('show.pix.expiresIn')}{' '}
                <strong>
                  <Countdown to={p.pix.expires_at} variant="clock" expiredText={t('show.pix.expiredShort')} />
                </strong>
              </p>
            </div>
          </div>
        </div>
      )}

      {pending && p.method === 'BOLETO' && (
        <div className="pay-method">
          <p>{t('show.boleto.body')}</p>
          {p.boleto_url ? (
            <a className="btn btn--primary btn--md" href={p.boleto_url} target="_blank" rel="noopener noreferrer" aria-label={t('show.boleto.openLabel')}>
              {t('show.boleto.open')}
            </a>
          ) : (
            <p className="muted">{t('show.boleto.missing')}</p>
          )}
        </div>
      )}

      {pending && p.method === 'CREDIT_CARD' && (
        <div className="pay-method">
          {p.invoice_url ? (
            <>
              <p>{t('show.card.body')}</p>
              <a className="btn btn--primary btn--md" href={p.invoice_url} target="_blank" rel="noopener noreferrer" aria-label={t('show.card.openLabel')}>
                {t('show.card.open')}
              </a>
            </>
          ) : (
            <p>{sandbox ? t('show.card.sandbox') : t('show.card.missing')}</p>
          )}
        </div>
      )}

      {pending && (
        <div className="pay-panel__actions">
          <Button variant="secondary" onClick={() => void verify()} disabled={checking}>
            {checking ? t('panel.checking') : t('panel.checkNow')}
          </Button>
        </div>
      )}

      {pending && sandbox && (
        <div className="sandbox-box">
          <p className="sandbox-box__title">{t('sandbox.title')}</p>
          <p>{t('sandbox.body')}</p>
          <Button variant="secondary" size="sm" onClick={() => void simulate()} disabled={simulating}>
            {simulating ? t('sandbox.running') : t('sandbox.cta')}
          </Button>
        </div>
      )}
    </section>
  );
}
