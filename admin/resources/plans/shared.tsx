// What the plans screens share (fields, chips, actions and calls).
import { Box, TextField as MuiTextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { SlugFromName } from '../../components/slug-from-name';
import { BooleanInput, NumberInput, RadioButtonGroupInput, SelectInput, TextInput, required, useTranslate, type Validator } from 'react-admin';
import { MoneyInput } from '../../components/money-input';
import { entryPriceOf, formatBRL } from '../../lib/money';
import { usePlanCategories, type PlanCategory } from '../../lib/plan-categories';
import type { AdminPlanRecord } from '../../lib/api-types';

/** One row of GET /api/admin/plans (generated from the API description). */
export type Plan = AdminPlanRecord;

export type PlanKind = Plan['kind'];

export const PLAN_KINDS: PlanKind[] = ['service', 'product'];

export const kindChoices = PLAN_KINDS.map((id) => ({ id, name: `turma.plans.kinds.${id}` }));

export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

// ---------------------------------------------------------------------------------------------
// Validation: the server's rules (core/catalog/plan.service.ts planInputSchema) and its messages.
export const SLUG = /^[a-z0-9-]+$/;

export const v = (key: string) => `turma.plans.validation.${key}`;

export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const validateName: Validator[] = [
  required(v('name_required')),
  (value) => (trimmed(value).length < 3 ? v('name_required') : trimmed(value).length > 120 ? v('name_max') : undefined),
];

export const validateSlug: Validator[] = [
  required(v('slug_required')),
  (value) => (trimmed(value) && !SLUG.test(trimmed(value)) ? v('slug_format') : undefined),
];

export const validateDescription: Validator = (value) => (trimmed(value).length > 2000 ? v('description_max') : undefined);

export const validateImageUrl: Validator = (value) => (trimmed(value).length > 500 ? v('image_url_max') : undefined);

export const positiveCents =
  (message: string): Validator =>
  (value) =>
    typeof value === 'number' && value <= 0 ? v(message) : undefined;

export const validatePrice: Validator[] = [required(v('price_required')), positiveCents('price_positive')];

export const validateFullPrice: Validator[] = [
  required(v('full_price_required')),
  positiveCents('full_price_positive'),
  (value, values: { price?: unknown }) =>
    typeof value === 'number' && typeof values.price === 'number' && value < values.price
      ? v('full_price_below_price')
      : undefined,
];

export const integerBetween =
  (min: number, max: number, below: string, above: string): Validator =>
  (value) => {
    if (value == null || value === '') return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) return v('integer');
    if (value < min) return v(below);
    if (value > max) return v(above);
    return undefined;
  };

export const validateGroupSize = [required(v('group_size_min')), integerBetween(2, 50, 'group_size_min', 'group_size_max')];

export const validateWindowDays = [required(v('window_days')), integerBetween(1, 365, 'window_days', 'window_days')];

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

// ---------------------------------------------------------------------------------------------
// Create / Edit
export const Section = ({ title, children }: { title: string; children: ReactNode }) => {
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
export const Row = ({ columns = 2, children }: { columns?: 2 | 3; children: ReactNode }) => (
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
export const EntryPreview = () => {
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


export const CategoryInput = () => {
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

export const PlanFormFields = ({ isCreate }: { isCreate: boolean }) => (
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
