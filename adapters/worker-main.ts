// `npm run worker`: the job queue's workers and cron in a process of their own, beside web servers run with
// JOBS_ENABLED=false (docs/operations.md#the-production-layout).
import { serverBuildProblem } from './build';
import { runWorkerProcess } from './worker';

// In production the worker runs the code `npm run build` compiled (adapters/launch.js): never one older than its sources.
const problem = process.env.NODE_ENV === 'production' ? serverBuildProblem() : null;
if (problem) {
  console.error(`Não é possível iniciar o worker em produção: ${problem}.\nRode \`npm run build\` (com o mesmo código) antes de \`npm run worker\`.`);
  process.exit(1);
}

runWorkerProcess(process.env, (line) => console.error(line)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Falha ao iniciar o worker:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
