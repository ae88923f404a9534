// Payments (API.md): create, history, status polling, the provider webhook and the sandbox's "Simular pagamento".
import Router from '@koa/router';
import { z } from 'zod';
import type { PaymentService } from '../../../core/payments/payment.service';
import { createPaymentSchema } from '../../../core/payments/payment.service';
import { notFound } from '../../../core/shared/errors';
import type { Config } from '../../config';
import type { SandboxPaymentGateway } from '../../payments/sandbox.gateway';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { requireUser } from '../middleware/auth';
import { parseInput } from '../validation';

const pageSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export function paymentRoutes() {
  const router = new Router<AppContext['state'], AppContext>();
  const payments = (ctx: AppContext) => ctx.container.get<PaymentService>(TOKENS.PaymentService);

  router.post('/api/payments', requireUser(), async (ctx) => {
    const input = parseInput(createPaymentSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await payments(ctx).createPayment({ id: ctx.state.user!.id, email: ctx.state.user!.email }, input, requestMeta(ctx));
  });

  router.get('/api/payments', requireUser(), async (ctx) => {
    const { page, per_page } = parseInput(pageSchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await payments(ctx).listForUser(ctx.state.user!.id, page, per_page);
  });

  router.get('/api/payments/:id', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await payments(ctx).get(ctx.state.user!.id, ctx.params.id ?? '');
  });

  router.get('/api/payments/:id/status', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await payments(ctx).status(ctx.state.user!.id, ctx.params.id ?? '');
  });

  // Asaas expects exactly 200, quickly; unknown events and payments are 200 too. Only a bad token is refused (401).
  router.post('/api/webhooks/asaas', async (ctx) => {
    const result = await payments(ctx).receiveWebhook(ctx.headers, ctx.request.body);
    ctx.status = 200;
    ctx.body = { received: true, duplicate: result.duplicate };
  });

  router.post('/api/sandbox/payments/:id/confirm', requireUser(), async (ctx) => {
    const config = ctx.container.get<Config>(TOKENS.Config);
    if (config.paymentProvider !== 'sandbox' || config.isProduction || !ctx.container.isBound(TOKENS.SandboxGateway)) {
      throw notFound('not_found', 'Endereço da API não encontrado.');
    }
    const service = payments(ctx);
    const payment = await service.get(ctx.state.user!.id, ctx.params.id ?? '');
    const sandbox = ctx.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
    const providerId = (await service.providerIdOf(payment.id)) ?? '';
    // The same path a real provider takes: a webhook with its token, stored and applied exactly once.
    const webhook = await sandbox.simulatePayment(providerId);
    await service.receiveWebhook(webhook.headers, webhook.body);
    ctx.body = await service.status(ctx.state.user!.id, payment.id);
  });

  return router;
}
