// One user in detail.
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Alert, Box, Button as MuiButton, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField as MuiTextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, ListButton, Show, TopToolbar, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ROLES, type Role } from '../../../core/identity/role-names';
import { formatCents } from '../../../core/shared/money';
import { AuditTrailButton } from '../../components/audit-trail-button';
import { Fact, Facts, MONO, SectionCard } from '../../components/facts';
import { ReasonDialog } from '../../components/reason-dialog';
import { useLabel } from '../../lib/labels';
import { errorMessage } from '../../providers/dataProvider';
import { postAction, type ApiAnswer, type ApiBody } from '../../lib/api';
import { AdminUserDetail, UserStatusChip, cpfText } from './shared';
import { UserMessages } from './messages';

export type Action = 'role' | 'block' | 'unblock' | 'end-sessions' | 'resend-confirmation';

/** POST /api/admin/users/:id/<action>; the server's pt-BR message on failure (thrown as HttpError). */
export const actOnUser = <A extends Action>(id: string, action: A, body?: ApiBody<`/api/admin/users/{id}/${A}`, 'post'>) =>
  postAction(`/api/admin/users/{id}/${action}`, id, body);

// ---------------------------------------------------------------------------------------------
// Actions
export const RoleDialog = ({ open, current, onClose, onSave }: { open: boolean; current: Role; onClose: () => void; onSave: (role: Role) => Promise<void> }) => {
  const translate = useTranslate();
  const [role, setRole] = useState<Role>(current);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSave(role);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="role-dialog-title">
      <DialogTitle id="role-dialog-title">{translate('turma.users.role_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('turma.users.role_text')}</DialogContentText>
        <MuiTextField select fullWidth label={translate('resources.users.fields.role')} value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {translate(`turma.users.roles.${r}`)}
            </MenuItem>
          ))}
        </MuiTextField>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton onClick={save} disabled={busy || role === current} variant="contained">
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

export const UserActions = () => {
  const record = useRecordContext<AdminUserDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<null | 'role' | 'block'>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const act = async <A extends Action>(
    action: A,
    body: ApiBody<`/api/admin/users/{id}/${A}`, 'post'> | undefined,
    done: string,
    args?: (json: ApiAnswer<`/api/admin/users/{id}/${A}`, 'post'>) => Record<string, unknown>,
  ) => {
    setBusy(true);
    try {
      const json = await actOnUser(record.id, action, body);
      setDialog(null);
      notify(done, { type: 'success', messageArgs: args?.(json) ?? {} });
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="turma.users.actions.role" onClick={() => setDialog('role')} disabled={busy}>
        <ManageAccountsIcon />
      </Button>
      {record.status === 'blocked' ? (
        <Button label="turma.users.actions.unblock" onClick={() => act('unblock', undefined, 'turma.users.done.unblocked')} disabled={busy} color="success">
          <LockOpenIcon />
        </Button>
      ) : (
        <Button label="turma.users.actions.block" onClick={() => setDialog('block')} disabled={busy} color="error">
          <BlockIcon />
        </Button>
      )}
      <Button
        label="turma.users.actions.end_sessions"
        onClick={() => act('end-sessions', undefined, 'turma.users.done.sessions_ended', (json) => ({ smart_count: json.sessions_ended }))}
        disabled={busy}
      >
        <LogoutIcon />
      </Button>
      {record.status === 'unconfirmed' ? (
        <Button label="turma.users.actions.resend_confirmation" onClick={() => act('resend-confirmation', undefined, 'turma.users.done.confirmation_sent')} disabled={busy}>
          <MarkEmailReadIcon />
        </Button>
      ) : null}
      {dialog === 'role' ? (
        <RoleDialog open current={record.role} onClose={() => setDialog(null)} onSave={(role) => act('role', { role }, 'turma.users.done.role_changed')} />
      ) : null}
      <ReasonDialog
        open={dialog === 'block'}
        title="turma.users.block_title"
        text="turma.users.block_text"
        confirm="turma.users.actions.block"
        messages="turma.users"
        min={3}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act('block', { reason }, 'turma.users.done.blocked')}
      />
    </>
  );
};

export const ShowActions = () => {
  const record = useRecordContext<AdminUserDetail>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <UserActions />
      <AuditTrailButton entityType="user" entityId={record?.id} />
      <ListButton />
    </TopToolbar>
  );
};

