import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEGAL_TEXTS } from '../../infrastructure/modules/settings/demo/legal-demo.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { expectOk } from '../support/api-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The storefront's legal pages (issue 24): /cgu, /cgs and /faq read the
 * retailer's own texts from its root details and the PDFs its general
 * settings name, publicly, for the white-label configuration's account or
 * the one named.
 */

let t: TestPlatform;
let retailer: ApiClient;
const DEMO = DEMO_IDS.accounts.demo;
const page = (name: string, accountId = DEMO) => t.api.get(`/white-label/legal/${name}?accountId=${accountId}`);
const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

beforeAll(async () => {
  t = await startTestPlatform();
  retailer = await t.login('retailer@demo.test', 'root');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('Given a retailer that wrote none of its legal texts', () => {
  it('then each page answers no text and no PDF (the storefront says they are not published)', async () => {
    for (const name of ['terms-of-use', 'terms-of-service', 'faq']) {
      const answer = await page(name);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ page: name, text: null, pdfUrl: null });
    }
    // The white-label configuration's account when none is named.
    expect((await t.api.get('/white-label/legal/faq')).body).toEqual({ page: 'faq', text: null, pdfUrl: null });
  });
});

describe('When the retailer writes its terms and FAQ and names its terms-of-service PDF', () => {
  beforeAll(async () => {
    await expectOk(retailer.patch(`/organization-root-details/${DEMO}`, { eula: DEMO_LEGAL_TEXTS.eula, faqAndContact: DEMO_LEGAL_TEXTS.faqAndContact }));
    const upload = await fetch(`${t.baseUrl}/api/settings-files?kind=pdf`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root', 'Content-Type': 'application/pdf' },
      body: MINIMAL_PDF,
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as { id: string; url: string };
    const settings = await retailer.get(`/accounts/${DEMO}/general-settings/tim`);
    // The general settings' store page (its form) writes the terms of service with their PDF.
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { serviceTerms: `  ${DEMO_LEGAL_TEXTS.serviceTerms}\n`, serviceTermsFileId: file.id }, { 'If-Match': settings.headers.get('etag') as string, 'Content-Type': 'application/merge-patch+json' }));
  });

  it('then each page gives its own text (trimmed) and the PDF the settings name for it; the terms of use have no PDF', async () => {
    const [use, service, faq] = await Promise.all([page('terms-of-use'), page('terms-of-service'), page('faq')]);
    expect(use.body).toEqual({ page: 'terms-of-use', text: DEMO_LEGAL_TEXTS.eula, pdfUrl: null });
    expect(service.body).toEqual({ page: 'terms-of-service', text: DEMO_LEGAL_TEXTS.serviceTerms, pdfUrl: expect.stringMatching(/^\/api\/settings-files\/[0-9a-f-]{36}$/) });
    expect(faq.body).toEqual({ page: 'faq', text: DEMO_LEGAL_TEXTS.faqAndContact, pdfUrl: null });
    const pdf = await fetch(`${t.baseUrl}${service.body.pdfUrl}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(MINIMAL_PDF)).toBe(true);
  });

  it('then the general settings read the texts back, a text cleared is no text again, and one over 5,000 characters is refused at its field', async () => {
    const tim = (await retailer.get(`/accounts/${DEMO}/general-settings/tim`)).body.settings;
    expect(tim).toMatchObject({ eula: DEMO_LEGAL_TEXTS.eula, faqAndContact: DEMO_LEGAL_TEXTS.faqAndContact });
    const tooLong = await retailer.patch(`/general-settings/${DEMO}/tim`, { eula: 'x'.repeat(5_001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.details.fields.map((f: { field: string }) => f.field)).toContain('eula');
    expect((await page('terms-of-use')).body.text).toBe(DEMO_LEGAL_TEXTS.eula);
    await expectOk(retailer.patch(`/organization-root-details/${DEMO}`, { faqAndContact: '   ' }));
    expect((await page('faq')).body.text).toBeNull();
  });
});

describe('When the retailer uploads its cookies policy as a PDF (/cookies-policy-document)', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  const upload = (kind: string, body: Buffer, type: string, language = 'fr-FR') =>
    fetch(`${t.baseUrl}/api/settings-files?kind=${kind}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root', 'Content-Type': type, 'Accept-Language': language },
      body: new Uint8Array(body),
    });
  const config = async () => (await t.api.get(`/white-label/config?accountId=${DEMO}`)).body;

  it('then a file that is not a PDF by its bytes, or over 250 kB, is refused with its code in the caller’s language, and a logo cannot be named', async () => {
    const notPdf = await upload('pdf', PNG, 'application/pdf', 'de-DE');
    expect(notPdf.status).toBe(422);
    const notPdfBody = (await notPdf.json()) as { code: string; message: string };
    expect(notPdfBody.code).toBe('SETTINGS_FILE_TYPE_REFUSED');
    expect(notPdf.headers.get('content-language')).toBe('de-DE');
    const tooLarge = await upload('pdf', Buffer.concat([MINIMAL_PDF, Buffer.alloc(250 * 1024)]), 'application/pdf', 'nl-BE');
    expect(tooLarge.status).toBe(422);
    expect(((await tooLarge.json()) as { code: string }).code).toBe('SETTINGS_FILE_TOO_LARGE');
    const logo = (await (await upload('logo', PNG, 'image/png')).json()) as { id: string };
    const named = await retailer.patch(`/general-settings/${DEMO}/tim`, { cookiesPolicyFileId: logo.id });
    expect(named.status).toBe(422);
    expect(named.body.code).toBe('SETTINGS_FILE_KIND_MISMATCH');
    expect((await config()).documents.cookiesPolicy).toBeNull();
  });

  it('then the storefront’s configuration links it, it is served as the PDF uploaded, the history names it, and removing it unlinks it', async () => {
    const stored = await upload('pdf', MINIMAL_PDF, 'application/octet-stream');
    expect(stored.status).toBe(201);
    const file = (await stored.json()) as { id: string; url: string };
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { cookiesPolicyFileId: file.id, reason: 'Politique de cookies' }));
    expect((await retailer.get(`/accounts/${DEMO}/general-settings/tim`)).body).toMatchObject({ settings: { cookiesPolicyFileId: file.id }, files: { cookiesPolicy: file.url } });
    expect((await config()).documents.cookiesPolicy).toBe(file.url);
    const pdf = await fetch(`${t.baseUrl}${file.url}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(MINIMAL_PDF)).toBe(true);
    const history = (await retailer.get(`/accounts/${DEMO}/general-settings/tim/history`)).body.items;
    expect(history.at(-1)).toMatchObject({ changes: { cookiesPolicyFileId: file.id }, reason: 'Politique de cookies' });
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { cookiesPolicyFileId: null }));
    expect((await config()).documents.cookiesPolicy).toBeNull();
  });
});

describe('When a visitor names what is not a page or not a storefront', () => {
  it('then an unknown page is refused naming it, and an account without a storefront is 404 WHITE_LABEL_NOT_AVAILABLE', async () => {
    const unknown = await page('mentions-legales');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    const none = await page('faq', '3f1c9a7e-0000-4000-8000-000000000000');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('WHITE_LABEL_NOT_AVAILABLE');
  });
});
