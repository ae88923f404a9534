// The products list.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button as MuiButton, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import { Button, CreateButton, DataTable, List, NullableBooleanInput, ReferenceInput, SearchInput, SelectInput, SimpleList, TopToolbar, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatBRL } from '../../lib/money';
import { upload as uploadForm } from '../../lib/api';
import { Product, MONO, Thumb, ToggleActiveButton } from './shared';

// ---------------------------------------------------------------------------------------------
// Shared bits
export const ActiveChip = ({ active }: { active: boolean }) => {
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

export const StockCell = ({ record }: { record: Product }) => {
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

// ---------------------------------------------------------------------------------------------
// CSV import
export type ImportError = { line: number; message: string };

export const ImportCsvButton = () => {
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
export const productFilters = [
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

export const ListActions = () => (
  <TopToolbar>
    <ImportCsvButton />
    <CreateButton />
  </TopToolbar>
);

export const ProductList = () => {
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
