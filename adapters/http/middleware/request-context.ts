// Request id (accepted from a proxy when it looks safe, else made here) and one structured log line per request.
import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { Logger } from '../../logger';
import type { AppContext } from '../context';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestContext(logger: Logger) {
  return async (ctx: AppContext, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ request_id: requestId });
    ctx.state.user = null;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = ctx.status >= 500 ? 'error' : ctx.status >= 400 ? 'warn' : 'info';
      // Static files are many and dull: log them at debug.
      const isApi = ctx.path.startsWith('/api/');
      const user = ctx.state.user as { id: string } | null;
      ctx.state.log[isApi ? level : 'debug'](
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10, user_id: user?.id },
        'request',
      );
    }
  };
}
