// The reviews list.
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Button as MuiButton, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Rating, TextField as MuiTextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { Button, DataTable, List, NullableBooleanInput, SearchInput, SimpleList, TextInput, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { postAction } from '../../lib/api';
import { Review } from './shared';

export const REASON_MIN = 5;

export const REASON_MAX = 500;

export const moderate = (id: string, action: 'hide' | 'restore', reason: string) =>
  postAction(`/api/admin/reviews/{id}/${action}`, id, reason ? { reason } : {});

export const Stars = ({ value }: { value: number }) => {
  const translate = useTranslate();
  return <Rating value={value} readOnly size="small" aria-label={translate('turma.reviews.stars', { smart_count: value })} />;
};

export const StateChips = ({ record }: { record: Review }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {record.hidden ? <Chip size="small" label={translate('turma.reviews.hidden')} /> : <Chip size="small" color="success" variant="outlined" label={translate('turma.reviews.published')} />}
      {record.reported_count > 0 ? (
        <Chip size="small" color="error" label={translate('turma.reviews.reports', { smart_count: record.reported_count })} />
      ) : null}
    </Box>
  );
};

/** Hide (a reason is required) or restore (a reason is optional, kept in the audit log). */
export const ModerateButton = () => {
  const record = useRecordContext<Review>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const action = record.hidden ? 'restore' : 'hide';
  const trimmed = reason.trim();
  const error =
    action === 'hide' && trimmed.length < REASON_MIN
      ? 'turma.professionals.reason_min'
      : trimmed.length > 0 && trimmed.length < REASON_MIN
        ? 'turma.professionals.reason_min'
        : trimmed.length > REASON_MAX
          ? 'turma.professionals.reason_max'
          : null;
  const submit = async () => {
    setTouched(true);
    if (error) return;
    setBusy(true);
    try {
      await moderate(record.id, action, trimmed);
      notify(action === 'hide' ? 'turma.reviews.done.hidden' : 'turma.reviews.done.restored', { type: 'success' });
      setOpen(false);
      setReason('');
      setTouched(false);
      refresh();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label={action === 'hide' ? 'turma.reviews.actions.hide' : 'turma.reviews.actions.restore'}
        color={action === 'hide' ? 'error' : 'primary'}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {action === 'hide' ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </Button>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()} aria-labelledby={`moderate-${record.id}`}>
        <DialogTitle id={`moderate-${record.id}`}>{translate(action === 'hide' ? 'turma.reviews.hide_title' : 'turma.reviews.restore_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate(action === 'hide' ? 'turma.reviews.hide_text' : 'turma.reviews.restore_text')}</DialogContentText>
          <Box component="blockquote" sx={{ m: 0, mb: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}>
            <Stars value={record.rating} />
            <Typography variant="body2">{record.comment ?? translate('turma.reviews.no_comment')}</Typography>
          </Box>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={translate(action === 'hide' ? 'turma.professionals.reason_label' : 'turma.reviews.restore_reason_label')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!error}
            helperText={touched && error ? translate(error, { min: REASON_MIN, max: REASON_MAX }) : translate('turma.reviews.reason_help')}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton onClick={submit} disabled={busy} variant="contained" color={action === 'hide' ? 'error' : 'primary'}>
            {translate(action === 'hide' ? 'turma.reviews.actions.hide' : 'turma.reviews.actions.restore')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

export const reviewFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="reported" source="reported" alwaysOn sx={{ minWidth: 160 }} />,
  <NullableBooleanInput key="hidden" source="hidden" alwaysOn sx={{ minWidth: 160 }} />,
  <TextInput key="professional_id" source="professional_id" />,
];

export const ReviewList = () => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List<Review> sort={{ field: 'reported_count', order: 'DESC' }} perPage={25} filters={reviewFilters} exporter={false}>
      {isSmall ? (
        <SimpleList<Review>
          linkType={false}
          primaryText={(r) => `${r.professional_business_name} · ${'★'.repeat(r.rating)}`}
          secondaryText={(r) => (
            <>
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {r.comment ?? translate('turma.reviews.no_comment')}
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                <StateChips record={r} />
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                <ModerateButton />
              </Box>
            </>
          )}
        />
      ) : (
        <DataTable<Review> bulkActionButtons={false} rowClick={false} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}>
          <DataTable.Col source="created_at" render={(r) => new Date(r.created_at).toLocaleDateString(locale)} />
          <DataTable.Col source="professional_business_name" disableSort />
          <DataTable.Col source="rating" render={(r) => <Stars value={r.rating} />} />
          <DataTable.Col
            source="comment"
            disableSort
            render={(r) => (
              <Box sx={{ maxWidth: 420 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {r.comment ?? translate('turma.reviews.no_comment')}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {r.reviewer_first_name}
                  {r.hidden && r.hidden_reason ? ` · ${translate('turma.reviews.hidden_because', { reason: r.hidden_reason })}` : ''}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="reported_count" render={(r) => <StateChips record={r as Review} />} />
          <DataTable.Col label="turma.reviews.columns.moderation" disableSort render={() => <ModerateButton />} />
        </DataTable>
      )}
    </List>
  );
};
