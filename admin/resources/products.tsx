// Produtos do marketplace (docs/product/screens.md#back-office): the list with search, category, active and low-stock
// filters; create/edit with the price typed in reais (centavos on the wire) and images uploaded through the server;
// activate/deactivate; the CSV import (all or nothing: every bad line reported, none saved).
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/AddPhotoAlternate';
import StorefrontIcon from '@mui/icons-material/Storefront';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button as MuiButton,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  Button,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type ResourceProps,
  type Validator,
} from 'react-admin';
import { AuditTrailButton } from '../components/audit-trail-button';
import { MoneyInput } from '../components/money-input';
import type { AdminProductRecord } from '../lib/api-types';
import { formatBRL } from '../lib/money';
import { slugify } from './plans';
import { adminApi, call, upload as uploadForm } from '../lib/api';

export type Product = AdminProductRecord;

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const v = (key: string) => `turma.products.validation.${key}`;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Validation: the server's rules (core/marketplace/product-schemas.ts) and their messages.
const validateName: Validator[] = [
  required(v('name_required')),
  (value) => (trimmed(value).length < 3 ? v('name_required') : trimmed(value).length > 160 ? v('name_max') : undefined),
];
const validateSlug: Validator[] = [required(v('slug_required')), (value) => (trimmed(value) && !SLUG.test(trimmed(value)) ? v('slug_format') : undefined)];
const validatePrice: Validator[] = [required(v('price_required')), (value) => (typeof value === 'number' && value <= 0 ? v('price_positive') : undefined)];
const validateStock: Validator = (value) => {
  if (value == null || value === '') return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) return v('stock_integer');
  return value < 0 ? v('stock_negative') : undefined;
};
const SHIPPING_FIELDS = ['weight_grams', 'height_cm', 'width_cm', 'length_cm'] as const;
const validateWhole = (max: number): Validator => (value) => {
  if (value == null || value === '') return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) return v('shipping_integer');
  return value < 1 ? v('shipping_positive') : value > max ? v('shipping_max') : undefined;
};
const validateDescription: Validator = (value) => (trimmed(value).length > 4000 ? v('description_max') : undefined);

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
  };
}

// ---------------------------------------------------------------------------------------------
// Shared bits

const ActiveChip = ({ active }: { active: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'turma.products.status.active' : 'turma.products.status.inactive')}
    />
  );
};

const StockCell = ({ record }: { record: Product }) => {
  const translate = useTranslate();
  const color = record.stock_state === 'sold_out' ? 'error' : record.stock_state === 'low' ? 'warning' : 'default';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {record.stock_quantity === null ? translate('turma.products.unlimited') : record.stock_quantity}
      </Box>
      {record.stock_state !== 'available' ? <Chip size="small" color={color} label={translate(`turma.products.stock_states.${record.stock_state}`)} /> : null}
    </Box>
  );
};

const Thumb = ({ url, alt, size = 40 }: { url: string | null; alt: string; size?: number }) =>
  url ? (
    <Box component="img" src={url} alt={alt} loading="lazy" sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'action.hover' }} />
  ) : (
    <Box sx={{ width: size, height: size, borderRadius: 1, bgcolor: 'action.hover' }} />
  );

