// /admin/fiscal: the month's taxable events (fees on redeemed vouchers, marketplace sales) with the customer's CPF,
// split into services (NFS-e), goods (NF-e, with the sale's NF-e status) and freight; mark events invoiced with the
// invoice number (POST /api/admin/reports/fiscal/mark-invoiced, audited); CSV download.
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Checkbox, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import type { FiscalReportRecord } from '../lib/api-types';
import { formatCpf } from '../../core/identity/cpf';
import { brasiliaDay } from '../../core/reports/financial';
import { formatBRL } from '../lib/money';
import { stickyCell } from '../lib/sticky';
import { adminApi, call } from '../lib/api';
import { ServiceInvoicesPanel } from './service-invoices-panel';

/** MUI's checkbox cell (padding="checkbox"): the date column is pinned right after it. */
const CHECKBOX_WIDTH = 48;
const MONEY_COLUMNS = ['service', 'goods', 'freight', 'gross'];
type NfeStatus = NonNullable<FiscalReportRecord['events'][number]['nfe_status']>;
const NFE_CHIP: Record<NfeStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'default',
  processing: 'info',
  authorised: 'success',
  error: 'error',
  cancelled: 'default',
  return_required: 'warning',
};

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; report: FiscalReportRecord };

const thisMonth = () => brasiliaDay(new Date()).slice(0, 7);
const cpf = (v: string | null) => (v ? formatCpf(v) : '—');
const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export const FiscalPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [month, setMonth] = useState(thisMonth);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [selected, setSelected] = useState<string[]>([]);
  const [invoice, setInvoice] = useState('');
  const [saving, setSaving] = useState(false);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);

  const load = useCallback(() => {
    if (!valid) return () => undefined;
    let live = true;
    setState({ status: 'loading' });
    call(adminApi.GET('/api/admin/reports/fiscal', { params: { query: { month } } }))
      .then((report) => live && setState({ status: 'ready', report }))
      .catch((err: Error) => live && setState({ status: 'error', message: err.message || translate('turma.fiscal.error') }));
    return () => {
      live = false;
    };
  }, [month, valid, translate]);
  useEffect(() => {
    setSelected([]);
    return load();
  }, [load]);

  const mark = async () => {
    setSaving(true);
    try {
      await call(adminApi.POST('/api/admin/reports/fiscal/mark-invoiced', { body: { event_ids: selected, invoice_number: invoice } }));
      notify('turma.fiscal.marked', { type: 'success', messageArgs: { smart_count: selected.length } });
      setSelected([]);
      setInvoice('');
      load();
    } catch (err) {
      notify((err as Error).message || 'turma.fiscal.error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const events = state.status === 'ready' ? state.report.events : [];
  const open = events.filter((e) => !e.invoice_number && !e.refunded);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 }}>
      <Title title="turma.fiscal.title" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 0.5 }}>
            {translate('turma.fiscal.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {translate('turma.fiscal.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField type="month" size="small" label={translate('turma.fiscal.month')} value={month} onChange={(e) => setMonth(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
            <Button variant="outlined" component="a" href={`/api/admin/reports/fiscal?month=${month}&format=csv`} download startIcon={<DownloadIcon />} disabled={!valid} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {translate('turma.fiscal.csv')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {state.status === 'loading' && valid && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography>{translate('turma.fiscal.loading')}</Typography>
        </Stack>
      )}
      {!valid && <Alert severity="warning">{translate('turma.fiscal.bad_month')}</Alert>}
      {state.status === 'error' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'ready' && (
        <Card>
          <CardContent>
            <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="fiscal-totals">
              {translate('turma.fiscal.totals', {
                events: state.report.totals.events,
                amount: formatBRL(state.report.totals.amount),
                invoiced: state.report.totals.invoiced,
                pending: state.report.totals.pending,
                pending_amount: formatBRL(state.report.totals.pending_amount),
              })}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }} data-testid="fiscal-split">
              {translate('turma.fiscal.split', {
                service: formatBRL(state.report.totals.service_amount),
                goods: formatBRL(state.report.totals.goods_amount),
                freight: formatBRL(state.report.totals.freight_amount),
              })}
            </Typography>
            {events.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{translate('turma.fiscal.empty')}</Typography>
            ) : (
              <>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
                  <TextField size="small" label={translate('turma.fiscal.invoice_number')} value={invoice} onChange={(e) => setInvoice(e.target.value)} />
                  <Button variant="contained" disabled={saving || selected.length === 0 || invoice.trim() === ''} onClick={mark}>
                    {translate('turma.fiscal.mark', { smart_count: selected.length })}
                  </Button>
                </Stack>
                <TableContainer tabIndex={0} role="region" aria-label={translate('turma.fiscal.title')} sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={translate('turma.fiscal.title')} sx={{ minWidth: 1200 }}>
                    <TableHead>
                      <TableRow>
                        <TableCell padding="checkbox" sx={stickyCell()}>
                          <Checkbox
                            slotProps={{ input: { 'aria-label': translate('turma.fiscal.select_all') } }}
                            checked={open.length > 0 && selected.length === open.length}
                            indeterminate={selected.length > 0 && selected.length < open.length}
                            onChange={(e) => setSelected(e.target.checked ? open.map((x) => x.id) : [])}
                          />
                        </TableCell>
                        {['date', 'kind', 'customer', 'cpf', 'description', 'service', 'goods', 'freight', 'gross', 'invoice', 'nfe'].map((k) => (
                          <TableCell key={k} component="th" scope="col" align={MONEY_COLUMNS.includes(k) ? 'right' : 'left'} sx={k === 'date' ? stickyCell(CHECKBOX_WIDTH) : undefined}>
                            {translate(`turma.fiscal.columns.${k}`)}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {events.map((e) => (
                        <TableRow key={e.id} sx={e.refunded ? { opacity: 0.6 } : undefined}>
                          <TableCell padding="checkbox" sx={stickyCell()}>
                            <Checkbox slotProps={{ input: { 'aria-label': e.id } }} disabled={!!e.invoice_number || e.refunded} checked={selected.includes(e.id)} onChange={() => toggle(e.id)} />
                          </TableCell>
                          <TableCell sx={[{ whiteSpace: 'nowrap', borderRight: 1, borderRightColor: 'divider' }, stickyCell(CHECKBOX_WIDTH)]}>{dateTime.format(new Date(e.occurred_at))}</TableCell>
                          <TableCell>{translate(`turma.fiscal.kinds.${e.kind}`)}</TableCell>
                          <TableCell>{e.customer_name ?? '—'}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{cpf(e.customer_cpf)}</TableCell>
                          <TableCell sx={{ minWidth: 220 }}>{e.description}</TableCell>
                          {[e.service_amount, e.goods_amount, e.freight_amount, e.gross].map((v, i) => (
                            <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {formatBRL(v)}
                            </TableCell>
                          ))}
                          <TableCell>
                            {e.refunded ? <Chip size="small" label={translate('turma.fiscal.refunded')} /> : e.invoice_number ? <Chip size="small" color="success" label={e.invoice_number} /> : <Chip size="small" variant="outlined" label={translate('turma.fiscal.pending')} />}
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {e.nfe_status ? <Chip size="small" color={NFE_CHIP[e.nfe_status]} label={translate(`turma.fiscal.nfe_statuses.${e.nfe_status}`)} title={e.nfe_access_key ?? undefined} /> : '—'}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </>
            )}
          </CardContent>
        </Card>
      )}
      {valid && <ServiceInvoicesPanel month={month} />}
    </Box>
  );
};
