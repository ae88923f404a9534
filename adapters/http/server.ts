// Starts the HTTP server and stops it gracefully: fail readiness, stop accepting, drain in-flight requests and jobs,
// close the database.
import { createServer, type Server } from 'node:http';
import type { Container } from 'inversify';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { TOKENS } from '../tokens';
import { createApp } from './app';
import type { NotificationFeed } from '../notifications/notification-feed';
import type { PgBossJobQueue } from '../jobs/pg-boss.queue';
import { followCatalogChanges, type CatalogCache } from './catalog-cache';
import type { Readiness } from './readiness';

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function startServer(
  container: Container,
  options: { port: number; host?: string; distDir?: string; beforeClose?: () => Promise<void>; drainMs?: number },
): Promise<RunningServer> {
  const app = createApp(container, options.distDir ? { distDir: options.distDir } : {});
  const logger = container.get<Logger>(TOKENS.Logger);
  const database = container.get<Database>(TOKENS.Database);
  const handle = app.callback();
  // Handlers keep running after a client hangs up; the database closes only once they are all done.
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const server = createServer((req, res) => {
    inFlight++;
    void Promise.resolve(handle(req, res)).finally(() => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  // Catalogue writes by any instance (or the CLI) drop this one's cached lists at their commit.
  const stopFollowingCatalog = followCatalogChanges(
    database,
    { products: container.get<CatalogCache>(TOKENS.CatalogCache), plans: container.get<CatalogCache>(TOKENS.PlanCache) },
    logger,
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Readiness fails first and the server keeps serving for drainMs, so the load balancer stops sending traffic
      // here before the listening socket closes (requests arriving meanwhile are still answered).
      container.get<Readiness>(TOKENS.Readiness).drain();
      if (options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      await options.beforeClose?.();
      // Live streams (the bell) never finish on their own: end them, and stop listening, first.
      await container.get<NotificationFeed>(TOKENS.NotificationFeed).close();
      await stopFollowingCatalog();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running after 10 s are cut, so a stuck client cannot hold the shutdown.
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, 10_000).unref();
        });
      }
      // After the requests (they may still enqueue), before the database: workers finish the job in hand.
      await container.get<PgBossJobQueue>(TOKENS.JobQueue).stop();
      await database.close();
      logger.info('servidor encerrado');
    })();
    return closing;
  };

  return { server, port, url: `http://127.0.0.1:${port}`, close };
}
