// Logs (pino): JSON lines in production and tests (for the log collector, and tests that read them); human lines in
// development (pino-pretty, in-process), so `npm start` prints one readable format; request logs carry the request id.
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/** Human-readable unless NODE_ENV says production or test (unset counts as development, as in adapters/config.ts). */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.NODE_ENV ?? 'development') === 'development';
}

export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const settings = {
    level,
    base: { service: 'turma' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token', '*.token'], remove: true },
  };
  if (!(options.pretty ?? wantsPrettyLogs())) return pino(settings);
  // Synchronous and in this thread (no worker transport): lines come out in order with the console's own messages.
  return pino(settings, pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' }));
}
