import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The benchmarks are not run by `npm test` (they take minutes and measure
 * ratios), but they import the platform's code: a moved file or a missing
 * entry-point polyfill would only show at the next `npm run bench`. Loading
 * each one in a fresh process, as `npm run bench` does, finds it now.
 */
describe('Given the benchmarks of npm run bench', () => {
  it('when their runner loads every one in a fresh process (--check), then each loads and exports its benchmark', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--check'], { cwd: ROOT, timeout: 60_000 }, (_error, out, err) =>
        resolve({ code: child.exitCode, stdout: out, stderr: err }),
      );
    });
    // The first line of the error only: a stack through tsx's loader is long and not what tells the cause.
    expect(code, stderr.split('\n').find((line) => line.includes('Error')) ?? stderr.slice(0, 500)).toBe(0);
    const loaded = stdout
      .split('\n')
      .filter((line) => line.startsWith('loads: '))
      .map((line) => line.slice('loads: '.length));
    // The runner, its support, the data generators and the search's queries and relevance measure the benchmarks (and some tests) share are no benchmark.
    const shared = ['run.ts', 'support.ts', 'platform.ts', 'lighthouse-runner.ts', 'buyback-data.ts', 'item-data.ts', 'payment-data.ts', 'refurb-step-data.ts', 'refurb-step-bulk.ts', 'refurb-step-bulk-worker.ts', 'bulk-sqlite.ts', 'search-queries.ts', 'search-relevance.ts'];
    const files = readdirSync(`${ROOT}/bench`).filter((file) => file.endsWith('.ts') && !shared.includes(file));
    expect(loaded.sort()).toEqual(files.map((file) => file.replace(/\.ts$/, '')).sort());
  }, 90_000);
});
