import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type ApiResponse, type TestPlatform } from '../support/test-platform.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, expectOk, ISO_UTC } from '../support/api-helpers.js';
import { checkedInItem, shippedItem, type ShippedItem } from '../support/warehouse-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { IDEMPOTENCY_COLLECTION } from '../../infrastructure/http/idempotency.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../application/organizations/read-models.js';

/**
 * Verifying a list of codes (a carrier's or a buyer's CSV) against the
 * warehouse (POST /verifications): the codes expected and found, expected
 * and missing, found and not expected; the files it reads and the report it
 * records and e-mails; the files it refuses, recording and sending nothing.
 *
 * The warehouse holds, for the whole file: three parcels in transit, three
 * items received (one moved to a shelf), and one buyback not yet shipped.
 * No test adds an item: the counts are exact.
 */

const WAREHOUSE = DEMO_IDS.warehouses.demo;
const OPERATOR_EMAIL = 'warehouse@demo.test';

let t: TestPlatform;
let operator: ApiClient;
let seller: ApiClient;
let fixture: {
  transit: [ShippedItem, ShippedItem, ShippedItem];
  received: [ShippedItem, ShippedItem, ShippedItem];
  /** Registered, not shipped: in no scope. */
  notShipped: string;
  /** Other Retail's buyback: unknown to Demo Retail's warehouse. */
  foreign: string;
  shelf: string;
};
/** A code no item has (its check digit is right). */
const UNKNOWN = identificationNumberFrom('299999999999');

const codeOf = (item: ShippedItem) => item.buyback.identificationNumber;
const shortOf = (item: ShippedItem) => item.buyback.identificationNumber.slice(-8);
const csv = (lines: string[], separator = '\n') => lines.join(separator);

beforeAll(async () => {
  t = await startTestPlatform();
  [operator, seller] = await Promise.all([t.login('warehouse@demo.test', 'rps'), t.login('seller@demo.test')]);
  const manager = await t.login('warehouse-manager@demo.test', 'rps');
  const shelf = (await expectOk(manager.post('/stocks', { name: 'Étagère vérifiée' }), 201)).id as string;
  const transit = [await shippedItem(seller, operator, PARIS), await shippedItem(seller, operator, PARIS), await shippedItem(seller, operator, PARIS)] as const;
  const received = [await checkedInItem(seller, operator, PARIS), await checkedInItem(seller, operator, PARIS), await checkedInItem(seller, operator, PARIS)] as const;
  await expectOk(operator.post(`/items/${received[2].item.id}/move`, { stockId: shelf, reason: 'Rangement' }));
  const notShipped = (await createStoreBuyback(seller, PARIS)).identificationNumber;
  const foreign = (await createStoreBuyback(await t.login('seller@other.test'), DEMO_IDS.stores.lille, { productId: DEMO_IDS.products.otherIphone13_128 })).identificationNumber;
  fixture = { transit: [...transit], received: [...received], notShipped, foreign, shelf } as typeof fixture;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const verify = (body: Record<string, unknown>, client: ApiClient = operator) =>
  client.post('/verifications', { scope: 'in_transit', fileName: 'transporteur.csv', ...body });

const reports = () => t.mailer.sent.filter((mail) => mail.template === 'verificationReport');

/** Polls a verification's job until it is done or failed. */
async function finishedJob(id: string): Promise<Record<string, any>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await expectOk(operator.get(`/verifications/jobs/${id}`));
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function recordedCount(): Promise<number> {
  return (await expectOk(operator.get('/verifications?itemsPerPage=1'))).totalItems as number;
}

describe('Given a carrier’s list compared with the parcels in transit to the warehouse', () => {
  let answer: ApiResponse;
  let mailsBefore: number;

  beforeAll(async () => {
    mailsBefore = reports().length;
    const [first, second] = fixture.transit;
    const content = csv(['code', codeOf(first), shortOf(second), codeOf(fixture.received[0]), UNKNOWN, fixture.foreign, fixture.notShipped]);
    answer = await verify({ scope: 'in_transit', fileName: 'colis-du-jour.csv', content });
  });

  it('Then it answers 201 with the report and its Location', async () => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.headers.get('location')).toBe(`/api/verifications/${answer.body.id}`);
    expect(answer.body).toMatchObject({ warehouseId: WAREHOUSE, scope: 'in_transit', stockId: null, fileName: 'colis-du-jour.csv', codesRead: 6 });
    expect(answer.body.createdAt).toMatch(ISO_UTC);
  });

  it('Then the parcels listed are matched, by their 13-digit code or their 8-character item code, as the file wrote them', async () => {
    const [first, second] = fixture.transit;
    expect(answer.body.matched).toEqual({ count: 2, codes: [codeOf(first), shortOf(second)] });
  });

  it('Then the parcel in transit the list forgot is missing', async () => {
    expect(answer.body.missing).toEqual({ count: 1, codes: [codeOf(fixture.transit[2])] });
  });

  it('Then the codes listed but not expected are unexpected: an item already received, an unknown code, another retailer’s, one not shipped', async () => {
    expect(answer.body.unexpected).toEqual({ count: 4, codes: [codeOf(fixture.received[0]), UNKNOWN, fixture.foreign, fixture.notShipped] });
  });

  it('Then the report is recorded: the list shows it first, and it reads back the same', async () => {
    const list = await expectOk(operator.get('/verifications'));
    expect(list.items[0]).toEqual(answer.body);
    expect(await expectOk(operator.get(`/verifications/${answer.body.id}`))).toEqual(answer.body);
  });

  it('Then it is e-mailed to the operator, in their language (French), with the counts and the codes', async () => {
    const sent = reports().slice(mailsBefore);
    expect(sent).toHaveLength(1);
    const [mail] = sent as [(typeof sent)[number]];
    expect(mail).toMatchObject({ to: OPERATOR_EMAIL, template: 'verificationReport', locale: 'fr-FR' });
    expect(mail.subject).toBe('Vérification de la liste colis-du-jour.csv : 2 trouvés, 1 manquants, 4 inattendus');
    expect(mail.text).toContain('Bonjour Nadia');
    expect(mail.text).toContain(`Codes manquants : ${codeOf(fixture.transit[2])}`);
    expect(mail.text).toContain(`Codes inattendus : ${[codeOf(fixture.received[0]), UNKNOWN, fixture.foreign, fixture.notShipped].join(', ')}`);
  });
});

