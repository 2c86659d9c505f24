import { defineConfig } from 'vitest/config';

// The fast suite: unit tests, the self-proof against the reference server, and one run
// against server-everything. Slow interop runs live in vitest.interop.config.ts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/interop/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The slow tests wait on targets, not on the CPU: more files and tests at once than cores.
    maxWorkers: 2,
    maxConcurrency: 6,
  },
});
