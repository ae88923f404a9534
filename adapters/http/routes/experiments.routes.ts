// The theme experiment: enrolment and browser interactions (anyone, best effort), and the back office's
// experiment and funnel reports. The visitor's anonymous id rides in the httpOnly `turma_ab` cookie so the
// sign-up, confirmation and login routes can link the participant to the account (linkExperimentVisitor).
import {
  analyticsQuerySchema,
  analyticsReportSchema,
  anonymousIdSchema,
  eventsAcceptedSchema,
  eventsBatchSchema,
  experimentReportQuerySchema,
  experimentReportSchema,
  participantInputSchema,
  participantSchema,
  type ExperimentService,
} from '../../../core/experiments';
import type { Config } from '../../config';
import type { RateLimiter } from '../../../core/ports/rate-limiter';
import { rateLimited } from '../../../core/identity/auth.service';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

export const EXPERIMENT_COOKIE = 'turma_ab';
const YEAR_MS = 365 * 86_400_000;
const admin = { roles: ['admin' as const] };
const service = (ctx: AppContext) => ctx.container.get<ExperimentService>(TOKENS.ExperimentService);

/** Links the visitor's experiment participant (from the `turma_ab` cookie) to the account; never fails the caller. */
export async function linkExperimentVisitor(ctx: AppContext, userId: string): Promise<void> {
  const anonymousId = anonymousIdSchema.safeParse(ctx.cookies.get(EXPERIMENT_COOKIE) ?? '');
  if (!anonymousId.success) return;
  try {
    await service(ctx).linkUser(anonymousId.data, userId);
  } catch (err) {
    ctx.state.log.warn({ err }, 'experiment participant not linked');
  }
}

/** The tracking endpoints' per-IP limit (`tracking_ip`): 429 with Retry-After; the browser drops the batch silently. */
async function limitTracking(ctx: AppContext): Promise<void> {
  const limit = await ctx.container.get<RateLimiter>(TOKENS.RateLimiter).hit('tracking_ip', ctx.ip || 'desconhecido');
  if (limit.blocked) {
    ctx.set('Retry-After', String(limit.retryAfterSeconds));
    throw rateLimited(limit.retryAfterSeconds, 'requisições de acompanhamento');
  }
}

export function experimentRoutes() {
  return new ContractRouter({ tag: 'experiments' })
    .route({
      method: 'post',
      path: '/api/experiments/participants',
      summary: 'Enrol a visitor in an experiment (idempotent per anonymous_id)',
      description: 'The same anonymous_id always answers the same participant with its first variant, and a signed-in user keeps the participant (and variant) they already have: a variant sent later never replaces it. Rate limited per IP (`tracking_ip`). Sets the httpOnly `turma_ab` cookie so sign-up and login link the participant to the account; a signed-in caller is linked at once.',
      guard: 'public',
      body: participantInputSchema,
      errors: [429],
      answers: { 201: { description: 'The participant (new or the existing one).', schema: participantSchema, headers: { 'Set-Cookie': { description: 'The visitor\'s anonymous id (`turma_ab`).' } } } },
      handler: async (ctx, { body }) => {
        await limitTracking(ctx);
        const participant = await service(ctx).enrol(body, ctx.state.user?.id ?? null);
        const https = ctx.container.get<Config>(TOKENS.Config).publicUrl.startsWith('https://');
        if (https) (ctx.cookies as unknown as { secure: boolean }).secure = true;
        ctx.cookies.set(EXPERIMENT_COOKIE, participant.anonymous_id, { httpOnly: true, sameSite: 'lax', secure: https, expires: new Date(Date.now() + YEAR_MS), path: '/', overwrite: true });
        return reply(201, participant);
      },
    })
    .route({
      method: 'post',
      path: '/api/experiments/events',
      summary: 'Record a batch of interaction events',
      description: 'At most 50 events of 1 KB of metadata each; the browser may only send `interaction` (conversions are recorded by the server). Events of unknown participants, and events whose metadata names another variant or experiment than the participant\'s, are dropped. Rate limited per IP (`tracking_ip`).',
      guard: 'public',
      body: eventsBatchSchema,
      errors: [429],
      answers: { 202: { description: 'Accepted; `accepted` counts the stored events.', schema: eventsAcceptedSchema } },
      handler: async (ctx, { body }) => {
        await limitTracking(ctx);
        return reply(202, { accepted: await service(ctx).record(body) });
      },
    })
    .route({
      method: 'get',
      path: '/api/admin/reports/experiments',
      tags: ['admin'],
      summary: 'An experiment\'s participants, conversions and rate per variant, with the significance test',
      guard: admin,
      query: experimentReportQuerySchema,
      answers: { 200: { description: 'Per variant, all time.', schema: experimentReportSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await service(ctx).experimentReport(query.experiment));
      },
    })
    .route({
      method: 'get',
      path: '/api/admin/reports/analytics',
      tags: ['admin'],
      summary: 'The funnel visits → sign-ups → entries paid → groups completed → balances paid, by origin and by theme variant',
      description: 'Visits are the experiment participants created in the range (each visitor is assigned once). Sign-ups are accounts created in the range; each later step counts those accounts having reached it. By variant: the range\'s visitors and the accounts linked to them.',
      guard: admin,
      query: analyticsQuerySchema,
      answers: { 200: { description: 'The funnel and the variants\' two-proportion test (95% CI).', schema: analyticsReportSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await service(ctx).analytics(query));
      },
    });
}
