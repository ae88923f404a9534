// The order page's items with refunds per line (GET/POST /api/admin/orders/:id/line-refunds): "Reembolsar item" while
// the order is paid and no return is pending. The amount shown is a preview; the server recomputes it and refuses more
// than what is left.
import { Box, Button as MuiButton, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, TextField as MuiTextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { SectionCard } from '../../components/facts';
import type { AdminOrderRecord, OrderLineRefundsRecord } from '../../lib/api-types';
import { formatBRL } from '../../lib/money';
import { errorMessage } from '../../providers/dataProvider';
import { adminApi, call } from '../../lib/api';

type Line = OrderLineRefundsRecord['lines'][number];

const REFUNDABLE = new Set(['paid', 'preparing', 'shipped', 'delivered']);

/** An amount never breaks inside "R$ 146,70". */
const MONEY_CELL = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function RefundLineDialog({ line, onClose, onDone, orderId }: { line: Line | null; onClose: () => void; onDone: (next: OrderLineRefundsRecord) => Promise<void>; orderId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setQuantity('1');
    setReason('');
    setTouched(false);
  }, [line?.product_id]);
  if (!line) return null;
  const max = line.refundable_quantity;
  const q = Number(quantity);
  const qError = !Number.isInteger(q) || q < 1 || q > max;
  const rError = reason.trim().length < 3 ? 'turma.orders.reason_min' : reason.trim().length > 500 ? 'turma.orders.reason_max' : null;
  const submit = async () => {
    setTouched(true);
    if (qError || rError) return;
    setBusy(true);
    try {
      const answer = await call(
        adminApi.POST('/api/admin/orders/{id}/line-refunds', { params: { path: { id: orderId } }, body: { product_id: line.product_id, quantity: q, reason: reason.trim() } }),
      );
      notify('turma.orders.line_refund.done', { type: 'success' });
      await onDone(answer);
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="line-refund-title">
      <DialogTitle id="line-refund-title">{translate('turma.orders.line_refund.title', { product: line.product_name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('turma.orders.line_refund.text')}</DialogContentText>
        <MuiTextField
          type="number"
          label={translate('turma.orders.line_refund.quantity', { max })}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max, step: 1 } }}
          error={touched && qError}
          helperText={touched && qError ? translate('turma.orders.line_refund.quantity_invalid', { max }) : ' '}
          sx={{ mb: 1, maxWidth: 220 }}
        />
        <Typography variant="body2" sx={{ mb: 2, fontWeight: 600 }}>
          {translate('turma.orders.line_refund.amount', { amount: formatBRL(qError ? 0 : q * line.unit_price) })}
        </Typography>
        <MuiTextField
          fullWidth
          multiline
          minRows={2}
          label={translate('turma.orders.reason_label')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !!rError}
          helperText={touched && rError ? translate(rError, { min: 3, max: 500 }) : translate('turma.orders.reason_help')}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton onClick={() => void submit()} disabled={busy} variant="contained" color="error">
          {translate('turma.orders.line_refund.confirm')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function TotalRow({ label, note, amount, trailing, strong = false, testId }: { label: string; note?: string | undefined; amount: number; trailing: number; strong?: boolean; testId: string }) {
  return (
    <TableRow data-testid={testId}>
      <TableCell colSpan={3} sx={{ fontWeight: strong ? 700 : 600, borderBottom: strong ? 0 : undefined }}>
        {label}
        {note ? (
          <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
            {note}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell align="right" sx={{ ...MONEY_CELL, fontWeight: strong ? 700 : 600, borderBottom: strong ? 0 : undefined }}>
        {formatBRL(amount)}
      </TableCell>
      <TableCell colSpan={trailing} sx={{ borderBottom: strong ? 0 : undefined }} />
    </TableRow>
  );
}

/** A total under the phone's list of items: the label (and its note) on the left, the amount on the right. */
function PhoneTotal({ label, note, amount, strong = false, testId }: { label: string; note?: string | undefined; amount: number; strong?: boolean; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, py: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 600, minWidth: 0 }}>
        {label}
        {note ? (
          <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
            {note}
          </Typography>
        ) : null}
      </Typography>
      <Typography variant="body2" sx={{ ...MONEY_CELL, fontWeight: strong ? 700 : 600 }}>
        {formatBRL(amount)}
      </Typography>
    </Box>
  );
}

/** Items, totals and the refunds per line of one order. `onChanged` refetches the order (timeline, status). */
export function OrderItemsWithRefunds({ record, onChanged }: { record: AdminOrderRecord; onChanged: () => Promise<unknown> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [data, setData] = useState<OrderLineRefundsRecord | null>(null);
  const [chosen, setChosen] = useState<Line | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await call(adminApi.GET('/api/admin/orders/{id}/line-refunds', { params: { path: { id: record.id } } })));
    } catch {
      setData(null);
    }
  }, [record.id]);
  useEffect(() => {
    void load();
  }, [load, record.status, record.timeline.length]);
  const returnPending = record.return_request?.status === 'requested' && record.status === 'delivered';
  const canRefund = REFUNDABLE.has(record.status) && record.payment?.status === 'confirmed' && !returnPending;
  const byProduct = new Map((data?.lines ?? []).map((l) => [l.product_id, l]));
  const dateTime = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  // Six columns do not fit a phone: there each line is a block (name, units × price, its total, its refund).
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  // The order's lines for both layouts: products (refundable per line) and product plans (refunded with their group).
  const rows = [
    ...record.items.map((i) => ({ ...i, key: i.product_id, line: byProduct.get(i.product_id), plan: false })),
    ...record.plan_items.map((i) => ({ ...i, key: `plan-${i.plan_id}`, line: undefined, plan: true })),
  ];
  const shippingNote = record.shipping ? `${record.shipping.name} · ${translate('turma.orders.shipping_days', { smart_count: record.shipping.days })}` : undefined;
  return (
    <SectionCard title="turma.orders.sections.items">
      {isPhone ? (
        <Box>
          <Box component="ul" aria-label={translate('turma.orders.sections.items')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((i) => (
              <Box component="li" key={i.key} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {i.product_name}
                </Typography>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" sx={{ ...MONEY_CELL, color: 'text.secondary' }}>
                    {i.quantity} × {formatBRL(i.unit_price)}
                  </Typography>
                  <Typography variant="body2" sx={{ ...MONEY_CELL, fontWeight: 600 }}>
                    {formatBRL(i.subtotal)}
                  </Typography>
                </Box>
                {i.line && i.line.refunded_quantity > 0 ? (
                  <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {translate('turma.orders.line_refund.refunded')}: {i.line.refunded_quantity}
                  </Typography>
                ) : null}
                {canRefund && i.line && i.line.refundable_quantity > 0 ? (
                  <MuiButton size="small" color="error" sx={{ mt: 0.5, px: 0 }} onClick={() => setChosen(i.line ?? null)} aria-label={`${translate('turma.orders.line_refund.action')}: ${i.product_name}`}>
                    {translate('turma.orders.line_refund.action')}
                  </MuiButton>
                ) : null}
              </Box>
            ))}
          </Box>
          <PhoneTotal label={translate('turma.orders.fields.subtotal')} amount={record.subtotal} testId="order-subtotal" />
          <PhoneTotal label={translate('turma.orders.fields.shipping')} note={shippingNote} amount={record.shipping_amount} testId="order-shipping" />
          <PhoneTotal label={translate('turma.orders.fields.total')} amount={record.total_amount} strong testId="order-total" />
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('turma.orders.sections.items')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('turma.orders.fields.product')}</TableCell>
                <TableCell align="right">{translate('turma.orders.fields.quantity')}</TableCell>
                <TableCell align="right">{translate('turma.orders.fields.unit_price')}</TableCell>
                <TableCell align="right">{translate('turma.orders.fields.line_total')}</TableCell>
                <TableCell align="right">{translate('turma.orders.line_refund.refunded')}</TableCell>
                {canRefund ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((i) => (
                <TableRow key={i.key}>
                  <TableCell sx={{ minWidth: 140 }}>{i.product_name}</TableCell>
                  <TableCell align="right">{i.quantity}</TableCell>
                  <TableCell align="right" sx={MONEY_CELL}>
                    {formatBRL(i.unit_price)}
                  </TableCell>
                  <TableCell align="right" sx={MONEY_CELL}>
                    {formatBRL(i.subtotal)}
                  </TableCell>
                  <TableCell align="right">{i.plan ? '—' : (i.line?.refunded_quantity ?? 0)}</TableCell>
                  {canRefund ? (
                    <TableCell align="right">
                      {i.line && i.line.refundable_quantity > 0 ? (
                        <MuiButton size="small" color="error" onClick={() => setChosen(i.line ?? null)} aria-label={`${translate('turma.orders.line_refund.action')}: ${i.product_name}`}>
                          {translate('turma.orders.line_refund.action')}
                        </MuiButton>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
              {/* The server's own figures (items, freight, total), never added up here: they are what was charged. */}
              <TotalRow label={translate('turma.orders.fields.subtotal')} amount={record.subtotal} trailing={canRefund ? 2 : 1} testId="order-subtotal" />
              <TotalRow
                label={translate('turma.orders.fields.shipping')}
                note={shippingNote}
                amount={record.shipping_amount}
                trailing={canRefund ? 2 : 1}
                testId="order-shipping"
              />
              <TotalRow label={translate('turma.orders.fields.total')} amount={record.total_amount} trailing={canRefund ? 2 : 1} strong testId="order-total" />
            </TableBody>
          </Table>
        </Box>
      )}
      {data && data.refunds.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {translate('turma.orders.line_refund.section')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {data.refunds.map((r) => (
              <Box component="li" key={r.id} sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" component="span">
                  {r.quantity} × {r.product_name} — {formatBRL(r.amount)} · {r.reason} · {dateTime(r.created_at)}
                  {r.stock_returned ? ` · ${translate('turma.orders.line_refund.stock_returned')}` : ''}
                </Typography>{' '}
                <Chip size="small" color={r.status === 'done' ? 'success' : 'warning'} label={translate(`turma.orders.line_refund.status.${r.status}`)} />
              </Box>
            ))}
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('turma.orders.line_refund.total', { amount: formatBRL(data.refunded_total) })}
          </Typography>
        </Box>
      ) : null}
      <RefundLineDialog
        line={chosen}
        orderId={record.id}
        onClose={() => setChosen(null)}
        onDone={async (next) => {
          setData(next);
          setChosen(null);
          await onChanged();
        }}
      />
    </SectionCard>
  );
}
