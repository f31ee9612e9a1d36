import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { scanWithWedge, withCameraThatSees } from './support/barcode-scanner.js';
import { apiMessage, apiText, dashboardText, expectAccessible, shownCode, signInWith } from './support/dashboard.js';
import {
  commonText,
  consoleBuyback,
  expeditionText,
  openPackage,
  packingPath,
  parisSeller,
  phoneBuyback,
  scanThroughApi,
  WAREHOUSES,
  webCustomersBuyback,
} from './support/expedition.js';
import { inEnglish, wrongCheckDigit } from './support/warehouse-parcels.js';
import { expectNoSidewaysScroll } from './support/warehouse-stock.js';

/**
 * The store's expedition (specification 001, expedition), as the demo Paris
 * seller runs it on a 375 px handheld: the devices waiting to leave, a new
 * shipment to a warehouse picked in a dialog, the package built by scanning
 * each code (a keyboard-wedge scanner types into the focused field), every
 * refusal in the seller's language, the package closed after a confirmation,
 * and its label downloaded once the carrier has made it.
 */

const text = (key: string, values: Record<string, string | number> = {}, language = 'fr-FR') => expeditionText(key, values, language);
const codeField = (page: Page, language = 'fr-FR') => page.getByRole('textbox', { name: text('packing.code.label', {}, language) });
const packed = (page: Page) => page.getByTestId('packed-item');
const problem = (page: Page) => page.getByTestId('scan-problem');

test.use({ viewport: { width: 375, height: 812 } });

