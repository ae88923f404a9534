// Editing one product.
import { Edit, SaveButton, SimpleForm, Toolbar, TopToolbar, useRecordContext } from 'react-admin';
import { AuditTrailButton } from '../../components/audit-trail-button';
import { Product, toProductPayload, ToggleActiveButton, ProductFormFields } from './shared';

export const EditToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
    <SaveButton />
    <ToggleActiveButton />
  </Toolbar>
);

export const EditActions = () => {
  const record = useRecordContext<Product>();
  return (
    <TopToolbar>
      <AuditTrailButton entityType="product" entityId={record?.id} />
    </TopToolbar>
  );
};

export const ProductEdit = () => (
  <Edit<Product> mutationMode="pessimistic" redirect="list" transform={toProductPayload} actions={<EditActions />}>
    <SimpleForm toolbar={<EditToolbar />}>
      <ProductFormFields isCreate={false} />
    </SimpleForm>
  </Edit>
);
