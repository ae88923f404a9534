// GET /api/health: the process is up and the database answers.
import { z } from 'zod';
import type { Database } from '../../db/database';
import { TOKENS } from '../../tokens';
import { ContractRouter, reply } from '../contract';

export function healthRoutes() {
  return new ContractRouter({ tag: 'system' }).route({
    method: 'get',
    path: '/api/health',
    summary: 'The process is up and the database answers',
    guard: 'public',
    answers: {
      200: { description: 'Up.', schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
      503: { description: 'The database does not answer (within 3 s).', schema: z.object({ status: z.literal('error'), database: z.literal('unavailable') }) },
    },
    handler: async (ctx) => {
      const db = ctx.container.get<Database>(TOKENS.Database);
      ctx.set('Cache-Control', 'no-store');
      try {
        await Promise.race([
          db.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3_000).unref()),
        ]);
        return reply(200, { status: 'ok' as const, database: 'ok' as const });
      } catch (err) {
        ctx.state.log.error({ err }, 'health: database unavailable');
        return reply(503, { status: 'error' as const, database: 'unavailable' as const });
      }
    },
  });
}
