import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { downloaded, exported, fileOf, importSettled, rowsOf, uploadProducts } from '../support/catalog-transfer-helpers.js';
import { PRODUCT_COLUMNS } from '../../application/catalog/transfer/product-line.js';
import { CATEGORY_COLUMNS, QUESTION_COLUMNS } from '../../application/catalog/transfer/transfer-columns.js';

/**
 * The catalogue's files over real HTTP: exports of products, categories and
 * questions (their columns, every entry, a signed link), and the products
 * import: an exported file edited as in a spreadsheet imports back (lines
 * changed, one added, one refused with its reason), the same file imported
 * again changes nothing, and a broken file changes nothing at all. The crash
 * part-way and the event loop under a large file: catalog-import-crash.test.ts.
 */

let t: TestPlatform;
let retailer: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  retailer = await t.login('retailer@demo.test');
  seller = await t.login('seller@demo.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const column = (name: string) => PRODUCT_COLUMNS.indexOf(name);

async function productsFile(): Promise<string[][]> {
  const done = await exported(retailer, 'products');
  expect(done.status).toBe('done');
  const file = await downloaded(t.baseUrl, done.downloadUrl);
  expect(file.status).toBe(200);
  return rowsOf(file.text);
}

describe('Given the demo catalogue', () => {
  it('When its products are exported, then the job counts every product, and its link gives a CSV with the import’s columns and one line each', async () => {
    const done = await exported(retailer, 'products');
    expect(done).toMatchObject({ status: 'done', kind: 'products', error: null });
    expect(done.entries).toBeGreaterThan(10);
    expect(done.entries).toBe(done.total);
    expect(done.downloadUrl).toMatch(new RegExp(`^/api/products/exports/${done.id}/file\\?token=\\d+\\.`));
    const file = await downloaded(t.baseUrl, done.downloadUrl);
    expect(file.contentType).toMatch(/^text\/csv/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = rowsOf(file.text);
    expect(rows[0]).toEqual([...PRODUCT_COLUMNS]);
    expect(rows.length - 1).toBe(done.entries);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(done.entries);
    const published = rows.slice(1).find((row) => row[column('status')] === 'published' && row[column('price_grade_a_cents')] !== '') as string[];
    expect(Number.isInteger(Number(published[column('price_grade_a_cents')]))).toBe(true);
    expect(published[column('categoryIdentifier')]).not.toBe('');
  });

  it('When its categories and its questions are exported, then each file has its columns and an entry count matching its lines', async () => {
    const categories = await exported(retailer, 'categories');
    const categoryRows = rowsOf((await downloaded(t.baseUrl, categories.downloadUrl)).text);
    expect(categoryRows[0]).toEqual([...CATEGORY_COLUMNS]);
    expect(categoryRows.length - 1).toBe(categories.entries);
    expect(categories.entries).toBeGreaterThan(2);
    const questions = await exported(retailer, 'diagnostic-questions');
    const questionRows = rowsOf((await downloaded(t.baseUrl, questions.downloadUrl)).text);
    expect(questionRows[0]).toEqual([...QUESTION_COLUMNS]);
    expect(questions.entries).toBeGreaterThan(0);
    // One line per answer: at least one line per question.
    expect(new Set(questionRows.slice(1).map((row) => row[0])).size).toBe(questions.entries);
  });

  it('When the link is altered, or another export’s, then 404 CATALOG_EXPORT_LINK_INVALID; a seller may not export (403)', async () => {
    const done = await exported(retailer, 'categories');
    const other = await exported(retailer, 'categories');
    const token = new URL(done.downloadUrl, t.baseUrl).searchParams.get('token') as string;
    const altered = await fetch(`${t.baseUrl}/api/categories/exports/${done.id}/file?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect(altered.status).toBe(404);
    expect(((await altered.json()) as { code: string }).code).toBe('CATALOG_EXPORT_LINK_INVALID');
    expect((await fetch(`${t.baseUrl}/api/categories/exports/${other.id}/file?token=${token}`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/categories/exports/${done.id}/file`)).status).toBe(404);
    expect((await seller.post('/products/exports')).status).toBe(403);
    expect((await retailer.get(`/products/exports/${done.id}`)).status).toBe(404);
  });
});

