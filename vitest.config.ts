import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The UIs' alias for server code (ui/vite.config.ts), for the UI modules the tests in tests/ui load.
  resolve: { alias: [{ find: /^@server\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }] },
  test: {
    include: ['domain/**/*.test.ts', 'application/**/*.test.ts', 'projections/**/*.test.ts', 'infrastructure/**/*.test.ts', 'tests/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on our two cores. Most of the slow files wait on
    // child servers, jobs and timers, not on the CPU: two workers halve the wall time.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
