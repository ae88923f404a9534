// Accounts over HTTP (API.md): sign-up, confirmation, sign-in/out, recovery, the profile and LGPD self-service.
import Router from '@koa/router';
import { z } from 'zod';
import type { AuthService, SessionGrant } from '../../../core/identity/auth.service';
import { RECOVERY_SENT_MESSAGE } from '../../../core/identity/auth.service';
import type { AccountService } from '../../../core/identity/account.service';
import { loginSchema, emailSchema } from '../../../core/identity/auth-schemas';
import {
  changePasswordSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetRequestSchema,
} from '../../../core/identity/account-schemas';
import type { Config } from '../../config';
import { TOKENS } from '../../tokens';
import { SESSION_COOKIE, requestMeta, type AppContext } from '../context';
import { requireUser } from '../middleware/auth';
import { parseInput } from '../validation';

function setSessionCookie(ctx: AppContext, grant: SessionGrant) {
  const config = ctx.container.get<Config>(TOKENS.Config);
  ctx.cookies.set(SESSION_COOKIE, grant.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
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

export function authRoutes() {
  const router = new Router<AppContext['state'], AppContext>();
  const auth = (ctx: AppContext) => ctx.container.get<AuthService>(TOKENS.AuthService);
  const accounts = (ctx: AppContext) => ctx.container.get<AccountService>(TOKENS.AccountService);

  router.post('/api/auth/signup', async (ctx) => {
    const service = accounts(ctx);
    const input = parseInput(service.signupSchema, ctx.request.body);
    const result = await service.signup(input, requestMeta(ctx));
    ctx.status = 201;
    ctx.body = result;
  });

  router.post('/api/auth/confirm', async (ctx) => {
    const { token } = parseInput(confirmEmailSchema, ctx.request.body);
    const grant = await auth(ctx).confirmEmail(token, requestMeta(ctx));
    setSessionCookie(ctx, grant);
    ctx.body = grantBody(grant);
  });

  router.post('/api/auth/resend-confirmation', async (ctx) => {
    const { email } = parseInput(z.object({ email: emailSchema }), ctx.request.body);
    await auth(ctx).resendConfirmation(email, requestMeta(ctx));
    ctx.body = { message: 'Se a conta existir e ainda não estiver confirmada, enviamos um novo link.' };
  });

  router.post('/api/auth/login', async (ctx) => {
    const input = parseInput(loginSchema, ctx.request.body);
    const grant = await auth(ctx).login(input.email, input.password, requestMeta(ctx));
    // Rotation: the session this browser had before is ended, the new token replaces it.
    if (ctx.state.user) await auth(ctx).endSession(ctx.state.user.sessionId);
    setSessionCookie(ctx, grant);
    ctx.body = grantBody(grant);
  });

  router.post('/api/auth/logout', requireUser(), async (ctx) => {
    await auth(ctx).logout(ctx.state.user!, requestMeta(ctx));
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
    ctx.status = 204;
  });

  router.post('/api/auth/recover', async (ctx) => {
    const { email } = parseInput(forgotPasswordSchema, ctx.request.body);
    await auth(ctx).requestPasswordReset(email, requestMeta(ctx));
    ctx.body = { message: RECOVERY_SENT_MESSAGE };
  });

  router.post('/api/auth/reset', async (ctx) => {
    const { token, password } = parseInput(resetRequestSchema, ctx.request.body);
    await auth(ctx).resetPassword(token, password, requestMeta(ctx));
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
    ctx.body = { message: 'Senha atualizada!' };
  });

  router.get('/api/me', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await accounts(ctx).me(ctx.state.user!.id);
  });

  router.patch('/api/me', requireUser(), async (ctx) => {
    const service = accounts(ctx);
    const patch = parseInput(service.profileUpdateSchema, ctx.request.body);
    ctx.body = await service.updateProfile(ctx.state.user!, patch, requestMeta(ctx));
  });

  router.post('/api/me/password', requireUser(), async (ctx) => {
    const input = parseInput(changePasswordSchema, ctx.request.body);
    const grant = await auth(ctx).changePassword(ctx.state.user!, input.current_password, input.new_password, requestMeta(ctx));
    setSessionCookie(ctx, grant);
    ctx.body = { message: 'Senha atualizada!' };
  });

  router.post('/api/me/origin', requireUser(), async (ctx) => {
    const { path } = parseInput(z.object({ path: z.string().min(1).max(500) }), ctx.request.body);
    ctx.body = { origem: await accounts(ctx).recordVisit(ctx.state.user!, path) };
  });

  router.put('/api/me/group-referral', requireUser(), async (ctx) => {
    const input = parseInput(
      z.object({ group_id: z.uuid({ message: 'Turma inválida' }), referral_code: z.string().trim().regex(/^[A-Za-z0-9]{4,16}$/, { message: 'Código de convite inválido' }) }),
      ctx.request.body,
    );
    ctx.body = { group_referral: await accounts(ctx).recordGroupReferral(ctx.state.user!, input.group_id, input.referral_code.toUpperCase()) };
  });

  router.get('/api/me/export', requireUser(), async (ctx) => {
    const data = await accounts(ctx).exportData(ctx.state.user!, requestMeta(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="turma-meus-dados-${data.exported_at.slice(0, 10)}.json"`);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(data, null, 2);
  });

  router.delete('/api/me', requireUser(), async (ctx) => {
    const { password } = parseInput(deleteAccountSchema, ctx.request.body);
    ctx.body = await accounts(ctx).deleteAccount(ctx.state.user!, password, requestMeta(ctx));
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
  });

  return router;
}
