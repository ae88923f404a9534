// Back office: reports — the financial report with its reconciliation line (JSON or streamed CSV).
import { brasiliaMonth, dashboardReportSchema, fiscalQuerySchema, fiscalReportSchema, markInvoicedAnswerSchema, markInvoicedSchema, summariseFiscal, dashboardWindows, financialReportQuerySchema, financialReportSchema, startOfBrasiliaDay, type FinancialRow } from '../../../../core/reports';
import type { Clock } from '../../../../core/shared/clock';
import type { PgBossJobQueue } from '../../../jobs/pg-boss.queue';
import { TOKENS } from '../../../tokens';
import { requestMeta, type AppContext } from '../../context';
import { ContractRouter, reply, shapeAnswer } from '../../contract';
import { sendCsv } from '../../csv-export';
import { financialColumns, financialReport, fiscalColumns, fiscalEvents } from '../../../reports/report-exports';
import type { KnexReports } from '../../../db/repos/reports.repo';

const admin = { roles: ['admin' as const] };


async function* rowsOf<R>(rows: R[]) {
  for (const r of rows) yield r;
}

export function reportAdminRoutes() {
  const reports = (ctx: AppContext) => ctx.container.get<KnexReports>(TOKENS.Reports);

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/reports' })
    .route({
      method: 'get',
      path: '/dashboard',
      summary: "Today's and this month's figures (Brasília), a 30-day series and what needs attention",
      guard: admin,
      answers: { 200: { description: 'The dashboard.', schema: dashboardReportSchema } },
      handler: async (ctx) => {
        const now = ctx.container.get<Clock>(TOKENS.Clock).now();
        const w = dashboardWindows(now);
        const db = reports(ctx);
        const [today, month, series, waiting, jobs] = await Promise.all([
          db.figures(w.today.from, w.today.to),
          db.figures(w.month.from, w.month.to),
          db.dailySeries(startOfBrasiliaDay(w.days[0]!), w.today.to),
          db.waiting(now),
          ctx.container.get<PgBossJobQueue>(TOKENS.JobQueue).status(),
        ]);
        const byDay = new Map(series.map((d) => [d.day, d]));
        return reply(200, {
          today,
          month,
          applications_waiting: { professionals: waiting.professionals, influencers: waiting.influencers },
          series: w.days.map((day) => byDay.get(day) ?? { day, entries: 0, balances: 0, marketplace_sales: 0, refunds: 0, new_users: 0 }),
          attention: {
            failed_jobs: jobs.reduce((n, j) => n + j.failed, 0),
            payments_stuck_pending: waiting.payments_stuck_pending,
            orders_to_ship: waiting.orders_to_ship,
            reviews_reported: waiting.reviews_reported,
            chargebacks: waiting.chargebacks,
          },
        });
      },
    })
    .route({
      method: 'get',
      path: '/fiscal',
      summary: "The month's taxable events (platform fee on redeemed vouchers, marketplace sales) with the customer's CPF",
      description: 'Brasília month. `?format=csv` streams CSV (UTF-8 with BOM, `;`, pt-BR dates, decimal comma).',
      guard: admin,
      query: fiscalQuerySchema,
      errors: [400],
      answers: { 200: { description: 'The events and totals as JSON (fiscalReportSchema), or the CSV file.', schema: fiscalReportSchema, raw: true } },
      handler: async (ctx, { query }) => {
        const { from, to } = brasiliaMonth(query.month);
        const summary = summariseFiscal(query.month, await fiscalEvents(reports(ctx), { from, to }));
        if (query.format === 'csv') return reply(200, sendCsv(ctx, `fiscal-${query.month}`, rowsOf(summary.events), fiscalColumns));
        return reply(200, shapeAnswer(fiscalReportSchema, summary));
      },
    })
    .route({
      method: 'post',
      path: '/fiscal/mark-invoiced',
      summary: 'Marks taxable events as invoiced with an NFS-e number (once per event; audited)',
      guard: admin,
      body: markInvoicedSchema,
      errors: [400],
      answers: { 200: { description: 'What was marked now, what already had an invoice and the unknown ids.', schema: markInvoicedAnswerSchema } },
      handler: async (ctx, { body }) => {
        const meta = requestMeta(ctx);
        return reply(200, await reports(ctx).markInvoiced(body.event_ids, body.invoice_number, { id: ctx.state.user!.id, email: ctx.state.user!.email, ip: meta.ip, requestId: meta.requestId }));
      },
    })
    .route({
      method: 'get',
      path: '/financial',
      summary: 'Financial report per month or day, with the reconciliation line (JSON, or CSV with ?format=csv)',
      description:
        'Days are Brasília calendar days (`from`..`to` inclusive). reconciliation = (money_in − money_out) − (Δheld + Δowed_professionals + Δowed_influencers + Δowed_members + platform_result), zero when the books agree. CSV: UTF-8 with BOM, `;`, decimal comma.',
      guard: admin,
      query: financialReportQuerySchema,
      errors: [400],
      answers: { 200: { description: 'The report as JSON (financialReportSchema), or the CSV file with ?format=csv.', schema: financialReportSchema, raw: true } },
      handler: async (ctx, { query }) => {
        const report = await financialReport(reports(ctx), query.from, query.to, query.granularity);
        if (query.format === 'csv') {
          return reply(200, sendCsv(ctx, 'relatorio-financeiro', rowsOf([...report.rows, { period: 'total', ...report.totals } as FinancialRow]), financialColumns));
        }
        return reply(200, shapeAnswer(financialReportSchema, report));
      },
    });
}
