// Receipts: GET /api/payments/:id/receipt — the caller's confirmed payment as a printable HTML page, or the
// same receipt as a PDF with ?format=pdf. Built in core (PaymentReceiptFlow → buildReceipt), laid out by adapters/receipts.
import { z } from 'zod';
import type { PaymentReceiptFlow } from '../../../core/flows/payment-receipt.flow';
import type { ServiceInvoiceService } from '../../../core/service-invoices/service-invoice.service';
import { toMyServiceInvoice } from '../../../core/service-invoices';
import { RECEIPT_CSP, renderReceiptHtml } from '../../receipts/receipt-html';
import { renderReceiptPdf } from '../../receipts/receipt-pdf';
import { TOKENS } from '../../tokens';
import type { Next } from 'koa';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const RECEIPT_PAGE = /^\/api\/payments\/[^/]+\/receipt$/;

/**
 * The receipt link of a confirmation e-mail opened by someone signed out: a browser's page load goes to the sign-in
 * page, which comes back here afterwards; a caller that does not ask for HTML by name (fetch, curl) keeps the API's 401.
 */
export async function receiptSignInRedirect(ctx: AppContext, next: Next) {
  if (ctx.method === 'GET' && !ctx.state.user && RECEIPT_PAGE.test(ctx.path) && ctx.get('Accept').includes('text/html')) {
    ctx.status = 303;
    ctx.redirect(`/auth?next=${encodeURIComponent(ctx.originalUrl)}`);
    return;
  }
  await next();
}

const params = z.object({ id: z.string() });
const query = z.object({
  format: z.enum(['html', 'pdf'], { error: 'Formato inválido: use html ou pdf.' }).default('html').describe('`pdf` for the PDF file; HTML otherwise.'),
});

export function receiptRoutes() {
  return new ContractRouter({ tag: 'payments' }).route({
    method: 'get',
    path: '/api/payments/:id/receipt',
    summary: 'The receipt of one of the caller\'s confirmed payments (HTML page, or PDF with ?format=pdf)',
    description: 'Owner only: another user\'s or an unknown payment answers 404; a payment not confirmed yet answers 409 `receipt_unavailable`.',
    guard: 'user',
    params,
    query,
    errors: [404, 409],
    answers: {
      200: {
        description: 'The receipt: a self-contained printable HTML page (text/html), or the PDF (application/pdf) with `?format=pdf`.',
        contentType: 'text/html',
        raw: true,
      },
    },
    handler: async (ctx, { params, query }) => {
      const receipt = await ctx.container.get<PaymentReceiptFlow>(TOKENS.PaymentReceiptFlow).receipt(ctx.state.user!.id, params.id);
      // The authorised service invoice (NFS-e) of the purchase this payment completed, when there is one.
      const [invoice] = (await ctx.container.get<ServiceInvoiceService>(TOKENS.ServiceInvoiceService).forPayments([params.id])).map(toMyServiceInvoice).filter((i) => i !== null);
      if (invoice) {
        // On paper the address itself is the link.
        const pdf = query.format === 'pdf';
        receipt.lines.push({ label: 'Nota fiscal de serviço (NFS-e)', value: pdf ? `nº ${invoice.number ?? '—'}: ${invoice.pdf_url}` : `nº ${invoice.number ?? '—'} (PDF)`, href: invoice.pdf_url });
        if (invoice.xml_url) receipt.lines.push({ label: 'NFS-e em XML', value: pdf ? invoice.xml_url : 'XML', href: invoice.xml_url });
      }
      ctx.set('Cache-Control', 'private, no-store');
      if (query.format === 'pdf') {
        const pdf = await renderReceiptPdf(receipt);
        ctx.type = 'application/pdf';
        ctx.set('Content-Disposition', `inline; filename="recibo-${receipt.number}.pdf"`);
        return reply(200, pdf);
      }
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', RECEIPT_CSP);
      return reply(200, renderReceiptHtml(receipt));
    },
  });
}
