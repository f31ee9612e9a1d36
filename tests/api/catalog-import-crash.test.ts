import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/test-platform.js';
import { freePort, killHard, loginTo, startServer } from '../support/server-process.js';
import { downloaded, exported, importSettled, rowsOf, uploadProducts } from '../support/catalog-transfer-helpers.js';

/**
 * The products import against the real server in its own process (what
 * `npm start` runs): a file of 2,000 new products is applied while
 * GET /api/health is timed all along; then an import is killed (SIGKILL)
 * part-way; started again, the import shows `error` (JOB_INTERRUPTED), and
 * the same file sent again creates exactly the products still missing.
 */

const JOB_ENV = { SEED_DEMO_ACTIVITY: 'false', JOB_HEARTBEAT_MS: '1000', JOB_STALE_MS: '5000' };
const LARGE = 2_000;
const CRASH = 600;
/**
 * As the users import's crash test, 50 ms at the 95th percentile (or three
 * times the machine's own when it is loaded); the slowest call may take 1 s
 * here, not 300 ms: each product created also feeds the catalogue's search
 * index, and the slowest of about 5,000 calls took 353 ms, then 593 ms, in
 * two runs on a machine whose two cores carried a load of 20.
 */
const HEALTH_P95_MS = 50;
const HEALTH_MAX_MS = 1_000;
const LOAD_FACTOR = 3;

let dataDir: string;
let server: ChildProcess | null = null;
let base: string;
let retailer: ApiClient;
let category: string;
const stamp = Date.now().toString(36);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] as number;

/** `rows` new products of one brand, in one of the retailer's categories (by its identifier), priced in grade A. */
function file(rows: number, brand: string): string {
  const lines = ['label;brand;model;categoryIdentifier;status;price_grade_a_cents'];
  for (let i = 0; i < rows; i++) lines.push(`Produit ${i};${brand};Modèle ${i};${category};published;${10_000 + i}`);
  return lines.join('\r\n');
}

/** How many of the retailer's products are of `brand`, read from a products export. */
async function productsOf(brand: string): Promise<number> {
  const done = await exported(retailer, 'products', 120_000);
  const rows = rowsOf((await downloaded(base, done.downloadUrl)).text);
  const column = (rows[0] as string[]).indexOf('brand');
  return rows.slice(1).filter((row) => row[column] === brand).length;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tradein-catalog-import-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(port, dataDir, JOB_ENV);
  retailer = await loginTo(base, 'retailer@demo.test');
  const categories = rowsOf((await downloaded(base, (await exported(retailer, 'categories')).downloadUrl)).text);
  category = (categories[1] as string[])[(categories[0] as string[]).indexOf('identifier')] as string;
}, 120_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Given large files of new products', () => {
  it(`When ${LARGE} lines are applied, then GET /api/health answers all along (p95 under ${HEALTH_P95_MS} ms, maximum under ${HEALTH_MAX_MS} ms, or ${LOAD_FACTOR} times the machine's own) and every product is created`, async () => {
    const quietMs: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      await fetch(`${base}/api/health`);
      quietMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const healthMs: number[] = [];
    let checking = true;
    const timing = (async () => {
      while (checking) {
        const started = performance.now();
        expect((await fetch(`${base}/api/health`)).status).toBeLessThan(600);
        healthMs.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const brand = `Large ${stamp}`;
    let report: Record<string, any>;
    try {
      const started = await uploadProducts(retailer, file(LARGE, brand));
      expect(started.status).toBe(202);
      report = await importSettled(retailer, started.body.id, 300_000, '?limit=1');
    } finally {
      checking = false;
      await timing;
    }
    expect(report.status).toBe('success');
    expect(report.counts).toEqual({ found: LARGE, inserted: LARGE, updated: 0, unchanged: 0, ignored: 0 });
    const quiet = { p95: percentile(quietMs, 95), max: Math.max(...quietMs) };
    console.log(`health alone: p95 ${quiet.p95.toFixed(1)} ms, max ${quiet.max.toFixed(1)} ms`);
    console.log(`health while ${LARGE} products were imported: ${healthMs.length} calls, p95 ${percentile(healthMs, 95).toFixed(1)} ms, max ${Math.max(...healthMs).toFixed(1)} ms`);
    expect(healthMs.length).toBeGreaterThan(5);
    expect(percentile(healthMs, 95)).toBeLessThan(Math.max(HEALTH_P95_MS, LOAD_FACTOR * quiet.p95));
    expect(Math.max(...healthMs)).toBeLessThan(Math.max(HEALTH_MAX_MS, LOAD_FACTOR * quiet.max));
    expect(await productsOf(brand)).toBe(LARGE);
  }, 400_000);

  it('When an import is killed part-way and the same file is sent again after the restart, then every product exists once and none twice', async () => {
    const brand = `Crash ${stamp}`;
    const started = await uploadProducts(retailer, file(CRASH, brand));
    expect(started.status).toBe(202);
    const importId = started.body.id as string;
    // Killed once some products are created, long before all are.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const progress = (await retailer.get(`/products/imports/${importId}?limit=1`)).body.progress;
      if (progress.done >= 50) break;
      if (Date.now() > deadline) throw new Error('the import did not start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await killHard(server!);
    server = await startServer(Number(new URL(base).port), dataDir, JOB_ENV);
    retailer = await loginTo(base, 'retailer@demo.test');
    const before = await productsOf(brand);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(CRASH);

    // Its job's heartbeat stopped with the process: a sweep fails it once 5 s have passed without one.
    const interrupted = await importSettled(retailer, importId, 90_000, '?limit=1');
    expect(interrupted.status).toBe('error');
    expect(interrupted.error.code).toBe('JOB_INTERRUPTED');

    const again = await uploadProducts(retailer, file(CRASH, brand));
    const done = await importSettled(retailer, again.body.id, 180_000, '?limit=1');
    expect(done.status).toBe('success');
    expect(done.counts).toEqual({ found: CRASH, inserted: CRASH - before, updated: 0, unchanged: before, ignored: 0 });
    expect(await productsOf(brand)).toBe(CRASH);
  }, 400_000);
});
