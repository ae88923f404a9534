// The PIX payouts of GET /api/me/payouts (a professional's or an influencer's): date, amount, status (with the
// failure reason), payment date and the provider's receipt. Stacks into cards at 360 px (.data-table).
import './i18n';
import './payouts.css';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import type { components } from '../../lib/api-client';

export type Payout = components['schemas']['PayoutList']['items'][number];

export function PayoutsTable({ items }: { items: readonly Payout[] }) {
  const { t, i18n } = useTranslation('payouts');
  const locale = i18n.language;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' }) : '—');
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('col.date')}</th>
            <th scope="col" className="num">
              {t('col.amount')}
            </th>
            <th scope="col">{t('col.status')}</th>
            <th scope="col">{t('col.paid')}</th>
            <th scope="col">{t('col.receipt')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id}>
              <td data-label={t('col.date')}>{date(p.created_at)}</td>
              <td data-label={t('col.amount')} className="num">
                <strong>{formatCents(p.amount, locale)}</strong>
              </td>
              <td data-label={t('col.status')}>
                <span className={`status-chip status-chip--payout-${p.status}`}>{t(`statuses.${p.status}`)}</span>
                {p.status === 'failed' && p.failure_reason && <span className="data-table__sub">{t('failed', { reason: p.failure_reason })}</span>}
              </td>
              <td data-label={t('col.paid')}>{date(p.paid_at)}</td>
              <td data-label={t('col.receipt')}>
                {p.receipt_url && /^(https:\/\/|\/)/.test(p.receipt_url) ? (
                  <a href={p.receipt_url} target="_blank" rel="noopener noreferrer">
                    {t('receipt')}
                  </a>
                ) : (
                  t('noReceipt')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
