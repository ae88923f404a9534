// Pedidos do marketplace: /admin/marketplace/orders lists /api/admin/orders with status tabs, filters by
// date, text and customer, bulk "mark preparing" and a streamed CSV export; /admin/marketplace/orders/:orderId shows
// items, totals, address, payment and timeline with the moves docs/product/marketplace.md allows (the server refuses the others).
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { type ResourceProps } from 'react-admin';
import { OrderList } from './List';
import { OrderDetail } from './Edit';

export * from './shared';
export * from './List';
export * from './Edit';

export const marketplaceOrders: Omit<ResourceProps, 'name'> = {
  list: OrderList,
  edit: OrderDetail,
  icon: ReceiptLongIcon,
  recordRepresentation: 'number',
};
