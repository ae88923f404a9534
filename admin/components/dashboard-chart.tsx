// The dashboard's 30-day chart (recharts): loaded lazily so the chart library stays out of the back office's first load.
import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBRL } from '../lib/money';

export interface DashboardChartDay {
  day: string;
  entries: number;
  balances: number;
  marketplace_sales: number;
  refunds: number;
}

const SERIES = ['entries', 'balances', 'marketplace_sales', 'refunds'] as const;

export default function DashboardChart({ days, labels }: { days: DashboardChartDay[]; labels: Record<(typeof SERIES)[number], string> }) {
  const theme = useTheme();
  const colors = { entries: theme.palette.primary.main, balances: theme.palette.success.main, marketplace_sales: theme.palette.info.main, refunds: theme.palette.error.main };
  const data = days.map((d) => ({ ...d, label: `${d.day.slice(8, 10)}/${d.day.slice(5, 7)}` }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="label" tick={{ fill: theme.palette.text.secondary, fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis tick={{ fill: theme.palette.text.secondary, fontSize: 11 }} tickFormatter={(v: number) => formatBRL(v).replace(/,\d\d$/, '')} width={72} />
        <Tooltip formatter={(v) => formatBRL(Number(v))} contentStyle={{ background: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}` }} />
        <Legend />
        {SERIES.map((k) => (
          <Bar key={k} dataKey={k} name={labels[k]} stackId={k === 'refunds' ? 'out' : 'in'} fill={colors[k]} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
