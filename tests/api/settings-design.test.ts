import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { demoPng } from '../../infrastructure/modules/settings/demo/demo-png.js';
import { DEMO_DESIGN } from '../../infrastructure/modules/settings/demo/design-demo.js';
import { expectOk } from '../support/api-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The design (issue 23): settings files checked by their bytes and bounded
 * per kind, served publicly with caching headers; the design read with its
 * contrast, merge-patched (If-Match) with colours refused below WCAG AA, its
 * history, the storefront's configuration and /me following it; another
 * retailer's account not found.
 */
const DEMO = DEMO_IDS.accounts.demo;
const OTHER = DEMO_IDS.accounts.other;
const PNG = demoPng(20, 10, (x) => (x < 10 ? [0x15, 0x80, 0x3d] : [255, 255, 255]));
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

let t: TestPlatform;
let admin: ApiClient;
let retailer: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [admin, retailer, seller] = await Promise.all([t.login('admin@demo.test'), t.login('retailer@demo.test', 'root'), t.login('seller@demo.test')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const upload = (client: ApiClient, kind: string, body: Buffer, type: string, query = '') =>
  fetch(`${t.baseUrl}/api/settings-files?kind=${kind}${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${client.token}`, 'X-Module': client.module ?? 'root', 'Content-Type': type },
    body: new Uint8Array(body),
  });
const codeOf = async (answer: Response) => ((await answer.json()) as { code: string }).code;