// ---------------------------------------------------------------------------------------------
// Show
/** A small table that scrolls sideways on a phone instead of widening the page; `empty` when there are no rows. */
export const MiniTable = ({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) => {
  const translate = useTranslate();
  if (!rows.length) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate(empty)}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {translate(h)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((cell, j) => (
                <TableCell key={j} sx={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

export const f = (key: string) => `resources.users.fields.${key}`;

export const c = (key: string) => `turma.users.columns.${key}`;

export const UserDetails = () => {
  const record = useRecordContext<AdminUserDetail>();
  const translate = useTranslate();
  const label = useLabel();
  const [locale] = useLocaleState();
  if (!record) return null;
  const when = (value: string | null) => (value ? new Date(value).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—');
  const named = (prefix: string, code: string | null | undefined) => (code ? translate(`${prefix}.${code}`, { _: code }) : '—');
  const money = (cents: number) => formatCents(cents, locale);
  const p = record.profile;
  // Opened from the list, the record is the list's row until GET /:id answers.
  const groups = record.groups ?? [];
  const orders = record.orders ?? [];
  const payments = record.payments ?? [];
  const address = p
    ? [[p.address_street, p.address_number].filter(Boolean).join(', '), p.address_complement, p.address_district, [p.address_city, p.address_state].filter(Boolean).join(' / ')]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mr: 1, overflowWrap: 'anywhere' }}>
          {record.full_name ?? record.email}
        </Typography>
        <UserStatusChip status={record.status} />
        <Chip size="small" variant="outlined" label={translate(`turma.users.roles.${record.role}`)} />
      </Box>
      {record.status === 'blocked' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('turma.users.blocked_because', { reason: record.blocked_reason ?? '—', date: when(record.blocked_at) })}
        </Alert>
      ) : null}
      <SectionCard title="turma.users.sections.profile">
        <Facts>
          <Fact label={f('email')}>{record.email}</Fact>
          <Fact label={f('cpf')} mono>
            {cpfText(record.cpf)}
          </Fact>
          <Fact label={f('phone')}>{p?.phone ?? '—'}</Fact>
          <Fact label={f('birth_date')}>{p?.birth_date ? new Date(`${p.birth_date}T12:00:00`).toLocaleDateString(locale) : '—'}</Fact>
          <Fact label={f('address')}>{address || '—'}</Fact>
          <Fact label={f('origem')}>{named('turma.analytics.origin', p?.origem)}</Fact>
          <Fact label={f('created_at')}>{when(record.created_at)}</Fact>
          <Fact label={f('email_confirmed_at')}>{when(record.email_confirmed_at)}</Fact>
          <Fact label={f('last_login_at')}>{when(record.last_login_at)}</Fact>
          <Fact label={f('sessions')}>{record.sessions ?? 0}</Fact>
          <Fact label={f('id')} mono>
            {record.id}
          </Fact>
        </Facts>
      </SectionCard>
      <SectionCard title="turma.users.sections.groups">
        <MiniTable
          head={[c('plan'), c('group_status'), c('member_status'), c('paid_at'), c('created_at')]}
          empty="turma.users.no_groups"
          rows={groups.map((g) => [g.plan_name ?? '—', named('turma.groups.status', g.group_status), named('turma.groups.member_status', g.member_status), when(g.paid_at), when(g.created_at)])}
        />
      </SectionCard>
      <SectionCard title="turma.users.sections.orders">
        <MiniTable
          head={[c('id'), c('status'), c('items'), c('total'), c('created_at')]}
          empty="turma.users.no_orders"
          rows={orders.map((o) => [<Box component="span" sx={{ fontFamily: MONO }}>{o.id.slice(0, 8)}</Box>, named('turma.orders.status', o.status), o.items_count, money(o.total_amount), when(o.created_at)])}
        />
      </SectionCard>
      <SectionCard title="turma.users.sections.payments">
        <MiniTable
          head={[c('purpose'), c('method'), c('status'), c('amount'), c('created_at')]}
          empty="turma.users.no_payments"
          rows={payments.map((pay) => [label('payment_purpose', pay.purpose), label('payment_method', pay.method), label('payment_status', pay.status), money(pay.amount), when(pay.created_at)])}
        />
      </SectionCard>
      <UserMessages userId={record.id} />
    </Box>
  );
};

export const UserShow = () => (
  <Show<AdminUserDetail> actions={<ShowActions />}>
    <UserDetails />
  </Show>
);
