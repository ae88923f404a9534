// Accounts over HTTP (docs/api.md): sign-up, confirmation, sign-in/out, recovery, the profile and LGPD self-service.
import { inviteCodeSchema } from '../../../core/groups';
import { z } from 'zod';
import type { AuthService, SessionGrant } from '../../../core/identity/auth.service';
import { RECOVERY_SENT_MESSAGE } from '../../../core/identity/auth.service';
import type { AccountService } from '../../../core/identity/account.service';
import type { TwoFactorService } from '../../../core/identity/two-factor.service';
import type { ExportMyDataFlow } from '../../../core/flows/export-my-data.flow';
import type { AccountDeletionFlow } from '../../../core/flows/account-deletion.flow';
import { accountDeletionAnswerSchema, accountDeletionSchema, deletionPlanAnswerSchema } from '../../../core/flows/account-deletion-schemas';
import { loginSchema, emailSchema } from '../../../core/identity/auth-schemas';
import {
  buildProfileUpdateSchema,
  buildSignupSchema,
  changePasswordSchema,
  confirmEmailSchema,
  forgotPasswordSchema,
  resetRequestSchema,
} from '../../../core/identity/account-schemas';
import {
  accountExportSchema,
  meAnswerSchema,
  messageAnswerSchema,
  sessionAnswerSchema,
  sessionProbeAnswerSchema,
  signupAnswerSchema,
} from '../../../core/identity/schemas';
import { originSchema } from '../../../core/referrals';
import type { Config } from '../../config';
import { TOKENS } from '../../tokens';
import { SESSION_COOKIE, requestMeta, type AppContext } from '../context';
import { ContractRouter, reply, shapeAnswer } from '../contract';
import { apiLocaleOf, parseInput } from '../validation';
import { carriedClickId } from './influencers.routes';
import { linkExperimentVisitor } from './experiments.routes';

function setSessionCookie(ctx: AppContext, grant: SessionGrant) {
  const config = ctx.container.get<Config>(TOKENS.Config);
  const https = config.publicUrl.startsWith('https://');
  // With an https PUBLIC_URL the site is served over TLS, terminated by a proxy that may not send X-Forwarded-Proto:
  // the cookie is Secure either way (the cookies library would otherwise refuse it with a 500 on a plain hop).
  if (https) (ctx.cookies as unknown as { secure: boolean }).secure = true;
  ctx.cookies.set(SESSION_COOKIE, grant.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: https,
    expires: grant.expiresAt,
    path: '/',
    overwrite: true,
  });
}

const grantBody = (grant: SessionGrant) => ({
  user: grant.user,
  redirect_to: grant.redirect.path,
  ...(grant.redirect.state ? { redirect_state: grant.redirect.state } : {}),
});

const setsCookie = { 'Set-Cookie': { description: 'The httpOnly session cookie (`turma_session`).' } };
// Documentation only: the request-time schemas come from the service (they depend on its clock for the age check).
const docClock = () => new Date();

