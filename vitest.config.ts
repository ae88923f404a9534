// Unit (tests/core) and integration (tests/http, tests/adapters) tests; browser tests run under Playwright.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
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
