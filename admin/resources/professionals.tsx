// Profissionais (docs/product/professionals.md): applications by status (tabs), the application with its photos and trade
// register, and the back office's decisions: approve (or reactivate), reject with a reason, suspend with a reason,
// feature until a day, bulk approve. The server e-mails, notifies and audits every decision (linked from the show page).
import BadgeIcon from '@mui/icons-material/Badge';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import StarIcon from '@mui/icons-material/Star';
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
  Divider,
  Tab,
  Tabs,
  TextField as MuiTextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  Button,
  FilterButton,
  DataTable,
  List,
  ListButton,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
  type ResourceProps,
} from 'react-admin';
import type { AdminProfessionalDetailRecord, AdminProfessionalRecord } from '../lib/api-types';
import { usePlanCategories } from '../lib/plan-categories';
import { errorMessage } from '../providers/dataProvider';
import { AuditTrailButton } from '../components/audit-trail-button';
import { Fact, Facts, SectionCard } from '../components/facts';
import { PixKey } from '../components/pix-key';
import { StatusTabEmpty } from '../components/status-tab-empty';
import { ReasonDialog } from '../components/reason-dialog';
import { formatCents } from '../../core/shared/money';
import { adminApi, call, postAction, type ApiBody } from '../lib/api';

/** One row of GET /api/admin/professionals and the show page's record (generated from the API description). */
export type Professional = AdminProfessionalRecord;
export type ProfessionalDetail = AdminProfessionalDetailRecord;
export type ProfessionalStatus = Professional['status'];

export const PROFESSIONAL_TABS: ProfessionalStatus[] = ['pending', 'approved', 'rejected', 'suspended'];
const STATUS_COLOR: Record<ProfessionalStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  suspended: 'default',
};

type Action = 'approve' | 'reject' | 'suspend' | 'feature';

/** POST /api/admin/professionals/:id/<action>; the server's pt-BR message on failure (thrown as HttpError). */
export const decideProfessional = <A extends Action>(id: string, action: A, body?: ApiBody<`/api/admin/professionals/{id}/${A}`, 'post'>) =>
  postAction(`/api/admin/professionals/{id}/${action}`, id, body);


/** "11144477735" → "111.444.777-35"; CNPJs as "11.222.333/0001-81". */
export function formatTaxId(taxId: string): string {
  if (/^\d{11}$/.test(taxId)) return taxId.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{14}$/.test(taxId)) return taxId.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return taxId;
}

const formatCep = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

const useCategoryName = () => {
  const { categories } = usePlanCategories();
  const bySlug = new Map(categories.map((c) => [c.slug, c.name]));
  return (slug: string) => bySlug.get(slug) ?? slug;
};

export const StatusChip = ({ status }: { status: ProfessionalStatus }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`turma.professionals.status.${status}`)} />;
};

const FeaturedChip = ({ record }: { record: Professional }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.featured || !record.featured_until) return null;
  return (
    <Chip
      size="small"
      icon={<StarIcon />}
      color="secondary"
      variant="outlined"
      label={translate('turma.professionals.featured_until', {
        date: new Date(record.featured_until).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' }),
      })}
    />
  );
};

// ---------------------------------------------------------------------------------------------
// List

const StatusTabs = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext<Professional>();
  const translate = useTranslate();
  const current = (filterValues.status as ProfessionalStatus | undefined) ?? 'pending';
  return (
    <Tabs
      value={current}
      onChange={(_, status: ProfessionalStatus) => setFilters({ ...filterValues, status }, displayedFilters)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('turma.professionals.tabs_label')}
      // `contain`: the scrollable tabs take the list's width instead of widening the layout on a phone.
      sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
    >
      {PROFESSIONAL_TABS.map((status) => (
        <Tab key={status} value={status} label={translate(`turma.professionals.tabs.${status}`)} />
      ))}
    </Tabs>
  );
};