test.describe('Given devices bought back at the Paris store, awaiting shipment', () => {
  test('When the seller starts a shipment to Orléans, scans the devices and closes the package, then they are in transit and the label, polled until made, downloads as a PDF', async ({ page, request }) => {
    // The whole journey with six accessibility checks and the label's polling: over a minute on a loaded machine.
    test.slow();
    const seller = await parisSeller(request);
    const first = await phoneBuyback(seller);
    const second = await phoneBuyback(seller);
    await signInWith(page, seller);

    // The expedition, from the menu (behind its button on a phone): the devices waiting to leave, the store's packages.
    await page.goto('/dashboard/home');
    await page.getByRole('button', { name: dashboardText('app', 'fr-FR', 'menu.toggle'), exact: true }).click();
    await page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') }).getByRole('link', { name: apiText('fr-FR', 'menu.expedition') }).click();
    await expect(page).toHaveURL(/\/dashboard\/expedition$/);
    await expect(page.getByRole('heading', { level: 1, name: text('title') })).toBeVisible();
    for (const buyback of [first, second]) {
      const row = page.getByTestId('awaiting-row').filter({ hasText: shownCode(buyback.identificationNumber) });
      await expect(row).toContainText(WAREHOUSES.orleans);
      await expect(row).toContainText(text('noPackage'));
    }
    await expect(page.getByTestId('package-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // A new shipment: preselected from the devices waiting (most go to Orléans under a label); the warehouse-pick dialog changes it.
    await page.getByRole('link', { name: text('actions.start') }).click();
    await expect(page).toHaveURL(/\/dashboard\/start-expedition$/);
    await expect(page.getByTestId('destination')).toHaveText(WAREHOUSES.orleans);
    await expect(page.getByTestId('destination-suggested')).toBeVisible();
    await page.getByRole('button', { name: text('start.changeWarehouse') }).click();
    const dialog = page.getByRole('dialog', { name: text('pick.title') });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByText(WAREHOUSES.orleans).click();
    await dialog.getByRole('button', { name: text('pick.submit') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('destination')).toHaveText(WAREHOUSES.orleans);
    await expect(page.getByRole('radio', { name: text('labelModes.with_label') })).toBeChecked();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: text('start.submit') }).click();

    // Packing: the field has the focus; a scanner's bursts go in one after the other.
    await expect(page).toHaveURL(/\/dashboard\/packing-with-label\?packageId=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('package-destination')).toHaveText(WAREHOUSES.orleans);
    await expect(page.getByText(text('packing.items.empty'))).toBeVisible();
    await expect(codeField(page)).toBeFocused();
    for (const [index, buyback] of [first, second].entries()) {
      await scanWithWedge(page, buyback.identificationNumber);
      await expect(page.getByTestId('scan-added')).toHaveText(text('packing.added', { code: shownCode(buyback.identificationNumber), product: buyback.productLabel }));
      await expect(packed(page)).toHaveCount(index + 1);
      await expect(codeField(page)).toBeFocused();
    }
    // The latest first.
    await expect(packed(page).first()).toHaveAttribute('data-code', second.identificationNumber);
    await expect(page.getByTestId('package-count')).toHaveText('2');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // One taken out, then scanned back in: the field is ready again after each.
    await page.getByRole('button', { name: text('packing.items.removeLabel', { code: shownCode(first.identificationNumber) }) }).click();
    await expect(page.getByTestId('packing-notice')).toHaveText(text('packing.items.removed', { code: shownCode(first.identificationNumber) }));
    await expect(packed(page)).toHaveCount(1);
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, first.identificationNumber);
    await expect(packed(page)).toHaveCount(2);

    // Closed after the confirmation: it cannot be undone.
    const number = (await page.getByTestId('package-number').textContent())!.trim();
    await page.getByRole('button', { name: text('packing.close') }).click();
    const confirm = page.getByRole('dialog', { name: text('packing.closeDialog.title', { number }) });
    await expect(confirm).toContainText(text('packing.closeDialog.body_other', { count: 2, warehouse: WAREHOUSES.orleans }));
    await expect(confirm).toContainText(text('packing.closeDialog.irreversible'));
    await expectAccessible(page);
    await confirm.getByRole('button', { name: text('packing.closeDialog.submit') }).click();

    // The confirmation: the label is asked for until the carrier has made it, then downloaded.
    await expect(page).toHaveURL(/\/dashboard\/expedition\/confirmation\?packageId=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('package-closed')).toHaveText(text('confirmation.done_other', { number, count: 2, warehouse: WAREHOUSES.orleans }));
    const download = page.getByRole('button', { name: text('confirmation.label.download') });
    await expect(download).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('label-state')).toHaveText(text('confirmation.label.ready'));
    const downloaded = page.waitForEvent('download');
    await download.click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe(`label-${number}.pdf`);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    for (const buyback of [first, second]) expect((await seller.ok('get', `/buybacks/${buyback.id}`)).status).toBe('bb_in_transit');
    // Back on the list: they no longer wait; the package is listed with its label.
    await page.getByRole('link', { name: text('actions.backToList') }).click();
    await expect(page.getByTestId('package-card').filter({ hasText: number })).toBeVisible();
    await expect(page.getByTestId('awaiting-row').filter({ hasText: shownCode(first.identificationNumber) })).toHaveCount(0);
  });

  test('When codes that cannot go in are scanned, then each refusal is said at the field in French, the field keeps the focus and the package is unchanged; then the list is cleared and the package abandoned', async ({ page, request }) => {
    const seller = await parisSeller(request);
    const inIt = await phoneBuyback(seller);
    const elsewhere = await phoneBuyback(seller);
    const console = await consoleBuyback(seller);
    const web = await webCustomersBuyback(request);
    const pkg = await openPackage(seller, WAREHOUSES.orleans, 'with_label');
    const other = await openPackage(seller, WAREHOUSES.orleans, 'with_label');
    await scanThroughApi(seller, other.id, elsewhere.identificationNumber);
    await signInWith(page, seller);

    await page.goto(packingPath(pkg.id));
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, inIt.identificationNumber);
    await expect(packed(page)).toHaveCount(1);

    const refusals: Array<[code: string, error: string]> = [
      [inIt.identificationNumber, 'BB_ALREADY_FILLED'],
      ['2000000000008', 'BB_DOES_NOT_EXIST'],
      [elsewhere.identificationNumber, 'BB_ALREADY_PROCESSED'],
      [web.identificationNumber, 'BB_EXPEDITION_NOT_NEEDED'],
      // A console goes to Lyon (the demo's rules).
      [console.identificationNumber, 'SHIPMENT_ERROR'],
      [wrongCheckDigit(inIt.identificationNumber), 'BUYBACK_CODE_NOT_FOUND'],
      ['12345', 'BUYBACK_CODE_LENGTH'],
    ];
    for (const [code, error] of refusals) {
      await scanWithWedge(page, code);
      // SHIPMENT_ERROR names the warehouse the device goes to (the console: Lyon).
      await expect(problem(page), `${code} → ${error}`).toContainText(apiMessage('fr-FR', error).replace('{{expected}}', '13').replace('{{warehouseName}}', WAREHOUSES.lyon));
      await expect(codeField(page)).toBeFocused();
    }
    await expect(packed(page)).toHaveCount(1);
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    // The package the other device is in is named.
    await scanWithWedge(page, elsewhere.identificationNumber);
    await expect(problem(page)).toContainText(text('packing.alreadyProcessedIn', { packageNumber: other.number }));

    // The list cleared: the device is free again (and scanned in again, the refusal goes).
    await page.getByRole('button', { name: text('packing.clear') }).click();
    await expect(page.getByTestId('packing-notice')).toHaveText(text('packing.cleared'));
    await expect(packed(page)).toHaveCount(0);
    await expect((await seller.ok('get', `/buybacks/${inIt.id}`)).package).toBeNull();

    // Abandoned after its confirmation: back to the list.
    await page.getByRole('button', { name: text('packing.discard') }).click();
    const confirm = page.getByRole('dialog', { name: text('packing.discardDialog.title', { number: pkg.number }) });
    await confirm.getByRole('button', { name: text('packing.discardDialog.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/expedition$/);
    expect((await seller.ok('get', `/packages/${pkg.id}`)).status).toBe('discarded');
  });

  test('When a device is scanned into a package whose transport does not suit it, then the label refusals are said: a console needs none, a phone needs one', async ({ page, request }) => {
    const seller = await parisSeller(request);
    const console = await consoleBuyback(seller);
    const phone = await phoneBuyback(seller);
    const lyonWithLabel = await openPackage(seller, WAREHOUSES.lyon, 'with_label');
    const orleansCollected = await openPackage(seller, WAREHOUSES.orleans, 'without_label');
    await signInWith(page, seller);

    await page.goto(packingPath(lyonWithLabel.id));
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, console.identificationNumber);
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'BB_LABEL_NOT_NEEDED'));

    await page.goto(packingPath(orleansCollected.id));
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, phone.identificationNumber);
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'BB_NEEDS_LABEL'));
    await expect(packed(page)).toHaveCount(0);
  });
});