/** "Ativar" / "Desativar": POST /api/admin/products/:id/activate | deactivate (audited by the server). */
const ToggleActiveButton = ({ record: given }: { record?: Product }) => {
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
// CSV import

type ImportError = { line: number; message: string };

const ImportCsvButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; lines: ImportError[] } | null>(null);
  const close = () => {
    setOpen(false);
    setFile(null);
    setFailure(null);
  };
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const report = await uploadForm('/api/admin/products/import', form);
      notify('turma.products.import.done', { type: 'success', messageArgs: { created: report.created, updated: report.updated } });
      close();
      refresh();
    } catch (err) {
      const body = (err as { body?: { error?: { message?: string; lines?: ImportError[] } } }).body;
      setFailure({ message: body?.error?.message ?? (err instanceof Error ? err.message : translate('ra.notification.http_error')), lines: body?.error?.lines ?? [] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="turma.products.import.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={`${inputId}-title`}>
        <DialogTitle id={`${inputId}-title`}>{translate('turma.products.import.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('turma.products.import.help')}</DialogContentText>
          <Box component="pre" sx={{ fontFamily: MONO, fontSize: 13, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto' }}>
            {'name;slug;category;price;stock;description\nVela Aromática;vela-aromatica;casa;49,90;12;Lavanda'}
          </Box>
          <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ mt: 1 }}>
            {translate('turma.products.import.choose')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label={translate('turma.products.import.choose')}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFailure(null);
              }}
            />
          </MuiButton>
          {file ? <Typography sx={{ mt: 1 }}>{file.name}</Typography> : null}
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              <Typography sx={{ fontWeight: 600 }}>{failure.message}</Typography>
              {failure.lines.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 240, overflowY: 'auto' }}>
                  {failure.lines.map((l) => (
                    <li key={`${l.line}-${l.message}`}>{translate('turma.products.import.line', { line: l.line, message: l.message })}</li>
                  ))}
                </Box>
              ) : null}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton onClick={send} variant="contained" disabled={!file || busy}>
            {translate('turma.products.import.send')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

// ---------------------------------------------------------------------------------------------
// List

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="category_id" source="category_id" reference="marketplace/categories" sort={{ field: 'sort_order', order: 'ASC' }} perPage={200} alwaysOn>
    <SelectInput optionText="name" label="resources.marketplace/products.fields.category_id" sx={{ minWidth: 180 }} />
  </ReferenceInput>,
  <NullableBooleanInput
    key="active"
    source="active"
    alwaysOn
    nullLabel="turma.products.status.all"
    trueLabel="turma.products.status.active"
    falseLabel="turma.products.status.inactive"
    label="turma.products.status.label"
    sx={{ minWidth: 160 }}
  />,
  <NullableBooleanInput
    key="low_stock"
    source="low_stock"
    alwaysOn
    nullLabel="turma.products.stock_filter.all"
    trueLabel="turma.products.stock_filter.low"
    falseLabel="turma.products.stock_filter.normal"
    label="turma.products.stock_filter.label"
    sx={{ minWidth: 180 }}
  />,
];

const ListActions = () => (
  <TopToolbar>
    <ImportCsvButton />
    <CreateButton />
  </TopToolbar>
);

const ProductList = () => {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List<Product> sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={productFilters} actions={<ListActions />} exporter={false}>
      {isSmall ? (
        <SimpleList<Product>
          linkType="edit"
          leftAvatar={(record) => <Thumb url={record.image_url} alt="" />}
          primaryText={(record) => record.name}
          secondaryText={(record) => `${formatBRL(record.price)} · ${record.category_name ?? translate('turma.products.no_category')} · ${translate('resources.marketplace/products.fields.stock_quantity')}: ${record.stock_quantity ?? translate('turma.products.unlimited')}`}
          tertiaryText={(record) => <ActiveChip active={record.active} />}
        />
      ) : (
        <DataTable<Product> rowClick="edit" bulkActionButtons={false} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}>
          <DataTable.Col source="image_url" disableSort label="turma.products.image" render={(record) => <Thumb url={record.image_url} alt="" />} />
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
          <DataTable.Col source="category_id" disableSort render={(record) => record.category_name ?? translate('turma.products.no_category')} />
          <DataTable.Col source="price" align="right" render={(record) => <Box sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatBRL(record.price)}</Box>} />
          <DataTable.Col source="stock_quantity" align="right" render={(record) => <StockCell record={record as Product} />} />
          <DataTable.Col source="active" render={(record) => <ActiveChip active={record.active} />} />
          <DataTable.Col label="turma.products.actions" disableSort render={(record) => <ToggleActiveButton record={record as Product} />} />
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

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, '& > *': { minWidth: 0 } }}>{children}</Box>
);

const SlugFromName = () => {
  const { setValue, getFieldState } = useFormContext();
  const name = useWatch({ name: 'name' });
  useEffect(() => {
    if (!getFieldState('slug').isDirty) setValue('slug', slugify(typeof name === 'string' ? name : ''));
  }, [name, getFieldState, setValue]);
  return null;
};

/** The product's images: upload one at a time (POST /api/admin/products/images), first is the cover, remove any. */
const ImagesInput = () => {
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

const ProductFormFields = ({ isCreate }: { isCreate: boolean }) => (
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
    <Section title="turma.products.sections.images">
      <ImagesInput />
    </Section>
    <BooleanInput source="active" helperText="turma.products.help.active" />
  </Box>
);

const EditToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
    <SaveButton />
    <ToggleActiveButton />
  </Toolbar>
);

const EditActions = () => {
  const record = useRecordContext<Product>();
  return (
    <TopToolbar>
      <AuditTrailButton entityType="product" entityId={record?.id} />
    </TopToolbar>
  );
};

const createDefaults = { name: '', slug: '', description: '', price: null, stock_quantity: null, category_id: null, images: [], active: true, weight_grams: 500, height_cm: 10, width_cm: 15, length_cm: 20 };

const ProductCreate = () => (
  <Create<Product> redirect="list" transform={toProductPayload}>
    <SimpleForm defaultValues={createDefaults}>
      <ProductFormFields isCreate />
    </SimpleForm>
  </Create>
);

const ProductEdit = () => (
  <Edit<Product> mutationMode="pessimistic" redirect="list" transform={toProductPayload} actions={<EditActions />}>
    <SimpleForm toolbar={<EditToolbar />}>
      <ProductFormFields isCreate={false} />
    </SimpleForm>
  </Edit>
);

export const products: Omit<ResourceProps, 'name'> = {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: StorefrontIcon,
  recordRepresentation: 'name',
};
