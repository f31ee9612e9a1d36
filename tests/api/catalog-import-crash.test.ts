import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHealthHeld, healthDuring, JobServer, progressReaches } from '../support/job-server.js';
import { downloaded, exported, importSettled, rowsOf, uploadProducts } from '../support/catalog-transfer-helpers.js';

/**
 * The products import against the real server in its own process (what
 * `npm start` runs): a file of 2,000 new products is applied while
 * GET /api/health is timed all along; then an import is killed (SIGKILL)
 * part-way; started again, the import shows `error` (JOB_INTERRUPTED), and
 * the same file sent again creates exactly the products still missing.
 */

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

let server: JobServer;
let category: string;
const stamp = Date.now().toString(36);

/** `rows` new products of one brand, in one of the retailer's categories (by its identifier), priced in grade A. */
function file(rows: number, brand: string): string {
  const lines = ['label;brand;model;categoryIdentifier;status;price_grade_a_cents'];
  for (let i = 0; i < rows; i++) lines.push(`Produit ${i};${brand};Modèle ${i};${category};published;${10_000 + i}`);
  return lines.join('\r\n');
}

/** How many of the retailer's products are of `brand`, read from a products export. */
async function productsOf(brand: string): Promise<number> {
  const done = await exported(server.retailer, 'products', 120_000);
  const rows = rowsOf((await downloaded(server.base, done.downloadUrl)).text);
  const column = (rows[0] as string[]).indexOf('brand');
  return rows.slice(1).filter((row) => row[column] === brand).length;
}

beforeAll(async () => {
  server = await JobServer.start('catalog-import');
  const categories = rowsOf((await downloaded(server.base, (await exported(server.retailer, 'categories')).downloadUrl)).text);
  category = (categories[1] as string[])[(categories[0] as string[]).indexOf('identifier')] as string;
}, 120_000);

afterAll(() => server.stop());

describe('Given large files of new products', () => {
  it(`When ${LARGE} lines are applied, then GET /api/health answers all along (p95 under ${HEALTH_P95_MS} ms, maximum under ${HEALTH_MAX_MS} ms, or ${LOAD_FACTOR} times the machine's own) and every product is created`, async () => {
    const brand = `Large ${stamp}`;
    const { result: report, times } = await healthDuring(server.base, async () => {
      const started = await uploadProducts(server.retailer, file(LARGE, brand));
      expect(started.status).toBe(202);
      return importSettled(server.retailer, started.body.id, 300_000, '?limit=1');
    });
    expect(report.status).toBe('success');
    expect(report.counts).toEqual({ found: LARGE, inserted: LARGE, updated: 0, unchanged: 0, ignored: 0 });
    expectHealthHeld(times, `${LARGE} products were imported`, { p95Ms: HEALTH_P95_MS, maxMs: HEALTH_MAX_MS, loadFactor: LOAD_FACTOR });
    expect(await productsOf(brand)).toBe(LARGE);
  }, 400_000);

  it('When an import is killed part-way and the same file is sent again after the restart, then every product exists once and none twice', async () => {
    const brand = `Crash ${stamp}`;
    const started = await uploadProducts(server.retailer, file(CRASH, brand));
    expect(started.status).toBe(202);
    const importId = started.body.id as string;
    // Killed once some products are created, long before all are.
    await progressReaches(async () => (await server.retailer.get(`/products/imports/${importId}?limit=1`)).body.progress.done, 50, 'the import');
    await server.crashAndRestart();
    const before = await productsOf(brand);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(CRASH);

    // Its job's heartbeat stopped with the process: a sweep fails it once 5 s have passed without one.
    const interrupted = await importSettled(server.retailer, importId, 90_000, '?limit=1');
    expect(interrupted.status).toBe('error');
    expect(interrupted.error.code).toBe('JOB_INTERRUPTED');

    const again = await uploadProducts(server.retailer, file(CRASH, brand));
    const done = await importSettled(server.retailer, again.body.id, 180_000, '?limit=1');
    expect(done.status).toBe('success');
    expect(done.counts).toEqual({ found: CRASH, inserted: CRASH - before, updated: 0, unchanged: before, ignored: 0 });
    expect(await productsOf(brand)).toBe(CRASH);
  }, 400_000);
});
