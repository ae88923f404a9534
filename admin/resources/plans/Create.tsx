// Creating a plan.
import { Create, SimpleForm } from 'react-admin';
import { Plan, PlanKind, toPlanPayload, PlanFormFields } from './shared';

export const createDefaults = {
  kind: 'service' as PlanKind,
  category_id: null,
  name: '',
  slug: '',
  description: '',
  price: null,
  full_price: null,
  group_size: 5,
  window_days: 30,
  image_url: null,
  active: true,
};

export const PlanCreate = () => (
  <Create<Plan> redirect="list" transform={toPlanPayload}>
    <SimpleForm defaultValues={createDefaults}>
      <PlanFormFields isCreate />
    </SimpleForm>
  </Create>
);
