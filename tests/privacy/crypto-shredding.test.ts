import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDataVault } from '../../application/ports/personal-data.js';
import { TOKENS } from '../../application/tokens.js';
import { loadConfig } from '../../infrastructure/config.js';
import { createPlatform } from '../../infrastructure/container.js';
import { createLogger } from '../../infrastructure/logger.js';
import { MemoryMailer } from '../../infrastructure/mail/mailers.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { ALL_PROJECTIONS } from '../support/assembly.js';
import { ApiClient, startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { creationBody, customer, IDENTITY_NUMBER, PARIS, VALID_IBAN } from '../support/buyback-fixtures.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The fixture customer, with a last name no seed user has ("Durand" is also
 * a demo user's name, stored in clear as reference data).
 */
const CUSTOMER = customer({ lastName: 'Quintavalle' });
const EMAIL = CUSTOMER.email as string;

/** Every way the customer's personal data could be written, compared case-insensitively. */
const PERSONAL_DATA: Record<string, string[]> = {
  iban: [VALID_IBAN, VALID_IBAN.replace(/(.{4})(?!$)/g, '$1 ')],
  identityNumber: [IDENTITY_NUMBER],
  lastName: [CUSTOMER.lastName as string],
  email: [EMAIL],
  phone: [CUSTOMER.phone as string, '0612345678', '06 12 34 56 78', '+33 6 12 34 56 78', '33612345678'],
  street: [CUSTOMER.street as string],
};

function leaks(text: string, data: Record<string, string[]> = PERSONAL_DATA): string[] {
  const haystack = text.toLowerCase();
  return Object.entries(data).flatMap(([field, forms]) =>
    forms.filter((form) => haystack.includes(form.toLowerCase())).map((form) => `${field}: ${form}`),
  );
}

/** The raw bytes of a SQLite database and its write-ahead log (committed data not yet checkpointed lives there). */
function rawDatabase(dataDir: string, file: string): string {
  return ['', '-wal']
    .map((suffix) => join(dataDir, `${file}${suffix}`))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

let t: TestPlatform;
let seller: ApiClient;
let manager: ApiClient;
let retailer: ApiClient;
let admin: ApiClient;
let otherSeller: ApiClient;
let vault: PersonalDataVault;

async function createBuyback(client: ApiClient, body: Record<string, unknown>, storeId = PARIS): Promise<{ id: string; identificationNumber: string }> {
  const created = await client.post(`/store/${storeId}/buybacks`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, manager, retailer, admin, otherSeller] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('manager@demo.test'),
    t.login('retailer@demo.test', 'root'),
    t.login('admin@demo.test'),
    t.login('seller@other.test'),
  ]);
  vault = t.platform.container.resolve<PersonalDataVault>(TOKENS.PersonalDataVault);
});
afterAll(async () => {
  await t?.close();
});

