import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { SftpTestClient } from '../support/sftp-client.js';
import { SFTP_FAILED_LOGINS_ALLOWED } from '../../infrastructure/sftp/sftp-server.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { CATALOG_COLLECTIONS, type CategoryDocument } from '../../application/catalog/read-models.js';

/**
 * The retailer's SFTP over a real SSH connection (ssh2's client against the
 * platform's server on a free port): the access enabled (its password shown
 * once), a wrong password and a disabled access refused, `../` refused, and
 * a products-import.csv uploaded, imported with the configuration's suffix
 * and parent category, its report read through the API; the same file sent
 * again starts no second import.
 */
const ROOT = DEMO_IDS.organizations.demoRoot;
const base = `/organizations/${ROOT}/sftp`;

let platform: TestPlatform;
let retailer: ApiClient;
let port: number;
let credentials: { username: string; password: string };
let parent: CategoryDocument;
let child: CategoryDocument;
let outside: CategoryDocument;

async function settled(predicate: (view: any) => boolean, what: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await retailer.get(base)).body;
    if (predicate(view)) return view;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  platform = await startTestPlatform({ sftp: { port: 0, bindHost: '127.0.0.1', publicHost: '127.0.0.1', scanIntervalMs: 300 } });
  retailer = await platform.login('retailer@demo.test', 'root');
  const categories = await platform.platform.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find({ accountId: DEMO_IDS.accounts.demo }, { limit: 1000 });
  parent = categories.find((c) => categories.some((other) => other.parentId === c._id)) as CategoryDocument;
  child = categories.find((c) => c.parentId === parent._id && /[a-z0-9]{2}$/.test(c.identifier)) as CategoryDocument;
  const below = new Set([parent._id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of categories) if (c.parentId && below.has(c.parentId) && !below.has(c._id)) grew = Boolean(below.add(c._id));
  }
  outside = categories.find((c) => !below.has(c._id)) as CategoryDocument;
}, 120_000);

afterAll(() => platform?.close());

