// Loads the signed-in user from the session cookie, and the guards every protected route declares.
import type { Next } from 'koa';
import type { AuthService } from '../../../core/identity/auth.service';
import type { Role } from '../../../core/identity/roles';
import { DomainError } from '../../../core/shared/errors';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../../../core/identity/two-factor.service';
import { TOKENS } from '../../tokens';
import { SESSION_COOKIE, type AppContext } from '../context';

export async function loadSession(ctx: AppContext, next: Next) {
  if (ctx.path.startsWith('/api/')) {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) {
      const auth = ctx.container.get<AuthService>(TOKENS.AuthService);
      ctx.state.user = await auth.authenticate(token);
      if (!ctx.state.user) ctx.cookies.set(SESSION_COOKIE, null);
    }
  }
  await next();
}

export function requireUser() {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.user) throw new DomainError('unauthenticated', 'unauthenticated', 'Entre na sua conta para continuar.');
    await next();
  };
}

export function requireRole(...roles: Role[]) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.user) throw new DomainError('unauthenticated', 'unauthenticated', 'Entre na sua conta para continuar.');
    if (!roles.includes(ctx.state.user.role)) {
      throw new DomainError('forbidden', 'forbidden', 'Você não tem permissão para acessar esta área.');
    }
    // An admin's password-only session opens no admin route until it passes the second factor.
    if (ctx.state.user.role === 'admin' && !ctx.state.user.secondFactorAt) {
      throw new DomainError('forbidden', 'second_factor_required', SECOND_FACTOR_REQUIRED_MESSAGE);
    }
    await next();
  };
}