describe('crypto-shredding of customer data', () => {
  const buybacks: { first?: { id: string; identificationNumber: string }; second?: { id: string }; someoneElse?: { id: string }; otherTenant?: { id: string } } = {};
  const SOMEONE_ELSE = customer({
    firstName: 'Jeanne',
    lastName: 'Autrement',
    email: 'jeanne.autrement@example.com',
    phone: '+33698765432',
    street: '5 avenue Foch',
    iban: null,
    identity: { type: 'passport', number: 'ZZ9988776', issuingAuthority: 'Préfecture du Rhône', deliveryDate: '2021-03-02' },
  });

  it('never writes the personal data in clear to the event store (nor to the key store)', async () => {
    buybacks.first = await createBuyback(seller, await creationBody(seller, { paymentType: 'bank_transfer', customer: CUSTOMER }));
    buybacks.second = await createBuyback(seller, await creationBody(seller, { paymentType: 'voucher', customer: CUSTOMER }));
    buybacks.someoneElse = await createBuyback(seller, await creationBody(seller, { paymentType: 'voucher', customer: SOMEONE_ELSE }));
    buybacks.otherTenant = await createBuyback(
      otherSeller,
      await creationBody(otherSeller, { productId: DEMO_IDS.products.otherIphone13_128, customer: CUSTOMER }),
      DEMO_IDS.stores.lille,
    );
    // They are stored: the API shows them in clear to those whose work needs them (the store manager), masked to others.
    const detail = await manager.get(`/buybacks/${buybacks.first.id}`);
    expect(detail.body.customer).toMatchObject({ lastName: 'Quintavalle', iban: VALID_IBAN, identity: { number: IDENTITY_NUMBER } });
    const masked = await seller.get(`/buybacks/${buybacks.first.id}`);
    expect(masked.body.customer).toMatchObject({ lastName: 'Quintavalle', iban: 'FR••••0189', identity: { number: null }, sensitiveShown: false });

    const events = rawDatabase(t.dataDir, 'events.db');
    // Control: what is written in clear (the identification number) is found, so the search reads the fresh writes.
    expect(events).toContain(buybacks.first.identificationNumber);
    expect(leaks(events)).toEqual([]);
    expect(leaks(rawDatabase(t.dataDir, 'keys.db'))).toEqual([]);
  });

  it('forgets a customer of one tenant: their data is gone from every read model, their buybacks live on', async () => {
    const { first, second, someoneElse, otherTenant } = buybacks as Required<typeof buybacks>;
    const subjectId = vault.subjectIdFor(DEMO_IDS.accounts.demo, EMAIL);
    expect(keyIds(t.dataDir)).toContain(subjectId);

    const forgotten = await retailer.post('/admin/customers/forget', { email: EMAIL.toUpperCase() });
    expect(forgotten.status, JSON.stringify(forgotten.body)).toBe(200);
    // The two confirmation e-mails this tenant sent them are erased from the mailer's copies too; the other
    // tenant's e-mail to the same address is that tenant's customer's, and stays.
    expect(forgotten.body).toEqual({ subjectId, keyDeleted: true, messagesErased: 2 });
    const left = t.mailer.sent.filter((m) => m.to === EMAIL);
    expect(left.map((m) => m.template)).toEqual(['buybackConfirmation']);
    expect(left[0]?.subjectKey).not.toBeNull();

    await expectForgotten([first.id, second.id]);
    // The event stream still loads and the lifecycle goes on.
    const shipped = await seller.post(`/buybacks/${first.id}/ship`, { trackingNumber: 'TRK-42' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await seller.get(`/buybacks/${first.id}/history`)).status).toBe(200);

    for (const { name } of ALL_PROJECTIONS) {
      const rebuilt = await admin.post(`/admin/projections/${name}/rebuild`);
      expect(rebuilt.status, `${name}: ${JSON.stringify(rebuilt.body)}`).toBe(200);
    }
    await expectForgotten([first.id, second.id]);
    expect((await seller.get(`/buybacks/${first.id}`)).body.status).toBe('bb_in_transit');

    // The key is gone from keys.db, as a row and as bytes (the deleted key is not left in the file or its log).
    expect(keyIds(t.dataDir)).not.toContain(subjectId);
    expect(keyIds(t.dataDir)).toContain(vault.subjectIdFor(DEMO_IDS.accounts.demo, SOMEONE_ELSE.email as string));

    // Another customer of the tenant is untouched.
    const untouched = await seller.get(`/buybacks/${someoneElse.id}`);
    expect(untouched.body.customerForgotten).toBe(false);
    expect(untouched.body.customer.lastName).toBe('Autrement');

    // The same e-mail in the other tenant is another data subject, untouched.
    const elsewhere = await otherSeller.get(`/buybacks/${otherTenant.id}`);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.customerForgotten).toBe(false);
    expect(elsewhere.body.customer).toMatchObject({ lastName: 'Quintavalle', email: EMAIL, identity: { type: 'identity_card', issuingAuthority: expect.any(String) } });
    expect(vault.subjectIdFor(DEMO_IDS.accounts.other, EMAIL)).not.toBe(subjectId);
    expect(keyIds(t.dataDir)).toContain(vault.subjectIdFor(DEMO_IDS.accounts.other, EMAIL));
  });

  it('does not leave the deleted key readable in keys.db or its write-ahead log', async () => {
    const subjectId = vault.subjectIdFor(DEMO_IDS.accounts.demo, 'efface.moi@example.com');
    await createBuyback(seller, await creationBody(seller, { paymentType: 'voucher', customer: customer({ email: 'efface.moi@example.com' }) }));
    const key = keyOf(t.dataDir, subjectId) as string;
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect((await retailer.post('/admin/customers/forget', { email: 'efface.moi@example.com' })).body.keyDeleted).toBe(true);
    const raw = rawDatabase(t.dataDir, 'keys.db');
    expect(raw.includes(key)).toBe(false);
    expect(raw.includes(Buffer.from(key, 'base64').toString('latin1'))).toBe(false);
  });

  it('a forgotten customer who comes back gets a new key: the old buybacks stay forgotten, the new one is readable, rebuilds work', async () => {
    const { first } = buybacks as Required<typeof buybacks>;
    const again = await createBuyback(seller, await creationBody(seller, { paymentType: 'voucher', customer: CUSTOMER }));
    expect((await seller.get(`/buybacks/${again.id}`)).body.customer.lastName).toBe('Quintavalle');
    for (const name of ['buybacks', 'buyback-history']) {
      const rebuilt = await admin.post(`/admin/projections/${name}/rebuild`);
      expect(rebuilt.status, `${name}: ${JSON.stringify(rebuilt.body)}`).toBe(200);
    }
    expect((await seller.get(`/buybacks/${again.id}`)).body.customer.lastName).toBe('Quintavalle');
    expect((await seller.get(`/buybacks/${first.id}`)).body.customer).toEqual({ forgotten: true });
  });

  it('forgets through `npm run forget-customer` while the server runs, and a server-side rebuild keeps it forgotten', async () => {
    const email = 'par.la.console@example.com';
    const lastName = 'Consolepersonne';
    const buyback = await createBuyback(seller, await creationBody(seller, { paymentType: 'voucher', customer: customer({ email, lastName }) }));
    // The server reads (and so would have cached) the key before the command deletes it.
    expect((await admin.post('/admin/projections/buybacks/rebuild')).status).toBe(200);

    const env = { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'warn' };
    const cli = await run('npx', ['tsx', 'infrastructure/cli/forget-customer.ts', DEMO_IDS.accounts.demo, email], { cwd: ROOT, env });
    expect(cli.stdout).toContain(`subject ${vault.subjectIdFor(DEMO_IDS.accounts.demo, email)}: key deleted`);
    expect(cli.stdout).toMatch(/read models updated up to position \d+/);

    // The command applied the projections itself: the shared read models already show it.
    expect((await seller.get(`/buybacks/${buyback.id}`)).body.customer).toEqual({ forgotten: true });
    expect((await admin.post('/admin/projections/buybacks/rebuild')).status).toBe(200);
    const detail = await seller.get(`/buybacks/${buyback.id}`);
    expect(detail.body.customer).toEqual({ forgotten: true });
    expect(JSON.stringify(detail.body)).not.toContain(lastName);
  });
});

