// Painel: today's and this month's figures (GET /api/admin/reports/dashboard), a 30-day chart (recharts, lazy), what
// needs attention, and the list of back-office sections.
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import type { DashboardReportRecord } from '../lib/api-types';
import { formatBRL } from '../lib/money';
import { httpClient } from '../providers/dataProvider';

const DashboardChart = lazy(() => import('../components/dashboard-chart'));

type Figures = DashboardReportRecord['today'];
type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; report: DashboardReportRecord };

const FIGURES: Array<{ key: keyof Figures; money: boolean }> = [
  { key: 'entries_paid', money: true },
  { key: 'groups_completed', money: false },
  { key: 'balances_paid', money: true },
  { key: 'marketplace_sales', money: true },
  { key: 'refunds', money: true },
  { key: 'new_users', money: false },
];
const ATTENTION: Array<{ key: keyof DashboardReportRecord['attention']; to: string }> = [
  { key: 'failed_jobs', to: '/triggers' },
  { key: 'payments_stuck_pending', to: '/financial-reports' },
  { key: 'orders_to_ship', to: '/marketplace/orders' },
  { key: 'reviews_reported', to: '/reviews' },
  { key: 'chargebacks', to: `/audit-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'payment.chargeback' }))}` },
];

const FiguresCard = ({ title, figures, testId }: { title: string; figures: Figures; testId: string }) => {
  const translate = useTranslate();
  const int = new Intl.NumberFormat('pt-BR');
  return (
    <Card sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, columnGap: 2 }}>
          {FIGURES.map(({ key, money }) => {
            const v = figures[key];
            return (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {translate(`turma.dashboard.figures.${key}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                  {typeof v === 'number' ? int.format(v) : money ? `${formatBRL(v.amount)} (${int.format(v.count)})` : int.format(v.count)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
};

const Figures = () => {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    httpClient('/api/admin/reports/dashboard')
      .then(({ json }) => live && setState({ status: 'ready', report: json as DashboardReportRecord }))
      .catch((err: Error) => live && setState({ status: 'error', message: err.message || translate('turma.dashboard.error') }));
    return () => {
      live = false;
    };
  }, [translate]);

  if (state.status === 'loading')
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2 }} role="status">
        <CircularProgress size={20} />
        <Typography>{translate('turma.dashboard.loading')}</Typography>
      </Stack>
    );
  if (state.status === 'error')
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {state.message}
      </Alert>
    );
  const { report } = state;
  const attention = ATTENTION.filter(({ key }) => report.attention[key] > 0);
  const waiting = report.applications_waiting.professionals + report.applications_waiting.influencers;
  const quiet = report.series.every((d) => d.entries + d.balances + d.marketplace_sales + d.refunds === 0);
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <FiguresCard title={translate('turma.dashboard.today')} figures={report.today} testId="dashboard-today" />
        <FiguresCard title={translate('turma.dashboard.month')} figures={report.month} testId="dashboard-month" />
      </Stack>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {translate('turma.dashboard.attention_title')}
          </Typography>
          {attention.length === 0 && waiting === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{translate('turma.dashboard.all_clear')}</Typography>
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="dashboard-attention">
              {attention.map(({ key, to }) => (
                <Chip key={key} component={Link} to={to} clickable color="warning" label={translate(`turma.dashboard.attention.${key}`, { smart_count: report.attention[key] })} />
              ))}
              {report.applications_waiting.professionals > 0 && (
                <Chip component={Link} to="/professionals" clickable color="info" label={translate('turma.dashboard.attention.professionals_waiting', { smart_count: report.applications_waiting.professionals })} />
              )}
              {report.applications_waiting.influencers > 0 && (
                <Chip component={Link} to="/influencers" clickable color="info" label={translate('turma.dashboard.attention.influencers_waiting', { smart_count: report.applications_waiting.influencers })} />
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {translate('turma.dashboard.chart_title')}
          </Typography>
          {quiet ? (
            <Typography sx={{ color: 'text.secondary' }}>{translate('turma.dashboard.chart_empty')}</Typography>
          ) : (
            <Suspense fallback={<CircularProgress size={20} />}>
              <Box data-testid="dashboard-chart">
                <DashboardChart
                  days={report.series}
                  labels={{
                    entries: translate('turma.dashboard.figures.entries_paid'),
                    balances: translate('turma.dashboard.figures.balances_paid'),
                    marketplace_sales: translate('turma.dashboard.figures.marketplace_sales'),
                    refunds: translate('turma.dashboard.figures.refunds'),
                  }}
                />
              </Box>
            </Suspense>
          )}
        </CardContent>
      </Card>
    </>
  );
};

/** Sections of PRODUCT.md §7, in menu order; `to` only once the screen exists. */
const SECTIONS: { key: string; to?: string }[] = [
  { key: 'analytics', to: '/analytics' },
  { key: 'marketplace', to: '/marketplace' },
  { key: 'plans', to: '/plans' },
  { key: 'groups' },
  { key: 'professionals', to: '/professionals' },
  { key: 'influencers' },
  { key: 'campaigns' },
  { key: 'fiscal', to: '/fiscal' },
  { key: 'financial_reports', to: '/financial-reports' },
  { key: 'users' },
  { key: 'triggers' },
  { key: 'audit_logs', to: '/audit-logs' },
];

export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName ?? '';

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="ra.page.dashboard" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('turma.dashboard.welcome', { name })}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{translate('turma.dashboard.intro')}</Typography>
        </CardContent>
      </Card>
      <Figures />
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {translate('turma.dashboard.sections_title')}
          </Typography>
          <Box
            component="ul"
            aria-label={translate('turma.dashboard.sections_title')}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            }}
          >
            {SECTIONS.map(({ key, to }) => (
              <Box
                component="li"
                key={key}
                sx={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  justifyContent: 'space-between',
                  gap: 2,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
                    {translate(`turma.dashboard.sections.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {translate(`turma.dashboard.sections.${key}.description`)}
                  </Typography>
                </Box>
                {to ? (
                  <Button component={Link} to={to} size="small" variant="contained" sx={{ flexShrink: 0 }}>
                    {translate('turma.dashboard.open')}
                  </Button>
                ) : (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate('turma.dashboard.soon')}
                    sx={{ flexShrink: 0 }}
                  />
                )}
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
