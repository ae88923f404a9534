// Influencers and referral links (docs/api.md): clicks on /r/, /ref/, /indicacao/ (the first-click carrier cookie;
// those links themselves redirect here), applications, the one code change, the back office's list, funnel, decisions.
import { z } from 'zod';
import { isbot } from 'isbot';
import {
  INFLUENCER_STATUSES,
  adminInfluencerDetailSchema,
  adminInfluencerSchema,
  commissionRateSchema,
  influencerApplicationCreatedSchema,
  influencerApplicationSchema,
  influencerCodeChangedSchema,
  influencerReasonSchema,
  referralCodeSchema,
  type InfluencerService,
} from '../../../core/influencers';
import type { Next } from 'koa';
import { REFERRAL_COOKIE, influencerLinkTarget, type ReferralService } from '../../../core/referrals';
import type { AccountService } from '../../../core/identity/account.service';
import type { InfluencerApplicationFlow } from '../../../core/flows/influencer-application.flow';
import type { Config } from '../../config';
import { TOKENS } from '../../tokens';
import { linkExperimentVisitor } from './experiments.routes';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../simple-rest';
import { DomainError } from '../../../core/shared/errors';
import { apiLocaleOf, fieldsFromIssues, invalidInputMessage } from '../validation';

const idParams = z.object({ id: z.string() });
const admin = { roles: ['admin' as const] };
const adminFilter = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(INFLUENCER_STATUSES).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});
const reasonBody = z.object({ reason: influencerReasonSchema });

export const clickBodySchema = z.object({
  code: z.string({ error: 'Informe o código' }).trim().max(64, { error: 'Código longo demais' }),
  path: z.string({ error: 'Informe o caminho' }).trim().min(1, { error: 'Informe o caminho' }).max(500),
  referrer: z.string().trim().max(1000).nullish(),
});

/** Records a click on an influencer link and sets the first valid one's carrier cookie (30-day attribution). */
async function recordClick(ctx: AppContext, body: z.infer<typeof clickBodySchema>) {
  const userAgent = ctx.get('user-agent') || null;
  const referrals = ctx.container.get<ReferralService>(TOKENS.ReferralService);
  const carrier = await referrals.recordClick(body, { ip: ctx.ip || null, userAgent, isBot: isbot(userAgent ?? '') }, ctx.cookies.get(REFERRAL_COOKIE));
  if (carrier) {
    const https = ctx.container.get<Config>(TOKENS.Config).publicUrl.startsWith('https://');
    if (https) (ctx.cookies as unknown as { secure: boolean }).secure = true;
    ctx.cookies.set(REFERRAL_COOKIE, carrier.value, { httpOnly: true, sameSite: 'lax', secure: https, expires: carrier.expires, path: '/', overwrite: true });
  }
}

const INFLUENCER_LINK = /^\/(?:r|ref|indicacao)\/([^/]+)\/?$/;

/**
 * An influencer link opened in a browser: the click is recorded here and the visitor sent straight (302) to the
 * landing with `?inf=<code>`, which the server draws at once. With `?plano=` the app's redirect screen does it (the plan
 * travels in its navigation state). A failed click never keeps anyone from landing.
 */
export async function influencerLinkRedirect(ctx: AppContext, next: Next) {
  const match = ctx.method === 'GET' && !ctx.query.plano ? INFLUENCER_LINK.exec(ctx.path) : null;
  if (!match) return next();
  let code: string;
  try {
    code = decodeURIComponent(match[1]!);
  } catch {
    return next();
  }
  const body = clickBodySchema.safeParse({ code, path: ctx.path, referrer: ctx.get('referer') || null });
  if (body.success) {
    try {
      await recordClick(ctx, body.data);
    } catch (err) {
      ctx.state.log.warn({ err, path: ctx.path }, 'influencer link: the click was not recorded');
    }
  }
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(influencerLinkTarget(code, ctx.querystring));
}

/** The click id the visitor's carrier cookie holds (signed by us), or null; the sign-up routes read it. */
export function carriedClickId(ctx: AppContext): string | null {
  return ctx.container.get<ReferralService>(TOKENS.ReferralService).carriedClickId(ctx.cookies.get(REFERRAL_COOKIE));
}

