// One influencer in detail.
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import PercentIcon from '@mui/icons-material/Percent';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, ListButton, Show, TopToolbar, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/dataProvider';
import { AuditTrailButton } from '../../components/audit-trail-button';
import { Fact, Facts, SectionCard } from '../../components/facts';
import { PixKey } from '../../components/pix-key';
import { ReasonDialog } from '../../components/reason-dialog';
import { percentToBp } from '../../../core/influencers/commission-rate';
import { InfluencerCommissions } from './Commissions';
import { Influencer, InfluencerDetail, Action, decideInfluencer, formatRateBp, InfluencerStatusChip, handles, InfluencerFunnel } from './shared';

// ---------------------------------------------------------------------------------------------
// Decisions
/** The commission rate in % (approve and set-rate). */
export const RateDialog = ({ open, title, initialBp, confirm, onClose, onSave }: { open: boolean; title: string; initialBp: number | null; confirm: string; onClose: () => void; onSave: (bp: number) => Promise<void> }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [text, setText] = useState(initialBp === null ? '' : new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(initialBp / 100));
  const [busy, setBusy] = useState(false);
  const bp = percentToBp(text);
  const submit = async () => {
    if (bp === null) return;
    setBusy(true);
    try {
      await onSave(bp);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('turma.influencers.rate_text')}</DialogContentText>
        <MuiTextField
          autoFocus
          fullWidth
          label={translate('turma.influencers.rate_label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={text !== '' && bp === null}
          helperText={text !== '' && bp === null ? translate('turma.influencers.rate_invalid') : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': translate('turma.influencers.rate_label') }, input: { endAdornment: <PercentIcon fontSize="small" /> } }}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy} startIcon={<CloseIcon />}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton variant="contained" onClick={submit} disabled={busy || bp === null}>
          {translate(confirm)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

export const DecisionButtons = () => {
  const record = useRecordContext<Influencer>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'suspend' | 'rate' | null>(null);
  if (!record) return null;
  const act = async (action: Action, body: Record<string, unknown> | undefined, done: string) => {
    try {
      await decideInfluencer(record.id, action, body);
      notify(done, { type: 'success' });
      setDialog(null);
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  };
  const buttons: ReactNode[] = [];
  if (record.status === 'pending') {
    buttons.push(
      <Button key="approve" label="turma.influencers.actions.approve" onClick={() => setDialog('approve')} variant="contained">
        <CheckCircleIcon />
      </Button>,
      <Button key="reject" label="turma.influencers.actions.reject" onClick={() => setDialog('reject')} color="error">
        <CloseIcon />
      </Button>,
    );
  }
  if (record.status === 'approved') {
    buttons.push(
      <Button key="rate" label="turma.influencers.actions.set_rate" onClick={() => setDialog('rate')}>
        <PercentIcon />
      </Button>,
      <Button key="suspend" label="turma.influencers.actions.suspend" onClick={() => setDialog('suspend')} color="error">
        <BlockIcon />
      </Button>,
    );
  }
  if (record.status === 'suspended') {
    buttons.push(
      <Button key="reactivate" label="turma.influencers.actions.reactivate" onClick={() => act('reactivate', undefined, 'turma.influencers.done.reactivated')}>
        <CheckCircleIcon />
      </Button>,
    );
  }
  return (
    <>
      {buttons}
      {dialog === 'approve' || dialog === 'rate' ? (
        <RateDialog
          open
          title={dialog === 'approve' ? 'turma.influencers.approve_title' : 'turma.influencers.rate_title'}
          confirm={dialog === 'approve' ? 'turma.influencers.actions.approve' : 'ra.action.save'}
          initialBp={record.commission_rate_bp ?? null}
          onClose={() => setDialog(null)}
          onSave={(bp) =>
            dialog === 'approve'
              ? act('approve', { commission_rate_bp: bp }, 'turma.influencers.done.approved')
              : act('set-rate', { commission_rate_bp: bp }, 'turma.influencers.done.rate_set')
          }
        />
      ) : null}
      <ReasonDialog
        open={dialog === 'reject'}
        title="turma.influencers.reject_title"
        text="turma.influencers.reject_text"
        confirm="turma.influencers.actions.reject"
        messages="turma.influencers"
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act('reject', { reason }, 'turma.influencers.done.rejected')}
      />
      <ReasonDialog
        open={dialog === 'suspend'}
        title="turma.influencers.suspend_title"
        text="turma.influencers.suspend_text"
        confirm="turma.influencers.actions.suspend"
        messages="turma.influencers"
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act('suspend', { reason }, 'turma.influencers.done.suspended')}
      />
    </>
  );
};

// ---------------------------------------------------------------------------------------------
// Show
export const f = (key: string) => `resources.influencers.fields.${key}`;

export const InfluencerProfile = () => {
  const record = useRecordContext<InfluencerDetail>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mr: 1 }}>
          {record.full_name || record.email}
        </Typography>
        <InfluencerStatusChip status={record.status} />
      </Box>
      {record.status === 'rejected' && record.rejection_reason ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('turma.influencers.rejected_because', { reason: record.rejection_reason })}
        </Alert>
      ) : null}
      {record.status === 'suspended' && record.suspension_reason ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('turma.influencers.suspended_because', { reason: record.suspension_reason })}
        </Alert>
      ) : null}
      <SectionCard title="turma.influencers.sections.application">
        <Facts>
          <Fact label={f('email')}>{record.email}</Fact>
          <Fact label={f('handles')}>{handles(record)}</Fact>
          <Fact label={f('audience_size')}>{new Intl.NumberFormat(locale).format(record.audience_size)}</Fact>
          <Fact label={f('niche')}>{record.niche}</Fact>
          <Fact label={f('code')} mono>
            {record.code ?? '—'}
          </Fact>
          <Fact label={f('commission_rate_bp')}>{formatRateBp(record.commission_rate_bp, locale)}</Fact>
          <Fact label={f('pix_key')}>
            <PixKey value={record.pix_key} />
          </Fact>
          <Fact label={f('created_at')}>{when(record.created_at)}</Fact>
          <Fact label={f('approved_at')}>{when(record.approved_at)}</Fact>
        </Facts>
      </SectionCard>
    </>
  );
};

export const ShowActions = () => {
  const record = useRecordContext<InfluencerDetail>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <DecisionButtons />
      <AuditTrailButton entityType="influencer" entityId={record?.id} />
      <ListButton />
    </TopToolbar>
  );
};

/** The show page: the profile, then the funnel; further panels compose below. */
export const InfluencerShow = () => (
  <Show<InfluencerDetail> actions={<ShowActions />}>
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <InfluencerProfile />
      <InfluencerFunnel />
      <InfluencerCommissions />
    </Box>
  </Show>
);
