// What the products screens share (fields, chips, actions and calls).
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/AddPhotoAlternate';
import { Box, Button as MuiButton, Chip, IconButton, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { BooleanInput, Button, NumberInput, ReferenceInput, SelectInput, TextInput, required, useNotify, useRecordContext, useRefresh, useTranslate, type Validator } from 'react-admin';
import { MoneyInput } from '../../components/money-input';
import type { AdminProductRecord } from '../../lib/api-types';
import { SlugFromName } from '../../components/slug-from-name';
import { adminApi, call, upload as uploadForm } from '../../lib/api';

export type Product = AdminProductRecord;

export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export const v = (key: string) => `turma.products.validation.${key}`;

export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Validation: the server's rules (core/marketplace/product-schemas.ts) and their messages.
export const validateName: Validator[] = [
  required(v('name_required')),
  (value) => (trimmed(value).length < 3 ? v('name_required') : trimmed(value).length > 160 ? v('name_max') : undefined),
];

export const validateSlug: Validator[] = [required(v('slug_required')), (value) => (trimmed(value) && !SLUG.test(trimmed(value)) ? v('slug_format') : undefined)];

export const validatePrice: Validator[] = [required(v('price_required')), (value) => (typeof value === 'number' && value <= 0 ? v('price_positive') : undefined)];

export const validateStock: Validator = (value) => {
  if (value == null || value === '') return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) return v('stock_integer');
  return value < 0 ? v('stock_negative') : undefined;
};

export const SHIPPING_FIELDS = ['weight_grams', 'height_cm', 'width_cm', 'length_cm'] as const;

export const validateWhole = (max: number): Validator => (value) => {
  if (value == null || value === '') return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) return v('shipping_integer');
  return value < 1 ? v('shipping_positive') : value > max ? v('shipping_max') : undefined;
};

/** The NCM: 8 digits, dots allowed (6109.10.00); empty falls back to the store's default. */
export const validateNcm: Validator = (value) => {
  const digits = trimmed(value).replace(/[.\s]/g, '');
  return digits && !/^\d{8}$/.test(digits) ? v('ncm_format') : undefined;
};

export const validateDescription: Validator = (value) => (trimmed(value).length > 4000 ? v('description_max') : undefined);

/** What POST/PUT take: never the computed fields (stock_state, image_url, category_name, dates). */
export function toProductPayload(data: Partial<Product>) {
  const stock = data.stock_quantity as unknown;
  return {
    name: trimmed(data.name),
    slug: trimmed(data.slug),
    description: trimmed(data.description),
    price: data.price,
    stock_quantity: typeof stock === 'number' ? stock : null,
    category_id: data.category_id || null,
    images: data.images ?? [],
    active: data.active ?? true,
    // Weight (g) and dimensions (cm) for the freight quote; left out when empty (the product keeps its own).
    ...Object.fromEntries(SHIPPING_FIELDS.filter((k) => typeof data[k] === 'number').map((k) => [k, data[k]])),
    // The invoices' facts: goods by default; an empty NCM means the store's default (NFE_NCM).
    fiscal_kind: data.fiscal_kind ?? 'goods',
    ncm: trimmed(data.ncm) || null,
  };
}

export const Thumb = ({ url, alt, size = 40 }: { url: string | null; alt: string; size?: number }) =>
  url ? (
    <Box component="img" src={url} alt={alt} loading="lazy" sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'action.hover' }} />
  ) : (
    <Box sx={{ width: size, height: size, borderRadius: 1, bgcolor: 'action.hover' }} />
  );

/** "Ativar" / "Desativar": POST /api/admin/products/:id/activate | deactivate (audited by the server). */
export const ToggleActiveButton = ({ record: given }: { record?: Product }) => {
  const fromContext = useRecordContext<Product>();
  const record = given ?? fromContext;
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const action = record.active ? 'deactivate' : 'activate';
  const run = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      const path = { params: { path: { id: String(record.id) } } };
      await call(action === 'activate' ? adminApi.POST('/api/admin/products/{id}/activate', path) : adminApi.POST('/api/admin/products/{id}/deactivate', path));
      notify(record.active ? 'turma.products.deactivated' : 'turma.products.activated', { type: 'success', messageArgs: { name: record.name } });
      refresh();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label={record.active ? 'turma.products.deactivate' : 'turma.products.activate'}
      onClick={run}
      disabled={busy}
      color={record.active ? 'warning' : 'success'}
      aria-label={`${record.active ? 'Desativar' : 'Ativar'} ${record.name}`}
    >
      {record.active ? <BlockIcon /> : <CheckCircleIcon />}
    </Button>
  );
};

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

