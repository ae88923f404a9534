// Planos (docs/product/group-purchase.md, docs/product/screens.md#back-office): the catalogue of group-purchase plans. Money is integer centavos; the
// entry is 10% of the price, computed by the server and only previewed here.
import BlockIcon from '@mui/icons-material/Block';
import SellIcon from '@mui/icons-material/Sell';
import { Alert, Box, Chip, TextField as MuiTextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
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
  SimpleList,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useRecordContext,
  useTranslate,
  type ResourceProps,
  type Validator,
} from 'react-admin';
import { AuditTrailButton } from '../components/audit-trail-button';
import { MoneyInput } from '../components/money-input';
import { entryPriceOf, formatBRL } from '../lib/money';
import { usePlanCategories, type PlanCategory } from '../lib/plan-categories';
import type { AdminPlanRecord } from '../lib/api-types';

/** One row of GET /api/admin/plans (generated from the API description). */
export type Plan = AdminPlanRecord;
export type PlanKind = Plan['kind'];

export const PLAN_KINDS: PlanKind[] = ['service', 'product'];
const kindChoices = PLAN_KINDS.map((id) => ({ id, name: `turma.plans.kinds.${id}` }));

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

// ---------------------------------------------------------------------------------------------
// Validation: the server's rules (core/catalog/plan.service.ts planInputSchema) and its messages.

const SLUG = /^[a-z0-9-]+$/;
const v = (key: string) => `turma.plans.validation.${key}`;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const validateName: Validator[] = [
  required(v('name_required')),
  (value) => (trimmed(value).length < 3 ? v('name_required') : trimmed(value).length > 120 ? v('name_max') : undefined),
];
const validateSlug: Validator[] = [
  required(v('slug_required')),
  (value) => (trimmed(value) && !SLUG.test(trimmed(value)) ? v('slug_format') : undefined),
];
const validateDescription: Validator = (value) => (trimmed(value).length > 2000 ? v('description_max') : undefined);
const validateImageUrl: Validator = (value) => (trimmed(value).length > 500 ? v('image_url_max') : undefined);

const positiveCents =
  (message: string): Validator =>
  (value) =>
    typeof value === 'number' && value <= 0 ? v(message) : undefined;

const validatePrice: Validator[] = [required(v('price_required')), positiveCents('price_positive')];
const validateFullPrice: Validator[] = [
  required(v('full_price_required')),
  positiveCents('full_price_positive'),
  (value, values: { price?: unknown }) =>
    typeof value === 'number' && typeof values.price === 'number' && value < values.price
      ? v('full_price_below_price')
      : undefined,
];

const integerBetween =
  (min: number, max: number, below: string, above: string): Validator =>
  (value) => {
    if (value == null || value === '') return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) return v('integer');
    if (value < min) return v(below);
    if (value > max) return v(above);
    return undefined;
  };

const validateGroupSize = [required(v('group_size_min')), integerBetween(2, 50, 'group_size_min', 'group_size_max')];
const validateWindowDays = [required(v('window_days')), integerBetween(1, 365, 'window_days', 'window_days')];

/**
 * What the server's POST/PUT takes (the whole record): never `entry_price` (the server computes it),
 * `id` or `created_at`. Text is trimmed, an empty image URL is null.
 */
export function toPlanPayload(data: Partial<Plan>) {
  const imageUrl = trimmed(data.image_url);
  return {
    category_id: data.category_id || null,
    name: trimmed(data.name),
    slug: trimmed(data.slug),
    description: trimmed(data.description),
    kind: data.kind,
    price: data.price,
    full_price: data.full_price,
    group_size: data.group_size,
    window_days: data.window_days,
    image_url: imageUrl || null,
    active: data.active ?? true,
  };
}

