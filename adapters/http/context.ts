// What every request carries through the Koa middleware chain.
import type { ParameterizedContext } from 'koa';
import type { Container } from 'inversify';
import type { AuthenticatedUser, RequestMeta } from '../../core/identity/auth.service';
import type { Logger } from '../logger';

export interface AppState {
  requestId: string;
  log: Logger;
  user: AuthenticatedUser | null;
}

export interface AppContextExtras {
  container: Container;
}

export type AppContext = ParameterizedContext<AppState, AppContextExtras, unknown>;

export const SESSION_COOKIE = 'turma_session';

export function requestMeta(ctx: AppContext): RequestMeta {
  return { ip: ctx.ip || null, userAgent: ctx.get('user-agent') || null, requestId: ctx.state.requestId };
}
