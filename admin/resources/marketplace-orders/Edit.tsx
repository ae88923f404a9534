// Editing one marketplace-order.
import CancelIcon from '@mui/icons-material/Cancel';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button as MuiButton, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Loading, ShowBase, Title, TopToolbar, useLocaleState, useNotify, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Fact, Facts, MONO, SectionCard } from '../../components/facts';
import { ReasonDialog } from '../../components/reason-dialog';
import { OrderItemsWithRefunds } from './LineRefunds';
import { OrderGoodsInvoice } from './GoodsInvoice';
import { useLabel } from '../../lib/labels';
import { formatBRL } from '../../lib/money';
import { adminApi, call, postAction, type ApiBody } from '../../lib/api';
import { AdminOrder, ORDERS_RESOURCE, StatusChip } from './shared';

export type Move = AdminOrder['allowed_moves'][number];

export const orderAction = <M extends Move>(id: string, action: M, body?: ApiBody<`/api/admin/orders/{id}/${M}`, 'post'>) => postAction(`/api/admin/orders/{id}/${action}`, id, body);

// ---------------------------------------------------------------------------------------------------------------
// Detail (/admin/marketplace/orders/:orderId)
export const ShipDialog = ({ open, onClose, onShip, buysLabels = false }: { open: boolean; onClose: () => void; onShip: (code: string | null) => Promise<void>; buysLabels?: boolean }) => {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const valid = /^[A-Za-z0-9-]{4,60}$/.test(code.trim());
  const submit = async () => {
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    try {
      await onShip(code.trim());
      setCode('');
      setTouched(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="ship-dialog-title">
      <DialogTitle id="ship-dialog-title">{translate('turma.orders.ship_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('turma.orders.ship_text')}</DialogContentText>
        {/* With a label provider the code is optional: buying the label gives it. */}
        {buysLabels ? <DialogContentText sx={{ mb: 2 }}>{translate('turma.orders.ship_label_text')}</DialogContentText> : null}
        <MuiTextField
          autoFocus
          fullWidth
          label={translate('turma.orders.tracking_code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onBlur={() => setTouched(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
          error={touched && !valid}
          helperText={touched && !valid ? translate('turma.orders.tracking_invalid') : ' '}
          slotProps={{ htmlInput: { style: { fontFamily: MONO, textTransform: 'uppercase' } } }}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        {buysLabels ? (
          <MuiButton
            onClick={async () => {
              setBusy(true);
              try {
                await onShip(null);
              } finally {
                setBusy(false);
              }
            }}
            disabled={busy}
            variant="outlined"
          >
            {translate('turma.orders.actions.buy_label')}
          </MuiButton>
        ) : null}
        <MuiButton onClick={submit} disabled={busy} variant="contained">
          {translate('turma.orders.actions.ship')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

export const OrderActions = () => {
  const record = useRecordContext<AdminOrder>();
  const { refetch } = useShowContext<AdminOrder>();
  const notify = useNotify();
  const [dialog, setDialog] = useState<'ship' | 'cancel' | 'refund' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const run = async <M extends Move>(action: M, body?: ApiBody<`/api/admin/orders/{id}/${M}`, 'post'>) => {
    setBusy(true);
    try {
      await orderAction(record.id, action, body);
      notify(`turma.orders.done.${action}`, { type: 'success' });
      setDialog(null);
      await refetch();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
      throw err;
    } finally {
      setBusy(false);
    }
  };
  const quiet = (p: Promise<unknown>): Promise<void> => p.then(() => undefined, () => undefined);
  // The server answers what the order's state allows (a waiting return is answered in ReturnSection, not refunded).
  const moves = record.allowed_moves;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-start' }}>
      {moves.includes('preparing') ? (
        <Button label="turma.orders.actions.preparing" variant="contained" disabled={busy} onClick={() => void quiet(run('preparing'))}>
          <InventoryIcon />
        </Button>
      ) : null}
      {moves.includes('ship') ? (
        <Button label="turma.orders.actions.ship" variant="contained" disabled={busy} onClick={() => setDialog('ship')}>
          <LocalShippingIcon />
        </Button>
      ) : null}
      {moves.includes('deliver') ? (
        <Button label="turma.orders.actions.deliver" variant="contained" disabled={busy} onClick={() => void quiet(run('deliver'))}>
          <DoneAllIcon />
        </Button>
      ) : null}
      {moves.includes('cancel') ? (
        <Button label="turma.orders.actions.cancel" color="error" disabled={busy} onClick={() => setDialog('cancel')}>
          <CancelIcon />
        </Button>
      ) : null}
      {moves.includes('refund') ? (
        <Button label="turma.orders.actions.refund" color="error" disabled={busy} onClick={() => setDialog('refund')}>
          <ReplayIcon />
        </Button>
      ) : null}
      <ShipDialog open={dialog === 'ship'} buysLabels={record.buys_labels} onClose={() => setDialog(null)} onShip={(code) => quiet(run('ship', code ? { tracking_code: code } : {}))} />
      <ReasonDialog
        open={dialog === 'cancel' || dialog === 'refund'}
        title={dialog === 'refund' ? 'turma.orders.refund_title' : 'turma.orders.cancel_title'}
        text={dialog === 'refund' ? 'turma.orders.refund_text' : 'turma.orders.cancel_text'}
        confirm={dialog === 'refund' ? 'turma.orders.actions.refund' : 'turma.orders.actions.cancel'}
        messages="turma.orders"
        min={3}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => quiet(run(dialog === 'refund' ? 'refund' : 'cancel', { reason }))}
      />
    </TopToolbar>
  );
};

/** CDC art. 49: the customer's return request; while pending, "Receber devolução" and "Recusar". */
export const ReturnSection = () => {
  const { record, refetch } = useShowContext<AdminOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const request = record?.return_request;
  if (!record || !request) return null;
  const dateTime = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  const run = async (action: 'accept' | 'reject', body: { reason?: string } = {}) => {
    setBusy(true);
    try {
      const path = { params: { path: { id: record.id } } };
      await call(
        action === 'accept'
          ? adminApi.POST('/api/admin/orders/{id}/return/accept', path)
          : adminApi.POST('/api/admin/orders/{id}/return/reject', { ...path, body: { reason: body.reason ?? '' } }),
      );
      notify(action === 'accept' ? 'turma.orders.return.accepted' : 'turma.orders.return.rejected', { type: 'success' });
      setDialog(null);
      await refetch();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const pending = request.status === 'requested' && record.status === 'delivered';
  return (
    <SectionCard title="turma.orders.return.title">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" color={request.status === 'requested' ? 'warning' : request.status === 'accepted' ? 'success' : 'default'} label={translate(`turma.orders.return.status.${request.status}`)} />
      </Box>
      <Facts>
        <Fact label="turma.orders.return.reason">{request.reason}</Fact>
        <Fact label="turma.orders.return.requested_at">{dateTime(request.requested_at)}</Fact>
        {request.decided_at ? <Fact label="turma.orders.return.decided_at">{dateTime(request.decided_at)}</Fact> : null}
        {request.reject_reason ? <Fact label="turma.orders.return.reject_reason">{request.reject_reason}</Fact> : null}
      </Facts>
      {pending ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <MuiButton variant="contained" disabled={busy} onClick={() => setDialog('accept')}>
            {translate('turma.orders.return.accept')}
          </MuiButton>
          <MuiButton color="error" disabled={busy} onClick={() => setDialog('reject')}>
            {translate('turma.orders.return.reject')}
          </MuiButton>
        </Box>
      ) : null}
      <Dialog open={dialog === 'accept'} onClose={() => setDialog(null)} aria-labelledby="return-accept-title">
        <DialogTitle id="return-accept-title">{translate('turma.orders.return.accept_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2">{translate('turma.orders.return.accept_text')}</Typography>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setDialog(null)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton variant="contained" disabled={busy} onClick={() => void run('accept')}>
            {translate('turma.orders.return.accept_confirm')}
          </MuiButton>
        </DialogActions>
      </Dialog>
      <ReasonDialog
        open={dialog === 'reject'}
        title="turma.orders.return.reject_title"
        text="turma.orders.return.reject_text"
        confirm="turma.orders.return.reject"
        messages="turma.orders"
        min={3}
        max={500}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => run('reject', { reason })}
      />
    </SectionCard>
  );
};

/** An amount that never wraps inside itself (the facts' text may break anywhere). */
export const Money = ({ cents }: { cents: number }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {formatBRL(cents)}
  </Box>
);

export const OrderDetailBody = () => {
  const { record, isPending, error, refetch } = useShowContext<AdminOrder>();
  const translate = useTranslate();
  const label = useLabel();
  const [locale] = useLocaleState();
  // The list's cached row (a summary, without items or timeline) can stand in until the detail arrives.
  if (isPending || (record && !Array.isArray(record.items))) return <Loading />;
  if (error || !record) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography color="error">{translate('turma.orders.load_error')}</Typography>
      </Box>
    );
  }
  const dateTime = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  const a = record.address;
  return (
    // minWidth 0: the page shrinks to a phone's width; wide parts (the items table) scroll inside their own card.
    <Box sx={{ maxWidth: 1100, minWidth: 0, width: '100%', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', overflowWrap: 'anywhere' }}>
      <Title title={translate('turma.orders.title', { number: record.number })} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 2, mb: 1 }}>
        <Typography component="h1" variant="h5" sx={{ fontFamily: MONO, fontWeight: 700 }}>
          {record.number}
        </Typography>
        <StatusChip status={record.status} />
        <Box sx={{ flex: 1 }} />
        <Link to={`/${ORDERS_RESOURCE}`}>{translate('turma.orders.back')}</Link>
      </Box>
      <OrderActions />
      {record.shipment?.returned ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('turma.orders.parcel_returned')}
        </Alert>
      ) : null}
      <ReturnSection />
      <SectionCard title="turma.orders.sections.summary">
        <Facts>
          <Fact label="turma.orders.fields.customer">
            {record.email ? <Link to={`/users/${record.user_id}/show`}>{record.email}</Link> : record.user_id}
          </Fact>
          <Fact label="turma.orders.fields.created_at">{dateTime(record.created_at)}</Fact>
          <Fact label="turma.orders.fields.total">
            <Money cents={record.total_amount} />
          </Fact>
          {/* The freight chosen at checkout, part of the total (and of a whole-order refund). */}
          <Fact label="turma.orders.fields.shipping">
            {record.shipping ? (
              <>
                {record.shipping.name} · <Money cents={record.shipping.amount} /> · {translate('turma.orders.shipping_days', { smart_count: record.shipping.days })}
              </>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="turma.orders.tracking_code" mono>
            {record.tracking_code ?? '—'}
          </Fact>
          {record.shipment ? (
            <Fact label="turma.orders.fields.parcel">
              {translate(`turma.orders.parcel_status.${record.shipment.status}`)}
              {record.shipment.label_url ? (
                <>
                  {' · '}
                  <a href={record.shipment.label_url} target="_blank" rel="noreferrer">
                    {translate('turma.orders.print_label')}
                  </a>
                </>
              ) : null}
            </Fact>
          ) : null}
          {record.cancel_reason ? <Fact label="turma.orders.fields.reason">{record.cancel_reason}</Fact> : null}
        </Facts>
      </SectionCard>
      <OrderItemsWithRefunds record={record} onChanged={refetch} />
      <OrderGoodsInvoice orderId={record.id} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <SectionCard title="turma.orders.sections.address">
          <Typography variant="body2">
            {a.street}, {a.number}
            {a.complement ? ` — ${a.complement}` : ''}
            <br />
            {a.district} · {a.city}/{a.state}
            <br />
            CEP {a.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}
          </Typography>
        </SectionCard>
        <SectionCard title="turma.orders.sections.payment">
          {record.payment ? (
            <Facts>
              <Fact label="turma.orders.fields.method">{label('payment_method', record.payment.method)}</Fact>
              <Fact label="turma.orders.fields.payment_status">{label('payment_status', record.payment.status)}</Fact>
              <Fact label="turma.orders.fields.amount">
                <Money cents={record.payment.amount} />
              </Fact>
              {record.payment.confirmed_at ? <Fact label="turma.orders.fields.confirmed_at">{dateTime(record.payment.confirmed_at)}</Fact> : null}
            </Facts>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('turma.orders.no_payment')}
            </Typography>
          )}
        </SectionCard>
      </Box>
      <SectionCard title="turma.orders.sections.timeline">
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {record.timeline.map((t, i) => (
            <Box component="li" key={`${t.status}-${i}`} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate(t.event ? `turma.orders.timeline_event.${t.event}` : `turma.orders.status.${t.status}`)} · {dateTime(t.at)}
              </Typography>
              {t.note ? (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t.note}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      </SectionCard>
    </Box>
  );
};

/** Registered as the resource's `edit` route so the URL is /admin/marketplace/orders/:orderId (docs/product/spec.md §2). */
export const OrderDetail = () => (
  <ShowBase resource={ORDERS_RESOURCE}>
    <OrderDetailBody />
  </ShowBase>
);
