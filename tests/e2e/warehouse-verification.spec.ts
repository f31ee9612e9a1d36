import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiMessage, apiText, dashboardText, expectAccessible, signInWith, type StaffApi } from './support/dashboard.js';
import { expectNoHorizontalScroll } from './support/storefront.js';
import { checkIn, expectMailed, featureText, sessions, shippedBuyback } from './support/warehouse-audit.js';

/**
 * The verification with a list import (/verification): a buyer's or a
 * carrier's CSV of codes, read in the browser and compared by the API with
 * what is in transit to the warehouse or in it; the report (matched,
 * missing, unexpected, with their exact counts) is recorded, e-mailed, and
 * listed with the past verifications. A bad file gets the API's reason and
 * nothing is recorded.
 */

const text = (key: string, values: Record<string, string | number> = {}, language = 'fr-FR') => featureText('warehouse-verification', language, key, values);

/** A code nobody was given: 8 characters, valid as a device code. */
const UNKNOWN = 'ZZ9E2E01';

async function operator(page: Page, request: Parameters<typeof StaffApi.login>[0]) {
  const people = await sessions(request);
  await signInWith(page, people.operator);
  return people;
}

async function upload(page: Page, name: string, content: string | Buffer, mimeType = 'text/csv') {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8') });
  await expect(page.getByTestId('verification-drop-zone')).toContainText(name);
}

async function verify(page: Page) {
  await page.getByRole('button', { name: text('form.submit') }).click();
}

const codesOf = (page: Page, group: 'matched' | 'missing' | 'unexpected') => page.getByTestId(`verification-${group}-codes`);

test.describe('Given devices shipped to the warehouse and not received yet', () => {
  test('When the operator verifies a carrier’s list naming one of them and an unknown code, then the report shows it matched, the other missing, the unknown unexpected, and e-mails it', async ({ page, request }) => {
    const people = await operator(page, request);
    const listed = await shippedBuyback(people);
    const forgotten = await shippedBuyback(people);
    const fileName = `transporteur-${Date.now()}.csv`;

    // The menu leads there.
    await page.goto('/dashboard/home');
    await page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') }).getByRole('link', { name: apiText('fr-FR', 'menu.verification') }).click();
    await expect(page).toHaveURL(/\/dashboard\/verification$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title'));
    await expectAccessible(page);

    // In transit is what a carrier's list is compared with, by default.
    await expect(page.getByRole('radio', { name: new RegExp(text('scopes.in_transit')) })).toBeChecked();
    await upload(page, fileName, `code;colis\r\n${listed.identificationNumber};C-001\r\n${UNKNOWN};C-002\r\n`);
    await verify(page);

    await expect(page).toHaveURL(/\/dashboard\/verification\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('report.title', { fileName }));
    await expect(page.getByTestId('verification-mailed')).toHaveText(text('report.mailedNow'));
    await expect(page.getByTestId('verification-codes-read')).toHaveText('2');
    await expect(page.getByTestId('verification-matched-count')).toHaveText('1');
    await expect(codesOf(page, 'matched')).toHaveText(listed.identificationNumber);
    await expect(page.getByTestId('verification-unexpected-count')).toHaveText('1');
    await expect(codesOf(page, 'unexpected')).toHaveText(UNKNOWN);
    // Missing: every other device in transit to this warehouse, among them the one the list forgot.
    await expect(codesOf(page, 'missing')).toContainText(forgotten.identificationNumber);
    await expect(codesOf(page, 'missing')).not.toContainText(listed.identificationNumber);

    // The missing codes are searchable.
    await page.getByTestId('verification-missing').getByRole('searchbox', { name: text('report.search') }).fill(forgotten.identificationNumber.slice(-6));
    await expect(codesOf(page, 'missing').getByRole('listitem')).toHaveText([forgotten.identificationNumber]);
    await expect(page.getByTestId('verification-missing').getByRole('button', { name: text('report.copy', { n: 1 }) })).toBeEnabled();
    await expectAccessible(page);
    await expectMailed('warehouse@demo.test', 'verificationReport', fileName);

    // It is among the past verifications, and leads back to its report.
    await page.getByRole('link', { name: text('report.another') }).click();
    const row = page.getByTestId('verification-row').filter({ hasText: fileName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text('scopes.in_transit'));
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('report.title', { fileName }));
    await expect(page.getByTestId('verification-mailed')).toHaveText(text('report.mailed'));
    await expect(codesOf(page, 'matched')).toHaveText(listed.identificationNumber);
  });

  test('When the operator downloads the sample and sends it as it is, then it is read: its three codes are unexpected', async ({ page, request }) => {
    await operator(page, request);
    await page.goto('/dashboard/verification');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text('format.sample') }).click();
    const sample = await downloading;
    expect(sample.suggestedFilename()).toBe(text('format.sampleName'));
    const content = readFileSync(await sample.path());
    expect(content.toString('utf8')).toMatch(/^\uFEFFcode;/);

    await upload(page, 'exemple.csv', content);
    await verify(page);
    await expect(page.getByTestId('verification-codes-read')).toHaveText('3');
    await expect(page.getByTestId('verification-unexpected-count')).toHaveText('3');
    await expect(page.getByTestId('verification-matched-count')).toHaveText('0');
  });
});

