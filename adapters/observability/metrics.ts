// Prometheus metrics (prom-client): one registry per container, plus the process's default metrics shared by all of
// them; the job queues and the connection pool are read when scraped. docs/operations.md#metrics-and-traces.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Knex } from 'knex';
import type { PaymentObserver, WebhookOutcome } from '../../core/payments/ports';

/** What the job gauges read at scrape time: the queues' names, and the knex that reaches pg-boss's schema. */
export interface QueueSource {
  knex: Knex;
  schema: string;
  names: () => string[];
}

let processRegistry: Registry | null = null;
/** CPU, memory, event-loop lag, GC, handles: collected once per process, whatever the number of containers in it. */
function defaultMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds; HTTP answers from a cache hit (~1 ms) to a slow report (seconds). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from the charge to its confirmation: a PIX in seconds to minutes, a boleto in days. */
const LAG_BUCKETS = [5, 15, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600, 86_400, 3 * 86_400, 7 * 86_400];

export class Metrics implements PaymentObserver {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'turma_http_request_duration_seconds',
    help: 'Duração das requisições HTTP, pela rota (o modelo, sem ids) e pelo status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  readonly webhooks = new Counter({
    name: 'turma_webhook_events_total',
    help: 'Webhooks de pagamento recebidos, pelo provedor e pelo resultado (applied, duplicate, refused_signature, error)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly confirmationLag = new Histogram({
    name: 'turma_payment_confirmation_lag_seconds',
    help: 'Tempo entre a criação da cobrança e a confirmação do pagamento, observado uma vez por pagamento confirmado',
    labelNames: ['method', 'purpose'] as const,
    buckets: LAG_BUCKETS,
    registers: [this.registry],
  });

  constructor(sources: { queues?: QueueSource; pool?: () => PoolUse | null } = {}) {
    const { queues, pool } = sources;
    if (queues) {
      // The three gauges come from one query; the first of them collected in a scrape runs it for all three.
      let reading: Promise<QueueReading[]> | null = null;
      const read = () => {
        reading ??= readQueues(queues).finally(() => setImmediate(() => (reading = null)));
        return reading;
      };
      new Gauge({
        name: 'turma_job_queue_depth',
        help: 'Jobs na fila, pelo estado (created, retry, active)',
        labelNames: ['queue', 'state'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const r of await read()) for (const state of ['created', 'retry', 'active'] as const) this.set({ queue: r.name, state }, r[state]);
        },
      });
      new Gauge({
        name: 'turma_job_queue_failed',
        help: 'Jobs que falharam de vez e ainda estão na tabela de jobs (14 dias)',
        labelNames: ['queue'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const r of await read()) this.set({ queue: r.name }, r.failed);
        },
      });
      new Gauge({
        name: 'turma_job_queue_oldest_waiting_seconds',
        help: 'Há quanto tempo o job mais antigo à espera (já devido) aguarda um worker',
        labelNames: ['queue'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const r of await read()) this.set({ queue: r.name }, r.oldestSeconds);
        },
      });
    }
    if (pool) {
      new Gauge({
        name: 'turma_db_pool_connections',
        help: 'Conexões do pool do banco: em uso (used), livres (free), pedidos à espera (pending) e o máximo (max)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const use = pool();
          if (use) for (const [state, n] of Object.entries(use)) this.set({ state }, n);
        },
      });
    }
  }

  /** PaymentObserver: the provider's charge confirmed (called once per payment, after its transaction committed). */
  paymentConfirmed(payment: { method: string; purpose: string; created_at: Date; confirmed_at: Date }): void {
    const seconds = Math.max(0, (payment.confirmed_at.getTime() - payment.created_at.getTime()) / 1000);
    this.confirmationLag.observe({ method: payment.method, purpose: payment.purpose }, seconds);
  }

  webhookReceived(provider: string, outcome: WebhookOutcome): void {
    this.webhooks.inc({ provider, outcome });
  }

  /** The exposition text: this container's metrics, then the process's. */
  async text(): Promise<string> {
    return `${await this.registry.metrics()}\n${await defaultMetrics().metrics()}`;
  }

  readonly contentType = this.registry.contentType;
}

export type PoolUse = { used: number; free: number; pending: number; max: number };

/** knex's tarn pool (PostgreSQL; PGlite's single connection too), or null when the client has none. */
export function knexPoolUse(knex: Knex): PoolUse | null {
  const pool = (knex.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number; max: number } }).pool;
  if (!pool || typeof pool.numUsed !== 'function') return null;
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires(), max: pool.max };
}

interface QueueReading {
  name: string;
  created: number;
  retry: number;
  active: number;
  failed: number;
  oldestSeconds: number;
}

async function readQueues({ knex, schema, names }: QueueSource): Promise<QueueReading[]> {
  const list = names();
  if (!list.length) return [];
  // Jobs due but not started: how far behind the workers are (a retry waiting for its backoff is not late yet).
  const rows = (await knex
    .withSchema(schema)
    .from('job')
    .whereIn('name', list)
    .whereIn('state', ['created', 'retry', 'active', 'failed'])
    .groupBy('name')
    .select(
      'name',
      knex.raw(`count(*) filter (where state = 'created')::int as created`),
      knex.raw(`count(*) filter (where state = 'retry')::int as retry`),
      knex.raw(`count(*) filter (where state = 'active')::int as active`),
      knex.raw(`count(*) filter (where state = 'failed')::int as failed`),
      knex.raw(`coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest`),
    )) as Array<{ name: string; created: number; retry: number; active: number; failed: number; oldest: number }>;
  const byName = new Map(rows.map((r) => [r.name, r]));
  return list.map((name) => {
    const r = byName.get(name);
    return { name, created: r?.created ?? 0, retry: r?.retry ?? 0, active: r?.active ?? 0, failed: r?.failed ?? 0, oldestSeconds: Number(r?.oldest ?? 0) };
  });
}

/** Whether an Authorization header carries the metrics token (`Bearer <token>`), compared in constant time. */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

/**
 * The answer to GET /metrics, for the web app and the worker's health port alike: 404 when no token is configured,
 * 401 without the right bearer token, else the exposition text.
 */
export async function metricsAnswer(metrics: Metrics, token: string | undefined, authorization: string | undefined): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (!token) return { status: 404, headers: json, body: JSON.stringify({ error: { code: 'not_found', message: 'Endereço não encontrado.' } }) };
  if (!metricsTokenMatches(authorization, token)) {
    return {
      status: 401,
      headers: { ...json, 'www-authenticate': 'Bearer realm="metrics"' },
      body: JSON.stringify({ error: { code: 'unauthenticated', message: 'Informe o token das métricas (Authorization: Bearer …).' } }),
    };
  }
  return { status: 200, headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' }, body: await metrics.text() };
}
