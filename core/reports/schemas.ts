// Contracts of the back-office reports.
import { z } from 'zod';
import { GOODS_INVOICE_STATUSES } from '../goods-invoices';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use uma data no formato AAAA-MM-DD' });

export const financialReportQuerySchema = z
  .object({
    from: day,
    to: day,
    granularity: z.enum(['month', 'day'], { message: 'Escolha mês ou dia' }).default('month'),
    format: z.enum(['json', 'csv'], { message: 'Formato inválido' }).default('json'),
  })
  .refine((q) => q.from <= q.to, { message: 'A data inicial deve ser anterior à final', path: ['to'] })
  .refine((q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 3 * 366 * 86_400_000, { message: 'Período máximo de 3 anos', path: ['to'] });

const positions = { held: z.number().int(), owed_professionals: z.number().int(), owed_influencers: z.number().int(), owed_members: z.number().int() };
const lines = {
  ...positions,
  entries: z.number().int(),
  balances: z.number().int(),
  marketplace_sales: z.number().int(),
  refunds: z.number().int(),
  marketplace_refunds: z.number().int(),
  commissions: z.number().int(),
  bonuses: z.number().int(),
  payouts: z.number().int(),
  platform_fee: z.number().int(),
  platform_result: z.number().int(),
  money_in: z.number().int(),
  money_out: z.number().int(),
  reconciliation: z.number().int(),
};

export const financialReportSchema = z.object({
  granularity: z.enum(['month', 'day']),
  from: z.string(),
  to: z.string(),
  opening: z.object(positions),
  rows: z.array(z.object({ period: z.string(), ...lines })),
  totals: z.object(lines),
}).meta({ id: 'FinancialReport' });

const figure = z.object({ count: z.number().int(), amount: z.number().int() });
const figures = z.object({
  entries_paid: figure,
  groups_completed: z.number().int(),
  balances_paid: figure,
  marketplace_sales: figure,
  refunds: figure,
  new_users: z.number().int(),
});
export type DashboardFigures = z.output<typeof figures>;

export const dashboardReportSchema = z
  .object({
    today: figures,
    month: figures,
    applications_waiting: z.object({ professionals: z.number().int(), influencers: z.number().int() }),
    series: z.array(z.object({ day: z.string(), entries: z.number().int(), balances: z.number().int(), marketplace_sales: z.number().int(), refunds: z.number().int(), new_users: z.number().int() })),
    attention: z.object({
      failed_jobs: z.number().int(),
      payments_stuck_pending: z.number().int(),
      orders_to_ship: z.number().int(),
      reviews_reported: z.number().int(),
      /** Payments the provider reported charged back in the last 30 days: money to dispute or recover. */
      chargebacks: z.number().int(),
    }),
  })
  .meta({ id: 'DashboardReport' });
export type DashboardReport = z.output<typeof dashboardReportSchema>;

export const fiscalQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Use um mês no formato AAAA-MM' }),
  format: z.enum(['json', 'csv'], { message: 'Formato inválido' }).default('json'),
});

export const markInvoicedSchema = z.object({
  event_ids: z
    .array(z.string().regex(/^(fee|order):[0-9a-f-]{36}$/, { message: 'Evento inválido' }), { message: 'Informe os eventos' })
    .min(1, { message: 'Escolha ao menos um evento' })
    .max(500, { message: 'No máximo 500 eventos por vez' }),
  invoice_number: z.string({ message: 'Informe o número da nota' }).trim().min(1, { message: 'Informe o número da nota' }).max(60, { message: 'Número da nota muito longo' }),
});

const fiscalEvent = z.object({
  id: z.string(),
  kind: z.enum(['fee', 'order']),
  occurred_at: z.string(),
  customer_name: z.string().nullable(),
  customer_cpf: z.string().nullable(),
  description: z.string(),
  amount: z.number().int(),
  /** Services (NFS-e), goods (NF-e) and freight: `amount` split (core/reports/fiscal.ts fiscalSplit). */
  service_amount: z.number().int(),
  goods_amount: z.number().int(),
  freight_amount: z.number().int(),
  gross: z.number().int(),
  refunded: z.boolean(),
  invoice_number: z.string().nullable(),
  invoiced_at: z.string().nullable(),
  nfe_status: z.enum(GOODS_INVOICE_STATUSES).nullable(),
  nfe_access_key: z.string().nullable(),
});

export const fiscalReportSchema = z
  .object({
    month: z.string(),
    events: z.array(fiscalEvent),
    totals: z.object({
      events: z.number().int(),
      amount: z.number().int(),
      invoiced: z.number().int(),
      invoiced_amount: z.number().int(),
      pending: z.number().int(),
      pending_amount: z.number().int(),
      service_amount: z.number().int(),
      goods_amount: z.number().int(),
      freight_amount: z.number().int(),
    }),
  })
  .meta({ id: 'FiscalReport' });

export const markInvoicedAnswerSchema = z.object({ invoiced: z.array(z.string()), already_invoiced: z.array(z.string()), unknown: z.array(z.string()) });
