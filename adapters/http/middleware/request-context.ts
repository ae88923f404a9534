// Request id (accepted from a proxy when it looks safe, else made here) and one structured log line per request.
import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AuthenticatedUser } from '../../../core/identity/auth.service';
import type { Logger } from '../../logger';
import type { AppContext, AppState } from '../context';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** ctx.state: the request's child logger is made on first use (most requests never log before their last line). */
class RequestState implements AppState {
  user: AuthenticatedUser | null = null;
  private child: Logger | null = null;
  constructor(
    private readonly root: Logger,
    readonly requestId: string,
  ) {}
  get log(): Logger {
    return (this.child ??= this.root.child({ request_id: this.requestId }));
  }
  set log(value: Logger) {
    this.child = value;
  }
}

export function requestContext(logger: Logger) {
  return async (ctx: AppContext, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    const state = new RequestState(logger, requestId);
    ctx.state = state;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const status = ctx.status;
      // Static files are many and dull: log them at debug.
      const level = !ctx.path.startsWith('/api/') ? 'debug' : status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (logger.isLevelEnabled(level)) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        state.log[level]({ method: ctx.method, path: ctx.path, status, ms: Math.round(ms * 10) / 10, user_id: state.user?.id }, 'request');
      }
    }
  };
}