describe('Given an exported products file edited in a spreadsheet', () => {
  const stamp = Date.now().toString(36);

  it('When it is imported, then the changed lines change their products, the new one is created, the bad one is ignored with its reason, and the rest is left unchanged; imported again, nothing changes', async () => {
    const rows = await productsFile();
    const [header, first, second, third] = rows as [string[], string[], string[], string[]];
    const body = rows.slice(1);
    first[column('label')] = `Renamed ${stamp}`;
    second[column('price_functional_cents')] = '1234';
    third[column('categoryId')] = '00000000-0000-4000-8000-000000000000';
    const added = [...first];
    added[column('id')] = '';
    added[column('ean')] = '';
    added[column('brand')] = `Brand ${stamp}`;
    added[column('label')] = `New product ${stamp}`;
    added[column('categoryId')] = '';
    const file = fileOf([header, ...body, added]);

    const started = await uploadProducts(retailer, file, 'edited.csv');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'in_progress', fileName: 'edited.csv', counts: { found: body.length + 1 } });
    const report = await importSettled(retailer, started.body.id);
    expect(report.status).toBe('success_with_ignored');
    expect(report.counts).toEqual({ found: body.length + 1, inserted: 1, updated: 2, unchanged: body.length - 3, ignored: 1 });
    expect(report.ignoredLines.items).toEqual([
      { line: 4, product: third[column('id')], reasons: [expect.objectContaining({ code: 'category_unknown', field: 'categoryId', message: expect.any(String) })] },
    ]);
    for (const date of ['createdAt', 'queuedAt', 'startedAt', 'endedAt']) expect(Date.parse(report[date])).not.toBeNaN();

    const after = await productsFile();
    expect(after.length).toBe(rows.length + 1);
    const byId = new Map(after.slice(1).map((row) => [row[0], row]));
    expect(byId.get(first[0] as string)?.[column('label')]).toBe(`Renamed ${stamp}`);
    expect(byId.get(second[0] as string)?.[column('price_functional_cents')]).toBe('1234');
    const created = after.slice(1).find((row) => row[column('label')] === `New product ${stamp}`) as string[];
    expect(created[column('categoryId')]).toBe(first[column('categoryId')]);

    const again = await importSettled(retailer, (await uploadProducts(retailer, file, 'edited.csv')).body.id);
    expect(again.counts).toEqual({ found: body.length + 1, inserted: 0, updated: 0, unchanged: body.length, ignored: 1 });
    expect((await productsFile()).length).toBe(rows.length + 1);
  }, 120_000);

  it('When the imports are listed, then they come newest first, paged, each with its counts', async () => {
    const page = await retailer.get('/products/imports?itemsPerPage=1');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.totalItems).toBeGreaterThanOrEqual(2);
    expect(page.body.hasNextPage).toBe(true);
    expect(page.body.items[0]).toMatchObject({ status: 'success_with_ignored', counts: { inserted: 0, updated: 0 } });
  });
});

describe('Given a file that cannot be imported', () => {
  it('When no file is sent, then 400 CATALOG_IMPORT_FILE_MISSING', async () => {
    const answer = await retailer.request('POST', '/products/imports', undefined, { 'Content-Type': 'text/csv' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('CATALOG_IMPORT_FILE_MISSING');
  });

  it.each([
    ['without the required columns', 'name;price\nPhone;12', 'columns_missing'],
    ['a header alone', 'label;brand;model\r\n', 'no_rows'],
    ['binary', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]), 'binary'],
  ])('When it is %s, then 422 CATALOG_IMPORT_FILE_INVALID (%s)', async (_name, file, reason) => {
    const answer = await uploadProducts(retailer, file);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('CATALOG_IMPORT_FILE_INVALID');
    expect(answer.body.details.reason).toBe(reason);
  });

  it('When its CSV breaks after valid lines, then 422 with the line, and no line before it was applied', async () => {
    const rows = await productsFile();
    const [header, first] = rows as [string[], string[]];
    const renamed = [...first];
    renamed[column('label')] = 'Never applied';
    const before = await retailer.get('/products/imports?itemsPerPage=1');
    const broken = `${fileOf([header, renamed])}"${first.join(';')}\r\n`;
    const answer = await uploadProducts(retailer, broken);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'CATALOG_IMPORT_FILE_INVALID', details: { reason: 'csv' } });
    const after = await productsFile();
    expect(after.find((row) => row[0] === first[0])?.[column('label')]).toBe(first[column('label')]);
    expect((await retailer.get('/products/imports?itemsPerPage=1')).body.totalItems).toBe(before.body.totalItems);
  });
});
