// The reports both the back office and `turma reports` export: one query and one set of CSV columns per report, so
// the download and the CLI give the same figures. Dated lists stream by keyset pages; the financial report is per period.
import type { Container } from 'inversify';
import { ORDER_STATUS_LABELS, orderNumber } from '../../core/marketplace';
import { formatCpf } from '../../core/identity/cpf';
import { COMMISSION_STATUS_LABELS, type CommissionStatus } from '../../core/influencers/commission-rules';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '../../core/professionals/payout-rules';
import { FISCAL_KIND_LABELS, buildFinancialReport, formatPeriod, nextDay, startOfBrasiliaDay, summariseFiscal, type FinancialRow, type FiscalEvent } from '../../core/reports';
import { GOODS_INVOICE_STATUS_LABELS } from '../../core/goods-invoices';
import { csvCell, keysetRows, type CsvColumn } from '../http/csv-export';
import { exportCursorOf, type CommissionExportRow, type CreatedBetween, type ExportCursor, type KnexAdminExports, type OrderExportRow, type PayoutExportRow, type WithCursor } from '../db/repos/admin-exports.repo';
import type { KnexReports } from '../db/repos/reports.repo';
import { TOKENS } from '../tokens';

export const financialColumns: Array<CsvColumn<FinancialRow>> = [
  { header: 'Período', value: (r) => (r.period === 'total' ? 'Total' : formatPeriod(r.period)) },
  { header: 'Entradas (R$)', value: (r) => csvCell.reais(r.entries) },
  { header: 'Saldos (R$)', value: (r) => csvCell.reais(r.balances) },
  { header: 'Vendas do marketplace (R$)', value: (r) => csvCell.reais(r.marketplace_sales) },
  { header: 'Reembolsos (R$)', value: (r) => csvCell.reais(r.refunds) },
  { header: 'Reembolsos do marketplace (R$)', value: (r) => csvCell.reais(r.marketplace_refunds) },
  { header: 'Comissões (R$)', value: (r) => csvCell.reais(r.commissions) },
  { header: 'Bônus (R$)', value: (r) => csvCell.reais(r.bonuses) },
  { header: 'Repasses (R$)', value: (r) => csvCell.reais(r.payouts) },
  { header: 'Taxa da plataforma (R$)', value: (r) => csvCell.reais(r.platform_fee) },
  { header: 'Resultado da plataforma (R$)', value: (r) => csvCell.reais(r.platform_result) },
  { header: 'Dinheiro retido (R$)', value: (r) => csvCell.reais(r.held) },
  { header: 'A pagar a profissionais (R$)', value: (r) => csvCell.reais(r.owed_professionals) },
  { header: 'A pagar a influenciadores (R$)', value: (r) => csvCell.reais(r.owed_influencers) },
  { header: 'Crédito de membros (R$)', value: (r) => csvCell.reais(r.owed_members) },
  { header: 'Entrou (R$)', value: (r) => csvCell.reais(r.money_in) },
  { header: 'Saiu (R$)', value: (r) => csvCell.reais(r.money_out) },
  { header: 'Conciliação (R$)', value: (r) => csvCell.reais(r.reconciliation) },
];

export const fiscalColumns: Array<CsvColumn<FiscalEvent>> = [
  { header: 'Data', value: (e) => csvCell.dateTime(e.occurred_at) },
  { header: 'Tipo', value: (e) => FISCAL_KIND_LABELS[e.kind] },
  { header: 'Cliente', value: (e) => e.customer_name },
  { header: 'CPF', value: (e) => (e.customer_cpf ? formatCpf(e.customer_cpf) : '') },
  { header: 'Descrição', value: (e) => e.description },
  // Services (NFS-e), goods (NF-e) and freight apart: the freight is never part of a service's value.
  { header: 'Serviços — NFS-e (R$)', value: (e) => csvCell.reais(e.service_amount) },
  { header: 'Mercadorias — NF-e (R$)', value: (e) => csvCell.reais(e.goods_amount) },
  { header: 'Frete (R$)', value: (e) => csvCell.reais(e.freight_amount) },
  { header: 'Valor da compra (R$)', value: (e) => csvCell.reais(e.gross) },
  { header: 'Estornado', value: (e) => (e.refunded ? 'sim' : 'não') },
  { header: 'Nota fiscal', value: (e) => e.invoice_number },
  { header: 'Emitida em', value: (e) => csvCell.dateTime(e.invoiced_at) },
  { header: 'NF-e', value: (e) => (e.nfe_status ? GOODS_INVOICE_STATUS_LABELS[e.nfe_status] : '') },
  { header: 'Chave de acesso da NF-e', value: (e) => e.nfe_access_key },
  { header: 'Evento', value: (e) => e.id },
];