describe('Given a list compared with the items in the warehouse', () => {
  it('When the whole warehouse is the scope, then received items are matched or missing, and a parcel in transit or not shipped is unexpected', async () => {
    const [first, second, onShelf] = fixture.received;
    const content = csv(['code', codeOf(first), shortOf(onShelf), codeOf(fixture.transit[0]), fixture.notShipped]);
    const report = await expectOk(verify({ scope: 'in_warehouse', fileName: 'inventaire.csv', content }), 201);
    expect(report).toMatchObject({
      scope: 'in_warehouse',
      codesRead: 4,
      matched: { count: 2, codes: [codeOf(first), shortOf(onShelf)] },
      missing: { count: 1, codes: [codeOf(second)] },
      unexpected: { count: 2, codes: [codeOf(fixture.transit[0]), fixture.notShipped] },
    });
  });

  it('When one stock is the scope, then only its items are expected: an item of another stock is unexpected', async () => {
    const [first, , onShelf] = fixture.received;
    const report = await expectOk(verify({ scope: 'in_warehouse', stockId: fixture.shelf, fileName: 'etagere.csv', content: csv(['code', codeOf(first)]) }), 201);
    expect(report).toMatchObject({
      stockId: fixture.shelf,
      matched: { count: 0, codes: [] },
      missing: { count: 1, codes: [codeOf(onShelf)] },
      unexpected: { count: 1, codes: [codeOf(first)] },
    });
  });

  it('When the stock named is another warehouse’s, then it answers 404 STOCK_NOT_FOUND and records nothing', async () => {
    const before = await recordedCount();
    const refused = await verify({ scope: 'in_warehouse', stockId: nativeStockId(DEMO_IDS.warehouses.other, 'to_approve'), content: csv(['code', UNKNOWN]) });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('STOCK_NOT_FOUND');
    expect(await recordedCount()).toBe(before);
  });

  it('When every expected item is listed, then nothing is missing', async () => {
    const content = csv(['code', ...fixture.received.map(codeOf)]);
    const report = await expectOk(verify({ scope: 'in_warehouse', content }), 201);
    expect(report).toMatchObject({ matched: { count: 3 }, missing: { count: 0, codes: [] }, unexpected: { count: 0, codes: [] } });
  });

  it('When the same item is listed twice, once by each of its codes, then it is matched once', async () => {
    const [first] = fixture.received;
    const report = await expectOk(verify({ scope: 'in_warehouse', content: csv(['code', codeOf(first), shortOf(first), codeOf(first)]) }), 201);
    expect(report.matched).toEqual({ count: 1, codes: [codeOf(first)] });
    expect(report.unexpected.count).toBe(0);
    expect(report.missing.count).toBe(2);
  });
});