export function authRoutes() {
  const auth = (ctx: AppContext) => ctx.container.get<AuthService>(TOKENS.AuthService);
  const accounts = (ctx: AppContext) => ctx.container.get<AccountService>(TOKENS.AccountService);
  const twoFactor = (ctx: AppContext) => ctx.container.get<TwoFactorService>(TOKENS.TwoFactorService);
  const deletion = (ctx: AppContext) => ctx.container.get<AccountDeletionFlow>(TOKENS.AccountDeletionFlow);

  return new ContractRouter({ tag: 'identity' })
    .route({
      method: 'post',
      path: '/api/auth/signup',
      summary: 'Create an account (unconfirmed) and send the confirmation e-mail',
      guard: 'public',
      describedBody: buildSignupSchema(docClock),
      errors: [400, 409, 429],
      answers: { 201: { description: 'Created; the confirmation link was e-mailed (`mail_sent`).', schema: signupAnswerSchema } },
      handler: async (ctx) => {
        const service = accounts(ctx);
        const input = parseInput(service.signupSchema, ctx.request.body, apiLocaleOf(ctx));
        // Inside the 30-day window the referral link's click (the signed turma_ref cookie) binds the user to its influencer.
        const created = await service.signup(input, requestMeta(ctx), { clickId: carriedClickId(ctx) });
        await linkExperimentVisitor(ctx, created.user.id);
        return reply(201, created);
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/confirm',
      summary: 'Confirm the e-mail with the link token; starts a session',
      guard: 'public',
      body: confirmEmailSchema,
      answers: { 200: { description: 'Confirmed and signed in.', schema: sessionAnswerSchema, headers: setsCookie } },
      handler: async (ctx, { body }) => {
        const grant = await auth(ctx).confirmEmail(body.token, requestMeta(ctx));
        setSessionCookie(ctx, grant);
        await linkExperimentVisitor(ctx, grant.user.id);
        return reply(200, grantBody(grant));
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/resend-confirmation',
      summary: 'Send the confirmation link again',
      guard: 'public',
      body: z.object({ email: emailSchema }),
      errors: [429],
      answers: { 200: { description: 'Always the same answer (no account enumeration).', schema: messageAnswerSchema } },
      handler: async (ctx, { body }) => {
        await auth(ctx).resendConfirmation(body.email, requestMeta(ctx));
        return reply(200, { message: 'Se a conta existir e ainda não estiver confirmada, enviamos um novo link.' });
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/login',
      summary: 'Sign in; rotates the session cookie',
      guard: 'public',
      body: loginSchema,
      errors: [401, 403, 429],
      answers: { 200: { description: 'Signed in; `redirect_to` is where the web app goes next.', schema: sessionAnswerSchema, headers: setsCookie } },
      handler: async (ctx, { body }) => {
        const grant = await auth(ctx).login(body.email, body.password, requestMeta(ctx));
        await linkExperimentVisitor(ctx, grant.user.id);
        // Rotation: the session this browser had before is ended, the new token replaces it.
        if (ctx.state.user) await auth(ctx).endSession(ctx.state.user.sessionId);
        setSessionCookie(ctx, grant);
        return reply(200, grantBody(grant));
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/logout',
      summary: 'End this session',
      guard: 'user',
      answers: { 204: { description: 'Signed out; the cookie is cleared.' } },
      handler: async (ctx) => {
        await auth(ctx).logout(ctx.state.user!, requestMeta(ctx));
        ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
        return reply(204, undefined);
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/recover',
      summary: 'E-mail a password reset link',
      guard: 'public',
      body: forgotPasswordSchema,
      errors: [429],
      answers: { 200: { description: 'Always the same answer (no account enumeration).', schema: messageAnswerSchema } },
      handler: async (ctx, { body }) => {
        await auth(ctx).requestPasswordReset(body.email, requestMeta(ctx));
        return reply(200, { message: RECOVERY_SENT_MESSAGE });
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/reset',
      summary: 'Set a new password with the reset link token; ends every session',
      guard: 'public',
      body: resetRequestSchema,
      answers: { 200: { description: 'Password updated.', schema: messageAnswerSchema } },
      handler: async (ctx, { body }) => {
        await auth(ctx).resetPassword(body.token, body.password, requestMeta(ctx));
        ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
        return reply(200, { message: 'Senha atualizada!' });
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/unlock',
      summary: "Clear the account's login ceiling with the e-mailed unlock link token (single use)",
      guard: 'public',
      body: confirmEmailSchema,
      answers: { 200: { description: 'Sign-ins to the account are allowed again.', schema: messageAnswerSchema } },
      handler: async (ctx, { body }) => reply(200, await auth(ctx).unlockAccount(body.token, requestMeta(ctx))),
    })
    .route({
      method: 'post',
      path: '/api/auth/2fa/enrol',
      summary: 'Admins: start the second-factor enrolment (a new TOTP secret, pending until confirmed)',
      guard: 'user',
      errors: [403, 409],
      answers: {
        200: {
          description: 'The secret, its otpauth:// URL and a QR code of it (PNG data URL).',
          schema: z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() }),
        },
      },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await twoFactor(ctx).enrol(ctx.state.user!, requestMeta(ctx)));
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/2fa/confirm',
      summary: 'Admins: confirm the enrolment with a TOTP code; verifies this session and returns the 10 recovery codes (once)',
      guard: 'user',
      body: z.object({ code: z.string().min(1).max(16) }),
      errors: [400, 403, 409, 429],
      answers: { 200: { description: 'Enabled; keep the recovery codes, they are not shown again.', schema: z.object({ recovery_codes: z.array(z.string()) }) } },
      handler: async (ctx, { body }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await twoFactor(ctx).confirm(ctx.state.user!, body.code, requestMeta(ctx)));
      },
    })
    .route({
      method: 'post',
      path: '/api/auth/2fa/verify',
      summary: 'Admins: verify this session with a TOTP code or a recovery code (single use)',
      guard: 'user',
      body: z
        .object({ code: z.string().min(1).max(16).optional(), recovery_code: z.string().min(1).max(32).optional() })
        .refine((b) => Boolean(b.code) !== Boolean(b.recovery_code), { message: 'Informe o código ou um código de recuperação.' }),
      errors: [400, 403, 429],
      answers: { 200: { description: 'The session passed the second factor.', schema: z.object({ recovery_codes_left: z.number().int() }) } },
      handler: async (ctx, { body }) => reply(200, await twoFactor(ctx).verify(ctx.state.user!, body, requestMeta(ctx))),
    })
    .route({
      method: 'get',
      path: '/api/auth/session',
      summary: 'Who is signed in, if anyone (the apps\' session probe)',
      guard: 'public',
      answers: {
        200: { description: 'As GET /api/me when signed in; `{ user: null, profile: null }` for a visitor (not a 401: signed out is an expected answer).', schema: sessionProbeAnswerSchema },
      },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        if (!ctx.state.user) return reply(200, { user: null, profile: null });
        const me = await accounts(ctx).me(ctx.state.user.id);
        const secondFactor = await twoFactor(ctx).status(ctx.state.user);
        return reply(200, secondFactor === 'enrol' || secondFactor === 'verify' ? { ...me, second_factor: secondFactor } : me);
      },
    })
    .route({
      method: 'get',
      path: '/api/me',
      summary: 'The signed-in user, role and profile',
      guard: 'user',
      answers: { 200: { description: 'The account and its profile (null when missing).', schema: meAnswerSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        const me = await accounts(ctx).me(ctx.state.user!.id);
        const secondFactor = await twoFactor(ctx).status(ctx.state.user!);
        return reply(200, secondFactor === 'enrol' || secondFactor === 'verify' ? { ...me, second_factor: secondFactor } : me);
      },
    })
    .route({
      method: 'patch',
      path: '/api/me',
      summary: 'Update personal data and address (a new CEP is looked up again)',
      guard: 'user',
      describedBody: buildProfileUpdateSchema(docClock),
      errors: [400, 409],
      answers: { 200: { description: 'The updated account and profile.', schema: meAnswerSchema } },
      handler: async (ctx) => {
        const service = accounts(ctx);
        const patch = parseInput(service.profileUpdateSchema, ctx.request.body, apiLocaleOf(ctx));
        return reply(200, await service.updateProfile(ctx.state.user!, patch, requestMeta(ctx)));
      },
    })
    .route({
      method: 'post',
      path: '/api/me/password',
      summary: 'Change the password; other sessions end, this one is renewed',
      guard: 'user',
      body: changePasswordSchema,
      answers: { 200: { description: 'Password updated.', schema: messageAnswerSchema, headers: setsCookie } },
      handler: async (ctx, { body }) => {
        const grant = await auth(ctx).changePassword(ctx.state.user!, body.current_password, body.new_password, requestMeta(ctx));
        setSessionCookie(ctx, grant);
        return reply(200, { message: 'Senha atualizada!' });
      },
    })
    .route({
      method: 'post',
      path: '/api/me/origin',
      summary: 'Record the channel of a signed-in visit (the origin rules of docs/product/referrals.md)',
      guard: 'user',
      body: z.object({ path: z.string().min(1).max(500) }),
      answers: { 200: { description: 'The stored origin (null without a profile).', schema: z.object({ origem: originSchema.nullable() }) } },
      handler: async (ctx, { body }) => (reply(200, { origem: await accounts(ctx).recordVisit(ctx.state.user!, body.path) })),
    })
    .route({
      method: 'put',
      path: '/api/me/group-referral',
      summary: 'Keep the group invite followed before signing in',
      guard: 'user',
      body: z.object({
        group_id: z.uuid({ message: 'Turma inválida' }),
        referral_code: inviteCodeSchema,
      }),
      answers: {
        200: {
          description: 'The stored invite (null without a profile).',
          schema: z.object({
            group_referral: z.object({ group_id: z.string(), referral_code: z.string(), timestamp: z.string().meta({ format: 'date-time' }) }).nullable(),
          }),
        },
      },
      handler: async (ctx, { body }) =>
        reply(200, { group_referral: await accounts(ctx).recordGroupReferral(ctx.state.user!, body.group_id, body.referral_code.toUpperCase()) }),
    })
    .route({
      method: 'get',
      path: '/api/me/export',
      summary: 'LGPD export of every stored row about the user (a JSON file download)',
      guard: 'user',
      answers: {
        200: {
          description: 'The export, as an attachment (`Content-Disposition`), pretty-printed.',
          schema: accountExportSchema,
          raw: true,
          headers: { 'Content-Disposition': { description: '`attachment; filename="turma-meus-dados-<date>.json"`' } },
        },
      },
      handler: async (ctx) => {
        const flow = ctx.container.get<ExportMyDataFlow>(TOKENS.ExportMyDataFlow);
        const data = shapeAnswer(accountExportSchema, await flow.export(ctx.state.user!, requestMeta(ctx)));
        ctx.set('Cache-Control', 'no-store');
        ctx.set('Content-Disposition', `attachment; filename="turma-meus-dados-${data.exported_at.slice(0, 10)}.json"`);
        ctx.type = 'application/json; charset=utf-8';
        return reply(200, JSON.stringify(data, null, 2));
      },
    })
    .route({
      method: 'get',
      path: '/api/me/account/deletion-plan',
      summary: 'What deleting the account now would do (amounts in centavos), or why it cannot yet',
      guard: 'user',
      answers: { 200: { description: 'The plan; `blockers` in the request language (pt-BR unless English is asked).', schema: deletionPlanAnswerSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await deletion(ctx).plan(ctx.state.user!.id, apiLocaleOf(ctx)));
      },
    })
    .route({
      method: 'delete',
      path: '/api/me',
      summary: 'Delete the account (password re-entry): open purchases withdrawn, pending charges cancelled, wallet credit refunded by PIX, then personal data anonymised',
      guard: 'user',
      body: accountDeletionSchema,
      errors: [400, 409],
      answers: { 200: { description: 'Deleted; the cookie is cleared. `retention` says what is kept and why; `refund` the credit sent by PIX.', schema: accountDeletionAnswerSchema } },
      handler: async (ctx, { body }) => {
        const result = await deletion(ctx).delete(ctx.state.user!, body, requestMeta(ctx), apiLocaleOf(ctx));
        ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
        return reply(200, result);
      },
    });
}
