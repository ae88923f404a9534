// Sign-in, sign-out and the current user (API.md: /api/auth/*, /api/me).
import Router from '@koa/router';
import type { AuthService } from '../../../core/identity/auth.service';
import { loginSchema } from '../../../core/identity/auth-schemas';
import type { Config } from '../../config';
import { TOKENS } from '../../tokens';
import { SESSION_COOKIE, requestMeta, type AppContext } from '../context';
import { requireUser } from '../middleware/auth';
import { parseInput } from '../validation';

export function authRoutes() {
  const router = new Router<AppContext['state'], AppContext>();

  router.post('/api/auth/login', async (ctx) => {
    const auth = ctx.container.get<AuthService>(TOKENS.AuthService);
    const config = ctx.container.get<Config>(TOKENS.Config);
    const input = parseInput(loginSchema, ctx.request.body);
    const result = await auth.login(input.email, input.password, requestMeta(ctx));
    ctx.cookies.set(SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
      expires: result.expiresAt,
      path: '/',
      overwrite: true,
    });
    ctx.body = { user: result.user, redirect_to: result.redirectTo };
  });

  router.post('/api/auth/logout', requireUser(), async (ctx) => {
    const auth = ctx.container.get<AuthService>(TOKENS.AuthService);
    await auth.logout(ctx.state.user!, requestMeta(ctx));
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
    ctx.status = 204;
  });

  router.get('/api/me', requireUser(), async (ctx) => {
    const auth = ctx.container.get<AuthService>(TOKENS.AuthService);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auth.me(ctx.state.user!.id);
  });

  return router;
}
