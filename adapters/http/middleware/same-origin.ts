// CSRF defence in depth (the session cookie is also SameSite=Lax): a state-changing request carrying a session cookie
// must come from our own pages (Sec-Fetch-Site, or Origin for browsers without it) and send JSON, which a plain HTML
// form cannot. Provider webhooks are exempt (no cookie, their own token).
import type { Next } from 'koa';
import { DomainError } from '../../../core/shared/errors';
import type { AppContext } from '../context';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EXEMPT = ['/api/webhooks/'];

export function sameOriginOnly(options: { sessionCookie: string; publicUrl: string }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  return async (ctx: AppContext, next: Next) => {
    if (STATE_CHANGING.has(ctx.method) && ctx.path.startsWith('/api/') && !EXEMPT.some((p) => ctx.path.startsWith(p))) {
      if (ctx.cookies.get(options.sessionCookie)) {
        const site = ctx.get('sec-fetch-site');
        const origin = ctx.get('origin');
        // Built here: Koa's own ctx.origin is not the server's address.
        const ownOrigin = origin === publicOrigin || origin === `${ctx.protocol}://${ctx.host}`;
        if ((site && site !== 'same-origin' && site !== 'none') || (!site && origin && !ownOrigin)) {
          throw new DomainError('forbidden', 'cross_site_request', 'Requisição recusada: ela não veio das páginas da Turma.');
        }
      }
      // A body is JSON: text/plain and form posts (which a cross-site page can send without asking) are refused.
      const length = Number(ctx.get('content-length') || 0);
      if ((length > 0 || ctx.get('transfer-encoding')) && !ctx.is('application/json', 'application/*+json', 'multipart/form-data')) {
        throw new DomainError('invalid', 'unsupported_media_type', 'Envie os dados em JSON (Content-Type: application/json).');
      }
    }
    await next();
  };
}
