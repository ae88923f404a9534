// Health: /api/health/live (the process answers), /api/health/ready (it should get traffic: not draining, database
// up), and /api/health, the older combined check kept for existing monitors.
import { z } from 'zod';
import type { Database } from '../../db/database';
import { TOKENS } from '../../tokens';
import type { Readiness } from '../readiness';
import { ContractRouter, reply } from '../contract';
import type { AppContext } from '../context';

const DB_TIMEOUT_MS = 3_000;

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  const db = ctx.container.get<Database>(TOKENS.Database);
  try {
    await Promise.race([db.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS).unref())]);
    return true;
  } catch (err) {
    ctx.state.log.error({ err }, 'health: database unavailable');
    return false;
  }
}

export function healthRoutes() {
  return new ContractRouter({ tag: 'system' })
    .route({
      method: 'get',
      path: '/api/health',
      summary: 'The process is up and the database answers',
      guard: 'public',
      answers: {
        200: { description: 'Up.', schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
        503: { description: 'The database does not answer (within 3 s).', schema: z.object({ status: z.literal('error'), database: z.literal('unavailable') }) },
      },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        if (await databaseAnswers(ctx)) return reply(200, { status: 'ok' as const, database: 'ok' as const });
        return reply(503, { status: 'error' as const, database: 'unavailable' as const });
      },
    })
    .route({
      method: 'get',
      path: '/api/health/live',
      summary: 'Liveness: the process answers (no dependency is checked, so a database outage never restarts it)',
      guard: 'public',
      answers: { 200: { description: 'Alive.', schema: z.object({ status: z.literal('ok') }) } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, { status: 'ok' as const });
      },
    })
    .route({
      method: 'get',
      path: '/api/health/ready',
      summary: 'Readiness: this instance should receive traffic (not shutting down, database answering)',
      guard: 'public',
      answers: {
        200: { description: 'Ready.', schema: z.object({ status: z.literal('ready') }) },
        503: {
          description: 'Shutting down (draining) or the database does not answer.',
          schema: z.object({ status: z.enum(['draining', 'unavailable']) }),
        },
      },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        if (ctx.container.get<Readiness>(TOKENS.Readiness).draining) return reply(503, { status: 'draining' as const });
        if (!(await databaseAnswers(ctx))) return reply(503, { status: 'unavailable' as const });
        return reply(200, { status: 'ready' as const });
      },
    });
}
