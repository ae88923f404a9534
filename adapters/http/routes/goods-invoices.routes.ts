// Goods invoices (NF-e) over HTTP: the back office reads an order's invoice and retries a rejected one (audited), the
// customer reads their order's key and DANFE link, and with the sandbox provider this server serves the test DANFE.
import { z } from 'zod';
import { escapeHtml } from '../../../core/identity/emails';
import { formatCents } from '../../../core/shared/money';
import { GOODS_INVOICE_STATUS_LABELS, adminGoodsInvoiceAnswerSchema, adminGoodsInvoiceSchema, formatAccessKey, myGoodsInvoiceAnswerSchema, type GoodsInvoiceService } from '../../../core/goods-invoices';
import type { OrderService } from '../../../core/marketplace/order.service';
import type { Config } from '../../config';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';
import { sandboxPage as page } from './sandbox.routes';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });

export function goodsInvoiceRoutes(config: Config) {
  const service = (ctx: AppContext) => ctx.container.get<GoodsInvoiceService>(TOKENS.GoodsInvoiceService);
  const router = new ContractRouter({ tag: 'marketplace' })
    .route({
      method: 'get',
      path: '/api/admin/orders/:id/goods-invoice',
      summary: "An order's goods invoice (NF-e): status, access key, DANFE and XML, the provider's message",
      guard: admin,
      params: idParams,
      answers: { 200: { description: 'The invoice, or null when none was requested (unpaid order, services only, plan order).', schema: adminGoodsInvoiceAnswerSchema } },
      handler: async (ctx, { params }) => reply(200, { invoice: z.uuid().safeParse(params.id).success ? await service(ctx).forOrder(params.id) : null }),
    })
    .route({
      method: 'post',
      path: '/api/admin/goods-invoices/:id/retry',
      summary: 'Send a rejected goods invoice again (a new reference), or re-queue one stuck on an unreachable provider; audited',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: { 200: { description: 'The invoice, waiting to be sent.', schema: adminGoodsInvoiceSchema } },
      handler: async (ctx, { params }) => {
        const user = ctx.state.user!;
        return reply(200, await service(ctx).retry(params.id, { id: user.id, email: user.email }, requestMeta(ctx)));
      },
    })
    .route({
      method: 'get',
      path: '/api/orders/:id/goods-invoice',
      summary: "The caller's order's NF-e: status, access key and DANFE link",
      guard: 'user',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The invoice, or null while none was requested.', schema: myGoodsInvoiceAnswerSchema } },
      handler: async (ctx, { params }) => {
        // The order's owner only: anyone else gets the order's 404.
        await ctx.container.get<OrderService>(TOKENS.OrderService).get(ctx.state.user!.id, params.id);
        ctx.set('Cache-Control', 'no-store');
        return reply(200, { invoice: await service(ctx).forOrder(params.id) });
      },
    });
  if (config.goodsInvoices.provider !== 'sandbox') return router;

  return router.route({
    method: 'get',
    path: '/api/sandbox/nfe/:key/danfe',
    summary: 'Sandbox only: the test DANFE of a goods invoice',
    guard: 'public',
    params: z.object({ key: z.string().describe('The 44-digit access key.') }),
    answers: {
      200: { description: 'The test DANFE (HTML).', contentType: 'text/html', raw: true },
      404: { description: 'No such invoice (HTML).', contentType: 'text/html', raw: true },
    },
    handler: async (ctx, { params }) => {
      const invoice = await service(ctx).findByAccessKey(params.key);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      if (!invoice || invoice.provider !== 'sandbox') return reply(404, page('DANFE não encontrado', '<p>Não existe nota fiscal de teste com esta chave.</p>'));
      const facts = await service(ctx).facts(invoice.order_id);
      const lines = (facts?.lines ?? []).filter((l) => (l.fiscal_kind ?? 'goods') === 'goods');
      return reply(
        200,
        page(
          'DANFE de teste',
          [
            '<p class="warning" role="alert"><strong>DOCUMENTO DE TESTE — SEM VALOR FISCAL</strong><br>Emitido pelo emissor de NF-e de teste do Turma; não foi enviado à SEFAZ.</p>',
            '<h2>Chave de acesso</h2>',
            `<p class="line" aria-label="Chave de acesso">${escapeHtml(formatAccessKey(invoice.access_key ?? ''))}</p>`,
            '<dl>',
            ...[
              ['Número / série', `${invoice.number ?? '—'} / ${invoice.series ?? '—'}`],
              ['Situação', GOODS_INVOICE_STATUS_LABELS[invoice.status]],
              ['Destinatário', facts?.customer.name ?? '—'],
              ['Mercadorias', formatCents(invoice.goods_amount)],
              ['Frete', formatCents(invoice.freight_amount)],
              ['Valor total da nota', formatCents(invoice.total_amount)],
            ].map(([k, v]) => `<div><dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd></div>`),
            '</dl><h2>Produtos</h2><ul>',
            ...lines.map((l) => `<li>${escapeHtml(`${l.quantity} × ${l.product_name} — ${formatCents(l.subtotal)}`)}</li>`),
            '</ul>',
          ].join(''),
        ),
      );
    },
  });
}