async function expectForgotten(ids: string[]): Promise<void> {
  const names = { ...PERSONAL_DATA, firstName: [CUSTOMER.firstName as string] };
  for (const id of ids) {
    const detail = await seller.get(`/buybacks/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.customerForgotten).toBe(true);
    expect(detail.body.customer).toEqual({ forgotten: true });
    expect(leaks(JSON.stringify(detail.body), names)).toEqual([]);
    expect(leaks(JSON.stringify((await seller.get(`/buybacks/${id}/history`)).body), names)).toEqual([]);
  }
  const list = await seller.get('/buybacks?itemsPerPage=100');
  expect(list.status).toBe(200);
  const listed = (list.body.items as Array<{ id: string; customerForgotten: boolean }>).filter((b) => ids.includes(b.id));
  expect(listed).toHaveLength(ids.length);
  expect(listed.every((b) => b.customerForgotten)).toBe(true);
  expect(leaks(JSON.stringify(list.body), names)).toEqual([]);
  expect((await seller.get('/buybacks?customerName=quintavalle')).body.items.filter((b: { id: string }) => ids.includes(b.id))).toEqual([]);

  const csv = await manager.get('/buybacks/export');
  expect(csv.status).toBe(200);
  expect(typeof csv.body).toBe('string');
  // The export groups each code as the screen does (1-6-6).
  const grouped = (code: string) => `${code.slice(0, 1)} ${code.slice(1, 7)} ${code.slice(7)}`;
  for (const id of ids) expect(csv.body).toContain(grouped((await seller.get(`/buybacks/${id}`)).body.identificationNumber));
  expect(leaks(csv.body as string, names)).toEqual([]);
}

function keyIds(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'keys.db'), { readonly: true });
  try {
    return (db.prepare('SELECT id FROM subject_keys').all() as Array<{ id: string }>).map((row) => row.id);
  } finally {
    db.close();
  }
}

function keyOf(dataDir: string, subjectId: string): string | null {
  const db = new Database(join(dataDir, 'keys.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT doc FROM subject_keys WHERE id = ?').get(subjectId) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as { key: string }).key : null;
  } finally {
    db.close();
  }
}

describe('logs', () => {
  it('never carry the customer’s personal data, at level trace, whether the request is valid, invalid or fails', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'tradein-logs-'));
    const config = { ...loadConfig({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'NORMAL' }), logLevel: 'trace' };
    const platform = await createPlatform(config, { mailer: new MemoryMailer(), logger: createLogger('trace', stream) });
    const server: Server = await new Promise((resolve) => {
      const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const api = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const login = async (email: string, module?: string) =>
        new ApiClient(api.baseUrl, (await api.post('/login', { email, password: DEMO_PASSWORD })).body.token, module ?? null);
      const logSeller = await login('seller@demo.test');
      const logRetailer = await login('retailer@demo.test', 'root');
      const body = await creationBody(logSeller, { paymentType: 'bank_transfer', customer: CUSTOMER });

      // Invalid: rejected by the schema (an unknown field), then by the customer rules (a bad zip code and IBAN).
      const unknownField = await logSeller.post(`/store/${PARIS}/buybacks`, { ...body, customer: { ...CUSTOMER, nickname: 'Q' } });
      expect(unknownField.status).toBe(400);
      const badValues = await logSeller.post(`/store/${PARIS}/buybacks`, {
        ...body,
        customer: { ...CUSTOMER, zipCode: 'nope', iban: `${VALID_IBAN.slice(0, -1)}0` },
      });
      expect(badValues.status).toBe(400);
      const malformed = await logSeller.post(`/store/${PARIS}/buybacks`, `{"customer": ${JSON.stringify(CUSTOMER)}`);
      expect(malformed.status).toBe(400);
      // Valid.
      const created = await logSeller.post(`/store/${PARIS}/buybacks`, body);
      expect(created.status).toBe(201);
      // Failing commands: a stale If-Match, then a cancel on a cancelled buyback.
      const stale = await logSeller.post(`/buybacks/${created.body.id}/cancel`, { reason: 'other', comment: 'x' }, { 'If-Match': 'W/"7"' });
      expect(stale.status).toBe(412);
      expect((await logSeller.post(`/buybacks/${created.body.id}/cancel`, { reason: 'other', comment: 'x' })).status).toBe(200);
      expect((await logSeller.post(`/buybacks/${created.body.id}/cancel`, { reason: 'other', comment: 'x' })).status).toBe(409);
      expect((await logSeller.get(`/buybacks/${created.body.id}`)).body.customer.lastName).toBe('Quintavalle');
      // Forgetting carries the e-mail in its body.
      expect((await logRetailer.post('/admin/customers/forget', { email: EMAIL })).status).toBe(200);

      const log = lines.join('');
      // Control: the requests were logged.
      expect(log).toContain('"operation":"createStoreBuyback"');
      expect(log).toContain('"status":201');
      expect(log).toContain('"status":412');
      expect(log).toContain('"operation":"forgetCustomer"');
      expect(leaks(log)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
