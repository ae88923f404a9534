// Sandbox payment provider pages: GET /api/sandbox/payments/:id/boleto (a test boleto). Only with PAYMENT_PROVIDER=sandbox
// outside production; otherwise the router is empty and the API's JSON 404 answers.
import { z } from 'zod';
import { escapeHtml } from '../../../core/identity/emails';
import { formatCents } from '../../../core/shared/money';
import type { Config } from '../../config';
import type { SandboxBoleto, SandboxPaymentGateway } from '../../payments/sandbox.gateway';
import { TOKENS } from '../../tokens';
import { ContractRouter, reply } from '../contract';

export function sandboxRoutes(config: Config) {
  const router = new ContractRouter({ tag: 'dev' });
  if (config.paymentProvider !== 'sandbox' || config.isProduction) return router;

  return router.route({
    method: 'get',
    path: '/api/sandbox/payments/:id/boleto',
    summary: 'Sandbox only: the test boleto page of a charge',
    guard: 'public',
    params: z.object({ id: z.string().describe('The provider id of the sandbox charge.') }),
    answers: {
      200: { description: 'The test boleto (HTML).', contentType: 'text/html', raw: true },
      404: { description: 'No such test boleto (HTML).', contentType: 'text/html', raw: true },
    },
    handler: async (ctx, { params }) => {
      // Unbound when a test swapped in another gateway.
      const gateway = ctx.container.isBound(TOKENS.SandboxGateway) ? ctx.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway) : null;
      const boleto = gateway ? await gateway.getBoleto(params.id) : null;
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      if (!boleto) return reply(404, sandboxPage('Boleto não encontrado', '<p>Não existe boleto de teste com este código.</p>'));
      return reply(200, renderBoleto(boleto));
    },
  });
}

const STATUS_TEXT: Record<string, string> = {
  pending: 'Aguardando pagamento',
  overdue: 'Vencido',
  confirmed: 'Pago (simulado)',
  refunding: 'Estorno em andamento',
  refunded: 'Estornado',
  chargeback: 'Contestado',
  cancelled: 'Cancelado',
};

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function renderBoleto(b: SandboxBoleto): string {
  const rows: [string, string][] = [
    ['Beneficiário', 'TURMA SANDBOX (ambiente de teste)'],
    ['Pagador', b.payerName],
    ['Descrição', b.description],
    ['Vencimento', brDate(b.dueDate)],
    ['Valor', formatCents(b.charge.amount)],
    ['Situação', STATUS_TEXT[b.charge.status] ?? b.charge.status],
    ['Nosso número', b.charge.providerId],
  ];
  return sandboxPage(
    'Boleto de teste',
    [
      '<p class="warning" role="alert"><strong>BOLETO DE TESTE — NÃO PAGUE</strong><br>',
      'Este boleto foi gerado pelo provedor de pagamentos de teste do Turma. Ele não é aceito por nenhum banco; ',
      'para confirmar o pagamento, use “Simular pagamento” na tela de pagamento.</p>',
      '<h2>Linha digitável</h2>',
      `<p class="line" aria-label="Linha digitável">${escapeHtml(b.digitableLine)}</p>`,
      '<dl>',
      ...rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`),
      '</dl>',
    ].join(''),
  );
}

/** The plain page the sandbox's test documents (boleto, DANFE) are drawn on: marked as a test, never indexed. */
export function sandboxPage(title: string, content: string): string {
  return [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} — Turma</title><style>`,
    'body{margin:0;background:#f5f5f4;color:#1c1917;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}',
    'main{max-width:720px;margin:32px auto;padding:24px 28px;background:#fff;border:1px solid #e7e5e4;border-radius:16px}',
    'h1{margin:0 0 16px;font-size:1.5rem;color:#ea580c}h2{font-size:1rem;margin:24px 0 8px}',
    '.warning{margin:0 0 16px;padding:12px 16px;border:2px dashed #b91c1c;border-radius:10px;background:#fef2f2;color:#7f1d1d}',
    '.line{font:600 1.05rem/1.4 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.02em;word-break:break-all;padding:12px;background:#fafaf9;border:1px solid #e7e5e4;border-radius:8px}',
    'dl{display:grid;gap:8px;margin:24px 0 0}dl div{display:flex;gap:12px;border-bottom:1px solid #f5f5f4;padding-bottom:6px}',
    'dt{min-width:140px;color:#57534e}dd{margin:0;font-weight:600}',
    `</style></head><body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`,
  ].join('');
}
