// Planos (docs/product/group-purchase.md, docs/product/screens.md#back-office): the catalogue of group-purchase plans. Money is integer centavos; the
// entry is 10% of the price, computed by the server and only previewed here.
import SellIcon from '@mui/icons-material/Sell';
import { type ResourceProps } from 'react-admin';
import { PlanList } from './List';
import { PlanCreate } from './Create';
import { PlanEdit } from './Edit';

export * from './shared';
export * from './List';
export * from './Edit';
export * from './Create';

export const plans: Omit<ResourceProps, 'name'> = {
  list: PlanList,
  create: PlanCreate,
  edit: PlanEdit,
  icon: SellIcon,
  recordRepresentation: 'name',
};