/** "Harmonização Facial 2x" → "harmonizacao-facial-2x". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

// ---------------------------------------------------------------------------------------------
// Shared bits

const useCategoryName = () => {
  const { categories, isPending } = usePlanCategories();
  const translate = useTranslate();
  const byId = new Map(categories.map((c) => [c.id, c.name]));
  return (id: string | null) => {
    if (!id) return translate('turma.plans.no_category');
    if (isPending) return '…';
    return byId.get(id) ?? translate('turma.plans.unknown_category');
  };
};

const ActiveChip = ({ active }: { active: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'turma.plans.status.active' : 'turma.plans.status.inactive')}
    />
  );
};

const Money = ({ cents, strike = false }: { cents: number; strike?: boolean }) => (
  <Box
    component="span"
    sx={{
      whiteSpace: 'nowrap',
      fontVariantNumeric: 'tabular-nums',
      ...(strike ? { color: 'text.secondary', textDecoration: 'line-through' } : {}),
    }}
  >
    {formatBRL(cents)}
  </Box>
);

// ---------------------------------------------------------------------------------------------
// List

const usePlanFilters = () => [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn sx={{ minWidth: 160 }} />,
  <NullableBooleanInput
    key="active"
    source="active"
    alwaysOn
    nullLabel="turma.plans.status.all"
    trueLabel="turma.plans.status.active"
    falseLabel="turma.plans.status.inactive"
    label="turma.plans.status.label"
    sx={{ minWidth: 160 }}
  />,
];

const PlanList = () => {
  const translate = useTranslate();
  const filters = usePlanFilters();
  const categoryName = useCategoryName();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));

  return (
    <List<Plan> sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={filters} exporter={false}>
      {isSmall ? (
        <SimpleList<Plan>
          linkType="edit"
          primaryText={(record) => record.name}
          secondaryText={(record) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {translate(`turma.plans.kinds.${record.kind}`)} · {categoryName(record.category_id)}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                <Money cents={record.price} /> · {translate('resources.plans.fields.full_price')}{' '}
                <Money cents={record.full_price} strike />
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                {translate('resources.plans.fields.entry_price')} <Money cents={record.entry_price} /> ·{' '}
                {translate('turma.plans.people', { smart_count: record.group_size })} ·{' '}
                {translate('turma.plans.days', { smart_count: record.window_days })}
              </Box>
            </>
          )}
          tertiaryText={(record) => <ActiveChip active={record.active} />}
        />
      ) : (
        <DataTable<Plan>
          rowClick="edit"
          bulkActionButtons={false}
          // Between the phone layout and a wide screen the table scrolls sideways, not the page
          // (`contain` keeps the table's width out of the layout's fit-content sizing).
          sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}
        >
          <DataTable.Col
            source="name"
            render={(record) => (
              <Box sx={{ minWidth: 160 }}>
                <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                  {record.name}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontFamily: MONO }}>
                  {record.slug}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="category_id" disableSort render={(record) => categoryName(record.category_id)} />
          <DataTable.Col source="kind" render={(record) => translate(`turma.plans.kinds.${record.kind}`)} />
          {/* The group price with the full price struck through under it (sorts by the group price). */}
          <DataTable.Col
            source="price"
            align="right"
            render={(record) => (
              <>
                <Box sx={{ fontWeight: 600 }}>
                  <Money cents={record.price} />
                </Box>
                <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                  <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
                    {translate('resources.plans.fields.full_price')}
                  </Box>
                  <Money cents={record.full_price} strike />
                </Typography>
              </>
            )}
          />
          <DataTable.Col source="entry_price" align="right" disableSort render={(record) => <Money cents={record.entry_price} />} />
          <DataTable.Col
            source="group_size"
            label="turma.plans.columns.group_size"
            align="right"
            render={(record) => record.group_size}
          />
          <DataTable.Col
            source="window_days"
            align="right"
            render={(record) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {translate('turma.plans.days', { smart_count: record.window_days })}
              </Box>
            )}
          />
          <DataTable.Col source="active" render={(record) => <ActiveChip active={record.active} />} />
        </DataTable>
      )}
    </List>
  );
};

// ---------------------------------------------------------------------------------------------
// Create / Edit

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%', minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600, color: 'text.secondary', mb: 0.5, p: 0 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

/** Two or three inputs side by side on wide screens, stacked on phones. */
const Row = ({ columns = 2, children }: { columns?: 2 | 3; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      columnGap: 2,
      gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
      '& > *': { minWidth: 0 },
    }}
  >
    {children}
  </Box>
);

