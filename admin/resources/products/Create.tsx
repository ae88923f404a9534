// Creating a product.
import { Create, SimpleForm } from 'react-admin';
import { Product, toProductPayload, ProductFormFields } from './shared';

export const createDefaults = { name: '', slug: '', description: '', price: null, stock_quantity: null, category_id: null, images: [], active: true, weight_grams: 500, height_cm: 10, width_cm: 15, length_cm: 20 };

export const ProductCreate = () => (
  <Create<Product> redirect="list" transform={toProductPayload}>
    <SimpleForm defaultValues={createDefaults}>
      <ProductFormFields isCreate />
    </SimpleForm>
  </Create>
);
