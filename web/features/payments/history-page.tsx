// /payment-history: every payment of the user, newest first, with what it paid for, method, amount, date and status;
// pending ones link back to the payment screen, paid ones to their receipt (HTML and PDF), the provider's and the
// authorised service invoice (NFS-e, PDF and XML). Paged through ?pagina=.
import './i18n';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { WalletIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { paymentKeys, paymentsApi, type Payment } from '../../lib/payments-api';
import { MethodIcon } from '../../components/payments/method-icon';
import { PaymentStatusChip } from './status-chip';
import { LoadingState, ErrorState } from '../../components/resource-states';
import { RefundChoice } from './refund-choice';

import { groupsApi, type MyGroups } from '../../lib/groups-api';
const PER_PAGE = 10;


interface RefInfo {
  planName: string;
  groupId: string;
}

/** membership id / voucher id → the plan and group it belongs to. */
function refIndex(groups: MyGroups | null): Map<string, RefInfo> {
  const index = new Map<string, RefInfo>();
  for (const { group, membership, voucher } of groups?.items ?? []) {
    const info = { planName: group.plan?.name ?? '', groupId: group.id };
    index.set(membership.id, info);
    if (voucher) index.set(voucher.id, info);
  }
  return index;
}

async function load(page: number, signal: AbortSignal) {
  const [payments, groups] = await Promise.all([
    paymentsApi.list(page, PER_PAGE, signal),
    // Descriptions are a nicety: the list shows without them.
    groupsApi.mine(signal).catch(() => null),
  ]);
  // So are the service invoices' links.
  const invoices = await paymentsApi.serviceInvoices(signal).catch(() => null);
  return { payments, refs: refIndex(groups), invoices: new Map((invoices?.items ?? []).map((i) => [i.payment_id, i])) };
}

export default function PaymentHistoryPage() {
  const { t, i18n } = useTranslation('payments');
  const locale = i18n.language;
  useDocumentTitle(t('history.docTitle'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1);
  const { state, retry } = useApiQuery(paymentKeys.history(page), (signal) => load(page, signal));
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  const goTo = (next: number) => {
    setParams(next > 1 ? { pagina: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  const describe = (payment: Payment, refs: Map<string, RefInfo>) => {
    const info = refs.get(payment.ref_id);
    return { purpose: t(`purpose.${payment.purpose}`, { defaultValue: payment.purpose }), plan: info?.planName ?? '', groupId: info?.groupId ?? null };
  };

  const total = state.status === 'ready' ? state.data.payments.total : 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <div className="container page">
      <header className="page__head">
        <div>
          <h1>{t('history.title')}</h1>
          <p className="muted">{t('history.lead')}</p>
        </div>
        <div className="page__head-actions">
          <ButtonLink to="/payment" variant="ghost" size="sm">
            {t('history.open')}
          </ButtonLink>
        </div>
      </header>

      {state.status === 'loading' && (
        <LoadingState label={t('history.loading')} />
      )}

      {state.status === 'error' && (
        <ErrorState title={t('history.errorTitle')} message={state.error.message} retryLabel={t('errors.retry')} onRetry={retry} />
      )}

      {state.status === 'ready' && state.data.payments.items.length === 0 && (
        <div className="state-box">
          <WalletIcon size={28} />
          <p className="state-box__title">{page > 1 ? t('history.pageEmpty') : t('history.emptyTitle')}</p>
          <p>{t('history.emptyBody')}</p>
          {page > 1 ? (
            <Button variant="secondary" onClick={() => goTo(1)}>
              {t('history.first')}
            </Button>
          ) : (
            <ButtonLink to="/my-groups" variant="secondary">
              {t('history.myGroups')}
            </ButtonLink>
          )}
        </div>
      )}

      {state.status === 'ready' && state.data.payments.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="data-table">
              <caption className="sr-only">{t('history.caption', { page, pages })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('history.col.date')}</th>
                  <th scope="col">{t('history.col.what')}</th>
                  <th scope="col">{t('history.col.method')}</th>
                  <th scope="col" className="num">
                    {t('history.col.amount')}
                  </th>
                  <th scope="col">{t('history.col.status')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('history.col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.data.payments.items.map((payment) => {
                  const d = describe(payment, state.data.refs);
                  const pending = payment.status === 'pending' && (payment.purpose === 'entry' || payment.purpose === 'balance');
                  return (
                    <tr key={payment.id}>
                      <td data-label={t('history.col.date')}>
                        <time dateTime={payment.created_at}>{dateFormat.format(new Date(payment.created_at))}</time>
                      </td>
                      <td data-label={t('history.col.what')}>
                        <span className="data-table__cell">
                          <span className="data-table__strong">{d.purpose}</span>
                          {d.plan && <span className="data-table__sub">{d.plan}</span>}
                        </span>
                      </td>
                      <td data-label={t('history.col.method')}>
                        <span className="method-cell">
                          <MethodIcon method={payment.method} size={18} />
                          {t(`method.${payment.method}`, { defaultValue: payment.method })}
                          {payment.method === 'CREDIT_CARD' && payment.installments > 1 ? ` · ${t('show.installments', { count: payment.installments })}` : ''}
                        </span>
                      </td>
                      <td data-label={t('history.col.amount')} className="num">
                        <span className="data-table__cell">
                          <span className="data-table__strong">{formatCents(payment.amount, locale)}</span>
                          {payment.wallet_amount > 0 && (
                            <span className="data-table__sub">{t('history.walletUsed', { value: formatCents(payment.wallet_amount, locale) })}</span>
                          )}
                          {payment.refunded_amount > 0 && (
                            <span className="data-table__sub">{t('history.refunded', { value: formatCents(payment.refunded_amount, locale) })}</span>
                          )}
                          {payment.refund_destination === 'pix' && <span className="data-table__sub">{t('refund.toPix')}</span>}
                          {payment.refund_destination === 'wallet' && <span className="data-table__sub">{t('refund.toWallet')}</span>}
                          {payment.method === 'CREDIT_CARD' && (payment.status === 'refund_pending' || payment.status === 'refunded') && (
                            <span className="data-table__sub">{t('refund.cardNotice')}</span>
                          )}
                        </span>
                      </td>
                      <td data-label={t('history.col.status')}>
                        <PaymentStatusChip status={payment.status} />
                      </td>
                      <td className="data-table__actions">
                        {payment.refund_destination === 'awaiting_choice' && <RefundChoice payment={payment} />}
                        {pending && (
                          <Link
                            className="btn btn--secondary btn--sm"
                            to={`/checkout/payment?purpose=${payment.purpose}&ref=${encodeURIComponent(payment.ref_id)}&payment=${encodeURIComponent(payment.id)}`}
                          >
                            {t('history.continue')}
                          </Link>
                        )}
                        {pending && payment.boleto_url && (
                          <a className="btn btn--ghost btn--sm" href={payment.boleto_url} target="_blank" rel="noopener noreferrer">
                            {t('history.boleto')}
                          </a>
                        )}
                        {payment.has_receipt && (
                          <>
                            <a
                              className="btn btn--secondary btn--sm"
                              href={`/api/payments/${encodeURIComponent(payment.id)}/receipt`}
                              target="_blank"
                              rel="noopener"
                              aria-label={t('history.ourReceiptLabel', { value: formatCents(payment.amount, locale) })}
                            >
                              {t('history.ourReceipt')}
                            </a>
                            <a
                              className="btn btn--ghost btn--sm"
                              href={`/api/payments/${encodeURIComponent(payment.id)}/receipt?format=pdf`}
                              target="_blank"
                              rel="noopener"
                              aria-label={t('history.receiptPdfLabel', { value: formatCents(payment.amount, locale) })}
                            >
                              {t('history.receiptPdf')}
                            </a>
                          </>
                        )}
                        {state.data.invoices.get(payment.id) && (
                          <>
                            <a
                              className="btn btn--ghost btn--sm"
                              href={state.data.invoices.get(payment.id)!.pdf_url}
                              target="_blank"
                              rel="noopener noreferrer"
                              aria-label={t('history.serviceInvoiceLabel', { number: state.data.invoices.get(payment.id)!.number ?? '' })}
                            >
                              {t('history.serviceInvoice')}
                            </a>
                            {state.data.invoices.get(payment.id)!.xml_url && (
                              <a className="btn btn--ghost btn--sm" href={state.data.invoices.get(payment.id)!.xml_url!} target="_blank" rel="noopener noreferrer" aria-label={t('history.serviceInvoiceXmlLabel')}>
                                {t('history.serviceInvoiceXml')}
                              </a>
                            )}
                          </>
                        )}
                        {payment.confirmed && payment.invoice_url && (
                          <a className="btn btn--ghost btn--sm" href={payment.invoice_url} target="_blank" rel="noopener noreferrer">
                            {t('history.receipt')}
                          </a>
                        )}
                        {!pending && d.groupId && (
                          <Link className="btn btn--ghost btn--sm" to={`/my-groups?grupo=${encodeURIComponent(d.groupId)}`}>
                            {t('history.group')}
                          </Link>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="pager" aria-label={t('history.pager')}>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('history.previous')}
              </Button>
              <span aria-current="page">{t('history.pageOf', { page, pages })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                {t('history.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
