// Payments (docs/api.md): create, history, status polling, the provider webhook and the sandbox's "Simular pagamento".
import { paginationSchema } from '../../../core/shared/pagination';
import { z } from 'zod';
import type { PaymentService } from '../../../core/payments/payment.service';
import { createPaymentSchema, hasReceipt, refundDestinationSchema, type PaymentRecord } from '../../../core/payments';
import { paymentListSchema, paymentSchema, paymentStatusSchema, webhookAnswerSchema } from '../../../core/payments/schemas';
import { notFound } from '../../../core/shared/errors';
import type { Config } from '../../config';
import type { SandboxPaymentGateway } from '../../payments/sandbox.gateway';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const pageSchema = paginationSchema;
const idParams = z.object({ id: z.string() });

/** A history line says whether its receipt exists, by the receipt's own rule, so the screen copies none. */
const withReceipt = <P extends { status: string; confirmed_at: string | null }>(p: P) => ({
  ...p,
  has_receipt: hasReceipt({ status: p.status as PaymentRecord['status'], confirmed_at: p.confirmed_at ? new Date(p.confirmed_at) : null }),
});

export function paymentRoutes() {
  const payments = (ctx: AppContext) => ctx.container.get<PaymentService>(TOKENS.PaymentService);

  return new ContractRouter({ tag: 'payments' })
    .route({
      method: 'post',
      path: '/api/payments',
      summary: 'Create a charge (PIX, boleto or card) for an entry, a balance or an order',
      guard: 'user',
      body: createPaymentSchema,
      errors: [404, 409, 503],
      answers: { 201: { description: 'The charge, with what the payer needs (PIX code, boleto or invoice link).', schema: paymentSchema } },
      handler: async (ctx, { body }) =>
        reply(201, await payments(ctx).createPayment({ id: ctx.state.user!.id, email: ctx.state.user!.email }, body, requestMeta(ctx))),
    })
    .route({
      method: 'get',
      path: '/api/payments',
      summary: 'The caller\'s payment history',
      guard: 'user',
      query: pageSchema,
      answers: { 200: { description: 'Newest first.', schema: paymentListSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        const page = await payments(ctx).listForUser(ctx.state.user!.id, query.page, query.per_page);
        return reply(200, { ...page, items: page.items.map(withReceipt) });
      },
    })
    .route({
      method: 'get',
      path: '/api/payments/:id',
      summary: 'One of the caller\'s payments',
      guard: 'user',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The charge.', schema: paymentSchema } },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await payments(ctx).get(ctx.state.user!.id, params.id));
      },
    })
    .route({
      method: 'get',
      path: '/api/payments/:id/status',
      summary: 'Poll a payment\'s status',
      guard: 'user',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'Status and whether it is confirmed.', schema: paymentStatusSchema } },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await payments(ctx).status(ctx.state.user!.id, params.id));
      },
    })
    .route({
      method: 'post',
      path: '/api/payments/:id/refund-destination',
      summary: 'Choose how a boleto refund is received: a PIX key or wallet credit (owner only, once)',
      guard: 'user',
      params: idParams,
      body: refundDestinationSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The payment, with its refund destination.', schema: paymentSchema } },
      handler: async (ctx, { params, body }) =>
        reply(200, await payments(ctx).chooseRefundDestination({ id: ctx.state.user!.id, email: ctx.state.user!.email }, params.id, body, requestMeta(ctx))),
    })
    // Asaas expects exactly 200, quickly; unknown events and payments are 200 too. Only a bad token is refused (401).
    .route({
      method: 'post',
      path: '/api/webhooks/asaas',
      summary: 'Asaas payment events (header `asaas-access-token`)',
      guard: 'public',
      describedBody: z.object({ id: z.string().optional(), event: z.string(), payment: z.record(z.string(), z.unknown()).optional() }).loose(),
      errors: [401],
      answers: { 200: { description: 'Received (also for unknown events; `duplicate` when already stored).', schema: webhookAnswerSchema } },
      handler: async (ctx) => {
        const result = await payments(ctx).receiveWebhook(ctx.headers, ctx.request.body);
        return reply(200, { received: true, duplicate: result.duplicate });
      },
    })
    .route({
      method: 'post',
      path: '/api/sandbox/payments/:id/confirm',
      summary: 'Sandbox only: simulate the provider confirming the payment',
      description: 'Answers 404 when the payment provider is not the sandbox, and in production.',
      tags: ['dev'],
      guard: 'user',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The payment\'s status after the simulated webhook.', schema: paymentStatusSchema } },
      handler: async (ctx, { params }) => {
        const config = ctx.container.get<Config>(TOKENS.Config);
        if (config.paymentProvider !== 'sandbox' || config.isProduction || !ctx.container.isBound(TOKENS.SandboxGateway)) {
          throw notFound('not_found', 'Endereço da API não encontrado.');
        }
        const service = payments(ctx);
        const payment = await service.get(ctx.state.user!.id, params.id);
        const sandbox = ctx.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
        const providerId = (await service.providerIdOf(payment.id)) ?? '';
        // The same path a real provider takes: a webhook with its token, stored and applied exactly once.
        const webhook = await sandbox.simulatePayment(providerId);
        await service.receiveWebhook(webhook.headers, webhook.body);
        return reply(200, await service.status(ctx.state.user!.id, payment.id));
      },
    });
}
