// Logs (pino): JSON lines in production and tests (for the log collector, and tests that read them); human lines in
// development (pino-pretty, in-process), so `npm start` prints one readable format; request logs carry the request id.
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { traceFields } from './observability/tracing';

export type { Logger };

/** Human-readable unless NODE_ENV says production or test (unset counts as development, as in adapters/config.ts). */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.NODE_ENV ?? 'development') === 'development';
}

/** Bytes of log lines waiting for stdout before new ones are dropped. */
const LOG_BUFFER_MAX = 16 * 1024 * 1024;
const destinations = new Set<ReturnType<typeof pino.destination>>();

/**
 * Gives up the log lines still waiting for stdout, right before exiting: pino's exit hook would otherwise write them
 * synchronously, retrying forever while the pipe is full.
 */
function abandonLogOutput(): void {
  for (const destination of destinations) destination.destroy();
  destinations.clear();
}

/** Before exiting: the waiting log lines get up to `timeoutMs` to reach stdout, then are given up. */
export function settleLogOutput(logger: Logger, timeoutMs = 1_000): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      abandonLogOutput();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    logger.flush(done);
  });
}

export function createLogger(level: string, options: { pretty?: boolean; destination?: DestinationStream } = {}): Logger {
  const settings = {
    level,
    base: { service: 'turma' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token', '*.token'], remove: true },
    // trace_id and span_id of the active span, when tracing is on (an empty object otherwise).
    mixin: traceFields,
  };
  // Written in the background with a bounded buffer: when stdout is a pipe nobody reads, a synchronous write blocks
  // the whole process (seen stuck in shutdown); lines past LOG_BUFFER_MAX are dropped instead of held in memory.
  if (options.destination) return pino(settings, options.destination);
  if (!(options.pretty ?? wantsPrettyLogs())) {
    const destination = pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_MAX });
    destinations.add(destination);
    return pino(settings, destination);
  }
  // Synchronous and in this thread (no worker transport): lines come out in order with the console's own messages.
  return pino(settings, pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' }));
}
