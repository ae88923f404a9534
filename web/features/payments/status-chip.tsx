// A payment's status as a coloured chip (pending, confirmed, cancelled, refunds…).
import { useTranslation } from 'react-i18next';
import './i18n';

const TONE: Record<string, string> = {
  pending: 'pending',
  confirmed: 'ok',
  cancelled: 'muted',
  failed: 'danger',
  refund_pending: 'info',
  refunded: 'info',
  amount_mismatch: 'danger',
};

export function PaymentStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('payments');
  return <span className={`status-chip status-chip--tone-${TONE[status] ?? 'muted'}`}>{t(`statusShort.${status}`, { defaultValue: status })}</span>;
}
