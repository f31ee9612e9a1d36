import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { JobServer, progressReaches } from '../support/job-server.js';
import { freePort } from '../support/server-process.js';
import { downloaded, exported, rowsOf } from '../support/catalog-transfer-helpers.js';
import { SftpTestClient } from '../support/sftp-client.js';

/**
 * A products-import.csv dropped on the SFTP server of the real server in
 * its own process (what `npm start` runs), killed (SIGKILL) part-way through
 * the import and started again on the same data folder: the file still in
 * the folder is imported again by the inbox once the interrupted job is
 * seen stale, and in the end every line's product exists exactly once, and
 * the file has one report (the interrupted attempt is folded into it, not
 * listed beside it).
 */
const LINES = 1_000;
const ROOT = DEMO_IDS.organizations.demoRoot;
const stamp = Date.now().toString(36);
let server: JobServer;
let category: string;

function file(brand: string): string {
  const lines = ['label;brand;model;categoryIdentifier;status;price_grade_a_cents'];
  for (let i = 0; i < LINES; i++) lines.push(`Produit ${i};${brand};Modèle ${i};${category};published;${10_000 + i}`);
  return lines.join('\r\n');
}

/** How many of the retailer's products are of `brand`, read from a products export. */
async function productsOf(brand: string): Promise<number> {
  const done = await exported(server.retailer, 'products', 120_000);
  const rows = rowsOf((await downloaded(server.base, done.downloadUrl)).text);
  const column = (rows[0] as string[]).indexOf('brand');
  return rows.slice(1).filter((row) => row[column] === brand).length;
}

const sftpView = async () => (await server.retailer.get(`/organizations/${ROOT}/sftp`)).body;

beforeAll(async () => {
  // The SFTP server on a port of its own, the same after the restart; the inbox looks every second.
  server = await JobServer.start('sftp-crash', { SFTP_PORT: String(await freePort()), SFTP_BIND_HOST: '127.0.0.1', SFTP_PUBLIC_HOST: '127.0.0.1', SFTP_SCAN_INTERVAL_MS: '1000' });
  const categories = rowsOf((await downloaded(server.base, (await exported(server.retailer, 'categories')).downloadUrl)).text);
  category = (categories[1] as string[])[(categories[0] as string[]).indexOf('identifier')] as string;
}, 120_000);

afterAll(() => server?.stop());

describe('Given the retailer’s SFTP access enabled', () => {
  it('When the server is killed while a dropped products-import.csv is imported, then after the restart every line is applied exactly once and the file has one report', async () => {
    const enabled = await server.retailer.post(`/organizations/${ROOT}/sftp/access`);
    expect(enabled.status).toBe(200);
    const client = await SftpTestClient.connect((await sftpView()).access.port, enabled.body.username, enabled.body.password);
    const brand = `Sftp crash ${stamp}`;
    await client.put('/products-import.csv', file(brand));
    client.end();

    let firstId = '';
    let doneAtKill = 0;
    await progressReaches(
      async () => {
        const last = (await sftpView()).lastImport;
        if (!last) return 0;
        firstId = last.id;
        doneAtKill = (await server.retailer.get(`/products/imports/${last.id}?limit=1`)).body.progress?.done ?? 0;
        return doneAtKill;
      },
      50,
      'the SFTP import',
    );
    await server.crashAndRestart();
    expect(doneAtKill).toBeLessThan(LINES);

    // The interrupted job is failed by the first sweep after the restart (its heartbeat stopped); the inbox's next look (every second) imports the file again.
    const deadline = Date.now() + 180_000;
    let last = (await sftpView()).lastImport;
    while (!(last && last.id !== firstId && last.status !== 'in_progress')) {
      if (Date.now() > deadline) throw new Error(`the SFTP import was not started again: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      last = (await sftpView()).lastImport;
    }
    expect(last).toMatchObject({ status: 'success', fileName: 'products-import.csv' });
    // The lines the first attempt applied are found as they are (not applied twice); the others are created now.
    expect(last.counts.found).toBe(LINES);
    expect(last.counts.unchanged).toBeGreaterThanOrEqual(doneAtKill);
    expect(last.counts.inserted).toBeGreaterThan(0);
    expect(last.counts.inserted + last.counts.unchanged).toBe(LINES);
    expect(await productsOf(brand)).toBe(LINES);
    const before = last.counts.unchanged as number;

    // One report for the file: the interrupted attempt is not listed beside it, in either list.
    const catalogue = await server.retailer.get('/products/imports?itemsPerPage=50');
    expect(catalogue.body.items.filter((item: { fileName: string }) => item.fileName === 'products-import.csv').map((item: { id: string }) => item.id)).toEqual([last.id]);
    const all = await server.retailer.get(`/imports?organizationId=${ROOT}&source=sftp`);
    expect(all.body.items.map((item: { id: string }) => item.id)).toEqual([last.id]);
    expect(all.body.items[0]).toMatchObject({ status: 'success', counts: { read: LINES, created: LINES - before, unchanged: before, refused: 0 } });
  }, 400_000);
});
