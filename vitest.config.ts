import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The files that time the server (its health while a job runs, a login
 * during an attack against its time alone, a reset link's answer time): they
 * run one at a time once the others have finished, so a neighbour's work never
 * lands in their measure.
 */
const TIMED = [
  'tests/api/catalog-import-crash.test.ts',
  'tests/api/users-import-crash.test.ts',
  'tests/api/warehouse-verification-jobs.test.ts',
  'tests/api/login-brute-force.test.ts',
  'tests/api/passwords.test.ts',
];

export default defineConfig({
  // The UIs' alias for server code (ui/vite.config.ts), for the UI modules the tests in tests/ui load.
  resolve: { alias: [{ find: /^@server\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }] },
  test: {
    setupFiles: ['tests/setup.ts'],
    // Two workers share two cores with the servers they start: a test may take twice what it takes alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: ['domain/**/*.test.ts', 'application/**/*.test.ts', 'projections/**/*.test.ts', 'infrastructure/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...TIMED],
          // Vitest's default is one worker per core less one: a single worker on our two cores. Most of the slow files wait
          // on child servers, jobs and timers, not on the CPU: two workers halve the wall time.
          maxWorkers: 2,
          // One module graph per worker, not per file: each file imported most of the platform again (Vitest's "import"
          // was ~450 s of a run, more than the tests themselves). The files share no state through modules: each starts its
          // own platform on its own data folder; stubbed globals are put back before each test.
          isolate: false,
          unstubGlobals: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
