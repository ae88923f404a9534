// Payouts: the professional's own payouts, and the back office's "pay now" (the same run as the
// pay_professionals job and `turma payouts run`), audited.
import { myPayoutsSchema, payoutRunAnswerSchema } from '../../../core/professionals';
import type { PayoutFlow } from '../../../core/flows';
import { paginationSchema } from '../../../core/shared/pagination';
import type { AppUnitOfWork } from '../../db/unit-of-work';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const admin = { roles: ['admin' as const] };

export function payoutRoutes() {
  const flow = (ctx: AppContext) => ctx.container.get<PayoutFlow>(TOKENS.PayoutFlow);

  return new ContractRouter({ tag: 'professionals' })
    .route({
      method: 'get',
      path: '/api/me/payouts',
      summary: 'The caller\'s own payouts, newest first (professional or influencer)',
      guard: 'user',
      query: paginationSchema,
      errors: [403],
      answers: { 200: { description: 'Each PIX payout with its status, payment date, failure reason and receipt.', schema: myPayoutsSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await flow(ctx).mine(ctx.state.user!.id, query.page, query.per_page));
      },
    })
    .route({
      method: 'post',
      path: '/api/admin/payouts/run',
      summary: 'Pay every professional due a payout now (audited)',
      description: 'Matures the receivables whose hold ended, then creates one payout per professional whose available receivables reach PAYOUT_MINIMUM and sends its PIX transfer.',
      guard: admin,
      errors: [409, 503],
      answers: { 200: { description: 'How many payouts were created and their total (centavos).', schema: payoutRunAnswerSchema } },
      handler: async (ctx) => {
        const user = ctx.state.user!;
        const result = await flow(ctx).run({ id: user.id, email: user.email });
        const meta = requestMeta(ctx);
        await ctx.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).repos.audit.append({
          action: 'admin.payouts_run',
          actor_user_id: user.id,
          actor_email: user.email,
          entity_type: 'payout',
          entity_id: null,
          ip: meta.ip,
          user_agent: meta.userAgent,
          request_id: meta.requestId,
          metadata: { payouts: result.payouts, amount: result.amount, payout_ids: result.items.map((i) => i.payout_id) },
        });
        return reply(200, { payouts: result.payouts, amount: result.amount });
      },
    });
}
