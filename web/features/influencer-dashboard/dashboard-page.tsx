// /dashboard/influencer: an approved influencer's home — the referral link in its three forms (copy, WhatsApp, QR
// code), the funnel for 7/30/90 days (counted clicks, sign-ups, paying users, conversion), the commissions by status,
// a per-day chart, and the PIX payouts with their receipts. Not an influencer → a pointer to the application.
import './i18n';
import './influencer-dashboard.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { CheckIcon, CopyIcon, DownloadIcon, WhatsAppIcon } from '../../components/icons';
import { PayoutsTable } from '../../components/payouts/payouts-table';
import { EmptyState, ErrorState, InlineError, InlineLoading, LoadingState } from '../../components/resource-states';
import { qrImageSrc } from '../../components/vouchers/api';
import { isApiError } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { useApiQuery } from '../../lib/query';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { influencerApi, influencerKeys, PERIODS, type InfluencerDashboard, type Period } from './api';

// recharts in its own chunk, fetched when the chart has data to show.
const SeriesChart = lazy(() => import('./series-chart').then((m) => ({ default: m.SeriesChart })));

export default function InfluencerDashboardPage() {
  const { t } = useTranslation('influencerDashboard');
  useDocumentTitle(t('docTitle'));
  const [days, setDays] = useState<Period>(30);
  const { state, retry } = useApiQuery(influencerKeys.dashboard(days), (signal) => influencerApi.dashboard(days, signal));

  if (state.status === 'loading') {
    return (
      <div className="container page">
        <LoadingState label={t('loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    if (isApiError(state.error) && state.error.status === 403) {
      return (
        <div className="container page">
          <EmptyState icon={<CopyIcon size={28} />} title={t('forbidden')} hint={<ButtonLink to="/influencer-signup">{t('apply')}</ButtonLink>} />
          <p className="muted inf-center">{t('forbiddenHint')}</p>
        </div>
      );
    }
    return (
      <div className="container page">
        <ErrorState title={t('error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      </div>
    );
  }
  const data = state.data;
  return (
    <div className="container page inf-dashboard">
      <header className="page__head">
        <div>
          <p className="eyebrow">{t('eyebrow')}</p>
          <h1>{t('title')}</h1>
          <p className="muted">{t('lead')}</p>
        </div>
      </header>
      {data.status === 'suspended' && (
        <p className="callout inf-suspended" role="alert">
          {t('suspended')}
        </p>
      )}
      <div className="inf-dashboard__grid">
        <LinkPanel data={data} />
        <section className="panel inf-figures" aria-labelledby="inf-figures-title">
          <div className="inf-figures__head">
            <h2 id="inf-figures-title" className="panel__heading">
              {t('commissions.title')}
            </h2>
            <PeriodSwitch value={days} onChange={setDays} />
          </div>
          <ul className="inf-totals" role="list">
            <Figure label={t('commissions.pending')} value={formatCents(data.commissions.pending)} hint={t('commissions.pendingHint')} testId="commissions-pending" />
            <Figure label={t('commissions.available')} value={formatCents(data.commissions.available)} hint={t('commissions.availableHint')} accent testId="commissions-available" />
            <Figure label={t('commissions.paid')} value={formatCents(data.commissions.paid)} testId="commissions-paid" />
          </ul>
          {data.commissions.clawback > 0 && (
            <p className="callout inf-clawback" role="status" data-testid="commissions-clawback">
              {t('commissions.clawback', { amount: formatCents(data.commissions.clawback) })}
            </p>
          )}
          <ul className="inf-totals inf-totals--funnel" role="list">
            <Figure label={t('figures.clicks')} value={String(data.clicks)} testId="figure-clicks" />
            <Figure label={t('figures.signups')} value={String(data.signups)} testId="figure-signups" />
            <Figure label={t('figures.paying')} value={String(data.paying_users)} testId="figure-paying" />
            <Figure label={t('figures.conversion')} value={`${data.conversion_rate.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`} hint={t('figures.conversionHint')} testId="figure-conversion" />
          </ul>
          <p className="muted inf-rate">{t('rate', { rate: `${(data.commission_rate_bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%` })}</p>
        </section>
      </div>
      <ChartPanel data={data} />
      <PayoutsPanel />
    </div>
  );
}

function Figure({ label, value, hint, accent, testId }: { label: string; value: string; hint?: string; accent?: boolean; testId: string }) {
  return (
    <li className={`inf-totals__item${accent ? ' inf-totals__item--accent' : ''}`} data-testid={testId}>
      <span className="inf-totals__label">{label}</span>
      <strong className="inf-totals__value">{value}</strong>
      {hint && <span className="inf-totals__hint">{hint}</span>}
    </li>
  );
}

function PeriodSwitch({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation('influencerDashboard');
  return (
    <div className="inf-period" role="group" aria-label={t('period.label')}>
      {PERIODS.map((p) => (
        <button key={p} type="button" className={`inf-period__btn${p === value ? ' is-active' : ''}`} aria-pressed={p === value} onClick={() => onChange(p)}>
          {t('period.days', { count: p })}
        </button>
      ))}
    </div>
  );
}

function LinkPanel({ data }: { data: InfluencerDashboard }) {
  const { t } = useTranslation('influencerDashboard');
  const [copied, setCopied] = useState<string | null>(null);
  if (!data.links) return null;
  const forms = [
    ['short', data.links.short],
    ['ref', data.links.ref],
    ['indicacao', data.links.indicacao],
  ] as const;
  const copy = async (form: string, url: string) => {
    if (await copyText(url)) {
      setCopied(form);
      window.setTimeout(() => setCopied((c) => (c === form ? null : c)), 2500);
    } else notify.error(t('link.copyFailed'));
  };
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(t('link.whatsappMessage', { url: data.links.short }))}`;
  return (
    <section className="panel inf-link" aria-labelledby="inf-link-title">
      <h2 id="inf-link-title" className="panel__heading">
        {t('link.title')}
      </h2>
      <p className="inf-link__code">
        {t('link.code')}: <strong data-testid="influencer-code">{data.code}</strong>
      </p>
      <ul className="inf-link__forms" role="list">
        {forms.map(([form, url]) => (
          <li key={form} className="inf-link__form">
            <label className="inf-link__label" htmlFor={`inf-link-${form}`}>
              {t(`link.${form}`)}
            </label>
            <div className="inf-link__row">
              <input id={`inf-link-${form}`} className="field__input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="secondary" size="sm" onClick={() => copy(form, url)} aria-label={t('link.copyLabel', { form: t(`link.${form}`) })}>
                {copied === form ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                {copied === form ? t('link.copied') : t('link.copy')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <span className="sr-only" role="status">
        {copied ? t('link.copied') : ''}
      </span>
      <div className="inf-link__share">
        <a className="btn btn--secondary btn--sm" href={whatsapp} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon size={18} />
          {t('link.whatsapp')}
        </a>
        {data.qr_svg && (
          <a className="btn btn--ghost btn--sm" href={qrImageSrc(data.qr_svg)} download={`turma-${data.code}.svg`}>
            <DownloadIcon size={16} />
            {t('link.qrDownload')}
          </a>
        )}
      </div>
      {data.qr_svg && (
        <div className="inf-link__qr">
          <img src={qrImageSrc(data.qr_svg)} alt={t('link.qrAlt', { url: data.links.short })} width={160} height={160} />
        </div>
      )}
    </section>
  );
}

function ChartPanel({ data }: { data: InfluencerDashboard }) {
  const { t } = useTranslation('influencerDashboard');
  const clicks = data.series.reduce((n, d) => n + d.clicks, 0);
  const signups = data.series.reduce((n, d) => n + d.signups, 0);
  const empty = data.series.every((d) => d.clicks === 0 && d.signups === 0 && d.commissions === 0);
  return (
    <section className="panel page__section" aria-labelledby="inf-chart-title">
      <h2 id="inf-chart-title" className="panel__heading">
        {t('chart.title')}
      </h2>
      <p className="sr-only">{t('chart.summary', { clicks, signups, days: data.days })}</p>
      {empty ? (
        <p className="callout">{t('chart.empty')}</p>
      ) : (
        <Suspense fallback={<InlineLoading label={t('loading')} />}>
          <SeriesChart series={data.series} />
        </Suspense>
      )}
    </section>
  );
}

function PayoutsPanel() {
  const { t } = useTranslation('influencerDashboard');
  const { state, retry } = useApiQuery(influencerKeys.payouts(), (signal) => influencerApi.payouts(signal));
  return (
    <section className="page__section" aria-labelledby="inf-payouts-title">
      <h2 id="inf-payouts-title" className="page__section-title">
        {t('payouts.title')}
      </h2>
      <p className="muted">{t('payouts.lead')}</p>
      {state.status === 'loading' && <InlineLoading label={t('payouts.loading')} />}
      {state.status === 'error' && <InlineError message={t('payouts.error')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && state.data.items.length === 0 && <p className="callout">{t('payouts.empty')}</p>}
      {state.status === 'ready' && state.data.items.length > 0 && <PayoutsTable items={state.data.items} />}
    </section>
  );
}
