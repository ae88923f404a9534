// Influenciadores: applications by status (tabs), each influencer's funnel (clicks, sign-ups, self-referrals, flagged),
// and the decisions (approve with a commission rate, reject or suspend with a reason, reactivate, change the rate), each
// audited by the server. The show page is a composition of cards.
import BlockIcon from '@mui/icons-material/Block';
import CampaignIcon from '@mui/icons-material/Campaign';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import PercentIcon from '@mui/icons-material/Percent';
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
  Tab,
  Tabs,
  TextField as MuiTextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  Button,
  DataTable,
  List,
  ListButton,
  SearchInput,
  Show,
  SimpleList,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type ResourceProps,
} from 'react-admin';
import type { AdminInfluencerDetailRecord, AdminInfluencerRecord } from '../lib/api-types';
import { errorMessage } from '../providers/dataProvider';
import { AuditTrailButton } from '../components/audit-trail-button';
import { Fact, Facts, SectionCard } from '../components/facts';
import { PixKey } from '../components/pix-key';
import { StatusTabEmpty } from '../components/status-tab-empty';
import { ReasonDialog } from '../components/reason-dialog';
import { formatRate, percentToBp } from '../../core/influencers/influencer-rules';
import { InfluencerCommissions } from './influencer-commissions';
import { postAction, type ApiBody } from '../lib/api';

export type Influencer = AdminInfluencerRecord;
export type InfluencerDetail = AdminInfluencerDetailRecord;
export type InfluencerStatus = Influencer['status'];

export const INFLUENCER_TABS: InfluencerStatus[] = ['pending', 'approved', 'rejected', 'suspended'];
const STATUS_COLOR: Record<InfluencerStatus, 'warning' | 'success' | 'error' | 'default'> = { pending: 'warning', approved: 'success', rejected: 'error', suspended: 'default' };

type Action = 'approve' | 'reject' | 'suspend' | 'reactivate' | 'set-rate';

/** POST /api/admin/influencers/:id/<action>; the server's pt-BR message on failure (thrown as HttpError). */
export const decideInfluencer = <A extends Action>(id: string, action: A, body?: ApiBody<`/api/admin/influencers/{id}/${A}`, 'post'>) =>
  postAction(`/api/admin/influencers/{id}/${action}`, id, body);


/** 1250 basis points → "12,5%" in the reader's locale. */
const formatRateBp = (bp: number | null | undefined, locale: string) => (bp === null || bp === undefined ? '—' : formatRate(bp, locale));

export const InfluencerStatusChip = ({ status }: { status: InfluencerStatus }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`turma.influencers.status.${status}`)} />;
};

const handles = (r: Influencer) =>
  [r.instagram && `IG @${r.instagram}`, r.tiktok && `TikTok @${r.tiktok}`, r.youtube && `YT ${r.youtube}`].filter(Boolean).join(' · ') || '—';

// ---------------------------------------------------------------------------------------------
// List

const StatusTabs = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext<Influencer>();
  const translate = useTranslate();
  const current = (filterValues.status as InfluencerStatus | undefined) ?? 'pending';
  return (
    <Tabs
      value={current}
      onChange={(_, status: InfluencerStatus) => setFilters({ ...filterValues, status }, displayedFilters)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('turma.influencers.tabs_label')}
      sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
    >
      {INFLUENCER_TABS.map((status) => (
        <Tab key={status} value={status} label={translate(`turma.influencers.tabs.${status}`)} />
      ))}
    </Tabs>
  );
};

const InfluencerListBody = () => {
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <>
      <StatusTabs />
      {isSmall ? (
        <SimpleList<Influencer>
          linkType="show"
          primaryText={(r) => r.full_name || r.email}
          secondaryText={(r) => `${r.niche} · ${new Intl.NumberFormat(locale).format(r.audience_size)}`}
          tertiaryText={(r) => <InfluencerStatusChip status={r.status} />}
          empty={<StatusTabEmpty tabs={INFLUENCER_TABS} messages="turma.influencers" />}
        />
      ) : (
        <DataTable<Influencer> rowClick="show" bulkActionButtons={false} empty={<StatusTabEmpty tabs={INFLUENCER_TABS} messages="turma.influencers" />} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}>
          <DataTable.Col
            source="full_name"
            render={(r) => (
              <Box sx={{ minWidth: 160 }}>
                <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                  {r.full_name || '—'}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {r.email}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="instagram" label="resources.influencers.fields.handles" disableSort render={handles} />
          <DataTable.Col source="audience_size" render={(r) => new Intl.NumberFormat(locale).format(r.audience_size)} />
          <DataTable.Col source="niche" />
          <DataTable.Col source="code" render={(r) => r.code ?? '—'} />
          <DataTable.Col source="commission_rate_bp" render={(r) => formatRateBp(r.commission_rate_bp, locale)} />
          <DataTable.Col source="status" render={(r) => <InfluencerStatusChip status={r.status} />} />
          <DataTable.Col source="created_at" render={(r) => new Date(r.created_at).toLocaleDateString(locale)} />
        </DataTable>
      )}
    </>
  );
};

const InfluencerList = () => (
  <List<Influencer> filters={[<SearchInput key="q" source="q" alwaysOn />]} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <InfluencerListBody />
  </List>
);

// ---------------------------------------------------------------------------------------------
// Decisions

/** The commission rate in % (approve and set-rate). */
const RateDialog = ({ open, title, initialBp, confirm, onClose, onSave }: { open: boolean; title: string; initialBp: number | null; confirm: string; onClose: () => void; onSave: (bp: number) => Promise<void> }) => {
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

const DecisionButtons = () => {
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

const f = (key: string) => `resources.influencers.fields.${key}`;

/** Counted clicks → sign-ups, with the sign-ups set apart (self-referrals, flagged for review). */
export const InfluencerFunnel = () => {
  const record = useRecordContext<InfluencerDetail>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // Opened from the list, the record is the list's row until GET /:id answers: no funnel yet.
  if (!record?.funnel) return null;
  const n = (v: number) => new Intl.NumberFormat(locale).format(v);
  const { clicks, signups, self_referrals, flagged } = record.funnel;
  const conversion = clicks ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(signups / clicks) : '—';
  return (
    <SectionCard title="turma.influencers.sections.funnel">
      <Facts>
        <Fact label="turma.influencers.funnel.clicks">{n(clicks)}</Fact>
        <Fact label="turma.influencers.funnel.signups">{n(signups)}</Fact>
        <Fact label="turma.influencers.funnel.conversion">{conversion}</Fact>
        <Fact label="turma.influencers.funnel.self_referrals">{n(self_referrals)}</Fact>
        <Fact label="turma.influencers.funnel.flagged">{n(flagged)}</Fact>
      </Facts>
      {flagged ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('turma.influencers.funnel.flagged_hint', { smart_count: flagged })}
        </Alert>
      ) : null}
    </SectionCard>
  );
};

const InfluencerProfile = () => {
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

const ShowActions = () => {
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
const InfluencerShow = () => (
  <Show<InfluencerDetail> actions={<ShowActions />}>
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <InfluencerProfile />
      <InfluencerFunnel />
      <InfluencerCommissions />
    </Box>
  </Show>
);

export const influencers: Omit<ResourceProps, 'name'> = {
  list: InfluencerList,
  show: InfluencerShow,
  icon: CampaignIcon,
  recordRepresentation: (r: Influencer) => r.full_name || r.email,
};
