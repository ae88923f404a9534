// OpenTelemetry traces: started once per process when OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP http/protobuf), off
// otherwise; nothing below installs a hook or opens a span while it is off. docs/operations.md#metrics-and-traces.
import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import type { Knex } from 'knex';

let provider: NodeTracerProvider | null = null;
let undici: UndiciInstrumentation | null = null;
const tracedKnex = new WeakSet<Knex>();

export interface TracingOptions {
  /** service.name of every span (the web server, or the worker). */
  serviceName: string;
  /** Tests: an in-memory exporter, flushed span by span. Otherwise OTLP http/protobuf to OTEL_EXPORTER_OTLP_ENDPOINT. */
  exporter?: SpanExporter;
}

/** Whether this process records spans. */
export const tracingEnabled = () => provider !== null;

/**
 * Starts tracing when `env.OTEL_EXPORTER_OTLP_ENDPOINT` is set (or an exporter is given); a second call does nothing.
 * The OTLP exporter reads the standard OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout) itself.
 */
export async function startTracing(options: TracingOptions, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (provider) return true;
  let exporter = options.exporter;
  if (!exporter) {
    if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) return false;
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
    exporter = new OTLPTraceExporter();
  }
  // Loaded only when on: the SDK, the exporter and its protobuf code cost nothing to a process that does not trace.
  const [{ NodeTracerProvider }, { BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  if (provider) return true;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || options.serviceName }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The async-hooks context manager and the W3C trace-context propagator (traceparent in and out).
  provider.register();
  // Outbound fetch (Asaas, ViaCEP, Nominatim, Melhor Envio) through undici's diagnostics channels: no module patching.
  undici = new UndiciInstrumentation();
  undici.setTracerProvider(provider);
  undici.enable();
  return true;
}

/** Sends the spans still buffered and stops recording (on exit). */
export async function stopTracing(): Promise<void> {
  const running = provider;
  provider = null;
  undici?.disable();
  undici = null;
  if (!running) return;
  await running.shutdown().catch(() => {});
  trace.disable();
  context.disable();
  propagation.disable();
}

export const tracer = (): Tracer => trace.getTracer('turma');

/** The active span's ids for a log line, or nothing (pino's mixin: called per line, so it must stay cheap). */
export function traceFields(): { trace_id?: string; span_id?: string } {
  if (!provider) return {};
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Runs `fn` inside a new active span, ended when it settles (errors recorded). Straight through when off. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  parent: Context | undefined,
  fn: (span: Span | null) => Promise<T>,
  /** Whether a thrown error is this span's failure (a server span's 4xx is the caller's, not an error). */
  isFailure: (err: unknown) => boolean = () => true,
): Promise<T> {
  if (!provider) return fn(null);
  const span = tracer().startSpan(name, { kind }, parent ?? context.active());
  try {
    return await context.with(trace.setSpan(parent ?? context.active(), span), () => fn(span));
  } catch (err) {
    if (isFailure(err)) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    }
    throw err;
  } finally {
    span.end();
  }
}

/** The W3C headers of the active context, to carry a trace where no HTTP header goes (a queued job). Null when off. */
export function injectTraceContext(): Record<string, string> | null {
  if (!provider || !trace.getSpan(context.active())) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : null;
}

/** The context `injectTraceContext` wrote, or the active one. */
export function extractTraceContext(carrier: unknown): Context {
  if (!provider || !carrier || typeof carrier !== 'object') return context.active();
  return propagation.extract(context.active(), carrier as Record<string, string>);
}

/**
 * One client span per knex query (PostgreSQL and PGlite alike), from knex's own query events: the statement with its
 * placeholders, never the values. Returns the function that removes the listeners. Nothing is attached when off.
 */
export function traceKnexQueries(knex: Knex, system: 'postgresql' | 'pglite'): () => void {
  if (!provider || tracedKnex.has(knex)) return () => {};
  tracedKnex.add(knex);
  const open = new Map<string, Span>();
  const onQuery = (q: { __knexQueryUid?: string; sql?: string; method?: string }) => {
    if (!q.__knexQueryUid || open.size > 10_000) return;
    const active = trace.getSpan(context.active());
    // A query outside any request or job (pool warm-up, the catalogue's listener) would make a trace of its own.
    if (!active) return;
    const operation = (q.method ?? q.sql?.trim().split(/\s/, 1)[0] ?? 'query').toUpperCase();
    const span = tracer().startSpan(`db ${operation}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system': system === 'pglite' ? 'postgresql' : system, 'db.operation.name': operation, 'db.query.text': (q.sql ?? '').slice(0, 2_000) },
    });
    open.set(q.__knexQueryUid, span);
  };
  const onEnd = (err: unknown, q?: { __knexQueryUid?: string }) => {
    // 'query-response' passes (response, query), 'query-error' passes (error, query).
    const uid = q?.__knexQueryUid;
    const span = uid ? open.get(uid) : undefined;
    if (!span) return;
    open.delete(uid!);
    if (err instanceof Error) span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
    span.end();
  };
  const onResponse = (_response: unknown, q: { __knexQueryUid?: string }) => onEnd(null, q);
  knex.on('query', onQuery).on('query-response', onResponse).on('query-error', onEnd);
  return () => {
    tracedKnex.delete(knex);
    knex.removeListener('query', onQuery);
    knex.removeListener('query-response', onResponse);
    knex.removeListener('query-error', onEnd);
    for (const span of open.values()) span.end();
    open.clear();
  };
}

export { SpanKind };

/** Where a job's data carries the trace of the request (or job) that enqueued it. */
export const JOB_TRACE_KEY = '_trace';

/** The job's data with the active trace context added, or unchanged when tracing is off or no span is active. */
export function withTraceContext(data: object): object {
  const carrier = injectTraceContext();
  return carrier ? { ...data, [JOB_TRACE_KEY]: carrier } : data;
}

/** A job's data as its handler sees it: without the trace context the enqueuer added (operators' views too). */
export function withoutTraceContext(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !(JOB_TRACE_KEY in data)) return data;
  const { [JOB_TRACE_KEY]: _trace, ...rest } = data as Record<string, unknown>;
  return rest;
}

/**
 * Runs a job's handler in a consumer span whose parent is the enqueuer's span (one trace from the webhook to the job
 * it enqueued); the handler sees its data without the trace key, whether or not this process traces.
 */
export function runInJobSpan<T>(name: string, data: unknown, handler: (data: unknown) => Promise<T>): Promise<T> {
  let carrier: unknown;
  let payload = data;
  if (data && typeof data === 'object' && JOB_TRACE_KEY in data) {
    const { [JOB_TRACE_KEY]: trace, ...rest } = data as Record<string, unknown>;
    carrier = trace;
    payload = rest;
  }
  if (!provider) return handler(payload);
  return inSpan(`job ${name}`, SpanKind.CONSUMER, extractTraceContext(carrier), () => handler(payload));
}