describe('Given Demo Retail, whose SFTP access is not enabled yet', () => {
  it('When its administrator enables it, then the password is answered once, the settings show the user name and the server’s port but never the password', async () => {
    const before = await retailer.get(base);
    expect(before.status).toBe(200);
    expect(before.body.access).toMatchObject({ status: 'disabled', protocol: 'sftp', username: null });
    const enabled = await retailer.post(`${base}/access`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    credentials = { username: enabled.body.username, password: enabled.body.password };
    const after = await retailer.get(base);
    expect(after.body.access).toMatchObject({ status: 'enabled', username: credentials.username, host: '127.0.0.1' });
    port = after.body.access.port;
    expect(port).toBeGreaterThan(0);
    expect(JSON.stringify(after.body)).not.toContain(credentials.password);
    const history = await retailer.get(`${base}/history`);
    expect(history.body.items.at(-1)).toMatchObject({ type: 'SftpAccessEnabled', user: { name: expect.stringContaining('Julien') }, changes: { status: { to: 'enabled' } } });
    expect(JSON.stringify(history.body)).not.toContain('argon2');
  });

  it('When a client signs in with a wrong password or an unknown name, then it is refused; with the right one it sees its empty folder', async () => {
    await expect(SftpTestClient.connect(port, credentials.username, 'not-the-password')).rejects.toThrow(/authentication/i);
    await expect(SftpTestClient.connect(port, 'nobody-00000000', credentials.password)).rejects.toThrow(/authentication/i);
    const client = await SftpTestClient.connect(port, credentials.username, credentials.password);
    expect(await client.list('/')).toEqual([]);
    client.end();
  });

  it('When the client climbs out of its folder (../), then it is refused and nothing is written outside', async () => {
    const client = await SftpTestClient.connect(port, credentials.username, credentials.password);
    await expect(client.put('../escaped.csv', 'x')).rejects.toThrow(/denied/i);
    await expect(client.list('..')).rejects.toThrow(/denied/i);
    await expect(client.get('../../sftp/host_key')).rejects.toThrow(/denied/i);
    await expect(client.put('/sub/file.csv', 'x')).rejects.toThrow(/denied/i);
    expect(await client.list('/')).toEqual([]);
    client.end();
  });

  it('When a products-import.csv is uploaded, then the catalogue import applies it with the suffix and parent category, and its report is read through the API; the same file again imports nothing more', async () => {
    const suffix = child.identifier.slice(-2);
    const configured = await retailer.patch(`${base}/import-configuration`, { parentCategoryIds: [parent._id], suffix }, { 'If-Match': `W/"${(await retailer.get(base)).body.revision}"` });
    expect(configured.status).toBe(200);
    const stamp = Date.now().toString(36);
    const file = [
      'label;brand;model;categoryIdentifier;categoryId;status;price_grade_a_cents',
      `SFTP A ${stamp};Sftp Brand;A;${child.identifier.slice(0, -2)};;published;10000`,
      `SFTP B ${stamp};Sftp Brand;B;${child.identifier.slice(0, -2)};;draft;12000`,
      `SFTP C ${stamp};Sftp Brand;C;;${outside._id};published;9000`,
    ].join('\r\n');
    const client = await SftpTestClient.connect(port, credentials.username, credentials.password);
    await client.put('/products-import.csv', file);
    const done = await settled((view) => view.lastImport && view.lastImport.status !== 'in_progress', 'the import');
    expect(done.lastImport).toMatchObject({ status: 'success_with_ignored', fileName: 'products-import.csv', counts: { found: 3, inserted: 2, ignored: 1 } });
    const report = await retailer.get(`/products/imports/${done.lastImport.id}`);
    expect(report.status).toBe(200);
    expect(report.body.ignoredLines.items).toHaveLength(1);
    expect(report.body.ignoredLines.items[0]).toMatchObject({ line: 4, reasons: [{ code: 'category_outside_parents', field: 'categoryId' }] });
    // The file goes once its import is over.
    for (let i = 0; i < 50 && (await client.list('/')).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await client.list('/')).toEqual([]);

    await client.put('/products-import.csv', file);
    for (let i = 0; i < 50 && (await client.list('/')).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await client.list('/')).toEqual([]);
    const again = await retailer.get(base);
    expect(again.body.lastImport.id).toBe(done.lastImport.id);
    const imports = await retailer.get('/products/imports?itemsPerPage=50');
    expect(imports.body.items.filter((item: { id: string }) => item.id === done.lastImport.id)).toHaveLength(1);
    client.end();
  }, 120_000);

  it('When the access is disabled, then an open session is closed and a new sign-in is refused; enabled again, only the new password opens', async () => {
    const client = await SftpTestClient.connect(port, credentials.username, credentials.password);
    const disabled = await retailer.delete(`${base}/access`);
    expect(disabled.status).toBe(200);
    await Promise.race([client.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('the session stayed open')), 5_000))]);
    await expect(SftpTestClient.connect(port, credentials.username, credentials.password)).rejects.toThrow(/authentication/i);
    expect((await retailer.delete(`${base}/access`)).body.code).toBe('SFTP_ACCESS_NOT_ENABLED');
    const again = (await retailer.post(`${base}/access`)).body;
    expect(again.username).toBe(credentials.username);
    expect(again.password).not.toBe(credentials.password);
    await expect(SftpTestClient.connect(port, credentials.username, credentials.password)).rejects.toThrow(/authentication/i);
    (await SftpTestClient.connect(port, again.username, again.password)).end();
  }, 60_000);

  it('When a store manager asks, or the settings name an unknown category or a bad suffix, then it is refused with its code', async () => {
    const manager = await platform.login('manager@demo.test');
    expect((await manager.get(base)).status).toBe(403);
    const unknown = await retailer.patch(`${base}/import-configuration`, { parentCategoryIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.body).toMatchObject({ code: 'SFTP_IMPORT_CATEGORY_UNKNOWN' });
    expect((await retailer.patch(`${base}/import-configuration`, { suffix: '../x' })).body).toMatchObject({ code: 'SFTP_IMPORT_SUFFIX_INVALID' });
  });

  // Last: it blocks this address for the file's other tests.
  it('When someone tries wrong passwords, then after ten the right one is refused too (the name and the address blocked for 15 minutes)', async () => {
    const { username, password } = (await retailer.post(`${base}/access`)).body as { username: string; password: string };
    (await SftpTestClient.connect(port, username, password)).end();
    for (let attempt = 0; attempt < SFTP_FAILED_LOGINS_ALLOWED; attempt++) await expect(SftpTestClient.connect(port, username, `wrong-${attempt}`)).rejects.toThrow(/authentication/i);
    await expect(SftpTestClient.connect(port, username, password)).rejects.toThrow(/authentication/i);
  }, 60_000);
});
