// Back office: CSV exports streamed from the server (orders, products, users, groups) with the list's filters and no
// row cap; keyset pages through csv-stringify (adapters/http/csv-export.ts), so 100,000 rows never sit in memory.
import { z } from 'zod';
import { orderAdminFilterSchema } from '../../../../core/marketplace';
import { brasiliaDays, commissionColumns, orderColumns, payoutColumns } from '../../../reports/report-exports';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { csvCell, keysetRows, sendCsv, type CsvColumn } from '../../csv-export';
import { parseSimpleRestQuery } from '../../simple-rest';
import { exportCursorOf, type ExportCursor, type GroupExportRow, type KnexAdminExports, type ProductExportRow, type UserExportRow, type WithCursor } from '../../../db/repos/admin-exports.repo';

const admin = { roles: ['admin' as const] };
const text = z.string().trim().max(200);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data inválida (use AAAA-MM-DD)' });
const datedFilter = z.object({ from: day, to: day }).refine((f) => f.from <= f.to, { message: 'A data inicial deve ser anterior à final', path: ['to'] });

const filters = {
  orders: orderAdminFilterSchema,
  products: z.object({ q: text.optional(), category_id: z.uuid().optional(), active: z.boolean().optional() }),
  users: z.object({ q: text.optional(), role: z.enum(['user', 'professional', 'influencer', 'admin']).optional() }),
  groups: z.object({ status: z.enum(['open', 'complete', 'expired', 'cancelled']).optional(), plan_id: z.uuid().optional() }),
  // Commissions and payouts by creation day (Brasília, both days included), as `turma reports` takes them.
  commissions: datedFilter,
  payouts: datedFilter,
};
type ExportResource = keyof typeof filters;

const yesNo = (v: boolean) => (v ? 'sim' : 'não');

const productColumns: Array<CsvColumn<ProductExportRow>> = [
  { header: 'Produto', value: (r) => r.name },
  { header: 'Slug', value: (r) => r.slug },
  { header: 'Categoria', value: (r) => r.category },
  { header: 'Preço (R$)', value: (r) => csvCell.reais(r.price) },
  { header: 'Estoque', value: (r) => (r.stock_quantity === null ? 'ilimitado' : r.stock_quantity) },
  { header: 'Ativo', value: (r) => yesNo(r.active) },
  { header: 'Criado em', value: (r) => csvCell.dateTime(r.created_at) },
  { header: 'ID', value: (r) => r.id },
];
const userColumns: Array<CsvColumn<UserExportRow>> = [
  { header: 'Nome', value: (r) => r.full_name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Papel', value: (r) => r.role },
  { header: 'Telefone', value: (r) => r.phone },
  { header: 'Cidade', value: (r) => r.city },
  { header: 'UF', value: (r) => r.state },
  { header: 'E-mail confirmado em', value: (r) => csvCell.dateTime(r.email_confirmed_at) },
  { header: 'Bloqueado em', value: (r) => csvCell.dateTime(r.blocked_at) },
  { header: 'Criado em', value: (r) => csvCell.dateTime(r.created_at) },
  { header: 'ID', value: (r) => r.id },
];
const groupColumns: Array<CsvColumn<GroupExportRow>> = [
  { header: 'Plano', value: (r) => r.plan_name },
  { header: 'Status', value: (r) => r.status },
  { header: 'Vagas', value: (r) => r.group_size },
  { header: 'Pagos', value: (r) => r.paid_members },
  { header: 'Preço (R$)', value: (r) => csvCell.reais(r.price) },
  { header: 'Entrada (R$)', value: (r) => csvCell.reais(r.entry_price) },
  { header: 'Prazo', value: (r) => csvCell.dateTime(r.deadline_at) },
  { header: 'Criado em', value: (r) => csvCell.dateTime(r.created_at) },
  { header: 'ID', value: (r) => r.id },
];

/** The list's `?filter=` (the same parser and 400s as the list routes; sort and range do not apply to an export). */
function parseFilter<F>(ctx: AppContext, schema: z.ZodType<F>): F {
  return parseSimpleRestQuery(ctx, schema, { field: 'created_at', order: 'DESC' }).filter;
}

function rowsOf<R>(page: (after: ExportCursor | null, size: number) => Promise<Array<WithCursor<R>>>) {
  return keysetRows<WithCursor<R>, ExportCursor>(page, (r) => exportCursorOf(r as WithCursor<R> & { id: string }));
}

export function exportAdminRoutes() {
  const source = (ctx: AppContext) => ctx.container.get<KnexAdminExports>(TOKENS.AdminExports);

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/exports' }).route({
    method: 'get',
    path: '/:resource',
    summary: 'CSV export of a back-office list (streamed, no row cap)',
    description: 'UTF-8 with BOM, `;` separator, pt-BR dates (Brasília) and decimal comma; `?filter=` as the list screen sends it.',
    guard: admin,
    params: z.object({ resource: z.enum(['orders', 'products', 'users', 'groups', 'commissions', 'payouts']) }),
    describedQuery: z.object({ filter: z.string().optional().describe('JSON object with the list filters.') }),
    errors: [400],
    answers: { 200: { description: 'The CSV file (text/csv).', raw: true } },
    handler: async (ctx, { params }) => {
      const resource = params.resource as ExportResource;
      const db = source(ctx);
      if (resource === 'orders') {
        const filter = parseFilter(ctx, filters.orders);
        return reply(200, sendCsv(ctx, 'pedidos', rowsOf((after, size) => db.ordersPage(filter, after, size)), orderColumns));
      }
      if (resource === 'products') {
        const filter = parseFilter(ctx, filters.products);
        return reply(200, sendCsv(ctx, 'produtos', rowsOf((after, size) => db.productsPage(filter, after, size)), productColumns));
      }
      if (resource === 'commissions' || resource === 'payouts') {
        const f = parseFilter(ctx, filters[resource]);
        const window = brasiliaDays(f.from, f.to);
        if (resource === 'commissions') return reply(200, sendCsv(ctx, 'comissoes', rowsOf((after, size) => db.commissionsPage(window, after, size)), commissionColumns));
        return reply(200, sendCsv(ctx, 'repasses', rowsOf((after, size) => db.payoutsPage(window, after, size)), payoutColumns));
      }
      if (resource === 'users') {
        const filter = parseFilter(ctx, filters.users);
        return reply(200, sendCsv(ctx, 'usuarios', rowsOf((after, size) => db.usersPage(filter, after, size)), userColumns));
      }
      const filter = parseFilter(ctx, filters.groups);
      return reply(200, sendCsv(ctx, 'grupos', rowsOf((after, size) => db.groupsPage(filter, after, size)), groupColumns));
    },
  });
}
