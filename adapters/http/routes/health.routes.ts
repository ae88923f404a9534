// GET /api/health: the process is up and the database answers.
import Router from '@koa/router';
import type { Database } from '../../db/database';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';

export function healthRoutes() {
  const router = new Router<AppContext['state'], AppContext>();
  router.get('/api/health', async (ctx) => {
    const db = ctx.container.get<Database>(TOKENS.Database);
    ctx.set('Cache-Control', 'no-store');
    try {
      await Promise.race([
        db.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3_000).unref()),
      ]);
      ctx.body = { status: 'ok', database: 'ok' };
    } catch (err) {
      ctx.state.log.error({ err }, 'health: database unavailable');
      ctx.status = 503;
      ctx.body = { status: 'error', database: 'unavailable' };
    }
  });
  return router;
}
