// One group in detail.
import CancelIcon from '@mui/icons-material/Cancel';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Show, TopToolbar, useLocaleState, useNotify, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Fact, Facts, SectionCard } from '../../components/facts';
import { ReasonDialog } from '../../components/reason-dialog';
import type { AdminGroupDetailRecord } from '../../lib/api-types';
import { useLabel } from '../../lib/labels';
import { formatBRL } from '../../lib/money';
import { adminApi, call } from '../../lib/api';
import { StatusChip } from './shared';

export type GroupDetail = AdminGroupDetailRecord;

export const CancelGroupButton = () => {
  const record = useRecordContext<GroupDetail>();
  const { refetch } = useShowContext<GroupDetail>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  if (!record || record.status !== 'open') return null;
  return (
    <>
      <Button label="turma.groups.cancel" color="error" onClick={() => setOpen(true)}>
        <CancelIcon />
      </Button>
      <ReasonDialog
        open={open}
        title="turma.groups.cancel_title"
        text="turma.groups.cancel_text"
        confirm="turma.groups.cancel"
        messages="turma.groups"
        min={3}
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          try {
            await call(adminApi.POST('/api/admin/groups/{id}/cancel', { params: { path: { id: record.id } }, body: { reason } }));
            notify('turma.groups.cancelled', { type: 'success' });
            setOpen(false);
            await refetch();
          } catch (err) {
            notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
          }
        }}
      />
    </>
  );
};

export const GroupDetailBody = () => {
  const record = useRecordContext<GroupDetail>();
  const translate = useTranslate();
  const label = useLabel();
  const [locale] = useLocaleState();
  // The list's cached row (without members) can stand in until the detail arrives.
  if (!record || !Array.isArray(record.members)) return null;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <SectionCard title="turma.groups.summary">
        <Facts>
          <Fact label="resources.groups.fields.plan_name">{record.plan_name ?? record.plan_id}</Fact>
          <Fact label="resources.groups.fields.status">
            <StatusChip status={record.status} />
          </Fact>
          <Fact label="resources.groups.fields.price">{formatBRL(record.price)}</Fact>
          <Fact label="turma.groups.entry">{formatBRL(record.entry_price)}</Fact>
          <Fact label="resources.groups.fields.deadline_at">{when(record.deadline_at)}</Fact>
          <Fact label="turma.groups.ended_at">{when(record.ended_at)}</Fact>
        </Facts>
      </SectionCard>
      <SectionCard title="turma.groups.members">
        {record.members.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('turma.groups.no_members')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('turma.groups.member')}</TableCell>
                  <TableCell>{translate('resources.groups.fields.status')}</TableCell>
                  <TableCell>{translate('turma.groups.payment')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {record.members.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{m.full_name ?? m.user_id}</TableCell>
                    <TableCell>{translate(`turma.groups.member_status.${m.status}`)}</TableCell>
                    <TableCell>{m.payment ? `${formatBRL(m.payment.amount)} · ${label('payment_method', m.payment.method)} · ${label('payment_status', m.payment.status)}` : '—'}</TableCell>
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

export const GroupShow = () => (
  <Show<GroupDetail> actions={<TopToolbar><CancelGroupButton /></TopToolbar>}>
    <GroupDetailBody />
  </Show>
);
