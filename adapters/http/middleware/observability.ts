// The outermost middleware: one server span per request (when tracing is on) and the duration histogram by route
// template; and GET /metrics for Prometheus, behind a bearer token.
import type { Next } from 'koa';
import { context, propagation, trace, SpanStatusCode } from '@opentelemetry/api';
import { metricsAnswer, type Metrics } from '../../observability/metrics';
import { SpanKind, tracer, tracingEnabled } from '../../observability/tracing';
import { PUBLIC_READ_PATHS } from '../public-reads';
import type { AppContext } from '../context';

export const METRICS_PATH = '/metrics';
const PUBLIC_READS = new Set<string>(PUBLIC_READ_PATHS);

/** The route a request matched, as its template (`/api/groups/:id`), never the raw path: ids would explode the labels. */
export function routeLabel(ctx: AppContext): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (PUBLIC_READS.has(ctx.path)) return ctx.path;
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return '(api: sem rota)';
  if (ctx.path.startsWith('/media/')) return '/media/*';
  return '(páginas e arquivos)';
}

export function observeRequests(metrics: Metrics) {
  const traced = tracingEnabled();
  return async (ctx: AppContext, next: Next) => {
    if (ctx.path === METRICS_PATH) return next();
    const started = process.hrtime.bigint();
    const record = () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpDuration.observe({ method: ctx.method, route: routeLabel(ctx), status: String(ctx.status) }, seconds);
    };
    // The cache lane's reads are answered from memory with nothing under them: timed in /metrics, not traced (a span
    // each cost as much CPU as the answer); a miss opens its own server span around the load (public-reads.ts). Other
    // methods on its paths (405, OPTIONS) are traced like any request.
    if (!traced || (PUBLIC_READS.has(ctx.path) && (ctx.method === 'GET' || ctx.method === 'HEAD'))) {
      try {
        await next();
      } finally {
        record();
      }
      return;
    }
    // A caller's traceparent (a proxy, another service) makes this span its child.
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer().startSpan(`${ctx.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } }, parent);
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const route = routeLabel(ctx);
      span.updateName(`${ctx.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', ctx.status);
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      record();
    }
  };
}

/**
 * GET /metrics: 404 when no METRICS_TOKEN is configured (production refuses to start without one), 401 without the
 * right `Authorization: Bearer <token>`.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined) {
  return async (ctx: AppContext, next: Next) => {
    if (ctx.path !== METRICS_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const answer = await metricsAnswer(metrics, token, ctx.get('authorization') || undefined);
    ctx.status = answer.status;
    ctx.set(answer.headers);
    ctx.body = answer.body;
  };
}