export function influencerRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<InfluencerService>(TOKENS.InfluencerService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  return new ContractRouter({ tag: 'influencers' })
    .route({
      method: 'post',
      path: '/api/referrals/clicks',
      summary: 'Record a click on a referral link (unknown codes too)',
      description: 'Bots and a visitor\'s repeats within a minute are stored but not counted. The first click of an active influencer\'s link sets the httpOnly `turma_ref` cookie for the 30-day attribution window; a later click never replaces a valid earlier one.',
      guard: 'public',
      body: clickBodySchema,
      answers: { 204: { description: 'Recorded.', headers: { 'Set-Cookie': { description: 'The signed `turma_ref` carrier, on the first valid click only.' } } } },
      handler: async (ctx, { body }) => {
        await recordClick(ctx, body);
        return reply(204, undefined);
      },
    })
    .route({
      method: 'post',
      path: '/api/influencers/applications',
      summary: 'Apply as an influencer (signed in, or with the sign-up\'s account fields)',
      description: 'Signed in: the body is the application. Otherwise it also carries the sign-up fields (full_name, email, cpf, phone, birth_date, cep, address_number, password, accept_terms): the account (bound to the referral link that brought the visitor, under the sign-up rate limit) and the pending application are created in one transaction, and the confirmation e-mail is sent (`mail_sent`).',
      guard: 'public',
      describedBody: influencerApplicationSchema,
      errors: [400, 409, 429],
      answers: { 201: { description: 'The application, waiting for review.', schema: influencerApplicationCreatedSchema } },
      handler: async (ctx) => {
        const meta = requestMeta(ctx);
        if (ctx.state.user) return reply(201, await service(ctx).apply(actor(ctx), ctx.request.body, meta));
        // One form: the account's and the application's mistakes are answered together.
        const body = ctx.request.body ?? {};
        const account = ctx.container.get<AccountService>(TOKENS.AccountService).signupSchema.safeParse(body);
        const application = influencerApplicationSchema.safeParse(body);
        if (!account.success || !application.success) {
          const fields = { ...(application.success ? {} : fieldsFromIssues(application.error.issues)), ...(account.success ? {} : fieldsFromIssues(account.error.issues)) };
          throw new DomainError('invalid', 'invalid_input', invalidInputMessage(fields, apiLocaleOf(ctx)), { fields });
        }
        const flow = ctx.container.get<InfluencerApplicationFlow>(TOKENS.InfluencerApplicationFlow);
        const created = await flow.applyWithNewAccount(account.data, body, meta, { clickId: carriedClickId(ctx) });
        await linkExperimentVisitor(ctx, created.userId);
        return reply(201, created.application);
      },
    })
    .route({
      method: 'patch',
      path: '/api/me/influencer/code',
      summary: 'Change the caller\'s referral code (once)',
      guard: 'user',
      body: z.object({ code: referralCodeSchema }),
      errors: [404, 409],
      answers: { 200: { description: 'The new code.', schema: influencerCodeChangedSchema } },
      handler: async (ctx, { body }) => reply(200, await service(ctx).changeCode(actor(ctx), body.code, requestMeta(ctx))),
    })
    // The back office (ra-data-simple-rest list; actions as POST …/:id/<action>).
    .route({
      method: 'get',
      path: '/api/admin/influencers',
      summary: 'Influencers and applications (ra-data-simple-rest list)',
      tags: ['admin'],
      guard: admin,
      describedQuery: simpleRestQueryDoc(adminFilter),
      errors: [400],
      answers: { 200: { description: 'A page of influencers, newest first by default.', schema: z.array(adminInfluencerSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, adminFilter, { field: 'created_at', order: 'DESC' });
        const { items, total } = await service(ctx).adminList(query.filter, query.sort, query.offset, query.limit);
        sendList(ctx, 'influencers', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/api/admin/influencers/:id',
      summary: 'One influencer with the funnel',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The influencer, with counted clicks and sign-ups.', schema: adminInfluencerDetailSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).adminDetail(params.id)),
    })
    .route({
      method: 'post',
      path: '/api/admin/influencers/:id/approve',
      summary: 'Approve an application with a commission rate (or reactivate a suspended influencer)',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      body: z.object({ commission_rate_bp: commissionRateSchema.optional() }),
      errors: [404, 409],
      answers: { 200: { description: 'The influencer (with the code given on the first approval).', schema: adminInfluencerSchema } },
      handler: async (ctx, { params, body }) => reply(200, await service(ctx).decide(actor(ctx), params.id, 'approve', { commission_rate_bp: body.commission_rate_bp })),
    })
    .route({
      method: 'post',
      path: '/api/admin/influencers/:id/reject',
      summary: 'Reject an application with a reason',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      body: reasonBody,
      errors: [404, 409],
      answers: { 200: { description: 'The influencer.', schema: adminInfluencerSchema } },
      handler: async (ctx, { params, body }) => reply(200, await service(ctx).decide(actor(ctx), params.id, 'reject', { reason: body.reason })),
    })
    .route({
      method: 'post',
      path: '/api/admin/influencers/:id/suspend',
      summary: 'Suspend an approved influencer with a reason',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      body: reasonBody,
      errors: [404, 409],
      answers: { 200: { description: 'The influencer.', schema: adminInfluencerSchema } },
      handler: async (ctx, { params, body }) => reply(200, await service(ctx).decide(actor(ctx), params.id, 'suspend', { reason: body.reason })),
    })
    .route({
      method: 'post',
      path: '/api/admin/influencers/:id/reactivate',
      summary: 'Reactivate a suspended influencer',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: { 200: { description: 'The influencer.', schema: adminInfluencerSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).decide(actor(ctx), params.id, 'reactivate')),
    })
    .route({
      method: 'post',
      path: '/api/admin/influencers/:id/set-rate',
      summary: 'Set the commission rate (basis points of the platform fee)',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      body: z.object({ commission_rate_bp: commissionRateSchema }),
      errors: [404],
      answers: { 200: { description: 'The influencer.', schema: adminInfluencerSchema } },
      handler: async (ctx, { params, body }) => reply(200, await service(ctx).setRate(actor(ctx), params.id, body.commission_rate_bp)),
    });
}
