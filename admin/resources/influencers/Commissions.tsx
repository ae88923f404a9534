// One influencer's commissions, a card for the influencer's show page: totals by status
// (GET /api/admin/influencers/:id/commission-totals) and the newest commissions (GET …/commissions, simple-rest):
// date, the purchase, the platform fee it earned on, the rate, the commission, its status and release date.
import { Alert, Box, Chip, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatCents } from '../../../core/shared/money';
import type { AdminCommissionRecord, AdminCommissionTotalsRecord } from '../../lib/api-types';
import { Fact, Facts, SectionCard } from '../../components/facts';
import { adminApi, call, callList } from '../../lib/api';

const NEWEST = 10;
type Status = AdminCommissionRecord['status'];
const STATUS_COLOR: Record<Status, 'warning' | 'success' | 'info' | 'default' | 'error'> = { pending: 'warning', available: 'success', in_payout: 'info', paid: 'default', reversed: 'error' };

type Loaded = { totals: AdminCommissionTotalsRecord; items: AdminCommissionRecord[]; total: number };

export const InfluencerCommissions = () => {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error' } | ({ status: 'ready' } & Loaded)>({ status: 'loading' });
  const id = record?.id;

  useEffect(() => {
    if (!id) return;
    let live = true;
    const path = { id: String(id) };
    Promise.all([
      call(adminApi.GET('/api/admin/influencers/{id}/commission-totals', { params: { path } })),
      callList(adminApi.GET('/api/admin/influencers/{id}/commissions', { params: { path, query: { sort: '["created_at","DESC"]', range: JSON.stringify([0, NEWEST - 1]) } } })),
    ])
      .then(([totals, list]) => {
        if (live) setState({ status: 'ready', totals, items: list.items, total: list.total });
      })
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [id]);

  if (!id) return null;
  const money = (v: number) => formatCents(v, locale);
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' });
  const c = (key: string) => `turma.commissions.${key}`;
  return (
    <SectionCard title={c('title')}>
      {state.status === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
      {state.status === 'error' && <Alert severity="error">{translate(c('error'))}</Alert>}
      {state.status === 'ready' && (
        <>
          <Facts>
            <Fact label={c('totals.pending')}>{money(state.totals.pending)}</Fact>
            <Fact label={c('totals.available')}>{money(state.totals.available)}</Fact>
            <Fact label={c('totals.paid')}>{money(state.totals.paid)}</Fact>
            <Fact label={c('totals.reversed')}>{money(state.totals.reversed)}</Fact>
            <Fact label={c('totals.clawback')}>{money(state.totals.clawback)}</Fact>
          </Facts>
          {state.totals.clawback > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate(c('clawbackNote'), { amount: money(state.totals.clawback) })}
            </Alert>
          )}
          {state.items.length === 0 ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate(c('empty'))}
            </Alert>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label={translate(c('title'))} sx={{ mt: 2, overflowX: 'auto' }}>
              <Table size="small" aria-label={translate(c('title'))}>
                <TableHead>
                  <TableRow>
                    {['date', 'source', 'base_fee', 'rate', 'amount', 'status', 'available_at'].map((k) => (
                      <TableCell key={k} align={['base_fee', 'rate', 'amount'].includes(k) ? 'right' : 'left'}>
                        {translate(c(`col.${k}`))}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {state.items.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{date(row.created_at)}</TableCell>
                      <TableCell>{translate(c(`source.${row.source_type}`))}</TableCell>
                      <TableCell align="right">{money(row.base_fee)}</TableCell>
                      <TableCell align="right">{new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(row.rate_bp / 10_000)}</TableCell>
                      <TableCell align="right">
                        <strong>{money(row.amount)}</strong>
                      </TableCell>
                      <TableCell>
                        <Chip size="small" color={STATUS_COLOR[row.status]} label={translate(c(`status.${row.status}`))} />
                        {row.clawback_at && (
                          <Chip size="small" color="error" variant="outlined" sx={{ ml: 0.5 }} label={translate(c(row.clawback_payout_id ? 'clawback.deducted' : 'clawback.owed'))} />
                        )}
                      </TableCell>
                      <TableCell>{date(row.available_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {state.total > state.items.length && (
            <Box component="p" sx={{ color: 'text.secondary', fontSize: 13, mb: 0 }}>
              {translate(c('newest'), { count: state.items.length, total: state.total })}
            </Box>
          )}
        </>
      )}
    </SectionCard>
  );
};
