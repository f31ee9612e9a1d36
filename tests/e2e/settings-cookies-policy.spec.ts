import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';
import { apiMessage, featureText, saveGeneralSettings, signInWith, StaffApi } from './support/dashboard.js';

/**
 * The cookies policy as a PDF (issue 24, specification 002 §1
 * /cookies-policy-document): the retailer's administrator uploads it in the
 * general settings (a file that is not a PDF by its bytes refused at its
 * field), and the storefront's cookies policy links its document page, which
 * opens the PDF.
 */

const DEMO = ORGANIZATION_DEMO_IDS.accounts.demo;
const settingsText = (key: string) => featureText('general-settings', 'fr-FR', key);
const LEGAL = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'storefront', 'features', 'legal', 'locales', 'fr-FR.json'), 'utf8'));
const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n% e2e cookies policy\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const before = (text: string) => text.split('{{')[0]!.trim();

/** Uploads the PDF at its field, which saves it (again after a reload if another spec changed the settings meanwhile). */
async function uploadPolicy(page: Page) {
  await saveGeneralSettings(page, () =>
    page.locator('input[name="cookiesPolicyFileId"]').setInputFiles({ name: 'politique-cookies.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF }),
  );
}

test('Given the retailer’s administrator, when they upload the cookies policy as a PDF, then the storefront’s cookies policy links it and it opens', async ({ browser, request }) => {
  test.slow();
  const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
  const settings = await (await browser.newContext()).newPage();
  await signInWith(settings, retailer);
  await settings.goto('/dashboard/settings/tim/general');
  const field = settings.locator('input[name="cookiesPolicyFileId"]');
  try {
    // Not a PDF by its bytes, whatever its name: refused at its field, in French.
    await field.setInputFiles({ name: 'politique.pdf', mimeType: 'application/pdf', buffer: PNG });
    await expect(settings.getByText(apiMessage('fr-FR', 'SETTINGS_FILE_TYPE_REFUSED').split('{{')[0]!.trim()).first()).toBeVisible();

    await uploadPolicy(settings);
    await expect(settings.getByTestId('cookiesPolicy-pdf')).toHaveText(settingsText('files.cookiesPolicy'));

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/cookies-policy');
    await visitor.getByRole('link', { name: new RegExp(before(LEGAL.cookies.readDocument)) }).click();
    await expect(visitor).toHaveURL(/\/cookies-policy-document$/);
    const pdfLink = visitor.getByTestId('cookies-policy-pdf');
    await expect(pdfLink).toContainText(before(LEGAL.cookies.openPdf));
    const href = await pdfLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/settings-files\/[0-9a-f-]{36}$/);
    const served = await request.get(href!);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect((await served.body()).equals(MINIMAL_PDF)).toBe(true);
    // The link opens it in a new tab.
    await expect(pdfLink).toHaveAttribute('target', '_blank');
  } finally {
    // The demo retailer as the other journeys expect it: no cookies policy PDF.
    await request.patch(`/api/general-settings/${DEMO}/tim`, { data: { cookiesPolicyFileId: null }, headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root' } });
  }
});
