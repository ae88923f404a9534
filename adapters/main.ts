// `npm start`: build if needed (never in production), migrate, seed demo data into an empty database, serve, and stop gracefully.
import { loadConfig, ConfigError, type Config } from './config';
import { buildIfNeeded, buildProblem } from './build';
import { openDatabase, pgliteDirFor } from './db/database';
import { migrateLatest, migrationStatus } from './db/migrate';
import { buildContainer } from './container';
import { startServer } from './http/server';
import { TOKENS } from './tokens';
import { settleLogOutput, type Logger } from './logger';
import { JOB_RUNNER_APPLICATION, type PgBossJobQueue } from './jobs/pg-boss.queue';
import type { AppUnitOfWork } from './db/unit-of-work';
import { startTracing, stopTracing } from './observability/tracing';

const DEMO_ROLE_LABELS = { user: 'participante', professional: 'profissional', influencer: 'influenciadora' } as const;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  if (config.isProduction) {
    // Production never builds at start: the deploy runs `npm run build` once, and a wrong dist/ stops the process.
    const problem = buildProblem();
    if (problem) {
      console.error(`Não é possível iniciar em produção: ${problem}.\nRode \`npm run build\` (com o mesmo código) antes de \`npm start\`.`);
      process.exit(1);
    }
  } else if (!config.skipBuild) await buildIfNeeded((m) => console.log(m));

  // Before the database and the container: their queries and outbound calls are traced from the first one.
  await startTracing({ serviceName: 'turma-web' });
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
    poolMax: config.databasePoolMax,
    applicationName: config.jobsEnabled ? JOB_RUNNER_APPLICATION : 'turma-web',
  });
  const container = buildContainer(config, database);
  const logger = container.get<Logger>(TOKENS.Logger);
  if (config.migrateOnStart) {
    const applied = await migrateLatest(database.knex);
    if (applied.length) logger.info({ applied }, 'migrações aplicadas');
  } else {
    // Several instances starting at once must not race to change the schema: the deploy migrates once, before them.
    const { pending } = await migrationStatus(database.knex);
    if (pending.length) {
      console.error(`Não é possível iniciar: ${pending.length} migração(ões) pendente(s) (${pending.join(', ')}).\nRode \`turma db migrate\` antes de iniciar os servidores (ou MIGRATE_ON_START=true).`);
      await database.close();
      process.exit(1);
    }
  }

  // Creates/migrates pg-boss's schema and the queues; with JOBS_ENABLED the workers and cron run in this process too
  // (otherwise in `turma jobs work`). Before the seeds: what they create enqueues e-mails. The server stops it before
  // closing the database.
  await container.get<PgBossJobQueue>(TOKENS.JobQueue).start();

  const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
  if (!config.isProduction && (await uow.repos.identity.users.count()) === 0) {
    // Loaded only here: faker's locale data is a large part of the start-up when imported up front.
    const { DEMO_USER_PASSWORD, runSeeds } = await import('../seeds/index');
    const report = await runSeeds(container, { adminPassword: config.demoAdminPassword, adminTotpSecret: config.demoAdminTotpSecret });
    if (report.adminCreated) {
      // Printed once, on the first start of a fresh database.
      console.log(
        [
          '',
          '────────────────────────────────────────────────────────',
          ' Dados de demonstração criados.',
          ` Administrador: ${report.adminCreated.email}`,
          ` Senha:         ${report.adminCreated.password}`,
          ' (anote agora: ela não será exibida de novo)',
          ...(report.demoAccounts.length
            ? [
                '',
                ` Contas de demonstração (senha ${DEMO_USER_PASSWORD}):`,
                ...report.demoAccounts.map((a) => `   ${a.email.padEnd(44)} ${DEMO_ROLE_LABELS[a.role]} — ${a.name}`),
              ]
            : []),
          '────────────────────────────────────────────────────────',
          '',
        ].join('\n'),
      );
    }
  }

  const running = await startServer(container, { port: config.port, host: config.host, drainMs: config.shutdownDrainMs });
  logger.info(
    { url: config.publicUrl, port: running.port, database: database.kind, payments: config.paymentProvider },
    `Turma no ar em ${config.publicUrl}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'encerrando…');
    // The last log lines are flushed, but a stdout nobody reads cannot hold the exit for more than a second.
    const exit = (code: number) => void Promise.all([settleLogOutput(logger), stopTracing()]).then(() => process.exit(code));
    running.close().then(
      () => exit(0),
      (err) => {
        logger.error({ err }, 'falha ao encerrar');
        exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  console.error('Falha ao iniciar o Turma:', err instanceof Error ? err.message : err);
  process.exit(1);
});