test.describe('Given a long carrier’s list (10,000 codes)', () => {
  test('When the operator verifies it, then its progress shows while it is compared in the background, then its report opens', async ({ page, request }) => {
    // Reading, sending and comparing 10,000 codes, then showing a thousand of them, on a shared machine.
    test.setTimeout(120_000);
    const people = await operator(page, request);
    const listed = await shippedBuyback(people);
    const fileName = `longue-liste-${Date.now()}.csv`;
    // 9,999 device codes nobody was given, and one parcel in transit.
    const unknown = Array.from({ length: 9_999 }, (_, i) => `ZL${i.toString(36).toUpperCase().padStart(6, '0')}`);
    await page.goto('/dashboard/verification');
    await upload(page, fileName, ['code', ...unknown.slice(0, 5_000), listed.identificationNumber, ...unknown.slice(5_000)].join('\n'));
    await verify(page);

    await expect(page).toHaveURL(/\/dashboard\/verification\/jobs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('job.title'));
    const progress = page.getByTestId('verification-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(new Intl.NumberFormat('fr-FR').format(10_000));
    await expectAccessible(page);

    // Done: the report opens, as for a short list.
    await expect(page).toHaveURL(/\/dashboard\/verification\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('report.title', { fileName }));
    await expect(page.getByTestId('verification-mailed')).toHaveText(text('report.mailedNow'));
    const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
    await expect(page.getByTestId('verification-codes-read')).toHaveText(count(10_000));
    await expect(page.getByTestId('verification-matched-count')).toHaveText('1');
    await expect(codesOf(page, 'matched')).toHaveText(listed.identificationNumber);
    await expect(page.getByTestId('verification-unexpected-count')).toHaveText(count(9_999));
    await expectMailed('warehouse@demo.test', 'verificationReport', fileName);
  });
});

test.describe('Given a device received at the warehouse, in the stock to approve', () => {
  test('When the operator drops a list of device codes compared with that stock, then its 8-character code matches', async ({ page, request }) => {
    const people = await operator(page, request);
    const buyback = await shippedBuyback(people);
    await checkIn(people, buyback);
    const shortCode = buyback.identificationNumber.slice(-8);

    await page.goto('/dashboard/verification');
    await page.getByRole('radio', { name: new RegExp(text('scopes.in_warehouse')) }).check({ force: true });
    const stock = page.getByRole('combobox', { name: text('form.stock') });
    await stock.selectOption({ label: apiText('fr-FR', 'stocks.native.to_approve') });
    // Dropped on the zone rather than picked.
    const dropped = await page.evaluateHandle((content) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'inventaire.csv', { type: 'text/csv' }));
      return transfer;
    }, `reference,code\nA1,${shortCode}\n`);
    await page.getByTestId('verification-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(page.getByTestId('verification-drop-zone')).toContainText('inventaire.csv');
    await verify(page);

    await expect(page.getByTestId('verification-matched-count')).toHaveText('1');
    await expect(codesOf(page, 'matched')).toHaveText(shortCode);
    await expect(page.getByText(text('scopeWithStock', { scope: text('scopes.in_warehouse'), stock: apiText('fr-FR', 'stocks.native.to_approve') }))).toBeVisible();
  });
});

test.describe('Given a file that is not a list of codes', () => {
  async function verificationsCount(people: Awaited<ReturnType<typeof sessions>>) {
    return (await people.operator.ok('get', '/verifications?itemsPerPage=1')).totalItems as number;
  }

  test('When it has no code column, or is not a CSV at all, then the API’s reason is shown and nothing is recorded', async ({ page, request }) => {
    const people = await operator(page, request);
    const before = await verificationsCount(people);
    await page.goto('/dashboard/verification');
    const refused = page.getByTestId('verification-refused');

    await upload(page, 'colonnes.csv', 'reference;quantite\nA1;2\n');
    await verify(page);
    await expect(refused).toContainText(apiMessage('fr-FR', 'VERIFICATION_FILE_COLUMNS'));
    await expect(refused).toContainText(text('refused.columnsFound', { columns: 'reference, quantite' }));
    await expect(refused).toContainText(text('refused.nothingChanged'));
    await expect(page).toHaveURL(/\/dashboard\/verification$/);
    await expectAccessible(page);

    // An image renamed or not: its bytes are not text.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x01, 0x02, 0x03]);
    await upload(page, 'photo.png', png, 'image/png');
    await verify(page);
    await expect(refused).toContainText(apiMessage('fr-FR', 'VERIFICATION_FILE_NOT_CSV'));

    // Too large: answered at once, before anything is sent.
    await upload(page, 'enorme.csv', `code\n${'ZZ9E2E01\n'.repeat(70_000)}`);
    const size = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 0 }).format(512);
    await expect(page.getByText(text('file.tooLarge', { size }))).toBeVisible();
    await expect(refused).toHaveCount(0);

    expect(await verificationsCount(people)).toBe(before);
  });

  test('When a line holds an invalid code, in English, then the line and the code are named, and the page fits a phone', async ({ page, request }) => {
    const people = await operator(page, request);
    const before = await verificationsCount(people);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard/verification');
    await page.getByLabel('Langue').selectOption('en-GB');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title', {}, 'en-GB'));

    await upload(page, 'carrier.csv', `code\n${UNKNOWN}\n12345\n`);
    await page.getByRole('button', { name: text('form.submit', {}, 'en-GB') }).click();
    await expect(page.getByTestId('verification-refused')).toContainText('Line 3 holds a code that is not valid: 12345. Nothing was verified.');
    await expect(page.getByTestId('verification-refused')).toContainText(text('refused.nothingChanged', {}, 'en-GB'));
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(await verificationsCount(people)).toBe(before);
  });
});
