import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { TOKENS } from '../../application/tokens.js';
import type { JobQueue } from '../../application/jobs/job-queue.js';
import { DATA_EXPORT_CHUNKS_COLLECTION, DATA_EXPORTS_COLLECTION, type DataExportDocument } from '../../application/settings/exports/export-document.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback } from '../support/api-helpers.js';

/**
 * An organization's data exports (issue 23): a buybacks export as a job,
 * polled to success, its file the buybacks list's own export (same header,
 * same rows; a store's only that store's); refusals with their codes;
 * another tenant's id 404; an export interrupted part-way (the job worker
 * stopped, a half file left) written again from the start as one correct
 * file, never served half; and the imports list merging products and users
 * imports with their dates and counts.
 */
const ROOT = DEMO_IDS.organizations.demoRoot;
let t: TestPlatform;
let retailer: ApiClient;

async function settled(id: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await retailer.get(`/data-exports/${id}`)).body;
    if (view.status !== 'in_progress') return view;
    if (Date.now() > deadline) throw new Error(`export ${id}: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The file's bytes as sent (fetch's text() would drop the BOM). */
async function download(client: ApiClient, url: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const response = await fetch(`${t.baseUrl}${url}`, { headers: { Authorization: `Bearer ${client.token}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') };
}

const rowsOf = (bytes: Buffer): string[][] => parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: true });

beforeAll(async () => {
  t = await startTestPlatform();
  retailer = await t.login('retailer@demo.test', 'root');
  const seller = await t.login('seller@demo.test');
  const nantesSeller = await t.login('nantes-seller@demo.test');
  await createStoreBuyback(seller, DEMO_IDS.stores.paris);
  await createStoreBuyback(seller, DEMO_IDS.stores.paris);
  await createStoreBuyback(nantesSeller, DEMO_IDS.stores.nantes);
}, 120_000);

afterAll(() => t?.close());