describe('settings files', () => {
  it('takes a PNG logo declared as a JPG (its bytes decide), serves it to anyone as a PNG with a long cache and an ETag', async () => {
    const stored = await upload(retailer, 'logo', PNG, 'image/jpeg');
    expect(stored.status).toBe(201);
    const file = (await stored.json()) as { id: string; url: string; contentType: string; sizeBytes: number; kind: string };
    expect(file).toMatchObject({ kind: 'logo', contentType: 'image/png', sizeBytes: PNG.length, url: `/api/settings-files/${file.id}` });
    const served = await fetch(`${t.baseUrl}${file.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/png');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(served.headers.get('etag')).toBe(`"${file.id}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const again = await fetch(`${t.baseUrl}${file.url}`, { headers: { 'If-None-Match': `"${file.id}"` } });
    expect(again.status).toBe(304);
  });

  it('refuses a PDF sent as a logo, a PNG as a PDF, text named a PNG, with SETTINGS_FILE_TYPE_REFUSED', async () => {
    for (const [kind, body, type] of [['logo', PDF, 'image/png'], ['pdf', PNG, 'application/pdf'], ['favicon', Buffer.from('pas une icône'), 'image/png']] as const) {
      const refused = await upload(retailer, kind, body, type);
      expect(refused.status, kind).toBe(422);
      expect(await codeOf(refused)).toBe('SETTINGS_FILE_TYPE_REFUSED');
    }
    expect((await upload(retailer, 'favicon', ICO, 'image/x-icon')).status).toBe(201);
    expect((await upload(retailer, 'pdf', PDF, 'application/pdf')).status).toBe(201);
  });

  it('refuses a favicon over 20 kB and a logo over 250 kB with SETTINGS_FILE_TOO_LARGE, an empty body with SETTINGS_FILE_REQUIRED', async () => {
    const favicon = await upload(retailer, 'favicon', Buffer.concat([PNG, Buffer.alloc(20 * 1024)]), 'image/png');
    expect(favicon.status).toBe(422);
    expect(await codeOf(favicon)).toBe('SETTINGS_FILE_TOO_LARGE');
    const logo = await upload(retailer, 'logo', Buffer.concat([PNG, Buffer.alloc(250 * 1024)]), 'image/png');
    expect(logo.status).toBe(422);
    expect(await codeOf(logo)).toBe('SETTINGS_FILE_TOO_LARGE');
    const empty = await upload(retailer, 'logo', Buffer.alloc(0), 'image/png');
    expect(empty.status).toBe(400);
    expect(await codeOf(empty)).toBe('SETTINGS_FILE_REQUIRED');
  });

  it('is refused to a store seller (403), and to provider staff naming no account (ACCOUNT_REQUIRED)', async () => {
    expect((await upload(seller, 'logo', PNG, 'image/png')).status).toBe(403);
    const staff = await upload(admin, 'logo', PNG, 'image/png');
    expect(await codeOf(staff)).toBe('ACCOUNT_REQUIRED');
    expect((await upload(admin, 'logo', PNG, 'image/png', `&accountId=${OTHER}`)).status).toBe(201);
  });
});

describe('the design', () => {
  it('once set, answers its colours with their contrast, its logo and favicon files, its revision as ETag', async () => {
    const [logo, favicon] = await Promise.all([upload(retailer, 'logo', PNG, 'image/png'), upload(retailer, 'favicon', ICO, 'image/vnd.microsoft.icon')].map(async (answer) => (await (await answer).json()) as { id: string }));
    const saved = await retailer.patch(`/accounts/${DEMO}/design`, { ...DEMO_DESIGN, logoFileId: logo!.id, faviconFileId: favicon!.id });
    expect(saved.status).toBe(200);
    const design = await retailer.get(`/accounts/${DEMO}/design`);
    expect(design.status).toBe(200);
    expect(design.body).toMatchObject({ accountId: DEMO, ...DEMO_DESIGN, logoUrl: `/api/settings-files/${logo!.id}`, faviconUrl: `/api/settings-files/${favicon!.id}` });
    expect(design.body.contrast.mainColor).toEqual({ color: DEMO_DESIGN.mainColor, text: '#FFFFFF', ratio: 5.01, passesAA: true });
    expect(design.body.contrast.secondaryColor).toMatchObject({ color: DEMO_DESIGN.secondaryColor, passesAA: true });
    expect(design.headers.get('etag')).toBe(`W/"${design.body.revision}"`);
    const served = await fetch(`${t.baseUrl}${design.body.faviconUrl}`);
    expect(served.headers.get('content-type')).toContain('image/x-icon');
  });

  it('refuses a colour below AA with its ratio, and a file that is not a logo as the logo; nothing is written', async () => {
    const before = (await retailer.get(`/accounts/${DEMO}/design`)).body;
    const pale = await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: '#1F8A5B' }, { 'If-Match': `W/"${before.revision}"` });
    expect(pale.status).toBe(422);
    expect(pale.body).toMatchObject({ code: 'DESIGN_COLOR_CONTRAST_TOO_LOW', details: { field: 'mainColor', ratio: 4.35, required: 4.5 } });
    const pdf = (await (await upload(retailer, 'pdf', PDF, 'application/pdf')).json()) as { id: string };
    const wrongKind = await retailer.patch(`/accounts/${DEMO}/design`, { logoFileId: pdf.id });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.code).toBe('SETTINGS_FILE_KIND_MISMATCH');
    expect((await retailer.get(`/accounts/${DEMO}/design`)).body.revision).toBe(before.revision);
  });

  it('changes only what the merge-patch names; the storefront’s configuration and /me answer it; the history says who set what', async () => {
    const before = (await retailer.get(`/accounts/${DEMO}/design`)).body;
    const logo = (await (await upload(retailer, 'logo', PNG, 'image/png')).json()) as { id: string; url: string };
    const saved = await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: '#b91c1c', logoFileId: logo.id }, { 'If-Match': `W/"${before.revision}"`, 'Content-Type': 'application/merge-patch+json' });
    expect(saved.status).toBe(200);
    const after = (await retailer.get(`/accounts/${DEMO}/design`)).body;
    expect(after).toMatchObject({ mainColor: '#B91C1C', secondaryColor: before.secondaryColor, logoFileId: logo.id, faviconFileId: before.faviconFileId });
    const config = (await t.anonymous().then((visitor) => visitor.get(`/white-label/config?accountId=${DEMO}`))).body;
    expect(config).toMatchObject({ mainColor: '#B91C1C', secondaryColor: before.secondaryColor, logo: logo.url });
    expect((await retailer.get('/me')).body.account).toMatchObject({ mainColor: '#B91C1C', logo: logo.url });
    const history = (await retailer.get(`/accounts/${DEMO}/design/history`)).body.items;
    expect(history.at(-1)).toMatchObject({ type: 'AccountDesignChanged', userName: expect.any(String), changes: { mainColor: '#B91C1C', logoFileId: logo.id } });
    expect(history[0].type).toBe('AccountOpened');
    const stale = await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: DEMO_DESIGN.mainColor }, { 'If-Match': `W/"${before.revision}"` });
    expect(stale.status).toBe(412);
    expect((await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: DEMO_DESIGN.mainColor, logoFileId: before.logoFileId })).status).toBe(200);
  });

  it('when a general setting of the account is saved after the form was read, then the design still saves with its ETag; a change of the design itself since answers 412', async () => {
    const read = await retailer.get(`/accounts/${DEMO}/design`);
    const ifMatch = { 'If-Match': read.headers.get('etag') as string };
    // The general settings live on the account's stream too: before, their change made every open design form stale (412).
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { cartMinValueInCents: 1000 }));
    expect((await retailer.get(`/accounts/${DEMO}/design`)).headers.get('etag')).toBe(ifMatch['If-Match']);

    const saved = await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: '#166534' }, ifMatch);
    expect(saved.status).toBe(200);
    const stale = await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: '#b91c1c' }, ifMatch);
    expect([stale.status, stale.body.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect((await retailer.get(`/accounts/${DEMO}/design`)).body.mainColor).toBe('#166534');
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { cartMinValueInCents: 0 }));
    await expectOk(retailer.patch(`/accounts/${DEMO}/design`, { mainColor: DEMO_DESIGN.mainColor }));
  });

  it('of another retailer is not found, nor may it name another retailer’s file', async () => {
    expect((await retailer.get(`/accounts/${OTHER}/design`)).status).toBe(404);
    expect((await retailer.patch(`/accounts/${OTHER}/design`, { mainColor: '#15803D' })).status).toBe(404);
    expect((await retailer.get(`/accounts/${OTHER}/design/history`)).status).toBe(404);
    const foreign = (await (await upload(admin, 'logo', PNG, 'image/png', `&accountId=${OTHER}`)).json()) as { id: string };
    const named = await retailer.patch(`/accounts/${DEMO}/design`, { logoFileId: foreign.id });
    expect(named.status).toBe(404);
    expect(named.body.code).toBe('SETTINGS_FILE_NOT_FOUND');
    expect((await admin.patch(`/accounts/${OTHER}/design`, { secondaryColor: '#1D4ED8' })).status).toBe(200);
  });
});