/** Approves every selected application, one request each (each one e-mailed, notified and audited). */
const BulkApproveButton = () => {
  const { selectedIds, filterValues } = useListContext<Professional>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('professionals');
  const [busy, setBusy] = useState(false);
  if ((filterValues.status ?? 'pending') !== 'pending') return null;
  const approveAll = async () => {
    setBusy(true);
    let ok = 0;
    const failures: string[] = [];
    for (const id of selectedIds) {
      try {
        await decideProfessional(String(id), 'approve');
        ok += 1;
      } catch (err) {
        failures.push(errorMessage(err));
      }
    }
    setBusy(false);
    unselectAll();
    refresh();
    if (failures.length) {
      notify('turma.professionals.bulk_partial', { type: 'warning', messageArgs: { ok, failed: failures.length, reason: failures[0] } });
    } else {
      notify('turma.professionals.bulk_approved', { type: 'success', messageArgs: { smart_count: ok } });
    }
  };
  return (
    <Button label="turma.professionals.actions.bulk_approve" onClick={approveAll} disabled={busy}>
      <CheckCircleIcon />
    </Button>
  );
};

const useProfessionalFilters = () => {
  const { categories } = usePlanCategories();
  const choices = categories.filter((c) => c.kind === 'service').map((c) => ({ id: c.slug, name: c.name }));
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="category" source="category" choices={choices} translateChoice={false} alwaysOn sx={{ minWidth: 180 }} />,
    <TextInput key="city" source="city" alwaysOn sx={{ minWidth: 160 }} />,
    <NullableBooleanInput
      key="featured"
      source="featured"
      alwaysOn
      nullLabel="turma.professionals.featured_filter.all"
      trueLabel="turma.professionals.featured_filter.yes"
      falseLabel="turma.professionals.featured_filter.no"
      sx={{ minWidth: 160 }}
    />,
  ];
};

const ProfessionalListBody = () => {
  const translate = useTranslate();
  const categoryName = useCategoryName();
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const place = (r: Professional) => [r.address_city, r.address_state].filter(Boolean).join(' / ') || '—';
  return (
    <>
      <StatusTabs />
      {isSmall ? (
        <SimpleList<Professional>
          linkType="show"
          primaryText={(r) => r.business_name}
          secondaryText={(r) => `${categoryName(r.category)} · ${place(r)}`}
          tertiaryText={(r) => <StatusChip status={r.status} />}
          empty={<StatusTabEmpty tabs={PROFESSIONAL_TABS} messages="turma.professionals" />}
        />
      ) : (
        <DataTable<Professional>
          rowClick="show"
          bulkActionButtons={<BulkApproveButton />}
          empty={<StatusTabEmpty tabs={PROFESSIONAL_TABS} messages="turma.professionals" />}
          sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}
        >
          <DataTable.Col
            source="business_name"
            render={(r) => (
              <Box sx={{ minWidth: 160 }}>
                <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                  {r.business_name}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {r.full_name}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="category" render={(r) => categoryName(r.category)} />
          <DataTable.Col source="address_city" render={place} />
          <DataTable.Col source="created_at" render={(r) => new Date(r.created_at).toLocaleDateString(locale)} />
          <DataTable.Col source="rating_average" align="right" render={(r) => (r.total_reviews ? `${r.rating_average.toFixed(2)} (${r.total_reviews})` : '—')} />
          <DataTable.Col
            source="status"
            disableSort
            label="turma.professionals.columns.situation"
            render={(r) => (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                <StatusChip status={r.status} />
                <FeaturedChip record={r as Professional} />
              </Box>
            )}
          />
        </DataTable>
      )}
      <Typography variant="caption" sx={{ display: 'block', px: 2, py: 1, color: 'text.secondary' }}>
        {translate('turma.professionals.list_hint')}
      </Typography>
    </>
  );
};

/** POST /api/admin/payouts/run: pays every professional due a payout now (the daily job's run, audited). */
const RunPayoutsButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = await call(adminApi.POST('/api/admin/payouts/run'));
      notify(
        result.payouts === 0
          ? 'turma.professionals.payouts.none'
          : translate('turma.professionals.payouts.done', { count: result.payouts, amount: formatCents(result.amount, 'pt-BR'), smart_count: result.payouts }),
        { type: result.payouts === 0 ? 'info' : 'success' },
      );
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return <Button label="turma.professionals.payouts.run" onClick={run} disabled={running} />;
};

const ProfessionalListActions = () => (
  <TopToolbar>
    <FilterButton />
    <RunPayoutsButton />
  </TopToolbar>
);

const ProfessionalList = () => (
  <List<Professional>
    actions={<ProfessionalListActions />}
    sort={{ field: 'created_at', order: 'ASC' }}
    perPage={25}
    filters={useProfessionalFilters()}
    filterDefaultValues={{ status: 'pending' }}
    exporter={false}
  >
    <ProfessionalListBody />
  </List>
);

