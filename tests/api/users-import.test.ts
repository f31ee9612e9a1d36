import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { pageTexts } from '../support/pdf-reading.js';
import { settled, upload } from '../support/user-import-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import { importedUserId } from '../../application/organizations/user-import/user-import-document.js';

/**
 * The users import over real HTTP: the template and the procedure, a file
 * with bad rows (each reported with its problems), a missing or malformed
 * file refused at once, a run that creates and invites only the valid rows,
 * and a run done again that creates nothing more. The crash between two
 * rows and the event loop under 5,000 rows: users-import-crash.test.ts.
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

let sequence = 0;
const unique = (name: string) => `${name}.${Date.now().toString(36)}.${++sequence}@import.example.com`;

const csv = (...lines: string[]) => ['email;firstname;lastname;module;role;entity;status;locale', ...lines].join('\r\n');

describe('Given the users import’s downloads', () => {
  it('When the template is asked for, then it is a CSV with a BOM whose header names the columns the import reads', async () => {
    const answer = await fetch(`${t.baseUrl}/api/users/imports/template.csv`, { headers: { Authorization: `Bearer ${retailer.token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe('email;firstname;lastname;module;role;entity;status;locale');
  });

  it('When the procedure is asked for in German, then it is a PDF whose text is German and names every column', async () => {
    const answer = await fetch(`${t.baseUrl}/api/users/imports/procedure.pdf`, { headers: { Authorization: `Bearer ${retailer.token}`, 'Accept-Language': 'de-DE' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    // The PDF's lines break after a hyphen: joined again.
    const text = (await pageTexts(new Uint8Array(await answer.arrayBuffer()))).join('\n').replace(/- /g, '-');
    expect(text).toContain('Benutzer aus einer CSV-Datei importieren');
    for (const column of ['email', 'firstname', 'lastname', 'module', 'role', 'entity', 'status', 'locale']) expect(text).toContain(column);
  });

  it('When a seller (without user.import) asks, then it is refused 403', async () => {
    expect((await seller.get('/users/imports/template.csv')).status).toBe(403);
    expect((await upload(seller, csv(`${unique('x')};Ab;Cd;tim;store_seller;DR-PAR-001;;`))).status).toBe(403);
  });
});

describe('Given a file that cannot be an import', () => {
  it('When no file is sent, then 400 USER_IMPORT_FILE_MISSING in the caller’s language', async () => {
    const answer = await retailer.request('POST', '/users/imports', undefined, { 'Content-Type': 'text/csv', 'Accept-Language': 'fr-FR' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('USER_IMPORT_FILE_MISSING');
    expect(answer.body.message).toBe('Veuillez choisir un fichier CSV à importer.');
  });

  it('When a multipart form carries no file part, then 400 USER_IMPORT_FILE_MISSING', async () => {
    const form = ['--b0undary', 'Content-Disposition: form-data; name="comment"', '', 'nothing', '--b0undary--', ''].join('\r\n');
    const answer = await upload(retailer, form, 'multipart/form-data; boundary=b0undary', '');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('USER_IMPORT_FILE_MISSING');
  });

  it.each([
    ['without the required columns', 'name;mail\nJeanne;jeanne@example.com', 'columns_missing'],
    ['not UTF-8 (Latin-1)', Buffer.from('email;firstname;lastname;role;entity\r\nj@example.com;J\xe9r\xf4me;Dupont;store_seller;DR-PAR-001', 'latin1'), 'encoding'],
    ['binary', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01, 0x02]), 'binary'],
    ['a header alone', 'email;firstname;lastname;role;entity\r\n', 'no_rows'],
  ])('When the file is %s, then 422 USER_IMPORT_FILE_INVALID saying why, and no import is kept', async (_what, content, reason) => {
    const answer = await upload(retailer, content);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'USER_IMPORT_FILE_INVALID', details: { reason } });
  });

  it('When the file has more than 5,000 rows, then 422 USER_IMPORT_TOO_MANY_ROWS', async () => {
    const rows = Array.from({ length: 5_001 }, (_, i) => `u${i}@example.com;Ab;Cd;tim;store_seller;DR-PAR-001;;`);
    const answer = await upload(retailer, csv(...rows));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'USER_IMPORT_TOO_MANY_ROWS', details: { maxRows: 5_000 } });
  });

  it('When the file is larger than 2 MB, then 413 naming the limit', async () => {
    const answer = await upload(retailer, csv('x'.repeat(2 * 1024 * 1024 + 10)));
    expect(answer.status).toBe(413);
    expect(answer.body.details.limit).toBe(2 * 1024 * 1024);
  });

  it('When it is sent as JSON, then 415', async () => {
    expect((await retailer.post('/users/imports', { content: csv() })).status).toBe(415);
  });

  it('When a quote is left open part-way, then the import fails with the file’s line', async () => {
    const started = await upload(retailer, csv(`${unique('q')};Ann;Lee;tim;store_seller;DR-PAR-001;;`, `${unique('q')};"Bob;Lee;tim;store_seller;DR-PAR-001;;`));
    expect(started.status).toBe(202);
    const done = await settled(retailer, started.body.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatchObject({ code: 'USER_IMPORT_FILE_INVALID', params: { reason: 'csv' } });
    expect((await retailer.post(`/users/imports/${started.body.id}/run`)).body.code).toBe('USER_IMPORT_NOT_READY');
  });
});

describe('Given a file with good and bad rows', () => {
  const good = [unique('anna'), unique('bert'), unique('chloe')];
  const dup = unique('dup');
  let importId: string;
  let preview: Record<string, any>;

  beforeAll(async () => {
    const file = csv(
      `${good[0]};Anna;Alpha;tim;store_seller;DR-PAR-001;active;fr-FR`,
      `${good[1]};Bert;Beta;;warehouse_operator;DR-WH-ORL;;nl`,
      `${good[2]};Chloé;Gamma;tim;store_manager;Demo Store Lyon;inactive;`,
      `;Dan;Delta;tim;store_seller;DR-PAR-001;;`,
      `not-an-email;Eve;Epsilon;tim;store_seller;DR-PAR-001;;`,
      `${unique('f')};Fay;Phi;tim;pilot;DR-PAR-001;;`,
      `${unique('g')};Gus;Gamma;tim;store_seller;NOWHERE-42;;`,
      `${unique('h')};Hal;Eta;tim;warehouse_operator;DR-PAR-001;;`,
      `${dup};Ida;Iota;tim;store_seller;DR-PAR-001;;`,
      `${dup.toUpperCase()};Jo;Kappa;tim;store_seller;DR-PAR-001;;`,
      `seller@demo.test;Lucas;Petit;tim;store_seller;DR-PAR-001;;`,
      `${unique('k')};Kim;Lambda;tim;store_seller;DR-PAR-001;retired;xx`,
    );
    // A spreadsheet's export: UTF-8 with its BOM.
    const started = await upload(retailer, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file)]));
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/users/imports/${started.body.id}`);
    importId = started.body.id;
    preview = await settled(retailer, importId, '?limit=500');
  });

  const rowOn = (line: number) => preview.rows.items.find((row: { line: number }) => row.line === line);
  const codesOn = (line: number) => rowOn(line).errors.map((error: { code: string }) => error.code);

  it('Then the preview is ready with its counts', () => {
    expect(preview.status).toBe('ready');
    expect(preview.counts).toEqual({ rows: 12, valid: 4, invalid: 8 });
  });

  it('Then the good rows resolve their module, entity, status and language', () => {
    expect(rowOn(2)).toMatchObject({ module: 'tim', role: 'store_seller', entityName: 'Demo Store Paris', status: 'active', locale: 'fr-FR', errors: [] });
    expect(rowOn(3)).toMatchObject({ module: 'rps', role: 'warehouse_operator', entityName: 'Demo Warehouse Orléans', locale: 'nl-BE', errors: [] });
    expect(rowOn(4)).toMatchObject({ entityName: 'Demo Store Lyon', status: 'inactive', errors: [] });
  });

  it('Then each bad row says what is wrong with it', () => {
    expect(codesOn(5)).toEqual(['field_missing']);
    expect(codesOn(6)).toEqual(['email_invalid']);
    expect(codesOn(7)).toEqual(['role_unknown']);
    expect(codesOn(8)).toEqual(['entity_unknown']);
    expect(codesOn(9)).toEqual(['role_not_allowed']);
    expect(codesOn(10)).toEqual([]);
    expect(codesOn(11)).toEqual(['duplicate_in_file']);
    expect(rowOn(11).errors[0].params).toEqual({ line: 10 });
    expect(codesOn(12)).toEqual(['duplicate_in_platform']);
    expect(codesOn(13)).toEqual(['status_invalid', 'locale_invalid']);
  });

  it('Then each problem is translated in the caller’s language', async () => {
    const french = await retailer.get(`/users/imports/${importId}?filter=invalid&limit=3`, { 'Accept-Language': 'fr-FR' });
    expect(french.body.rows).toMatchObject({ filter: 'invalid', total: 8, offset: 0 });
    expect(french.body.rows.items).toHaveLength(3);
    expect(french.body.rows.items[1].errors[0].message).toBe('Adresse e-mail invalide.');
    const german = await retailer.get(`/users/imports/${importId}?filter=invalid&offset=3&limit=1`, { 'Accept-Language': 'de-DE' });
    expect(german.body.rows.items[0].errors[0].message).toBe('Keine Einheit hat die externe ID oder den Namen „NOWHERE-42“.');
  });

  it('Then provider staff acting for another retailer cannot see it (404), and acting for this one can', async () => {
    const admin = await t.login('admin@demo.test');
    const other = await admin.get(`/users/imports/${importId}`, { 'X-Account-Id': DEMO_IDS.accounts.other });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('USER_IMPORT_NOT_FOUND');
    expect((await admin.get(`/users/imports/${importId}`, { 'X-Account-Id': DEMO_IDS.accounts.demo })).status).toBe(200);
  });

  describe('When it is run', () => {
    let report: Record<string, any>;
    const usersBefore = new Map<string, number>();

    beforeAll(async () => {
      for (const email of [...good, dup]) usersBefore.set(email, t.mailer.sent.filter((mail) => mail.to === email).length);
      const run = await retailer.post(`/users/imports/${importId}/run`);
      expect(run.status).toBe(202);
      const done = await settled(retailer, importId);
      expect(done.status).toBe('done');
      report = done.report;
    }, 60_000);

    it('Then only the valid rows’ users exist, each under the id its line derives', async () => {
      expect(report).toMatchObject({ created: 4, alreadyCreated: 0, invited: 4, skipped: 8 });
      const lines = [2, 3, 4, 10];
      for (const line of lines) {
        const stream = await t.platform.eventStore.readStream(ORGANIZATION_STREAMS.user.name(importedUserId(importId, line)));
        expect(stream.map((event) => event.type.replace(/\.v\d+$/, '').split('.').at(-1))).toEqual(['UserRegistered', 'UserInvited']);
      }
      for (const line of [5, 6, 7, 8, 9, 11, 12, 13]) {
        expect(await t.platform.eventStore.readStream(ORGANIZATION_STREAMS.user.name(importedUserId(importId, line)))).toEqual([]);
      }
    });

    it('Then the report’s rows say which were created and which skipped, with their reasons translated', async () => {
      const skipped = (await retailer.get(`/users/imports/${importId}?filter=skipped`, { 'Accept-Language': 'en-GB' })).body.rows;
      expect(skipped.items.map((row: { line: number }) => row.line)).toEqual([5, 6, 7, 8, 9, 11, 12, 13]);
      expect(skipped.items[0].outcome.reasons[0]).toMatchObject({ code: 'field_missing', field: 'email', message: 'Required field missing.' });
      const created = (await retailer.get(`/users/imports/${importId}?filter=created`)).body.rows;
      expect(created.items.map((row: { line: number; outcome: { userId: string } }) => [row.line, row.outcome.userId])).toEqual(
        [2, 3, 4, 10].map((line) => [line, importedUserId(importId, line)]),
      );
    });

    it('Then each created user got one invitation in their language', () => {
      const mails = t.mailer.sent.filter((mail) => mail.to === good[1]);
      expect(mails.length - (usersBefore.get(good[1] as string) ?? 0)).toBe(1);
      expect(mails.at(-1)?.locale).toBe('nl-BE');
    });

    it('When it is run again, then it creates nothing more and invites no one again', async () => {
      const mailsBefore = t.mailer.sent.length;
      expect((await retailer.post(`/users/imports/${importId}/run`)).status).toBe(202);
      const again = await settled(retailer, importId);
      expect(again.report).toMatchObject({ created: 0, alreadyCreated: 4, invited: 0, skipped: 8 });
      expect(again.runs).toBe(2);
      expect(t.mailer.sent.length).toBe(mailsBefore);
      for (const line of [2, 3, 4, 10]) {
        expect(await t.platform.eventStore.readStream(ORGANIZATION_STREAMS.user.name(importedUserId(importId, line)))).toHaveLength(2);
      }
    });

    it('When the same file is imported again, then every one of its rows is now a duplicate on the platform', async () => {
      const started = await upload(retailer, csv(`${good[0]};Anna;Alpha;tim;store_seller;DR-PAR-001;;`));
      const second = await settled(retailer, started.body.id);
      expect(second.rows.items[0].errors.map((error: { code: string }) => error.code)).toEqual(['duplicate_in_platform']);
      const refused = await retailer.post(`/users/imports/${started.body.id}/run`);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('USER_IMPORT_NOTHING_TO_IMPORT');
    });
  });
});

describe('Given a file sent as a multipart form, comma-separated', () => {
  it('When it is uploaded, then its file part is read and its name kept', async () => {
    const email = unique('multi');
    const file = `email,firstname,lastname,role,entity\r\n${email},"Zoé, Jr",Zeta,store_seller,DR-PAR-001\r\n`;
    const form = ['--XyZ', 'Content-Disposition: form-data; name="file"; filename="équipe.csv"', 'Content-Type: text/csv', '', file, '--XyZ--', ''].join('\r\n');
    const started = await upload(retailer, form, 'multipart/form-data; boundary=XyZ', '');
    expect(started.status).toBe(202);
    const done = await settled(retailer, started.body.id);
    expect(done).toMatchObject({ status: 'ready', fileName: 'équipe.csv', counts: { rows: 1, valid: 1, invalid: 0 } });
    expect(done.rows.items[0]).toMatchObject({ email, firstname: 'Zoé, Jr', module: 'tim' });
  });
});
