// What the marketplace-orders screens share (fields, chips, actions and calls).
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminOrderRecord, AdminOrderSummaryRecord } from '../../lib/api-types';

export type AdminOrderSummary = AdminOrderSummaryRecord;

export type AdminOrder = AdminOrderRecord;

export type Status = AdminOrder['status'];

/** The react-admin resource (its API resource is `orders`, see dataProvider's API_RESOURCE). */
export const ORDERS_RESOURCE = 'marketplace/orders';

export const STATUS_COLOR: Record<Status, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'default',
  paid: 'warning',
  preparing: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'default',
  refunded: 'error',
};

export const StatusChip = ({ status }: { status: Status }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} variant={status === 'pending' || status === 'cancelled' ? 'outlined' : 'filled'} label={translate(`turma.orders.status.${status}`)} />;
};
