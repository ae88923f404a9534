// An order's status as a coloured chip, in the user's language (docs/product/marketplace.md status flow).
import './i18n';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../lib/marketplace-api';

const TONE: Record<OrderStatus, string> = {
  pending: 'pending',
  paid: 'ok',
  preparing: 'info',
  shipped: 'info',
  delivered: 'ok',
  cancelled: 'muted',
  refunded: 'info',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('marketplace');
  return <span className={`status-chip status-chip--tone-${TONE[status] ?? 'muted'}`}>{t(`status.${status}`, { defaultValue: status })}</span>;
}