describe('Given the shapes of CSV a carrier or a buyer sends', () => {
  const expected = () => ({ count: 2, codes: [codeOf(fixture.transit[0]), codeOf(fixture.transit[1])] });

  it.each([
    ['commas', ','],
    ['semicolons', ';'],
    ['tabs', '\t'],
  ])('When the columns are separated by %s, with other columns around `code`, then the codes are read', async (_, separator) => {
    const rows = [
      ['colis', 'code', 'poids'],
      ['C-1', codeOf(fixture.transit[0]), '0.2'],
      ['C-2', codeOf(fixture.transit[1]), '0.3'],
    ];
    const report = await expectOk(verify({ content: rows.map((row) => row.join(separator)).join('\r\n') }), 201);
    expect(report.codesRead).toBe(2);
    expect(report.matched).toEqual(expected());
  });

  it('When the file starts with a byte-order mark and its header is in capitals, then the codes are read', async () => {
    const content = `\uFEFFCODE;Transporteur\n${codeOf(fixture.transit[0])};Colissimo\n${codeOf(fixture.transit[1])};Colissimo\n`;
    expect((await expectOk(verify({ content }), 201)).matched).toEqual(expected());
  });

  it('When the codes are written grouped with spaces, quoted, and blank lines are left, then they are read', async () => {
    const grouped = (code: string) => `"${code.slice(0, 1)} ${code.slice(1, 7)} ${code.slice(7)}"`;
    const content = `code\n\n${grouped(codeOf(fixture.transit[0]))}\n\n${grouped(codeOf(fixture.transit[1]))}\n\n`;
    const report = await expectOk(verify({ content }), 201);
    expect(report.matched.count).toBe(2);
  });

  it('When a row leaves the code empty, then the row is skipped', async () => {
    const content = csv(['colis;code', `C-1;${codeOf(fixture.transit[0])}`, 'C-2;', `C-3;${codeOf(fixture.transit[1])}`]);
    const report = await expectOk(verify({ content }), 201);
    expect(report).toMatchObject({ codesRead: 2, matched: expected() });
  });

  // BUG (application/warehouse/commands/verify-codes.ts, readCodes: `delimiter: [';', ',', '\t']`): every one of the three
  // characters separates columns in every file, so in a French semicolon-separated file a decimal comma in a column
  // before `code` shifts the columns and the code is read from the wrong one (here "00", refused as
  // VERIFICATION_CODE_INVALID). The file's separator should be found once (from its header) and used alone.
  it('When a semicolon-separated file has a decimal comma in a column before `code`, then the code is still read', async () => {
    const content = csv(['prix;code', `425,00;${codeOf(fixture.transit[0])}`, `310,50;${codeOf(fixture.transit[1])}`]);
    const answer = await verify({ content });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.matched).toEqual(expected());
  });

  it('When the file has exactly 10,000 rows of codes, then it is read, as a job (202) whose result is the report', async () => {
    const content = ['code', ...Array.from({ length: 10_000 }, () => codeOf(fixture.transit[0]))].join('\n');
    const started = await verify({ content });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/verifications/jobs/${started.body.id}`);
    const job = await finishedJob(started.body.id);
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ id: started.body.id, codesRead: 1, matched: { count: 1 } });
  });
});

describe('Given a file the verification cannot read', () => {
  /** Sends the file; answers the refusal, once it is sure nothing was recorded and no e-mail left. */
  async function refused(content: string, fileName = 'mauvais.csv'): Promise<ApiResponse> {
    const recorded = await recordedCount();
    const mails = reports().length;
    const answer = await verify({ content, fileName });
    expect(await recordedCount(), 'no verification recorded').toBe(recorded);
    expect(reports().length, 'no report e-mailed').toBe(mails);
    return answer;
  }

  it('When it is binary (an image), then it answers 422 VERIFICATION_FILE_NOT_CSV', async () => {
    const png = '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001\u0000';
    const answer = await refused(png, 'photo.png');
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VERIFICATION_FILE_NOT_CSV');
  });

  it('When it has no code column, then it answers 422 VERIFICATION_FILE_COLUMNS naming the columns it found', async () => {
    const answer = await refused(csv(['colis;poids', `${codeOf(fixture.transit[0])};0.2`]));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'VERIFICATION_FILE_COLUMNS', details: { expected: 'code', found: ['colis', 'poids'] } });
  });

  it.each([
    ['nothing', ''],
    ['blank lines only', '\n\n  \n'],
    ['a header only', 'code\n'],
    ['a header and empty codes', 'colis;code\nC-1;\nC-2;  \n'],
  ])('When it holds %s, then it answers 422 VERIFICATION_FILE_EMPTY', async (_, content) => {
    const answer = await refused(content);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VERIFICATION_FILE_EMPTY');
  });

  it('When it has 10,001 rows, then it answers 422 VERIFICATION_FILE_TOO_LARGE with the limits', async () => {
    const content = ['code', ...Array.from({ length: 10_001 }, () => codeOf(fixture.transit[0]))].join('\n');
    const answer = await refused(content);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'VERIFICATION_FILE_TOO_LARGE', details: { maxRows: 10_000, maxBytes: 512 * 1024 } });
  });

  it('When a code is malformed, then it answers 422 VERIFICATION_CODE_INVALID with the line and the value', async () => {
    const content = csv(['code', codeOf(fixture.transit[0]), codeOf(fixture.transit[1]), 'ABC-12', UNKNOWN]);
    const answer = await refused(content);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', details: { line: 4, value: 'ABC-12' } });
  });

  it('When a 13-digit code’s check digit is wrong, then it answers 422 VERIFICATION_CODE_INVALID on its line', async () => {
    const good = codeOf(fixture.transit[0]);
    const wrong = `${good.slice(0, 12)}${(Number(good.slice(-1)) + 1) % 10}`;
    const answer = await refused(csv(['colis,code', `C-1,${wrong}`]));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', details: { line: 2, value: wrong } });
  });

  // BUG (application/warehouse/commands/verify-codes.ts, readCodes: `line: index + 2` over rows parsed with
  // skip_empty_lines): blank lines are dropped before the rows are numbered, so a malformed code after a blank line is
  // reported on the wrong line (here 3, where the file has it on line 4). The line should be the file's.
  it('When a malformed code follows a blank line, then the line given is the file’s line', async () => {
    const answer = await refused(`code\n\n${codeOf(fixture.transit[0])}\nABC-12\n`);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', details: { line: 4, value: 'ABC-12' } });
  });

  it('When its text is longer than 512 KB (ASCII), then the request schema refuses it: 400 VALIDATION_FAILED on content', async () => {
    const content = `code\n${'2'.repeat(512 * 1024)}`;
    const answer = await refused(content);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.details.fields.map((f: { field: string }) => f.field)).toEqual(['content']);
  });

  it('When its text is under 512 K characters but over 512 KB in UTF-8, then it answers 422 VERIFICATION_FILE_TOO_LARGE', async () => {
    const content = `code;commentaire\n${codeOf(fixture.transit[0])};${'é'.repeat(300 * 1024)}`;
    expect(content.length).toBeLessThan(512 * 1024);
    const answer = await refused(content);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VERIFICATION_FILE_TOO_LARGE');
  });

  it('When the request itself is over 1 MB, then it answers 413 REQUEST_TOO_LARGE', async () => {
    const answer = await refused(`code\n${'2'.repeat(1100 * 1024)}`);
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('REQUEST_TOO_LARGE');
  });
});

describe('Given a verification sent with an Idempotency-Key', () => {
  const body = () => ({ fileName: 'relance.csv', content: csv(['code', codeOf(fixture.transit[0])]) });

  it('When it is retried with the same key, then the first report comes back, recorded and e-mailed once', async () => {
    const key = randomUUID();
    const keyed = await operator.post('/verifications', { scope: 'in_transit', ...body() }, { 'Idempotency-Key': key });
    expect(keyed.status).toBe(201);
    const recorded = await recordedCount();
    const mails = reports().length;
    const retry = await operator.post('/verifications', { scope: 'in_transit', ...body() }, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(keyed.body);
    expect(await recordedCount()).toBe(recorded);
    expect(reports().length).toBe(mails);
  });

  // BUG (application/warehouse/commands/verify-codes.ts: the report is appended to a new stream named by a fresh
  // `deps.ids.uuid()`, and its event's key is never looked for): when the kept answer is lost (a crash after the
  // append), the retry records a second verification and e-mails the report a second time, instead of answering the
  // first report (the verification's id could come from the key, as a keyed creation's does).
  it('When it is retried after its kept answer was lost, then the first report comes back and nothing more is recorded or sent', async () => {
    const key = randomUUID();
    const first = await expectOk(operator.post('/verifications', { scope: 'in_transit', ...body() }, { 'Idempotency-Key': key }), 201);
    await t.platform.documents.collection(IDEMPOTENCY_COLLECTION).clear();
    const recorded = await recordedCount();
    const mails = reports().length;
    const retry = await operator.post('/verifications', { scope: 'in_transit', ...body() }, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.id);
    expect(await recordedCount()).toBe(recorded);
    expect(reports().length).toBe(mails);
  });
});

describe('Given who verifies, and in which language the report is written', () => {
  it('When the operator’s language is English, then the report e-mail is in English', async () => {
    const users = t.platform.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
    const user = (await users.get(DEMO_IDS.users.warehouse)) as UserDocument;
    await users.upsert({ ...user, locale: 'en-GB' });
    try {
      const before = reports().length;
      await expectOk(verify({ fileName: 'english.csv', content: csv(['code', codeOf(fixture.transit[0])]) }), 201);
      const [mail] = reports().slice(before);
      expect(mail).toMatchObject({ to: OPERATOR_EMAIL, locale: 'en-GB' });
      expect(mail!.subject).toBe('List verification english.csv: 1 matched, 2 missing, 0 unexpected');
      expect(mail!.text).toContain('Hello Nadia');
    } finally {
      await users.upsert(user);
    }
  });

  it('When the retailer’s root manager, who does not hold item.verify, verifies, then it answers 403 and records nothing', async () => {
    const root = await t.login('retailer@demo.test', 'root');
    const before = await recordedCount();
    const answer = await verify({ content: csv(['code', UNKNOWN]) }, root);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'ACCESS_DENIED', details: { permission: 'item.verify' } });
    expect(await recordedCount()).toBe(before);
  });

  it('When the super admin verifies for the demo warehouse, naming it, then the report covers that warehouse', async () => {
    const admin = await t.login('admin@demo.test');
    const report = await expectOk(verify({ warehouseId: WAREHOUSE, content: csv(['code', codeOf(fixture.transit[0])]) }, admin), 201);
    expect(report).toMatchObject({ warehouseId: WAREHOUSE, matched: { count: 1 }, missing: { count: 2 } });
    expect((await expectOk(admin.get(`/verifications/${report.id}`))).id).toBe(report.id);
  });

  // BUG (application/warehouse/commands/verify-codes.ts: `commandMetadata(deps, context, principal.accountId ?? stock?.accountId ?? 'platform', …)`):
  // a verification made by platform staff for a tenant's warehouse (no stock named) is recorded under the account
  // 'platform', so the warehouse's own users never see it in GET /verifications (their scope is their account and
  // warehouse). It should be recorded under the warehouse's account.
  it('When the super admin verifies for the demo warehouse, then its operator finds the report in their list', async () => {
    const admin = await t.login('admin@demo.test');
    const report = await expectOk(verify({ warehouseId: WAREHOUSE, content: csv(['code', codeOf(fixture.transit[1])]) }, admin), 201);
    const listed = await expectOk(operator.get('/verifications?itemsPerPage=100'));
    expect(listed.items.map((v: { id: string }) => v.id)).toContain(report.id);
    expect((await operator.get(`/verifications/${report.id}`)).status).toBe(200);
  });

  it('When an unknown verification is asked, then it answers 404 VERIFICATION_NOT_FOUND', async () => {
    const answer = await operator.get(`/verifications/${randomUUID()}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('VERIFICATION_NOT_FOUND');
  });
});
