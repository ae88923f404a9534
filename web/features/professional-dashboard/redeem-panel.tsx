// "Resgatar voucher": type the code (or scan its QR code), look it up — plan and the member's first name — then
// "Confirmar resgate". The API's refusals (404, 409 voucher_already_redeemed / voucher_wrong_category /
// voucher_not_redeemable, 403) are shown as plain sentences in the reader's language.
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

const KNOWN_ERRORS = ['voucher_not_found', 'voucher_already_redeemed', 'voucher_wrong_category', 'voucher_not_redeemable', 'professional_not_approved'];

type Step = { kind: 'idle' } | { kind: 'found'; voucher: VoucherLookup } | { kind: 'done'; voucher: VoucherLookup; result: Redeemed };

export function RedeemPanel({ categoryName }: { categoryName: (slug: string | null) => string }) {
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
        <div className="redeem__found" aria-live="polite">
          <p className="redeem__found-title">{t('redeem.found')}</p>
          <dl className="facts">
            <div>
              <dt>{t('redeem.plan')}</dt>
              <dd>{step.voucher.plan.name}</dd>
            </div>
            <div>
              <dt>{t('redeem.member')}</dt>
              <dd>{step.voucher.member_first_name}</dd>
            </div>
            <div>
              <dt>{t('redeem.category')}</dt>
              <dd>{categoryName(step.voucher.plan.category)}</dd>
            </div>
            <div>
              <dt>{t('redeem.status')}</dt>
              <dd>
                <span className={`status-chip status-chip--${step.voucher.status}`}>{t(`redeem.statuses.${step.voucher.status}`)}</span>
              </dd>
            </div>
          </dl>
          {step.voucher.status === 'redeemed' && <p className="field__error">{t('redeem.errors.voucher_already_redeemed')}</p>}
          {step.voucher.status === 'awaiting_balance' && <p className="field__error">{t('redeem.errors.voucher_not_redeemable')}</p>}
          <div className="redeem__actions">
            {step.voucher.status === 'redeemable' && (
              <Button onClick={() => void confirm(step.voucher)} disabled={busy !== null}>
                {busy === 'redeem' ? t('redeem.confirming') : t('redeem.confirm')}
              </Button>
            )}
            <Button variant="ghost" onClick={reset} disabled={busy !== null}>
              {t('redeem.cancel')}
            </Button>
          </div>
        </div>
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
