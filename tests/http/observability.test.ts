// Metrics and traces end to end: a purchase through the HTTP API, then /metrics (behind its token) and the trace that
// follows the payment webhook into the job it enqueued, run later by a worker; the request's log line carries its id.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { generateCpf, formatCpf } from '../../core/identity/cpf';
import { createLogger, type Logger } from '../../adapters/logger';
import { Metrics } from '../../adapters/observability/metrics';
import { startTracing, stopTracing, withoutTraceContext } from '../../adapters/observability/tracing';
import { metricsEndpoint } from '../../adapters/http/middleware/observability';
import { TOKENS } from '../../adapters/tokens';
import type { PgBossJobQueue } from '../../adapters/jobs/pg-boss.queue';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { nominatim, startNominatimFake, type NominatimFake } from '../fakes/nominatim.fake';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { createPlan } from '../support/factories';

const METRICS_TOKEN = 'metrics-token-9f8e7d6c5b4a3210fedcba';
const exporter = new InMemorySpanExporter();
const logLines: Array<Record<string, unknown>> = [];
let app: TestApp;
let cepFake: ViaCepFake;
let geoFake: NominatimFake;

beforeAll(async () => {
  // Tracing first: the container attaches its query spans when it is built.
  await startTracing({ serviceName: 'turma-test', exporter });
  cepFake = await startViaCepFake();
  geoFake = await startNominatimFake();
  cepFake.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
  geoFake.set({ city: 'São Paulo', street: 'Avenida Paulista' }, nominatim.found('-23.5613', '-46.6565'));
  const logger = createLogger('info', { destination: { write: (line: string) => void logLines.push(JSON.parse(line)) } });
  // Jobs off, as on a web instance: what the webhook enqueues waits for a worker.
  app = await createTestApp({ env: { METRICS_TOKEN, JOBS_ENABLED: 'false', VIACEP_URL: cepFake.url, NOMINATIM_URL: geoFake.url }, overrides: { logger } });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await cepFake?.close();
  await geoFake?.close();
  await stopTracing();
});