export const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, '& > *': { minWidth: 0 } }}>{children}</Box>
);


/** The product's images: upload one at a time (POST /api/admin/products/images), first is the cover, remove any. */
export const ImagesInput = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const images = (useWatch({ name: 'images' }) as string[] | undefined) ?? [];
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    const form = new FormData();
    form.append('image', file, file.name);
    try {
      const { url } = await uploadForm('/api/admin/products/images', form);
      setValue('images', [...images, url], { shouldDirty: true });
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1 }} role="list" aria-label={translate('turma.products.images_label')}>
        {images.map((url, i) => (
          <Box key={url} role="listitem" sx={{ position: 'relative' }}>
            <Thumb url={url} alt={translate('turma.products.image_n', { n: i + 1 })} size={96} />
            {i === 0 ? <Chip size="small" label={translate('turma.products.cover')} sx={{ position: 'absolute', left: 4, bottom: 4 }} /> : null}
            <IconButton
              size="small"
              aria-label={translate('turma.products.remove_image', { n: i + 1 })}
              onClick={() => setValue('images', images.filter((u) => u !== url), { shouldDirty: true })}
              sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <MuiButton component="label" variant="outlined" startIcon={<ImageIcon />} disabled={busy || images.length >= 12}>
        {translate(busy ? 'turma.products.uploading' : 'turma.products.upload_image')}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={translate('turma.products.upload_image')}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void upload(f);
          }}
        />
      </MuiButton>
      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}>
        {translate('turma.products.help.images')}
      </Typography>
    </Box>
  );
};

const FISCAL_KIND_CHOICES = [
  { id: 'goods', name: 'turma.products.fiscal_kinds.goods' },
  { id: 'service', name: 'turma.products.fiscal_kinds.service' },
];

export const ProductFormFields = ({ isCreate }: { isCreate: boolean }) => (
  <Box sx={{ width: '100%', maxWidth: 880 }}>
    {isCreate ? <SlugFromName /> : null}
    <Section title="turma.products.sections.identity">
      <Row>
        <TextInput source="name" validate={validateName} />
        <TextInput source="slug" validate={validateSlug} helperText="turma.products.help.slug" slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, style: { fontFamily: MONO } } }} />
      </Row>
      <ReferenceInput source="category_id" reference="marketplace/categories" sort={{ field: 'sort_order', order: 'ASC' }} perPage={200}>
        <SelectInput optionText="name" emptyText="turma.products.no_category" helperText={false} />
      </ReferenceInput>
      <TextInput source="description" validate={validateDescription} multiline minRows={3} helperText={false} />
    </Section>
    <Section title="turma.products.sections.pricing">
      <Row>
        <MoneyInput source="price" validate={validatePrice} helperText="turma.products.help.price" />
        <NumberInput source="stock_quantity" validate={validateStock} step={1} helperText="turma.products.help.stock" />
      </Row>
    </Section>
    <Section title="turma.products.sections.shipping">
      <Row>
        <NumberInput source="weight_grams" validate={validateWhole(100_000)} step={1} helperText="turma.products.help.weight" />
        <NumberInput source="height_cm" validate={validateWhole(200)} step={1} helperText={false} />
        <NumberInput source="width_cm" validate={validateWhole(200)} step={1} helperText={false} />
        <NumberInput source="length_cm" validate={validateWhole(200)} step={1} helperText="turma.products.help.dimensions" />
      </Row>
    </Section>
    <Section title="turma.products.sections.fiscal">
      <Row>
        <SelectInput
          source="fiscal_kind"
          choices={FISCAL_KIND_CHOICES}
          defaultValue="goods"
          validate={required()}
          helperText="turma.products.help.fiscal_kind"
        />
        <TextInput source="ncm" validate={validateNcm} helperText="turma.products.help.ncm" slotProps={{ htmlInput: { inputMode: 'numeric', style: { fontFamily: MONO } } }} />
      </Row>
    </Section>
    <Section title="turma.products.sections.images">
      <ImagesInput />
    </Section>
    <BooleanInput source="active" helperText="turma.products.help.active" />
  </Box>
);
