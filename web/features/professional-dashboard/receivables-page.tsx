// /professional/receivables: each receivable (date, plan, member's first name, gross, fee, net, status), the totals
// per status, a status filter (?status=), a CSV export of what is listed, and the PIX payouts with their receipts.
import './i18n';
import './professional-dashboard.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { DownloadIcon } from '../../components/icons';
import { PayoutsTable } from '../../components/payouts/payouts-table';
import { ErrorState, InlineError, InlineLoading, LoadingState } from '../../components/resource-states';
import { useApiQuery } from '../../lib/query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { professionalApi, professionalKeys, RECEIVABLE_STATUSES, type Receivable, type ReceivableStatus } from './api';
import { downloadText, receivablesCsv } from './receivables-csv';
import { useApprovedProfessional } from './use-approved-professional';

const isStatus = (value: string | null): value is ReceivableStatus => RECEIVABLE_STATUSES.includes(value as ReceivableStatus);

export default function ReceivablesPage() {
  const { t, i18n } = useTranslation('professionalDashboard');
  const locale = i18n.language;
  useDocumentTitle(t('receivables.docTitle'));
  const gate = useApprovedProfessional();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const approved = gate.state.status === 'ready' && !gate.redirecting;
  const { state, retry } = useApiQuery(professionalKeys.receivables(status), (signal) => professionalApi.receivables(status, signal), { enabled: approved });

  const setStatus = (next: ReceivableStatus | null) => setParams(next ? { status: next } : {}, { replace: true });
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' });

  const exportCsv = (items: Receivable[]) => {
    const csv = receivablesCsv(items, {
      header: [t('receivables.col.date'), t('receivables.col.plan'), t('receivables.col.member'), t('receivables.col.gross'), t('receivables.col.fee'), t('receivables.col.net'), t('receivables.col.status'), t('receivables.col.available')],
      status: (s) => t(`receivables.statuses.${s}`),
    });
    const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    downloadText(`${t('receivables.csvFile')}-${status ?? 'todos'}-${stamp}.csv`, csv);
  };

  if (gate.redirecting || gate.state.status === 'loading') {
    return (
      <div className="container page">
        <LoadingState label={t('receivables.loading')} />
      </div>
    );
  }
  if (gate.state.status === 'error') {
    return (
      <div className="container page">
        <ErrorState title={t('error')} message={gate.state.error.message} retryLabel={t('retry')} onRetry={gate.retry} />
      </div>
    );
  }

  return (
    <div className="container page receivables">
      <header className="page__head">
        <div>
          <h1>{t('receivables.title')}</h1>
          <p className="muted">{t('receivables.lead')}</p>
        </div>
        <div className="page__head-actions">
          <ButtonLink to="/dashboard/professional" variant="ghost" size="sm">
            {t('receivables.back')}
          </ButtonLink>
        </div>
      </header>

      {state.status === 'loading' && <LoadingState label={t('receivables.loading')} />}
      {state.status === 'error' && <ErrorState title={t('receivables.error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <section className="page__section" aria-labelledby="totals-title">
            <h2 id="totals-title" className="page__section-title">
              {t('receivables.totals')}
            </h2>
            <ul className="totals" role="list">
              {RECEIVABLE_STATUSES.map((s) => (
                <li key={s} className={`totals__item${status === s ? ' totals__item--current' : ''}`}>
                  <span className="totals__label">{t(`receivables.statuses.${s}`)}</span>
                  <strong className="totals__value" data-status={s}>
                    {formatCents(state.data.totals[s] ?? 0, locale)}
                  </strong>
                </li>
              ))}
            </ul>
          </section>

          <section className="page__section" aria-labelledby="list-title">
            <div className="receivables__toolbar">
              <h2 id="list-title" className="page__section-title">
                {t('receivables.caption')}
              </h2>
              <div className="receivables__tools">
                <label className="receivables__filter">
                  <span className="field__label">{t('receivables.filter')}</span>
                  <select className="field__input field__select" value={status ?? ''} onChange={(e) => setStatus(isStatus(e.target.value) ? e.target.value : null)}>
                    <option value="">{t('receivables.all')}</option>
                    {RECEIVABLE_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`receivables.statuses.${s}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <Button variant="secondary" size="sm" onClick={() => exportCsv(state.data.items)} disabled={state.data.items.length === 0}>
                  <DownloadIcon size={16} /> {t('receivables.csv')}
                </Button>
              </div>
            </div>
            {state.data.items.length === 0 ? (
              <div className="state-box">
                <p>{status ? t('receivables.emptyFiltered') : t('receivables.empty')}</p>
              </div>
            ) : (
              <div className="table-wrap">
                <table className="data-table receivables__table">
                  <caption className="sr-only">{t('receivables.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('receivables.col.date')}</th>
                      <th scope="col">{t('receivables.col.plan')}</th>
                      <th scope="col">{t('receivables.col.member')}</th>
                      <th scope="col" className="num">
                        {t('receivables.col.gross')}
                      </th>
                      <th scope="col" className="num">
                        {t('receivables.col.fee')}
                      </th>
                      <th scope="col" className="num">
                        {t('receivables.col.net')}
                      </th>
                      <th scope="col">{t('receivables.col.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.data.items.map((r) => (
                      <tr key={r.id}>
                        <td data-label={t('receivables.col.date')}>
                          <time dateTime={r.created_at}>{date(r.created_at)}</time>
                        </td>
                        <td data-label={t('receivables.col.plan')}>{r.plan.name}</td>
                        <td data-label={t('receivables.col.member')}>{r.member_first_name}</td>
                        <td data-label={t('receivables.col.gross')} className="num">
                          {formatCents(r.gross, locale)}
                        </td>
                        <td data-label={t('receivables.col.fee')} className="num">
                          {formatCents(r.fee, locale)} <span className="data-table__sub">{r.fee_percent.toLocaleString(locale)}%</span>
                        </td>
                        <td data-label={t('receivables.col.net')} className="num">
                          <strong>{formatCents(r.net, locale)}</strong>
                        </td>
                        <td data-label={t('receivables.col.status')}>
                          <span className={`status-chip status-chip--rcv-${r.status}`}>{t(`receivables.statuses.${r.status}`)}</span>
                          {r.status === 'pending' && <span className="data-table__sub">{t('receivables.availableOn', { date: date(r.available_at) })}</span>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}

      {approved && <Payouts />}
    </div>
  );
}

function Payouts() {
  const { t } = useTranslation('professionalDashboard');
  const { state, retry } = useApiQuery(professionalKeys.payouts(), (signal) => professionalApi.payouts(signal));
  return (
    <section className="page__section" aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="page__section-title">
        {t('receivables.payouts')}
      </h2>
      <p className="muted">{t('receivables.payoutsLead')}</p>
      {state.status === 'loading' && <InlineLoading label={t('receivables.payoutsLoading')} />}
      {state.status === 'error' && <InlineError message={t('receivables.payoutsError')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && state.data.items.length === 0 && <p className="callout">{t('receivables.payoutsEmpty')}</p>}
      {state.status === 'ready' && state.data.items.length > 0 && <PayoutsTable items={state.data.items} />}
    </section>
  );
}
