// `npm run worker`: the job queue's workers and cron in a process of their own, beside web servers run with
// JOBS_ENABLED=false (docs/operations.md#the-production-layout).
import { runWorkerProcess } from './worker';

runWorkerProcess(process.env, (line) => console.error(line)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Falha ao iniciar o worker:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
