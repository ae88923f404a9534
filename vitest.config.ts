// Unit (tests/core) and integration (tests/http, tests/adapters) tests; browser tests run under Playwright.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file gets its own database (schema-free isolation), so files may run in parallel.
    fileParallelism: true,
  },
});
