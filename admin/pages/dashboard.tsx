// Painel: today's and this month's figures (GET /api/admin/reports/dashboard), a 30-day chart (recharts, lazy), what
// needs attention, and a card per back-office screen with the figure that says what waits there.
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Card, CardActionArea, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import type { DashboardReportRecord } from '../lib/api-types';
import { formatBRL } from '../lib/money';
import { adminApi, call } from '../lib/api';
import { MessageFiguresCard } from '../components/message-figures';

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

/** GET /api/admin/reports/dashboard, once per visit of the home (its figures and each section's line). */
function useDashboardReport(): State {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    call(adminApi.GET('/api/admin/reports/dashboard'))
      .then((report) => live && setState({ status: 'ready', report }))
      .catch((err: Error) => live && setState({ status: 'error', message: err.message || translate('turma.dashboard.error') }));
    return () => {
      live = false;
    };
  }, [translate]);
  return state;
}

const Figures = ({ state }: { state: State }) => {
  const translate = useTranslate();
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

type Report = DashboardReportRecord;
/** A section's line from the report: a count (message `figure`, or `none` for zero: pt-BR's plural has no zero form). */
type Figure = { smart_count: number; amount?: string } | null;

/** The back office's screens, in menu order, each with the one figure from the home's report that says what waits there. */
const SECTIONS: { key: string; to: string; figure?: (r: Report) => Figure }[] = [
  { key: 'marketplace', to: '/marketplace', figure: (r) => ({ smart_count: r.attention.orders_to_ship }) },
  { key: 'plans', to: '/plans' },
  { key: 'groups', to: '/groups', figure: (r) => ({ smart_count: r.month.groups_completed }) },
  { key: 'professionals', to: '/professionals', figure: (r) => ({ smart_count: r.applications_waiting.professionals }) },
  { key: 'influencers', to: '/influencers', figure: (r) => ({ smart_count: r.applications_waiting.influencers }) },
  { key: 'reviews', to: '/reviews', figure: (r) => ({ smart_count: r.attention.reviews_reported }) },
  { key: 'campaigns', to: '/campaigns' },
  { key: 'users', to: '/users', figure: (r) => ({ smart_count: r.month.new_users }) },
  { key: 'financial_reports', to: '/financial-reports', figure: (r) => ({ smart_count: r.month.entries_paid.count, amount: formatBRL(r.month.entries_paid.amount) }) },
  { key: 'fiscal', to: '/fiscal' },
  { key: 'analytics', to: '/analytics' },
  { key: 'triggers', to: '/triggers', figure: (r) => ({ smart_count: r.attention.failed_jobs }) },
  { key: 'audit_logs', to: '/audit-logs' },
];

export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName ?? '';
  const state = useDashboardReport();
  const report = state.status === 'ready' ? state.report : null;

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
      <Figures state={state} />
      <MessageFiguresCard />
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {translate('turma.dashboard.sections_title')}
          </Typography>
          <Box
            component="ul"
            aria-label={translate('turma.dashboard.sections_title')}
            data-testid="dashboard-sections"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
          >
            {SECTIONS.map(({ key, to, figure }) => {
              const value = report && figure ? figure(report) : null;
              return (
                <Box component="li" key={key} sx={{ minWidth: 0 }}>
                  {/* The whole card is the link: its title names it, the line under says what waits there. */}
                  <CardActionArea component={Link} to={to} sx={{ height: '100%', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
                        {translate(`turma.dashboard.sections.${key}.title`)}
                      </Typography>
                      {value ? (
                        <Typography variant="body2" sx={{ fontWeight: 600, color: value.smart_count > 0 ? 'primary.main' : 'text.secondary' }}>
                          {translate(`turma.dashboard.sections.${key}.${value.smart_count > 0 ? 'figure' : 'none'}`, value)}
                        </Typography>
                      ) : null}
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {translate(`turma.dashboard.sections.${key}.description`)}
                      </Typography>
                    </Box>
                    <ChevronRightIcon aria-hidden sx={{ flexShrink: 0, color: 'text.secondary', mt: 0.25 }} />
                  </CardActionArea>
                </Box>
              );
            })}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
