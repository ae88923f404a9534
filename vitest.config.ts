// Unit (tests/core) and integration (tests/http, tests/adapters) tests; browser tests run under Playwright.
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:engine`: the files run a second time on embedded PGlite after the PostgreSQL pass. The browser tests
 * already run every screen's path on PGlite (the engine `npm start` gives), so this pass keeps what a browser cannot
 * reach and where the engines differ: the driver and its one connection, the job queue, NOTIFY, races, migrations,
 * seeds, the dump, the capped counts and search, and the two files that touch every table. See docs/testing.md#engines.
 */
const ENGINE_FILES = [
  'tests/adapters/database.test.ts', // the engine adapter itself: result shapes, dates, deletes' row counts
  'tests/adapters/job-queue.test.ts', // pg-boss through knex's single PGlite connection
  'tests/adapters/worker.test.ts',
  'tests/adapters/migration-lock.test.ts', // the migrations and their lock timeout
  'tests/adapters/seeds.test.ts', // what `npm start` seeds on a fresh embedded database
  'tests/adapters/product-seeds.test.ts',
  'tests/adapters/address-lookup.test.ts', // the address cache writes outside any transaction (one connection)
  'tests/cli/cli.test.ts', // migrate and seed a PGlite directory that the CLI opens and closes
  'tests/cli/backup-cli.test.ts', // PGlite's own dump and restore
  'tests/http/foundation.test.ts',
  'tests/http/accounts.test.ts', // citext, unique violations by constraint name
  'tests/http/groups.test.ts',
  'tests/http/payment-race.test.ts', // concurrent requests queued on one connection
  'tests/http/marketplace.test.ts', // stock reserved under concurrency, expiry
  'tests/http/wallet-spending.test.ts',
  'tests/http/catalogue-paging.test.ts', // capped totals, keyset cursors, accent-free search
  'tests/http/catalogue-versions.test.ts', // row versions (xmin, ctid) and named statements on PGlite
  'tests/adapters/catalogue-counts.test.ts', // counts kept by statement triggers with transition tables
  'tests/http/professionals-nearby-index.test.ts', // the nearby search without the GiST index
  'tests/http/notification-stream.test.ts', // NOTIFY on PGlite
  'tests/http/jobs-restart.test.ts',
  'tests/http/address-rate-limit.test.ts', // the limiter's counters on the shared connection
  'tests/http/lgpd-export.test.ts', // every table that points at a person
  'tests/http/account-deletion.test.ts',
  // Invoices, parcels, reports, the pin and the visitor type are promised on both engines; messaging writes its
  // fan-out inside the unit of work.
  'tests/http/service-invoices.test.ts',
  'tests/http/goods-invoices.test.ts',
  'tests/http/parcels.test.ts',
  'tests/cli/reports-cli.test.ts',
  'tests/http/professional-location.test.ts',
  'tests/http/visitor-type.test.ts',
  'tests/http/message-preferences.test.ts',
  'tests/http/whatsapp.test.ts',
  'tests/http/push.test.ts',
];
const enginePass = process.env.TURMA_TEST_PASS === 'engine';

export default defineConfig({
  test: {
    include: enginePass ? ENGINE_FILES : ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // A worker keeps its loaded modules from one file to the next instead of loading the whole server again for each
    // (the suite's import time went from 261 to 28 s, the PostgreSQL pass from 308 to 184 s here). Files share no
    // state: each has its own database and server on port 0, and no file mocks a module or changes process.env.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file gets its own database (schema-free isolation), so files may run in parallel. Vitest's default is one
    // worker per core less one (a single worker here); the files mostly wait on the database, so PostgreSQL takes three
    // at once (285 -> 160 s for six HTTP files on this 2-core machine) and in-process PGlite, which computes, two.
    fileParallelism: true,
    maxWorkers: process.env.DATABASE_URL ? 3 : 2,
    // `npm run coverage`: what the unit and integration tests reach of the server side (web and admin are measured
    // by the browser tests, which vitest does not see).
    coverage: {
      provider: 'v8',
      include: ['core/**/*.ts', 'adapters/**/*.ts', 'cli/**/*.ts'],
      exclude: ['**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      // The figure is wanted even when a test fails (vitest's default is to report only a green run).
      reportOnFailure: true,
    },
  },
});
