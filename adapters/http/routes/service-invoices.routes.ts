// Service invoices (NFS-e): the back office's list with status, links and errors and its retry (audited), the member's
// authorised invoices by payment, and the sandbox's test PDF and XML (outside production, PAYMENT_PROVIDER=sandbox).
import { z } from 'zod';
import { notFound } from '../../../core/shared/errors';
import { brasiliaMonth } from '../../../core/reports';
import { myServiceInvoicesSchema, serviceInvoiceListQuerySchema, serviceInvoiceListSchema, serviceInvoiceSchema, toMyServiceInvoice, toServiceInvoiceView } from '../../../core/service-invoices';
import type { ServiceInvoiceService } from '../../../core/service-invoices/service-invoice.service';
import type { ServiceInvoiceProvider } from '../../../core/ports/service-invoices';
import type { Config } from '../../config';
import type { AppUnitOfWork } from '../../db/unit-of-work';
import { SandboxServiceInvoices } from '../../payments/sandbox-invoices';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const admin = { roles: ['admin' as const] };

export function serviceInvoiceRoutes(config: Config) {
  const invoices = (ctx: AppContext) => ctx.container.get<ServiceInvoiceService>(TOKENS.ServiceInvoiceService);
  const router = new ContractRouter({ tag: 'payments' })
    .route({
      method: 'get',
      path: '/api/admin/service-invoices',
      summary: "The platform's service invoices (NFS-e) with their status, links and the provider's error, newest first",
      description: '`month` (YYYY-MM, Brasília) filters by when the purchase completed; `status` by scheduled, synchronised, authorised, cancelled or error.',
      guard: admin,
      query: serviceInvoiceListQuerySchema,
      errors: [400],
      answers: { 200: { description: 'One page of invoices and the total.', schema: serviceInvoiceListSchema } },
      handler: async (ctx, { query }) => {
        const range = query.month ? brasiliaMonth(query.month) : {};
        const { items, total } = await invoices(ctx).list({ ...range, ...(query.status ? { status: query.status } : {}), offset: (query.page - 1) * query.per_page, limit: query.per_page });
        ctx.set('Cache-Control', 'no-store');
        return reply(200, { items: items.map(toServiceInvoiceView), total });
      },
    })
    .route({
      method: 'post',
      path: '/api/admin/service-invoices/:id/retry',
      summary: 'Sends an invoice in error to the provider again (or asks its refused cancellation again); audited',
      guard: admin,
      params: z.object({ id: z.string() }),
      errors: [404, 409],
      answers: { 200: { description: 'The invoice after the retry was queued.', schema: serviceInvoiceSchema } },
      handler: async (ctx, { params }) => {
        const meta = requestMeta(ctx);
        const user = ctx.state.user!;
        return reply(200, toServiceInvoiceView(await invoices(ctx).retry({ id: user.id, email: user.email }, params.id, { ip: meta.ip, requestId: meta.requestId })));
      },
    })
    .route({
      method: 'get',
      path: '/api/me/service-invoices',
      summary: "The caller's authorised service invoices (NFS-e), each with the payment it belongs to and its PDF and XML",
      guard: 'user',
      answers: { 200: { description: 'Authorised invoices of the caller’s 200 newest payments.', schema: myServiceInvoicesSchema } },
      handler: async (ctx) => {
        const { items: payments } = await ctx.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).repos.payments.payments.listForUser(ctx.state.user!.id, 0, 200);
        const mine = (await invoices(ctx).forPayments(payments.map((p) => p.id))).map(toMyServiceInvoice).filter((i) => i !== null);
        ctx.set('Cache-Control', 'no-store');
        return reply(200, { items: mine });
      },
    });
  if (config.paymentProvider !== 'sandbox' || config.isProduction) return router;

  const sandbox = (ctx: AppContext) => {
    const provider = ctx.container.get<ServiceInvoiceProvider>(TOKENS.ServiceInvoiceProvider);
    return provider instanceof SandboxServiceInvoices ? provider : null;
  };
  return router
    .route({
      method: 'get',
      path: '/api/sandbox/invoices/:id/pdf',
      summary: 'Sandbox only: the test NFS-e as a PDF',
      guard: 'public',
      params: z.object({ id: z.string() }),
      errors: [404],
      answers: { 200: { description: 'The test invoice (PDF, no fiscal value).', contentType: 'application/pdf', raw: true } },
      handler: async (ctx, { params }) => {
        const pdf = await sandbox(ctx)?.pdf(params.id);
        if (!pdf) throw notFound('invoice_not_found', 'Nota fiscal não encontrada.');
        ctx.type = 'application/pdf';
        ctx.set('Content-Disposition', `inline; filename="nfse-teste-${params.id}.pdf"`);
        return reply(200, pdf);
      },
    })
    .route({
      method: 'get',
      path: '/api/sandbox/invoices/:id/xml',
      summary: 'Sandbox only: the test NFS-e as XML',
      guard: 'public',
      params: z.object({ id: z.string() }),
      errors: [404],
      answers: { 200: { description: 'The test invoice (XML, no fiscal value).', contentType: 'application/xml', raw: true } },
      handler: async (ctx, { params }) => {
        const xml = await sandbox(ctx)?.xml(params.id);
        if (!xml) throw notFound('invoice_not_found', 'Nota fiscal não encontrada.');
        ctx.type = 'application/xml; charset=utf-8';
        return reply(200, xml);
      },
    });
}
