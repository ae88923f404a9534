// /admin/analytics: the funnel visits → sign-ups → entries paid → groups completed → balances paid over a
// date range, by origin and by the theme experiment's variant, and the variants' two-proportion test (95% CI).
import { Alert, Box, Card, CardContent, CircularProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import type { AnalyticsReportRecord } from '../lib/api-types';
import { adminApi, call } from '../lib/api';

const STEPS = ['visits', 'signups', 'entries_paid', 'groups_completed', 'balances_paid'] as const;
type Row = AnalyticsReportRecord['total'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const defaultRange = () => {
  const to = new Date();
  return { from: isoDay(new Date(to.getTime() - 29 * 86_400_000)), to: isoDay(to) };
};

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; report: AnalyticsReportRecord };

export const AnalyticsPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [range, setRange] = useState(defaultRange);
  const [state, setState] = useState<State>({ status: 'loading' });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;

  useEffect(() => {
    if (!valid) return;
    let live = true;
    setState({ status: 'loading' });
    call(adminApi.GET('/api/admin/reports/analytics', { params: { query: { from: range.from, to: range.to } } }))
      .then((report) => live && setState({ status: 'ready', report }))
      .catch((err: Error) => live && setState({ status: 'error', message: err.message || translate('turma.analytics.error') }));
    return () => {
      live = false;
    };
  }, [range.from, range.to, valid, translate]);

  const int = new Intl.NumberFormat(locale);
  const pct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const pp = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? '—' : pct.format(v));

  const rowLabel = (group: 'origin' | 'visitor_type' | 'variant' | 'total', key: string) => translate(`turma.analytics.${group}.${key}`, { _: key });

  const funnelTable = (title: string, caption: string, rows: Array<{ label: string; row: Row }>, testId: string) => (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {caption}
        </Typography>
        <TableContainer tabIndex={0} role="region" aria-label={title} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title} data-testid={testId} sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {translate('turma.analytics.segment')}
                </TableCell>
                {STEPS.map((s) => (
                  <TableCell key={s} component="th" scope="col" align="right">
                    {translate(`turma.analytics.steps.${s}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ label, row }) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {label}
                  </TableCell>
                  {STEPS.map((s) => (
                    <TableCell key={s} align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {row[s] === null ? '—' : int.format(row[s] as number)}
                      {s !== 'visits' && row[s] !== null ? (
                        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                          {rate(row.overall_rates[s])}
                        </Typography>
                      ) : null}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="turma.analytics.title" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('turma.analytics.title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1.5 }}>
            <TextField
              type="date"
              label={translate('turma.analytics.from')}
              value={range.from}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
              size="small"
            />
            <TextField
              type="date"
              label={translate('turma.analytics.to')}
              value={range.to}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
              size="small"
              error={!valid}
              helperText={valid ? ' ' : translate('turma.analytics.bad_range')}
            />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('turma.analytics.visits_note')}
          </Typography>
        </CardContent>
      </Card>

      {state.status === 'loading' && valid ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
          <CircularProgress size={22} />
          <Typography>{translate('turma.analytics.loading')}</Typography>
        </Box>
      ) : null}
      {state.status === 'error' ? <Alert severity="error">{state.message}</Alert> : null}
      {state.status === 'ready' ? (
        <>
          {state.report.total.visits === 0 && state.report.total.signups === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('turma.analytics.empty')}
            </Alert>
          ) : null}
          {funnelTable(
            translate('turma.analytics.by_origin'),
            translate('turma.analytics.by_origin_caption'),
            [{ label: rowLabel('total', 'total'), row: state.report.total }, ...state.report.by_origin.map((row) => ({ label: rowLabel('origin', row.key), row }))],
            'funnel-by-origin',
          )}
          {funnelTable(
            translate('turma.analytics.by_visitor_type'),
            translate('turma.analytics.by_visitor_type_caption'),
            state.report.by_visitor_type.map((row) => ({ label: rowLabel('visitor_type', row.key), row })),
            'funnel-by-visitor-type',
          )}
          {funnelTable(
            translate('turma.analytics.by_variant'),
            translate('turma.analytics.by_variant_caption'),
            state.report.by_variant.map((row) => ({ label: rowLabel('variant', row.key), row })),
            'funnel-by-variant',
          )}
          <Card>
            <CardContent>
              <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
                {translate('turma.analytics.significance')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                {translate('turma.analytics.significance_caption')}
              </Typography>
              <Box component="ul" aria-label={translate('turma.analytics.significance')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
                {state.report.variants.map((v) => (
                  <Box component="li" key={v.variant} data-testid={`variant-${v.variant}`} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
                    <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
                      {rowLabel('variant', v.variant)}
                    </Typography>
                    <Typography variant="h5" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {rate(v.conversion_rate)}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {translate('turma.analytics.conversions_of', { conversions: int.format(v.conversions), participants: int.format(v.participants) })}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {(() => {
                const s = state.report.significance;
                const a = rowLabel('variant', s.variant_a);
                const b = rowLabel('variant', s.variant_b);
                if (s.p_value === null || s.ci_low === null || s.ci_high === null) {
                  return <Alert severity="info">{translate('turma.analytics.not_enough')}</Alert>;
                }
                return (
                  <Box component="dl" data-testid="significance" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontVariantNumeric: 'tabular-nums' } }}>
                    <dt>{translate('turma.analytics.difference', { a, b })}</dt>
                    <dd>{translate('turma.analytics.pp', { value: pp.format(s.difference * 100) })}</dd>
                    <dt>{translate('turma.analytics.ci', { level: pct.format(s.confidence) })}</dt>
                    <dd>
                      {translate('turma.analytics.pp', { value: pp.format(s.ci_low * 100) })} … {translate('turma.analytics.pp', { value: pp.format(s.ci_high * 100) })}
                    </dd>
                    <dt>{translate('turma.analytics.p_value')}</dt>
                    <dd>{s.p_value < 0.0001 ? '< 0,0001'.replace(',', locale === 'en-US' ? '.' : ',') : new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(s.p_value)}</dd>
                    <dt>{translate('turma.analytics.verdict')}</dt>
                    <dd>{translate(s.p_value < 0.05 ? 'turma.analytics.significant' : 'turma.analytics.not_significant')}</dd>
                  </Box>
                );
              })()}
            </CardContent>
          </Card>
        </>
      ) : null}
    </Box>
  );
};