async function signUp(): Promise<HttpClient> {
  const email = `obs.${Date.now()}@exemplo.com.br`;
  const signup = await app.client().post('/api/auth/signup', {
    full_name: 'Olga Bastos',
    email,
    cpf: formatCpf(generateCpf(Math.random)),
    phone: '(11) 98765-4321',
    birth_date: '1990-05-17',
    cep: '01310-100',
    address_number: '1578',
    password: 'segredo-123',
    accept_terms: true,
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  // With jobs off the confirmation e-mail waits in the queue: its link is read from the queued job.
  const mail = await app.db.knex.withSchema('pgboss').from('job').where({ name: 'mail.send' }).whereRaw('data::text like ?', [`%${email}%`]).first('data');
  const token = /type=signup&token=([A-Za-z0-9_%-]+)/.exec(JSON.stringify(mail.data))![1]!;
  const client = app.client();
  expect((await client.post('/api/auth/confirm', { token: decodeURIComponent(token) })).status).toBe(200);
  if ((await client.get('/api/me')).status !== 200) expect((await client.post('/api/auth/login', { email, password: 'segredo-123' })).status).toBe(200);
  return client;
}

const scrape = (authorization?: string) => app.client().get('/metrics', authorization ? { authorization } : {});
const spans = () => exporter.getFinishedSpans();
const waitFor = async <T>(what: () => T | undefined | Promise<T | undefined>, label: string): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const found = await what();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nunca aconteceu: ${label}`);
};

describe('metrics and traces after a purchase', () => {
  let paymentId: string;
  let webhookSpan: ReadableSpan;
  let signupSpans: ReadableSpan[];

  beforeAll(async () => {
    const member = await signUp();
    const plan = await createPlan(app, { group_size: 3 });
    const created = await member.post('/api/groups', { plan_id: plan.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pix = await member.post('/api/payments', { purpose: 'entry', ref_id: created.body.membership.id, method: 'PIX' });
    expect(pix.status).toBe(201);
    paymentId = pix.body.id;
    signupSpans = [...spans()];
    exporter.reset();
    // The sandbox delivers the provider's webhook (stored, applied once) inside this request.
    const confirmed = await member.post(`/api/sandbox/payments/${paymentId}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', confirmed: true });
    webhookSpan = spans().find((s) => s.name === 'POST /api/sandbox/payments/:id/confirm')!;
    expect(webhookSpan).toBeDefined();
  }, 120_000);

  it('refuses /metrics without the bearer token, or with a wrong one', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await scrape('Bearer nao-e-este')).status).toBe(401);
    expect((await scrape(METRICS_TOKEN)).status).toBe(401); // the scheme is required
  });

  it('shows the route histogram, the webhook counter, one confirmation-lag observation, the queues and the pool', async () => {
    // A refused signature counts too (and answers 401).
    expect((await app.client().post('/api/webhooks/asaas', { event: 'PAYMENT_CONFIRMED', payment: { id: 'x' } })).status).toBe(401);
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.text;
    // The route template, never the raw path with the payment's id.
    expect(text).toMatch(/turma_http_request_duration_seconds_count\{method="POST",route="\/api\/sandbox\/payments\/:id\/confirm",status="200"\} 1\n/);
    expect(text).toMatch(/turma_http_request_duration_seconds_count\{method="POST",route="\/api\/groups",status="201"\} 1\n/);
    expect(text).not.toContain(paymentId);
    expect(text).toContain('turma_webhook_events_total{provider="sandbox",outcome="applied"} 1\n');
    expect(text).toContain('turma_webhook_events_total{provider="sandbox",outcome="refused_signature"} 1\n');
    expect(text).toContain('turma_payment_confirmation_lag_seconds_count{method="PIX",purpose="entry"} 1\n');
    // The web instance only enqueued: the e-mails wait for a worker.
    expect(Number(/turma_job_queue_depth\{queue="mail.send",state="created"\} (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/turma_job_queue_oldest_waiting_seconds\{queue="mail.send"\} [\d.e+-]+\n/);
    expect(text).toMatch(/turma_job_queue_failed\{queue="mail.send"\} 0\n/);
    expect(text).toMatch(/turma_db_pool_connections\{state="used"\} \d+\n/);
    expect(text).toMatch(/turma_db_pool_connections\{state="max"\} \d+\n/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });

  it('confirms once: a second delivery of the same confirmation is a duplicate, not a second lag observation', async () => {
    const webhook = await app.db.knex('payment_events').where({ provider: 'sandbox', outcome: 'applied' }).first();
    const headers = { 'asaas-access-token': app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway).webhookToken };
    const again = await app.client().post('/api/webhooks/asaas', webhook.payload, headers);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).text;
    expect(text).toContain('turma_webhook_events_total{provider="sandbox",outcome="duplicate"} 1\n');
    expect(text).toContain('turma_payment_confirmation_lag_seconds_count{method="PIX",purpose="entry"} 1\n');
  });

  it('follows the webhook into the job it enqueued, run later by a worker outside the request', async () => {
    const traceId = webhookSpan.spanContext().traceId;
    // The request's own work is in its trace: the queries it ran.
    expect(spans().some((s) => s.spanContext().traceId === traceId && s.name.startsWith('db '))).toBe(true);
    // Stored with the job: the trace context of the span that enqueued it.
    const queued = (await app.db.knex.withSchema('pgboss').from('job').where({ name: 'mail.send', state: 'created' }).select('id', 'data')) as Array<{ id: string; data: { _trace?: { traceparent?: string } } }>;
    const carrier = queued.find((j) => j.data._trace?.traceparent?.split('-')[1] === traceId);
    expect(carrier).toBeDefined();

    // A worker starts with no active span (as its own process would) and polls the queue.
    const queue = app.container.get<PgBossJobQueue>(TOKENS.JobQueue);
    await context.with(ROOT_CONTEXT, () => queue.start({ workers: true }));
    const jobSpan = await waitFor(() => spans().find((s) => s.name === 'job mail.send' && s.spanContext().traceId === traceId), 'o span do job no trace do webhook');
    const byId = new Map(spans().map((s) => [s.spanContext().spanId, s]));
    // Its parent is a span of the webhook's request (the one active where the job was enqueued).
    let parent = byId.get(jobSpan.parentSpanContext?.spanId ?? '');
    expect(parent).toBeDefined();
    while (parent && parent !== webhookSpan) parent = byId.get(parent.parentSpanContext?.spanId ?? '');
    expect(parent).toBe(webhookSpan);
    expect(jobSpan.kind).toBe(4); // CONSUMER
    // The handler took its payload without the trace key: the job completed.
    const done = await waitFor(async () => (await app.db.knex.withSchema('pgboss').from('job').where({ id: carrier!.id }).whereIn('state', ['completed', 'failed']).first('state')) as { state: string } | undefined, 'o job terminar');
    expect(done.state).toBe('completed');
  }, 60_000);

  it('serves the queues\' metrics on the worker\'s health port too, behind the same token', async () => {
    const { startWorker } = await import('../../adapters/worker');
    const metrics = app.container.get<Metrics>(TOKENS.Metrics);
    const worker = await startWorker(app.container.get<PgBossJobQueue>(TOKENS.JobQueue), app.db, app.container.get<Logger>(TOKENS.Logger), {
      port: 0,
      host: '127.0.0.1',
      drainMs: 10_000,
      metrics: { metrics, token: METRICS_TOKEN },
    });
    try {
      const url = `http://127.0.0.1:${worker.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/turma_job_queue_depth\{queue="mail.send",state="created"\} \d+/);
    } finally {
      await worker.close();
    }
  });

  it('traces the outbound calls of a request (the sign-up\'s CEP lookup) inside its trace', () => {
    const signup = signupSpans.find((s) => s.name === 'POST /api/auth/signup')!;
    expect(signup).toBeDefined();
    const lookup = signupSpans.find((s) => String(s.attributes['url.full'] ?? '').startsWith(`${cepFake.url}/ws/01310100`));
    expect(lookup).toBeDefined();
    expect(lookup!.spanContext().traceId).toBe(signup.spanContext().traceId);
    expect(lookup!.attributes['http.response.status_code']).toBe(200);
  });

  it('writes the trace and span ids into the log lines made inside a span', () => {
    const traceId = webhookSpan.spanContext().traceId;
    const line = logLines.find((l) => l.msg === 'request' && l.path === `/api/sandbox/payments/${paymentId}/confirm`);
    expect(line).toMatchObject({ trace_id: traceId, span_id: webhookSpan.spanContext().spanId });
  });
});

describe('the catalogue\'s cache lane', () => {
  it('traces a miss with its queries under it, and not the hits answered from memory', async () => {
    const client = app.client();
    const path = '/api/products?per_page=7';
    const lane = () => spans().filter((s) => s.name === 'GET /api/products' && s.attributes['url.path'] === '/api/products');
    const before = lane().length;
    expect((await client.get(path)).status).toBe(200);
    const miss = await waitFor(() => lane().slice(before)[0], 'the miss\'s span');
    expect(miss.attributes['turma.cache']).toBe('miss');
    const queries = spans().filter((s) => s.spanContext().traceId === miss.spanContext().traceId && s.name.startsWith('db '));
    expect(queries.length).toBeGreaterThan(0);
    // The page's own statement among them, though on PostgreSQL it skips knex's runner (marketplace.repos.ts pageRows).
    expect(queries.some((q) => / as counted from /.test(String(q.attributes['db.query.text'])) && q.parentSpanContext?.spanId === miss.spanContext().spanId)).toBe(true);
    expect((await client.get(path)).status).toBe(200);
    expect((await client.get(path)).status).toBe(200);
    // Counted and timed all the same.
    const scraped = await scrape(`Bearer ${METRICS_TOKEN}`);
    const count = /turma_http_request_duration_seconds_count\{[^}]*route="\/api\/products"[^}]*status="200"[^}]*\} (\d+)/.exec(scraped.text);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(3);
    expect(lane().length - before).toBe(1);
    expect(miss.attributes['http.response.status_code']).toBe(200);
  });

  it("gives a miss refused by validation its 400, without marking the span as failed (the caller's mistake)", async () => {
    const lane = () => spans().filter((s) => s.name === 'GET /api/products' && s.attributes['url.path'] === '/api/products');
    const before = lane().length;
    expect((await app.client().get('/api/products?sort=bogus')).status).toBe(400);
    const refused = await waitFor(() => lane().slice(before)[0], 'the refused miss\'s span');
    expect(refused.attributes['http.response.status_code']).toBe(400);
    expect(refused.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('traces another method on its paths like any request (the 405 it answers)', async () => {
    const before = spans().length;
    expect((await app.client().post('/api/products', {})).status).toBe(405);
    const server = (s: ReadableSpan) => s.kind === SpanKind.SERVER && s.attributes['url.path'] === '/api/products' && s.attributes['http.request.method'] === 'POST';
    const refused = await waitFor(() => spans().slice(before).find(server), 'the 405\'s server span');
    expect(refused.name).toBe('POST /api/products');
    expect(refused.attributes['http.response.status_code']).toBe(405);
  });
});

describe('a job\'s trace context', () => {
  it('is left out of the data operators see (failed jobs) and handlers receive', () => {
    expect(withoutTraceContext({ payment_id: 'p1', _trace: { traceparent: '00-abc-def-01' } })).toEqual({ payment_id: 'p1' });
    expect(withoutTraceContext({ payment_id: 'p1' })).toEqual({ payment_id: 'p1' });
  });
});

describe('/metrics without a configured token', () => {
  it('answers 404: the endpoint is off', async () => {
    const koa = new Koa();
    koa.use(metricsEndpoint(new Metrics(), undefined));
    const server = createServer(koa.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, { headers: { authorization: 'Bearer qualquer-coisa' } });
      expect(res.status).toBe(404);
    } finally {
      server.close();
    }
  });
});
