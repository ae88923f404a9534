// /admin/financial-reports: money per month or day — entries, balances, marketplace sales, refunds,
// commissions and bonuses, payouts, the platform fee and the money held — with the reconciliation line that must be
// zero (the identity is core/reports/financial.ts, explained on the screen) and the CSV download.
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { FinancialReportRecord } from '../lib/api-types';
import { brasiliaDay, formatPeriod } from '../../core/reports/financial';
import { formatBRL } from '../lib/money';
import { stickyCell } from '../lib/sticky';
import { adminApi, call } from '../lib/api';

type Row = FinancialReportRecord['rows'][number];
type Line = Exclude<keyof Row, 'period'>;

const FLOWS: Line[] = ['entries', 'balances', 'marketplace_sales', 'refunds', 'marketplace_refunds', 'commissions', 'bonuses', 'payouts', 'platform_fee', 'platform_result', 'money_in', 'money_out'];
const POSITIONS: Line[] = ['held', 'owed_professionals', 'owed_influencers', 'owed_members'];

/** Today in Brasília, YYYY-MM-DD. */
const brasiliaToday = () => brasiliaDay(new Date());
const defaultRange = () => {
  const to = brasiliaToday();
  return { from: `${String(Number(to.slice(0, 4)) - 1)}${to.slice(4, 7)}-01`, to, granularity: 'month' as 'month' | 'day' };
};

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; report: FinancialReportRecord };

export const FinancialReportsPage = () => {
  const translate = useTranslate();
  const [query, setQuery] = useState(defaultRange);
  const [state, setState] = useState<State>({ status: 'loading' });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(query.from) && /^\d{4}-\d{2}-\d{2}$/.test(query.to) && query.from <= query.to;
  const qs = `from=${query.from}&to=${query.to}&granularity=${query.granularity}`;

  useEffect(() => {
    if (!valid) return;
    let live = true;
    setState({ status: 'loading' });
    call(adminApi.GET('/api/admin/reports/financial', { params: { query: { from: query.from, to: query.to, granularity: query.granularity } } }))
      .then((report) => live && setState({ status: 'ready', report }))
      .catch((err: Error) => live && setState({ status: 'error', message: err.message || translate('turma.financial.error') }));
    return () => {
      live = false;
    };
  }, [query.from, query.to, query.granularity, valid, translate]);

  const rows = state.status === 'ready' ? state.report.rows : [];
  const activeRows = rows.filter((r) => FLOWS.some((k) => r[k] !== 0));
  const shown = query.granularity === 'day' ? activeRows : rows;

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 }}>
      <Title title="turma.financial.title" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
            {translate('turma.financial.title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField type="date" size="small" label={translate('turma.financial.from')} value={query.from} onChange={(e) => setQuery({ ...query, from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField type="date" size="small" label={translate('turma.financial.to')} value={query.to} onChange={(e) => setQuery({ ...query, to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField select size="small" label={translate('turma.financial.granularity')} value={query.granularity} onChange={(e) => setQuery({ ...query, granularity: e.target.value as 'month' | 'day' })} sx={{ minWidth: 140 }}>
              <MenuItem value="month">{translate('turma.financial.by_month')}</MenuItem>
              <MenuItem value="day">{translate('turma.financial.by_day')}</MenuItem>
            </TextField>
            <Button variant="contained" component="a" href={`/api/admin/reports/financial?${qs}&format=csv`} download startIcon={<DownloadIcon />} disabled={!valid} data-testid="financial-csv" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {translate('turma.financial.csv')}
            </Button>
          </Stack>
          {!valid && (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              {translate('turma.financial.bad_range')}
            </Alert>
          )}
        </CardContent>
      </Card>

      {state.status === 'loading' && valid && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography>{translate('turma.financial.loading')}</Typography>
        </Stack>
      )}
      {state.status === 'error' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'ready' && (
        <>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              {shown.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>{translate('turma.financial.empty')}</Typography>
              ) : (
                <TableContainer tabIndex={0} role="region" aria-label={translate('turma.financial.title')} sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={translate('turma.financial.title')} data-testid="financial-table" sx={{ minWidth: 1200 }}>
                    <TableHead>
                      <TableRow>
                        <TableCell component="th" scope="col" sx={stickyCell()}>
                          {translate('turma.financial.period')}
                        </TableCell>
                        {[...FLOWS, ...POSITIONS, 'reconciliation' as const].map((k) => (
                          <TableCell key={k} component="th" scope="col" align="right">
                            {translate(`turma.financial.lines.${k}`)}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {[...shown, { period: 'total', ...state.report.totals }].map((r) => (
                        <TableRow key={r.period} sx={r.period === 'total' ? { '& td, & th': { fontWeight: 700 } } : undefined}>
                          <TableCell component="th" scope="row" sx={[{ whiteSpace: 'nowrap', borderRight: 1, borderRightColor: 'divider' }, stickyCell()]}>
                            {r.period === 'total' ? translate('turma.financial.total') : formatPeriod(r.period)}
                          </TableCell>
                          {[...FLOWS, ...POSITIONS].map((k) => (
                            <TableCell key={k} align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                              {formatBRL(r[k])}
                            </TableCell>
                          ))}
                          <TableCell align="right" data-testid={`reconciliation-${r.period}`} sx={{ whiteSpace: 'nowrap', color: r.reconciliation === 0 ? 'success.main' : 'error.main' }}>
                            {formatBRL(r.reconciliation)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </CardContent>
          </Card>
          {state.report.rows.some((r) => r.reconciliation !== 0) ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {translate('turma.financial.unbalanced')}
            </Alert>
          ) : (
            <Alert severity="success" sx={{ mb: 2 }}>
              {translate('turma.financial.balanced')}
            </Alert>
          )}
        </>
      )}
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {translate('turma.financial.identity_title')}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', mb: 1 }}>
            {translate('turma.financial.identity')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
            {['money_in', 'money_out', 'held', 'owed', 'result', 'time'].map((k) => (
              <Typography component="li" variant="body2" key={k}>
                {translate(`turma.financial.identity_terms.${k}`)}
              </Typography>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