// ---------------------------------------------------------------------------------------------
// Decisions

/** Today in São Paulo as YYYY-MM-DD (the server features until 23:59:59 of that day there). */
const todaySaoPaulo = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

const FeatureDialog = ({ open, record, onClose, onSave }: { open: boolean; record: Professional; onClose: () => void; onSave: (until: string | null) => Promise<void> }) => {
  const translate = useTranslate();
  const current = record.featured && record.featured_until ? new Date(record.featured_until).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }) : '';
  const [until, setUntil] = useState(current);
  const [busy, setBusy] = useState(false);
  const invalid = !/^\d{4}-\d{2}-\d{2}$/.test(until) || until < todaySaoPaulo();
  const run = async (value: string | null) => {
    setBusy(true);
    try {
      await onSave(value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="feature-dialog-title">
      <DialogTitle id="feature-dialog-title">{translate('turma.professionals.feature_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('turma.professionals.feature_text')}</DialogContentText>
        <MuiTextField
          type="date"
          fullWidth
          label={translate('turma.professionals.feature_until_label')}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          error={!!until && invalid}
          helperText={until && invalid ? translate('turma.professionals.feature_until_past') : ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todaySaoPaulo() } }}
        />
      </DialogContent>
      <DialogActions>
        {record.featured ? (
          <MuiButton onClick={() => run(null)} disabled={busy} color="error" sx={{ mr: 'auto' }}>
            {translate('turma.professionals.actions.unfeature')}
          </MuiButton>
        ) : null}
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton onClick={() => run(until)} disabled={busy || invalid} variant="contained">
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

const DecisionButtons = () => {
  const record = useRecordContext<ProfessionalDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<null | 'reject' | 'suspend' | 'feature'>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const act = async <A extends Action>(action: A, body: ApiBody<`/api/admin/professionals/{id}/${A}`, 'post'> | undefined, done: string) => {
    try {
      await decideProfessional(record.id, action, body);
      setDialog(null);
      notify(done, { type: 'success' });
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  };
  const approve = async () => {
    setBusy(true);
    await act('approve', undefined, record.status === 'suspended' ? 'turma.professionals.done.reactivated' : 'turma.professionals.done.approved');
    setBusy(false);
  };

  return (
    <>
      {record.status === 'pending' || record.status === 'suspended' ? (
        <Button
          label={record.status === 'suspended' ? 'turma.professionals.actions.reactivate' : 'turma.professionals.actions.approve'}
          onClick={approve}
          disabled={busy}
          variant="contained"
          color="success"
        >
          <CheckCircleIcon />
        </Button>
      ) : null}
      {record.status === 'pending' ? (
        <Button label="turma.professionals.actions.reject" onClick={() => setDialog('reject')} color="error">
          <CloseIcon />
        </Button>
      ) : null}
      {record.status === 'approved' ? (
        <>
          <Button label="turma.professionals.actions.feature" onClick={() => setDialog('feature')}>
            <StarIcon />
          </Button>
          <Button label="turma.professionals.actions.suspend" onClick={() => setDialog('suspend')} color="error">
            <BlockIcon />
          </Button>
        </>
      ) : null}
      <ReasonDialog
        open={dialog === 'reject'}
        title="turma.professionals.reject_title"
        text="turma.professionals.reject_text"
        confirm="turma.professionals.actions.reject"
        messages="turma.professionals"
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act('reject', { reason }, 'turma.professionals.done.rejected')}
      />
      <ReasonDialog
        open={dialog === 'suspend'}
        title="turma.professionals.suspend_title"
        text="turma.professionals.suspend_text"
        confirm="turma.professionals.actions.suspend"
        messages="turma.professionals"
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act('suspend', { reason }, 'turma.professionals.done.suspended')}
      />
      {dialog === 'feature' ? (
        <FeatureDialog
          open
          record={record}
          onClose={() => setDialog(null)}
          onSave={(until) => act('feature', { until }, until ? 'turma.professionals.done.featured' : 'turma.professionals.done.unfeatured')}
        />
      ) : null}
    </>
  );
};

// ---------------------------------------------------------------------------------------------
// Show

const f = (key: string) => `resources.professionals.fields.${key}`;

const ProfessionalDetails = () => {
  const record = useRecordContext<ProfessionalDetail>();
  const translate = useTranslate();
  const categoryName = useCategoryName();
  const [locale] = useLocaleState();
  if (!record) return null;
  // Opened from the list, the record is the list's row until GET /:id answers: no photos yet.
  const photos = record.photos ?? [];
  const address = [
    [record.address_street, record.address_number].filter(Boolean).join(', '),
    record.address_complement,
    record.address_district,
    [record.address_city, record.address_state].filter(Boolean).join(' / '),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mr: 1 }}>
          {record.business_name}
        </Typography>
        <StatusChip status={record.status} />
        <FeaturedChip record={record} />
      </Box>
      {record.status === 'rejected' && record.rejection_reason ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('turma.professionals.rejected_because', { reason: record.rejection_reason })}
        </Alert>
      ) : null}
      {record.status === 'suspended' && record.suspended_reason ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('turma.professionals.suspended_because', { reason: record.suspended_reason })}
        </Alert>
      ) : null}
      <SectionCard title="turma.professionals.sections.application">
        <Facts>
          <Fact label={f('full_name')}>{record.full_name}</Fact>
          <Fact label={f('category')}>{categoryName(record.category)}</Fact>
          <Fact label={f('tax_id')} mono>
            {formatTaxId(record.tax_id)}
          </Fact>
          <Fact label={f('register')}>
            {record.register ? `${record.register.council} ${record.register.number}/${record.register.uf}` : translate('turma.professionals.no_register')}
          </Fact>
          <Fact label={f('created_at')}>{new Date(record.created_at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })}</Fact>
          <Fact label={f('decided_at')}>
            {record.decided_at ? new Date(record.decided_at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—'}
          </Fact>
        </Facts>
        <Divider sx={{ my: 2 }} />
        <Fact label={f('bio')}>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {record.bio}
          </Box>
        </Fact>
      </SectionCard>
      <SectionCard title="turma.professionals.sections.photos">
        {photos.length ? (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
            {photos.map((photo, i) => (
              <Box
                key={photo.id}
                component="a"
                href={photo.url}
                target="_blank"
                rel="noopener"
                sx={{ display: 'block', aspectRatio: '1 / 1', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
              >
                <Box
                  component="img"
                  src={photo.url}
                  alt={translate('turma.professionals.photo_alt', { n: i + 1, name: record.business_name })}
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('turma.professionals.no_photos')}
          </Typography>
        )}
      </SectionCard>
      <SectionCard title="turma.professionals.sections.address">
        <Facts>
          <Fact label={f('address')}>{address || '—'}</Fact>
          <Fact label={f('cep')} mono>
            {formatCep(record.cep)}
          </Fact>
          <Fact label={f('coordinates')} mono>
            {record.latitude !== null && record.longitude !== null ? `${record.latitude.toFixed(5)}, ${record.longitude.toFixed(5)}` : translate('turma.professionals.no_coordinates')}
          </Fact>
        </Facts>
      </SectionCard>
      <SectionCard title="turma.professionals.sections.payouts_and_rating">
        <Facts>
          <Fact label={f('pix_key')}>
            <PixKey value={record.pix_key} />
          </Fact>
          <Fact label={f('rating_average')}>
            {record.total_reviews ? translate('turma.professionals.rating', { average: record.rating_average.toFixed(2), smart_count: record.total_reviews }) : translate('turma.professionals.no_reviews')}
          </Fact>
          <Fact label={f('featured_until')}>
            {record.featured_until
              ? new Date(record.featured_until).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })
              : '—'}
          </Fact>
        </Facts>
      </SectionCard>
    </Box>
  );
};

const ShowActions = () => {
  const record = useRecordContext<ProfessionalDetail>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <DecisionButtons />
      <AuditTrailButton entityType="professional" entityId={record?.id} />
      <ListButton />
    </TopToolbar>
  );
};

const ProfessionalShow = () => (
  <Show<ProfessionalDetail> actions={<ShowActions />}>
    <ProfessionalDetails />
  </Show>
);

export const professionals: Omit<ResourceProps, 'name'> = {
  list: ProfessionalList,
  show: ProfessionalShow,
  icon: BadgeIcon,
  recordRepresentation: 'business_name',
};
