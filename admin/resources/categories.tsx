// Categorias: /admin/marketplace/categories (product categories, /api/admin/product-categories) and
// /admin/plan-categories (/api/admin/plan-categories): list with how many records use each, create, edit, delete —
// the server refuses to delete a category in use (409, its pt-BR message is shown as the notification).
import CategoryIcon from '@mui/icons-material/Category';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import { Box, Chip, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  List,
  NullableBooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useRecordContext,
  useTranslate,
  type ResourceProps,
  type Validator,
} from 'react-admin';
import type { AdminPlanCategoryRecord, AdminProductCategoryRecord } from '../lib/api-types';
import { SlugFromName } from '../components/slug-from-name';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const v = (key: string) => `turma.categories.validation.${key}`;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const validateName: Validator[] = [required(v('name_required')), (value) => (trimmed(value).length < 2 ? v('name_required') : trimmed(value).length > 80 ? v('name_max') : undefined)];
const validateSlug: Validator[] = [required(v('slug_required')), (value) => (trimmed(value) && !SLUG.test(trimmed(value)) ? v('slug_format') : undefined)];
const validateOrder: Validator = (value) => (value == null || value === '' ? undefined : typeof value !== 'number' || !Number.isInteger(value) || value < 0 ? v('sort_order') : undefined);

const kindChoices = [
  { id: 'service', name: 'turma.plans.kinds.service' },
  { id: 'product', name: 'turma.plans.kinds.product' },
];

const ActiveChip = ({ active }: { active: boolean }) => {
  const translate = useTranslate();
  return <Chip size="small" color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} label={translate(active ? 'turma.products.status.active' : 'turma.products.status.inactive')} />;
};

const NameCell = ({ name, slug }: { name: string; slug: string }) => (
  <Box>
    <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
      {name}
    </Typography>
    <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontFamily: MONO }}>
      {slug}
    </Typography>
  </Box>
);


const activeFilter = (
  <NullableBooleanInput
    key="active"
    source="active"
    alwaysOn
    nullLabel="turma.products.status.all"
    trueLabel="turma.products.status.active"
    falseLabel="turma.products.status.inactive"
    label="turma.products.status.label"
    sx={{ minWidth: 160 }}
  />
);

const CommonFields = ({ isCreate, withKind }: { isCreate: boolean; withKind: boolean }) => (
  <Box sx={{ width: '100%', maxWidth: 640 }}>
    {isCreate ? <SlugFromName /> : null}
    <TextInput source="name" validate={validateName} />
    <TextInput source="slug" validate={validateSlug} helperText="turma.categories.help.slug" slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, style: { fontFamily: MONO } } }} />
    {withKind ? <RadioButtonGroupInput source="kind" choices={kindChoices} validate={required()} helperText={false} /> : null}
    <TextInput source="description" multiline minRows={2} helperText={false} />
    <NumberInput source="sort_order" step={1} validate={validateOrder} helperText="turma.categories.help.sort_order" />
    <BooleanInput source="active" helperText="turma.categories.help.active" />
  </Box>
);

const payload = (withKind: boolean) => (data: Record<string, unknown>) => ({
  name: trimmed(data.name),
  slug: trimmed(data.slug),
  ...(withKind ? { kind: data.kind } : {}),
  description: trimmed(data.description) || null,
  sort_order: typeof data.sort_order === 'number' ? data.sort_order : 0,
  active: data.active ?? true,
});

const DeleteButton = () => {
  const record = useRecordContext<{ id: string; name: string }>();
  if (!record) return null;
  return <DeleteWithConfirmButton confirmTitle="turma.categories.delete_title" titleTranslateOptions={{ name: record.name }} confirmContent="turma.categories.delete_content" mutationMode="pessimistic" redirect="list" />;
};

const EditToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
    <SaveButton />
    <DeleteButton />
  </Toolbar>
);

// ---------------------------------------------------------------------------------------------
// Product categories

const ProductCategoryList = () => (
  <List<AdminProductCategoryRecord> sort={{ field: 'sort_order', order: 'ASC' }} perPage={50} filters={[<SearchInput key="q" source="q" alwaysOn />, activeFilter]} exporter={false}>
    <DataTable<AdminProductCategoryRecord> rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" render={(r) => <NameCell name={r.name} slug={r.slug} />} />
      <DataTable.Col source="sort_order" align="right" />
      <DataTable.Col source="products_count" align="right" />
      <DataTable.Col source="active" render={(r) => <ActiveChip active={r.active} />} />
    </DataTable>
  </List>
);

export const productCategories: Omit<ResourceProps, 'name'> = {
  list: ProductCategoryList,
  create: () => (
    <Create redirect="list" transform={payload(false)}>
      <SimpleForm defaultValues={{ name: '', slug: '', description: '', sort_order: 0, active: true }}>
        <CommonFields isCreate withKind={false} />
      </SimpleForm>
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list" transform={payload(false)}>
      <SimpleForm toolbar={<EditToolbar />}>
        <CommonFields isCreate={false} withKind={false} />
      </SimpleForm>
    </Edit>
  ),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};

// ---------------------------------------------------------------------------------------------
// Plan categories

const PlanCategoryList = () => {
  const translate = useTranslate();
  return (
    <List<AdminPlanCategoryRecord>
      sort={{ field: 'sort_order', order: 'ASC' }}
      perPage={50}
      filters={[<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn sx={{ minWidth: 160 }} />, activeFilter]}
      exporter={false}
    >
      <DataTable<AdminPlanCategoryRecord> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" render={(r) => <NameCell name={r.name} slug={r.slug} />} />
        <DataTable.Col source="kind" render={(r) => translate(`turma.plans.kinds.${r.kind}`)} />
        <DataTable.Col source="sort_order" align="right" />
        <DataTable.Col source="plans_count" align="right" />
        <DataTable.Col source="professionals_count" align="right" />
        <DataTable.Col source="active" render={(r) => <ActiveChip active={r.active} />} />
      </DataTable>
    </List>
  );
};

export const planCategories: Omit<ResourceProps, 'name'> = {
  list: PlanCategoryList,
  create: () => (
    <Create redirect="list" transform={payload(true)}>
      <SimpleForm defaultValues={{ name: '', slug: '', kind: 'service', description: '', sort_order: 0, active: true }}>
        <CommonFields isCreate withKind />
      </SimpleForm>
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list" transform={payload(true)}>
      <SimpleForm toolbar={<EditToolbar />}>
        <CommonFields isCreate={false} withKind />
      </SimpleForm>
    </Edit>
  ),
  icon: LabelIcon,
  recordRepresentation: 'name',
};
