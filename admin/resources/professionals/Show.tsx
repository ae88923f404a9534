// One professional in detail.
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import StarIcon from '@mui/icons-material/Star';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, ListButton, Show, TopToolbar, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/dataProvider';
import { AuditTrailButton } from '../../components/audit-trail-button';
import { Fact, Facts, SectionCard } from '../../components/facts';
import { PixKey } from '../../components/pix-key';
import { ReasonDialog } from '../../components/reason-dialog';
import { type ApiBody } from '../../lib/api';
import { Professional, ProfessionalDetail, Action, decideProfessional, formatTaxId, useCategoryName, StatusChip, FeaturedChip } from './shared';

export const formatCep = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

// ---------------------------------------------------------------------------------------------
// Decisions
/** Today in São Paulo as YYYY-MM-DD (the server features until 23:59:59 of that day there). */
export const todaySaoPaulo = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

export const FeatureDialog = ({ open, record, onClose, onSave }: { open: boolean; record: Professional; onClose: () => void; onSave: (until: string | null) => Promise<void> }) => {
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

export const DecisionButtons = () => {
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
export const f = (key: string) => `resources.professionals.fields.${key}`;

export const ProfessionalDetails = () => {
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

export const ShowActions = () => {
  const record = useRecordContext<ProfessionalDetail>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <DecisionButtons />
      <AuditTrailButton entityType="professional" entityId={record?.id} />
      <ListButton />
    </TopToolbar>
  );
};

export const ProfessionalShow = () => (
  <Show<ProfessionalDetail> actions={<ShowActions />}>
    <ProfessionalDetails />
  </Show>
);
