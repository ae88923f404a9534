// "Resgatar voucher": type or scan the code, look it up (plan, member's first name and the redeem's own verdict), then
// "Confirmar resgate". A voucher this professional cannot redeem is explained and offers no confirm; the API's
// refusals are shown as plain sentences in the reader's language.
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '../../../core/shared/money';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { CheckIcon, TicketIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { professionalApi, professionalKeys, type Redeemed, type VoucherLookup } from './api';

const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

const KNOWN_ERRORS = ['voucher_not_found', 'voucher_already_redeemed', 'voucher_wrong_category', 'voucher_not_redeemable', 'voucher_cancelled', 'voucher_ships_as_order', 'professional_not_approved'];

type Step = { kind: 'idle' } | { kind: 'found'; voucher: VoucherLookup } | { kind: 'done'; voucher: VoucherLookup; result: Redeemed };

export function RedeemPanel({ categoryName, ownCategory }: { categoryName: (slug: string | null) => string; ownCategory: string }) {
  const { t, i18n } = useTranslation('professionalDashboard');
  const locale = i18n.language;
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'lookup' | 'redeem' | null>(null);
  const [scanning, setScanning] = useState(false);

  const message = (err: unknown) => {
    if (isApiError(err) && KNOWN_ERRORS.includes(err.code)) return t(`redeem.errors.${err.code}`);
    if (isApiError(err) && err.status === 400) return err.fields.code ?? err.message;
    return isApiError(err) && err.status > 0 && err.status < 500 ? err.message : t('redeem.errors.generic');
  };

  const lookup = async (raw: string) => {
    const value = raw.trim().toUpperCase();
    if (!value) {
      setError(t('redeem.errors.empty'));
      return;
    }
    setBusy('lookup');
    setError(null);
    try {
      const voucher = await professionalApi.lookup(value);
      setStep({ kind: 'found', voucher });
    } catch (err) {
      if (!(isApiError(err) && err.isSessionExpired)) setError(message(err));
      setStep({ kind: 'idle' });
    } finally {
      setBusy(null);
    }
  };

  const confirm = async (voucher: VoucherLookup) => {
    setBusy('redeem');
    setError(null);
    try {
      const result = await professionalApi.redeem(voucher.code);
      setStep({ kind: 'done', voucher, result });
      const r = result.receivable;
      notify.success(
        t('redeem.success'),
        t('redeem.successBody', {
          net: formatCents(r.net, locale),
          gross: formatCents(r.gross, locale),
          fee: formatCents(r.fee, locale),
          date: new Date(r.available_at).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' }),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: professionalKeys.all });
    } catch (err) {
      // The found card goes: what it promised did not happen. The sentence stays under the code to try again.
      setStep({ kind: 'idle' });
      if (!(isApiError(err) && err.isSessionExpired)) setError(message(err));
    } finally {
      setBusy(null);
    }
  };

  const reset = () => {
    setStep({ kind: 'idle' });
    setCode('');
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void lookup(code);
  };

  return (
    <section className="panel redeem" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__heading">
        <TicketIcon size={20} /> {t('redeem.title')}
      </h2>
      <p className="muted">{t('redeem.lead')}</p>

      {step.kind !== 'done' && (
        <form className="redeem__form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('redeem.codeLabel')}
            name="code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            hint={t('redeem.codeHint')}
            error={error ?? undefined}
            className="redeem__code"
            onChange={(e) => {
              setCode(e.target.value.toUpperCase());
              if (step.kind === 'found') setStep({ kind: 'idle' });
              setError(null);
            }}
          />
          <div className="redeem__actions">
            <Button type="submit" disabled={busy !== null}>
              {busy === 'lookup' ? t('redeem.looking') : t('redeem.lookup')}
            </Button>
            <Button variant="secondary" onClick={() => setScanning((s) => !s)} aria-expanded={scanning}>
              {scanning ? t('redeem.stopScan') : t('redeem.scan')}
            </Button>
          </div>
        </form>
      )}

      {scanning && step.kind !== 'done' && (
        <Suspense fallback={<Spinner size={24} />}>
          <QrScanner
            onCode={(scanned) => {
              setScanning(false);
              setCode(scanned);
              void lookup(scanned);
            }}
          />
        </Suspense>
      )}

      {step.kind === 'found' && (
        <FoundVoucher
          voucher={step.voucher}
          categoryName={categoryName}
          ownCategory={ownCategory}
          busy={busy}
          onConfirm={() => void confirm(step.voucher)}
          onCancel={reset}
        />
      )}

      {step.kind === 'done' && (
        <div className="redeem__done" role="status">
          <p>
            <CheckIcon size={18} />{' '}
            {t('redeem.done', { plan: step.voucher.plan.name, member: step.voucher.member_first_name, net: formatCents(step.result.receivable.net, locale) })}
          </p>
          <Button variant="secondary" onClick={reset}>
            {t('redeem.another')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The looked-up voucher: plan, member and category; "Confirmar resgate" only when the server said this professional can. */
function FoundVoucher({
  voucher,
  categoryName,
  ownCategory,
  busy,
  onConfirm,
  onCancel,
}: {
  voucher: VoucherLookup;
  categoryName: (slug: string | null) => string;
  ownCategory: string;
  busy: 'lookup' | 'redeem' | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('professionalDashboard');
  const refused = !voucher.can_redeem;
  // Another category or a product: the voucher's own status ("Pronto para usar") would read as an invitation.
  const notHere = voucher.reason === 'voucher_wrong_category' || voucher.reason === 'voucher_ships_as_order';
  const explanation = voucher.reason
    ? t(`redeem.reasons.${voucher.reason}`, {
        category: voucher.plan.category ? categoryName(voucher.plan.category) : t('redeem.otherCategory'),
        mine: categoryName(ownCategory),
      })
    : null;
  return (
    <div className={`redeem__found${refused ? ' redeem__found--refused' : ''}`} aria-live="polite">
      <p className="redeem__found-title">{refused ? t('redeem.refusedTitle') : t('redeem.found')}</p>
      <dl className="facts">
        <div>
          <dt>{t('redeem.plan')}</dt>
          <dd>{voucher.plan.name}</dd>
        </div>
        <div>
          <dt>{t('redeem.member')}</dt>
          <dd>{voucher.member_first_name}</dd>
        </div>
        <div>
          <dt>{t('redeem.category')}</dt>
          <dd>{categoryName(voucher.plan.category)}</dd>
        </div>
        <div>
          <dt>{t('redeem.status')}</dt>
          <dd>
            {notHere ? (
              <span className="status-chip status-chip--tone-danger">{t(`redeem.notHere.${voucher.reason}`)}</span>
            ) : (
              <span className={`status-chip status-chip--${voucher.status}`}>{t(`redeem.statuses.${voucher.status}`)}</span>
            )}
          </dd>
        </div>
      </dl>
      {explanation && (
        <p className="redeem__refusal" role="alert">
          {explanation}
        </p>
      )}
      <div className="redeem__actions">
        {voucher.can_redeem && (
          <Button onClick={onConfirm} disabled={busy !== null}>
            {busy === 'redeem' ? t('redeem.confirming') : t('redeem.confirm')}
          </Button>
        )}
        <Button variant={refused ? 'secondary' : 'ghost'} onClick={onCancel} disabled={busy !== null}>
          {refused ? t('redeem.lookAnother') : t('redeem.cancel')}
        </Button>
      </div>
    </div>
  );
}
