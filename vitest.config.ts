import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': path.resolve(import.meta.dirname, 'web/src'),
    },
  },
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    // The process test is about the embedded database's files and lock.
    exclude: [
      ...(process.env.DATABASE_URL
        ? ['tests/api/process.test.ts', 'tests/api/shutdown.test.ts']
        : []),
      // Needs a Redis server: CI sets TEST_REDIS_URL; `npm test` works without one.
      ...(process.env.TEST_REDIS_URL ? [] : ['tests/api/redis-rate-limit.test.ts']),
    ],
    globalSetup: ['tests/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database copy; two files at once suit a 2-core machine.
    maxWorkers: 2,
    // CI keeps a machine-readable report per run (scripts/test-reports.mjs reads them).
    reporters: process.env.TEST_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.TEST_REPORT_DIR
      ? path.join(
          process.env.TEST_REPORT_DIR,
          `vitest-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json`,
        )
      : undefined,
  },
});