/** The entry as the server will compute it, live from the price typed so far (never submitted). */
const EntryPreview = () => {
  const translate = useTranslate();
  const price = useWatch({ name: 'price' });
  const entry = entryPriceOf(price);
  return (
    <MuiTextField
      id="plan-entry-preview"
      label={translate('turma.plans.entry_label')}
      value={entry === null ? '—' : formatBRL(entry)}
      helperText={translate('turma.plans.entry_help')}
      slotProps={{ htmlInput: { readOnly: true } }}
      sx={{ '& .MuiInputBase-input': { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
    />
  );
};

/** On create, the slug follows the name until the admin types one of their own. */
const SlugFromName = () => {
  const { setValue, getFieldState } = useFormContext();
  const name = useWatch({ name: 'name' });
  useEffect(() => {
    if (!getFieldState('slug').isDirty) setValue('slug', slugify(typeof name === 'string' ? name : ''));
  }, [name, getFieldState, setValue]);
  return null;
};

const CategoryInput = () => {
  const { categories, isPending, failed } = usePlanCategories();
  const kind = useWatch({ name: 'kind' });
  const current = useWatch({ name: 'category_id' });
  const choices = categories.filter((c: PlanCategory) => !kind || c.kind === kind || c.id === current);
  return (
    <SelectInput
      source="category_id"
      choices={choices}
      optionValue="id"
      optionText="name"
      translateChoice={false}
      emptyText="turma.plans.no_category"
      isPending={isPending}
      helperText={failed ? 'turma.plans.categories_failed' : false}
    />
  );
};

const PlanFormFields = ({ isCreate }: { isCreate: boolean }) => (
  <Box sx={{ width: '100%', maxWidth: 880 }}>
    {isCreate ? <SlugFromName /> : null}
    <Section title="turma.plans.sections.identity">
      <Row>
        <TextInput source="name" validate={validateName} />
        <TextInput
          source="slug"
          validate={validateSlug}
          helperText="turma.plans.help.slug"
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, style: { fontFamily: MONO } } }}
        />
      </Row>
      <Row>
        <RadioButtonGroupInput source="kind" choices={kindChoices} validate={required()} helperText={false} />
        <CategoryInput />
      </Row>
    </Section>
    <Section title="turma.plans.sections.pricing">
      <Row columns={3}>
        <MoneyInput source="price" validate={validatePrice} helperText="turma.plans.help.price" />
        <MoneyInput source="full_price" validate={validateFullPrice} helperText="turma.plans.help.full_price" />
        <EntryPreview />
      </Row>
    </Section>
    {/* No min/max attributes: the browser's own tooltip would pre-empt the messages below. */}
    <Section title="turma.plans.sections.group">
      <Row>
        <NumberInput
          source="group_size"
          validate={validateGroupSize}
          step={1}
          helperText="turma.plans.help.group_size"
        />
        <NumberInput
          source="window_days"
          validate={validateWindowDays}
          step={1}
          helperText="turma.plans.help.window_days"
        />
      </Row>
    </Section>
    <Section title="turma.plans.sections.details">
      <TextInput source="description" validate={validateDescription} multiline minRows={3} helperText={false} />
      <TextInput source="image_url" validate={validateImageUrl} helperText="turma.plans.help.image_url" />
      <BooleanInput source="active" helperText="turma.plans.help.active" />
    </Section>
  </Box>
);

const DeactivateButton = () => {
  const record = useRecordContext<Plan>();
  if (!record?.active) return null;
  return (
    <DeleteWithConfirmButton
      label="turma.plans.deactivate"
      icon={<BlockIcon />}
      confirmTitle="turma.plans.deactivate_title"
      titleTranslateOptions={{ name: record.name }}
      confirmContent="turma.plans.deactivate_content"
      successMessage="turma.plans.deactivated"
      mutationMode="pessimistic"
      redirect="list"
    />
  );
};

const EditToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
    <SaveButton />
    <DeactivateButton />
  </Toolbar>
);

const InactiveNotice = () => {
  const record = useRecordContext<Plan>();
  const translate = useTranslate();
  if (!record || record.active) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 880, boxSizing: 'border-box' }}>
      {translate('turma.plans.inactive_notice')}
    </Alert>
  );
};

const createDefaults = {
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

const PlanCreate = () => (
  <Create<Plan> redirect="list" transform={toPlanPayload}>
    <SimpleForm defaultValues={createDefaults}>
      <PlanFormFields isCreate />
    </SimpleForm>
  </Create>
);

const EditActions = () => {
  const record = useRecordContext<Plan>();
  return (
    <TopToolbar>
      <AuditTrailButton entityType="plan" entityId={record?.id} />
    </TopToolbar>
  );
};

const PlanEdit = () => (
  <Edit<Plan> mutationMode="pessimistic" redirect="list" transform={toPlanPayload} actions={<EditActions />}>
    <SimpleForm toolbar={<EditToolbar />}>
      <InactiveNotice />
      <PlanFormFields isCreate={false} />
    </SimpleForm>
  </Edit>
);

export const plans: Omit<ResourceProps, 'name'> = {
  list: PlanList,
  create: PlanCreate,
  edit: PlanEdit,
  icon: SellIcon,
  recordRepresentation: 'name',
};
