// Produtos do marketplace (docs/product/screens.md#back-office): the list with search, category, active and low-stock
// filters; create/edit with the price typed in reais (centavos on the wire) and images uploaded through the server;
// activate/deactivate; the CSV import (all or nothing: every bad line reported, none saved).
import StorefrontIcon from '@mui/icons-material/Storefront';
import { type ResourceProps } from 'react-admin';
import { ProductList } from './List';
import { ProductCreate } from './Create';
import { ProductEdit } from './Edit';

export * from './shared';
export * from './List';
export * from './Edit';
export * from './Create';

export const products: Omit<ResourceProps, 'name'> = {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: StorefrontIcon,
  recordRepresentation: 'name',
};