describe('Given Demo Retail’s administrator', () => {
  it('When they export the root’s buybacks, then the job ends in success and the file is the buybacks list’s own export (BOM, header, every row)', async () => {
    const started = await retailer.post('/data-exports', { organizationId: ROOT, kind: 'buybacks' });
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/data-exports/${started.body.id}`);
    expect(started.body).toMatchObject({ kind: 'buybacks', status: 'in_progress', organizationName: 'Demo Retail', createdBy: { name: expect.stringContaining('Julien') } });
    const done = await settled(started.body.id);
    expect(done).toMatchObject({ status: 'success', downloadUrl: `/api/data-exports/${done.id}/file`, error: null });
    const file = await download(retailer, done.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/csv');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.bytes.length).toBe(done.bytes);
    const list = await download(retailer, '/api/buybacks/export');
    const [header, ...rows] = rowsOf(file.bytes);
    const [listHeader, ...listRows] = rowsOf(list.bytes);
    expect(header).toEqual(listHeader);
    expect(rows.length).toBe(done.rows);
    expect(rows.length).toBe(listRows.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(listRows.map((row) => row[0])));

    const page = await retailer.get(`/data-exports?organizationId=${ROOT}&kind=buybacks`);
    expect(page.status).toBe(200);
    expect(page.body.items.find((item: { id: string }) => item.id === done.id)).toMatchObject({ status: 'success', rows: done.rows, bytes: done.bytes });
  }, 90_000);

  it('When they export a store’s buybacks, then only that store’s are in the file', async () => {
    const store = DEMO_IDS.stores.nantes;
    const done = await settled((await retailer.post('/data-exports', { organizationId: store, kind: 'buybacks' })).body.id);
    const list = rowsOf((await download(retailer, `/api/buybacks/export?storeId[]=${store}`)).bytes);
    const all = rowsOf((await download(retailer, '/api/buybacks/export')).bytes);
    expect(done.rows).toBe(list.length - 1);
    expect(done.rows).toBeGreaterThan(0);
    expect(done.rows).toBeLessThan(all.length - 1);
  }, 60_000);

  it('When an export asks for what it cannot give, then it is refused with its code', async () => {
    const items = await retailer.post('/data-exports', { organizationId: ROOT, kind: 'items', filters: { createdFrom: '2026-01-01T00:00:00.000Z' } });
    expect(items).toMatchObject({ status: 422, body: { code: 'DATA_EXPORT_FILTER_UNSUPPORTED' } });
    const dates = await retailer.post('/data-exports', { organizationId: ROOT, kind: 'payments', filters: { createdFrom: '2026-02-01T00:00:00.000Z', createdTo: '2026-01-01T00:00:00.000Z' } });
    expect(dates).toMatchObject({ status: 422, body: { code: 'DATA_EXPORT_DATES_INVALID' } });
    const warehouse = await retailer.post('/data-exports', { organizationId: DEMO_IDS.warehouses.demo, kind: 'buybacks' });
    expect(warehouse).toMatchObject({ status: 422, body: { code: 'DATA_EXPORT_ORGANIZATION_UNSUPPORTED' } });
    const unknownKind = await retailer.post('/data-exports', { organizationId: ROOT, kind: 'customers' });
    expect(unknownKind.status).toBe(400);
    const manager = await t.login('manager@demo.test');
    expect((await manager.post('/data-exports', { organizationId: ROOT, kind: 'buybacks' })).status).toBe(403);
  });

  it('When provider staff acting for another retailer ask for Demo’s export or its file, then it is not found', async () => {
    const done = await settled((await retailer.post('/data-exports', { organizationId: ROOT, kind: 'payments' })).body.id);
    const admin = await t.login('admin@demo.test');
    const other = { 'X-Account-Id': DEMO_IDS.accounts.other };
    expect((await admin.get(`/data-exports/${done.id}`, other)).body.code).toBe('DATA_EXPORT_NOT_FOUND');
    expect((await admin.get(`/data-exports/${done.id}/file`, other)).status).toBe(404);
    expect((await admin.get(`/data-exports?organizationId=${ROOT}`, other)).status).toBe(404);
    expect((await admin.get(`/data-exports/${done.id}`, { 'X-Account-Id': DEMO_IDS.accounts.demo })).status).toBe(200);
  }, 60_000);

  it('When the job worker stops part-way (a half file written), then the download is refused until the export, written again from the start, is one correct file', async () => {
    const jobs = t.platform.container.resolve<JobQueue>(TOKENS.Jobs);
    const exports = t.platform.documents.collection<DataExportDocument>(DATA_EXPORTS_COLLECTION);
    const chunks = t.platform.documents.collection(DATA_EXPORT_CHUNKS_COLLECTION);
    const reference = await settled((await retailer.post('/data-exports', { organizationId: ROOT, kind: 'buybacks' })).body.id);
    const expected = await download(retailer, reference.downloadUrl);

    await jobs.stop();
    const started = await retailer.post('/data-exports', { organizationId: ROOT, kind: 'buybacks' });
    expect(started.status).toBe(202);
    // Its job was queued, never finished: the worker stopping fails it (JOB_INTERRUPTED), as a crash's sweep does.
    await jobs.stop();
    const id = started.body.id as string;
    // What a crash part-way leaves: the first attempt's first chunk written, the rest not.
    await chunks.upsert({ _id: `${id}:0:000000`, exportId: id, attempt: 0, seq: 0, data: '\uFEFFhalf;a;file\r\n', createdAt: new Date().toISOString() });
    const interrupted = await retailer.get(`/data-exports/${id}`);
    expect(interrupted.body).toMatchObject({ status: 'in_progress', downloadUrl: null });
    expect((await retailer.get(`/data-exports/${id}/file`)).body.code).toBe('DATA_EXPORT_NOT_READY');

    jobs.start();
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'success', attempt: 1 });
    const file = await download(retailer, done.downloadUrl);
    expect(file.bytes.toString('utf8')).not.toContain('half;a;file');
    expect(file.bytes.toString('utf8')).toBe(expected.bytes.toString('utf8'));
    expect(await chunks.count({ exportId: id, attempt: 0 })).toBe(0);
    expect((await exports.get(id))?.rows).toBe(reference.rows);
  }, 90_000);
});

describe('Given the retailer’s imports', () => {
  it('When a products file and a users file are uploaded, then the imports list shows both newest first, with source, destination, file, dates and line counts', async () => {
    const stamp = Date.now().toString(36);
    const products = await fetch(`${t.baseUrl}/api/products/imports?fileName=catalogue-${stamp}.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root', 'Content-Type': 'text/csv' },
      body: ['label;brand;model;categoryIdentifier;status;price_grade_a_cents', `Liste ${stamp};Listed;L1;nowhere-${stamp};published;1000`, `Liste B ${stamp};Listed;L2;;published;1000`].join('\r\n'),
    });
    expect(products.status).toBe(202);
    const productImport = (await products.json()) as { id: string };
    for (let i = 0; i < 100; i++) {
      if ((await retailer.get(`/products/imports/${productImport.id}?limit=1`)).body.status !== 'in_progress') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await retailer.get(`/imports?organizationId=${ROOT}&itemsPerPage=10`);
    expect(page.status).toBe(200);
    const entry = page.body.items.find((item: { id: string }) => item.id === productImport.id);
    expect(entry).toMatchObject({
      destination: 'products',
      source: 'upload',
      fileName: `catalogue-${stamp}.csv`,
      status: expect.stringMatching(/^(success_with_ignored|error)$/),
      counts: { read: 2 },
      reportUrl: `/api/products/imports/${productImport.id}`,
      createdBy: { name: expect.stringContaining('Julien') },
    });
    expect(entry.dates.queued).toBe(entry.dates.created);
    expect(entry.dates.ended >= entry.dates.started).toBe(true);
    expect(entry.counts.created + entry.counts.refused + entry.counts.changed + entry.counts.unchanged).toBe(2);
    const users = await retailer.get(`/imports?organizationId=${ROOT}&destination=users`);
    expect(users.body.items.every((item: { destination: string }) => item.destination === 'users')).toBe(true);
    const sftp = await retailer.get(`/imports?organizationId=${ROOT}&source=sftp`);
    expect(sftp.body.items.find((item: { id: string }) => item.id === productImport.id)).toBeUndefined();
    const admin = await t.login('admin@demo.test');
    expect((await admin.get(`/imports?organizationId=${ROOT}`, { 'X-Account-Id': DEMO_IDS.accounts.other })).status).toBe(404);
    expect((await (await t.login('manager@demo.test')).get(`/imports?organizationId=${ROOT}`)).status).toBe(403);
  }, 60_000);
});
