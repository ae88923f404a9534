// The per-day chart of the influencer dashboard (recharts): clicks and sign-ups as bars, commissions as a line on
// their own axis. recharts is only in this screen's chunk (the route's lazy import).
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import type { DayPoint } from './api';

const ACCENT = 'hsl(25 95% 53%)';
const MUTED = 'hsl(24 8% 60%)';
const GRID = 'hsl(24 10% 30% / 0.5)';
const SECOND = 'hsl(205 85% 60%)';
const THIRD = 'hsl(145 60% 50%)';

export function SeriesChart({ series }: { series: readonly DayPoint[] }) {
  const { t, i18n } = useTranslation('influencerDashboard');
  const locale = i18n.language;
  const label = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  return (
    <div className="inf-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        {/* Hidden from assistive technology (the summary above says it in words), so not focusable either. */}
        <ComposedChart data={series as DayPoint[]} margin={{ top: 8, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="date" tickFormatter={label} tick={{ fill: MUTED, fontSize: 11 }} minTickGap={16} />
          <YAxis yAxisId="n" allowDecimals={false} tick={{ fill: MUTED, fontSize: 11 }} />
          <YAxis yAxisId="c" orientation="right" hide />
          <Tooltip
            labelFormatter={(d) => label(String(d))}
            formatter={(value, name) => (name === t('chart.commissions') ? formatCents(Number(value), locale) : value)}
            contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border-strong)', borderRadius: 12 }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="n" dataKey="clicks" name={t('chart.clicks')} fill={ACCENT} radius={[4, 4, 0, 0]} />
          <Bar yAxisId="n" dataKey="signups" name={t('chart.signups')} fill={SECOND} radius={[4, 4, 0, 0]} />
          <Line yAxisId="c" dataKey="commissions" name={t('chart.commissions')} stroke={THIRD} strokeWidth={2} dot={false} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