test.describe('Given a package closed at the Paris store', () => {
  test('When its label is still not made after the last wait, then the confirmation says it is not available and a retry finds it', async ({ page, request }) => {
    const seller = await parisSeller(request);
    const phone = await phoneBuyback(seller);
    const pkg = await openPackage(seller, WAREHOUSES.orleans, 'with_label');
    await scanThroughApi(seller, pkg.id, phone.identificationNumber);
    await seller.ok('post', `/packages/${pkg.id}/close`);
    // The carrier makes a label in about a second here: a carrier slower than the whole polling (33 s)
    // cannot be had for real, so the readiness answers 425 until the retry, and the clock skips the waits.
    let carrierSlow = true;
    await page.route(`**/api/packages/${pkg.id}/label`, (route) =>
      carrierSlow && route.request().method() === 'HEAD' ? route.fulfill({ status: 425, headers: { 'Retry-After': '3' } }) : route.continue(),
    );
    await page.clock.install();
    await signInWith(page, seller);

    await page.goto(`/dashboard/expedition/confirmation?packageId=${pkg.id}`);
    await expect(page.getByTestId('label-state')).toHaveText(text('confirmation.label.pending'));
    // The waits (3, 5, 10, 15 s; tests/ui/label-polling.test.ts counts them) run on the page's clock; each begins only
    // once the previous question was answered, so the clock is moved on a second at a time until the page gives up.
    const unavailable = page.getByTestId('label-not-available');
    await expect(async () => {
      await page.clock.runFor(1_000);
      await expect(unavailable).toContainText(text('confirmation.label.notAvailable'), { timeout: 100 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page);

    carrierSlow = false;
    await unavailable.getByRole('button', { name: commonText('actions.retry') }).click();
    await expect(page.getByRole('button', { name: text('confirmation.label.download') })).toBeVisible();
  });
});

test.describe('Given a game console bought back at the Paris store, in English', () => {
  test('When the seller ships it to Lyon without label, scanned with the phone’s camera, then the package closes and the confirmation says no label is needed', async ({ page, request }) => {
    const seller = await parisSeller(request);
    const console = await consoleBuyback(seller);
    await inEnglish(page);
    await withCameraThatSees(page, console.identificationNumber);
    await signInWith(page, seller);

    await page.goto('/dashboard/start-expedition');
    await expect(page.getByRole('heading', { level: 1, name: text('start.title', {}, 'en-GB') })).toBeVisible();
    await page.getByRole('button', { name: text('start.changeWarehouse', {}, 'en-GB') }).click();
    const dialog = page.getByRole('dialog', { name: text('pick.title', {}, 'en-GB') });
    await dialog.getByText(WAREHOUSES.lyon).click();
    await dialog.getByRole('button', { name: text('pick.submit', {}, 'en-GB') }).click();
    await page.getByText(text('labelModes.without_label', {}, 'en-GB')).click();
    await page.getByRole('button', { name: text('start.submit', {}, 'en-GB') }).click();

    await expect(codeField(page, 'en-GB')).toBeFocused();
    await page.getByTestId('camera-scan').click();
    await expect(page.getByTestId('scan-added')).toContainText(shownCode(console.identificationNumber));
    await expect(packed(page)).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.getByRole('button', { name: text('packing.close', {}, 'en-GB') }).click();
    await page.getByRole('dialog').getByRole('button', { name: text('packing.closeDialog.submit', {}, 'en-GB') }).click();
    await expect(page).toHaveURL(/\/dashboard\/expedition\/confirmation\?/);
    await expect(page.getByTestId('label-not-needed')).toHaveText(text('confirmation.label.notNeeded', {}, 'en-GB'));
    await expect(page.getByRole('button', { name: text('confirmation.label.download', {}, 'en-GB') })).toHaveCount(0);
    await expectAccessible(page);
    expect((await seller.ok('get', `/buybacks/${console.id}`)).status).toBe('bb_in_transit');
  });
});
