// One campaign in detail.
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, ListButton, Show, TopToolbar, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { AuditTrailButton } from '../../components/audit-trail-button';
import { Fact, Facts, MONO, SectionCard } from '../../components/facts';
import { formatBRL } from '../../lib/money';
import type { AdminCampaignDetailRecord } from '../../lib/api-types';
import { adminApi, call } from '../../lib/api';
import { bonusText, PhaseChip, SpentBar } from './shared';

export type CampaignDetail = AdminCampaignDetailRecord;

// ---------------------------------------------------------------------------------------------
// Show: the terms, spent/budget, the bonuses paid (newest first) and "end".
export const EndButton = () => {
  const record = useRecordContext<CampaignDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.status === 'ended') return null;
  const end = async () => {
    setBusy(true);
    try {
      await call(adminApi.POST('/api/admin/campaigns/{id}/end', { params: { path: { id: record.id } } }));
      notify('turma.campaigns.done.ended', { type: 'success' });
      refresh();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label="turma.campaigns.actions.end" onClick={() => setOpen(true)} disabled={busy} color="error" variant="contained">
        <StopCircleIcon />
      </Button>
      <Confirm isOpen={open} title="turma.campaigns.confirm_end.title" content="turma.campaigns.confirm_end.content" onConfirm={end} onClose={() => setOpen(false)} loading={busy} />
    </>
  );
};

export const ShowActions = () => {
  const record = useRecordContext<CampaignDetail>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <EndButton />
      <AuditTrailButton entityType="campaign" entityId={record?.id} />
      <ListButton />
    </TopToolbar>
  );
};

export const CampaignDetails = () => {
  const record = useRecordContext<CampaignDetail>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—');
  // Right after "create" the record is the list shape (no bonuses yet) until the show's own read arrives.
  const bonuses = record.bonuses ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {record.name}
        </Typography>
        <PhaseChip phase={record.phase} />
      </Box>
      <SectionCard title="turma.campaigns.sections.terms">
        <Facts>
          <Fact label="resources.campaigns.fields.starts_at">{when(record.starts_at)}</Fact>
          <Fact label="resources.campaigns.fields.ends_at">{when(record.ends_at)}</Fact>
          <Fact label="resources.campaigns.fields.bonus_value">{bonusText(record, translate, locale)}</Fact>
          <Fact label="resources.campaigns.fields.cap_per_inviter">{formatBRL(record.cap_per_inviter)}</Fact>
          <Fact label="resources.campaigns.fields.ended_at">{when(record.ended_at)}</Fact>
        </Facts>
      </SectionCard>
      <SectionCard title="turma.campaigns.sections.budget">
        <Facts>
          <Fact label="resources.campaigns.fields.spent">
            <SpentBar spent={record.spent} budget={record.budget} />
          </Fact>
          <Fact label="resources.campaigns.fields.remaining">{formatBRL(record.remaining)}</Fact>
          <Fact label="turma.campaigns.bonus_counts">
            {translate('turma.campaigns.bonus_count_text', { credited: record.bonuses_credited ?? 0, reversed: record.bonuses_reversed ?? 0 })}
          </Fact>
        </Facts>
      </SectionCard>
      <SectionCard title="turma.campaigns.sections.bonuses">
        {bonuses.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('turma.campaigns.no_bonuses')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('turma.campaigns.sections.bonuses')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('turma.campaigns.bonus_fields.inviter')}</TableCell>
                  <TableCell align="right">{translate('turma.campaigns.bonus_fields.amount')}</TableCell>
                  <TableCell>{translate('turma.campaigns.bonus_fields.status')}</TableCell>
                  <TableCell>{translate('turma.campaigns.bonus_fields.created_at')}</TableCell>
                  <TableCell>{translate('turma.campaigns.bonus_fields.group')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {bonuses.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell>
                      {b.inviter_name ?? '—'}
                      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                        {b.inviter_email}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatBRL(b.amount)}</TableCell>
                    <TableCell>
                      <Chip size="small" color={b.status === 'credited' ? 'success' : 'warning'} label={translate(`turma.campaigns.bonus_status.${b.status}`)} />
                    </TableCell>
                    <TableCell>{when(b.created_at)}</TableCell>
                    <TableCell sx={{ fontFamily: MONO, fontSize: 12 }}>{b.group_id.slice(0, 8)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </SectionCard>
    </Box>
  );
};

export const CampaignShow = () => (
  <Show<CampaignDetail> actions={<ShowActions />}>
    <CampaignDetails />
  </Show>
);