export const orderColumns: Array<CsvColumn<OrderExportRow>> = [
  { header: 'Pedido', value: (r) => orderNumber(r.id) },
  { header: 'Status', value: (r) => ORDER_STATUS_LABELS[r.status] },
  { header: 'Cliente', value: (r) => r.full_name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Itens', value: (r) => r.items_count },
  { header: 'Subtotal (R$)', value: (r) => csvCell.reais(r.subtotal) },
  { header: 'Total (R$)', value: (r) => csvCell.reais(r.total_amount) },
  { header: 'Rastreio', value: (r) => r.tracking_code },
  { header: 'Cidade', value: (r) => r.city },
  { header: 'UF', value: (r) => r.state },
  { header: 'Criado em', value: (r) => csvCell.dateTime(r.created_at) },
  { header: 'Pago em', value: (r) => csvCell.dateTime(r.paid_at) },
  { header: 'Enviado em', value: (r) => csvCell.dateTime(r.shipped_at) },
  { header: 'ID', value: (r) => r.id },
];

export const commissionColumns: Array<CsvColumn<CommissionExportRow>> = [
  { header: 'Influenciador', value: (r) => r.influencer_name },
  { header: 'Código', value: (r) => r.influencer_code },
  { header: 'Origem', value: (r) => (r.source_type === 'order' ? 'Pedido do marketplace' : 'Compra em grupo') },
  { header: 'Taxa da plataforma (R$)', value: (r) => csvCell.reais(r.base_fee) },
  { header: 'Percentual', value: (r) => `${(r.rate_bp / 100).toFixed(2).replace('.', ',')}%` },
  { header: 'Comissão (R$)', value: (r) => csvCell.reais(r.amount) },
  { header: 'Status', value: (r) => COMMISSION_STATUS_LABELS[r.status as CommissionStatus] ?? r.status },
  { header: 'Disponível em', value: (r) => csvCell.dateTime(r.available_at) },
  { header: 'Estornada em', value: (r) => csvCell.dateTime(r.reversed_at) },
  { header: 'Criada em', value: (r) => csvCell.dateTime(r.created_at) },
  { header: 'ID', value: (r) => r.id },
];

export const payoutColumns: Array<CsvColumn<PayoutExportRow>> = [
  { header: 'Destinatário', value: (r) => r.recipient_name },
  { header: 'Tipo', value: (r) => ({ professional: 'Profissional', influencer: 'Influenciador', wallet_refund: 'Devolução de crédito (conta excluída)' })[r.recipient_kind] },
  { header: 'Valor (R$)', value: (r) => csvCell.reais(r.amount) },
  { header: 'Status', value: (r) => PAYOUT_STATUS_LABELS[r.status as PayoutStatus] ?? r.status },
  { header: 'Motivo da falha', value: (r) => r.failure_reason },
  { header: 'Pago em', value: (r) => csvCell.dateTime(r.paid_at) },
  { header: 'Criado em', value: (r) => csvCell.dateTime(r.created_at) },
  { header: 'ID', value: (r) => r.id },
];

export const REPORT_KINDS = ['financial', 'fiscal', 'commissions', 'payouts', 'orders'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** One report ready to write: its file name, CSV columns and rows (an async iterable, read once). */
export interface ReportExport<R = unknown> {
  name: string;
  columns: ReadonlyArray<CsvColumn<R>>;
  rows: AsyncIterable<R>;
}

/** Brasília calendar days `from`..`to` (inclusive) as the instants [from, to). */
export function brasiliaDays(from: string, to: string): CreatedBetween {
  return { from: startOfBrasiliaDay(from), to: startOfBrasiliaDay(nextDay(to)) };
}

async function* rowsOf<R>(rows: R[]) {
  for (const r of rows) yield r;
}

/** Newest first, one page in memory; the cursor column is dropped from what is yielded. */
function paged<R>(page: (after: ExportCursor | null, size: number) => Promise<Array<WithCursor<R>>>): AsyncIterable<R> {
  return (async function* () {
    for await (const row of keysetRows<WithCursor<R>, ExportCursor>(page, (r) => exportCursorOf(r as WithCursor<R> & { id: string }))) {
      const { cursor_ts: _cursor, ...rest } = row;
      yield rest as R;
    }
  })();
}

/** The financial report's periods and its total line, as the back office shows them. */
export async function financialReport(reports: KnexReports, from: string, to: string, granularity: 'month' | 'day') {
  const events = await reports.ledger(startOfBrasiliaDay(nextDay(to)));
  return buildFinancialReport(events, from, to, granularity);
}

export async function fiscalEvents(reports: KnexReports, window: CreatedBetween): Promise<FiscalEvent[]> {
  return reports.fiscalEvents(window.from, window.to);
}

/** The report `kind` over Brasília days `from`..`to`. */
export async function reportExport(container: Container, kind: ReportKind, from: string, to: string, granularity: 'month' | 'day' = 'month'): Promise<ReportExport> {
  const reports = container.get<KnexReports>(TOKENS.Reports);
  const exports = container.get<KnexAdminExports>(TOKENS.AdminExports);
  const window = brasiliaDays(from, to);
  switch (kind) {
    case 'financial': {
      const report = await financialReport(reports, from, to, granularity);
      return { name: 'relatorio-financeiro', columns: financialColumns, rows: rowsOf([...report.rows, { period: 'total', ...report.totals } as FinancialRow]) } as ReportExport;
    }
    case 'fiscal': {
      const summary = summariseFiscal(from.slice(0, 7), await fiscalEvents(reports, window));
      return { name: 'fiscal', columns: fiscalColumns, rows: rowsOf(summary.events) } as ReportExport;
    }
    case 'commissions':
      return { name: 'comissoes', columns: commissionColumns, rows: paged((after, size) => exports.commissionsPage(window, after, size)) } as ReportExport;
    case 'payouts':
      return { name: 'repasses', columns: payoutColumns, rows: paged((after, size) => exports.payoutsPage(window, after, size)) } as ReportExport;
    case 'orders':
      return {
        name: 'pedidos',
        columns: orderColumns,
        rows: paged((after, size) => exports.ordersPage({ created_at_gte: window.from, created_at_lte: new Date(window.to.getTime() - 1) }, after, size)),
      } as ReportExport;
  }
}
