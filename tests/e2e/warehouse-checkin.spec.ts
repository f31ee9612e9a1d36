import { expect, test, type Page } from '@playwright/test';
import { scanWithWedge } from './support/barcode-scanner.js';
import { carrierReports, packedAndLabelled } from './support/carrier.js';
import { apiMessage, apiText, checkInCode, dashboardText, expectAccessible, shownCode, signInWith } from './support/dashboard.js';
import { openPackage, parisSeller, phoneBuyback, scanThroughApi, WAREHOUSES } from './support/expedition.js';
import { inEnglish, itemOf, selectionOf, shippedBuyback, superAdmin, warehouseOperator, warehouseText, wrongCheckDigit } from './support/warehouse-parcels.js';

/**
 * Check-in (specification 001 §2, §5, §8), as the demo warehouse's operator
 * runs it: each parcel's code typed or scanned is registered at once, the
 * field ready for the next; what was registered (code, product, the stock it
 * is now in, the buyback's status) and the parcels of the session are on the
 * page, each one's confirmation at its own address.
 */

const CHECK_IN = '/dashboard/warehouse/checkin';
const text = (key: string, values: Record<string, string | number> = {}, language = 'fr-FR') => warehouseText('warehouse-checkin', key, values, language);
const codeField = (page: Page, language = 'fr-FR') => page.getByRole('textbox', { name: text('code.label', {}, language) });
const problem = (page: Page) => page.getByTestId('code-problem');

async function operator(page: Page, request: Parameters<typeof warehouseOperator>[0]) {
  const session = await warehouseOperator(request);
  await signInWith(page, session);
  return session;
}

test.describe('Given parcels shipped to the demo warehouse', () => {
  test('When the operator opens check-in from the menu and types a code, then the parcel is registered, shown with its stock and its buyback’s status, and the field is ready for the next', async ({ page, request }) => {
    await operator(page, request);
    const parcel = await shippedBuyback(request);

    await page.goto('/dashboard/home');
    const menu = page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') });
    await menu.getByRole('link', { name: apiText('fr-FR', 'menu.warehouseCheckin') }).click();
    await expect(page).toHaveURL(/\/dashboard\/warehouse\/checkin$/);
    await expect(page.getByRole('heading', { level: 1, name: text('title') })).toBeVisible();
    await expect(codeField(page)).toBeFocused();
    await expect(page.getByText(text('session.empty'))).toBeVisible();

    await codeField(page).fill(parcel.identificationNumber);
    await page.getByRole('button', { name: text('code.submit') }).click();

    await expect(page.getByTestId('check-in-done')).toHaveText(text('registered', { code: shownCode(parcel.identificationNumber), product: parcel.productLabel }));
    const card = page.getByTestId('checked-in-card');
    await expect(card.getByRole('heading', { name: text('card.lastTitle') })).toBeVisible();
    await expect(card.getByTestId('buyback-code')).toHaveAttribute('data-code', parcel.identificationNumber);
    await expect(card.getByTestId('checked-in-product')).toHaveText(parcel.productLabel);
    await expect(card.getByTestId('checked-in-stock')).toHaveText(apiText('fr-FR', 'stocks.native.to_approve'));
    await expect(card.getByTestId('checked-in-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_registered_in_warehouse'));
    await expect(card.getByTestId('checked-in-buyback-status')).toHaveText(text('buybackStatuses.bb_in_processing'));
    // The field is ready for the next parcel: focused, its text selected.
    await expect(codeField(page)).toBeFocused();
    await expect.poll(() => selectionOf(page, text('code.label'))).toEqual([0, 13]);
    await expect(page.getByTestId('session-entry')).toHaveCount(1);
    await expectAccessible(page);

    // Its compliance check may start now, from the card; its confirmation has its own address.
    const item = await itemOf(await warehouseOperator(request), parcel.identificationNumber);
    await expect(card.getByRole('link', { name: text('card.check') })).toHaveAttribute('href', `/dashboard/warehouse/check/${item.id}`);
    await page.getByTestId('session-entry').getByRole('link', { name: new RegExp(text('session.details')) }).click();
    await expect(page).toHaveURL(new RegExp(`/warehouse/confirmation-checkin/${item.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: text('confirmation.title') })).toBeVisible();
    await expect(page.getByTestId('checked-in-card').getByTestId('checked-in-stock')).toHaveText(apiText('fr-FR', 'stocks.native.to_approve'));
    await expect(codeField(page)).toBeFocused();

    // Back on check-in, the session's parcels are still listed.
    await page.getByRole('link', { name: text('confirmation.back') }).click();
    await expect(page.getByTestId('session-entry')).toHaveCount(1);
  });

  test('When a scanner reads a pile of parcels, then each is checked in without the mouse, and one read again says its status with a link to it', async ({ page, request }) => {
    await operator(page, request);
    const first = await shippedBuyback(request);
    const second = await shippedBuyback(request);
    const third = await shippedBuyback(request);

    await page.goto(CHECK_IN);
    await expect(codeField(page)).toBeFocused();
    for (const parcel of [first, second, third]) {
      await scanWithWedge(page, parcel.identificationNumber);
      await expect(page.getByTestId('check-in-done')).toContainText(shownCode(parcel.identificationNumber));
      await expect(codeField(page)).toBeFocused();
      await expect.poll(() => selectionOf(page, text('code.label'))).toEqual([0, 13]);
    }
    const entries = page.getByTestId('session-entry');
    await expect(entries).toHaveCount(3);
    // Latest first.
    await expect(entries.first()).toContainText(shownCode(third.identificationNumber));
    await expect(page.getByTestId('checked-in-card').getByTestId('buyback-code')).toHaveAttribute('data-code', third.identificationNumber);

    // The second parcel scanned again: its status is not one to register; it says so, and leads to it.
    await scanWithWedge(page, second.identificationNumber);
    const refused = page.getByTestId('check-in-refused');
    await expect(refused).toContainText(apiMessage('fr-FR', 'ITEM_CHECKIN_STATUS_INVALID'));
    await expect(refused).toContainText(apiText('fr-FR', 'items.statuses.item_registered_in_warehouse'));
    const item = await itemOf(await warehouseOperator(request), second.identificationNumber);
    await expect(refused.getByRole('link', { name: text('refusal.openItem') })).toHaveAttribute('href', `/dashboard/items-stock/${item.id}/edit`);
    await expect(refused.getByRole('link', { name: text('refusal.check') })).toHaveAttribute('href', `/dashboard/warehouse/check/${item.id}`);
    // Scanned twice in this session: it says when it was checked in.
    await expect(refused).toContainText(text('refusal.earlier').split('{{at}}')[1]!);
    await expect(codeField(page)).toBeFocused();
    await expect(entries).toHaveCount(3);

    // By its 8-character device code, typed by hand, the next parcel goes in too.
    const fourth = await shippedBuyback(request);
    const fourthItem = await itemOf(await warehouseOperator(request), fourth.identificationNumber);
    await page.keyboard.type(fourthItem.shortCode);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('check-in-done')).toContainText(shownCode(fourth.identificationNumber));
    await expect(entries).toHaveCount(4);
  });

  test('When the next parcel is scanned before the previous one’s answer came, then both are checked in and listed, and the screen shows the latest', async ({ page, request }) => {
    await operator(page, request);
    const slow = await shippedBuyback(request);
    const quick = await shippedBuyback(request);
    // The first answer takes its time (a slow network).
    await page.route('**/api/warehouse/check-ins', async (route) => {
      if (route.request().postDataJSON().code === slow.identificationNumber) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });

    await page.goto(CHECK_IN);
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, slow.identificationNumber);
    await scanWithWedge(page, quick.identificationNumber);

    await expect(page.getByTestId('session-entry')).toHaveCount(2);
    await expect(page.getByTestId('check-in-done')).toContainText(shownCode(quick.identificationNumber));
    await expect(page.getByTestId('checked-in-card').getByTestId('buyback-code')).toHaveAttribute('data-code', quick.identificationNumber);
    await expect(codeField(page)).toBeFocused();
  });

  test('When several items answer to a device code, then the candidates are listed and the one picked is checked in', async ({ page, request }) => {
    const session = await operator(page, request);
    const mine = await shippedBuyback(request);
    const other = await shippedBuyback(request);
    const candidates = await Promise.all([mine, other].map(async (parcel) => {
      const item = await itemOf(session, parcel.identificationNumber);
      return { id: item.id, identificationNumber: item.identificationNumber, product: item.product.label, status: item.status };
    }));
    // Two items sharing an 8-character code are rare in a demo: the API's answer for one is played here, the rest is real.
    await page.route('**/api/warehouse/check-ins', async (route) => {
      if (route.request().postDataJSON().code !== 'AMBI2026') return route.continue();
      await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ code: 'ITEM_CODE_AMBIGUOUS', message: '', details: { code: 'AMBI2026', candidates, more: false } }) });
    });

    await page.goto(CHECK_IN);
    await codeField(page).fill('ambi2026');
    await page.keyboard.press('Enter');
    const listed = page.getByTestId('item-candidates');
    await expect(listed).toContainText(apiMessage('fr-FR', 'ITEM_CODE_AMBIGUOUS'));
    await expect(listed.getByRole('listitem')).toHaveCount(2);
    await expect(listed).toContainText(shownCode(other.identificationNumber));
    await expect(listed).toContainText(apiText('fr-FR', 'items.statuses.item_in_transit'));

    await listed.getByRole('button', { name: text('candidates.pickLabel', { code: shownCode(other.identificationNumber), product: other.productLabel }) }).click();
    await expect(page.getByTestId('check-in-done')).toContainText(shownCode(other.identificationNumber));
    await expect(listed).toHaveCount(0);
    await expect(codeField(page)).toBeFocused();
    expect((await itemOf(session, mine.identificationNumber)).status).toBe('item_in_transit');
    expect((await itemOf(session, other.identificationNumber)).status).toBe('item_registered_in_warehouse');
  });

  test('When the confirmation’s address is opened and the next parcel scanned there, then that parcel’s confirmation follows', async ({ page, request }) => {
    const session = await operator(page, request);
    const parcel = await shippedBuyback(request);
    const next = await shippedBuyback(request);
    const answer = await checkInCode(session, parcel.identificationNumber);

    await page.goto(`/dashboard/warehouse/confirmation-checkin/${answer.id}`);
    await expect(page.getByRole('heading', { level: 2, name: text('confirmation.done') })).toBeVisible();
    await expect(page.getByTestId('buyback-code')).toHaveAttribute('data-code', parcel.identificationNumber);
    await expect(page.getByTestId('checked-in-buyback-status')).toHaveText(text('buybackStatuses.bb_in_processing'));
    await expect(codeField(page)).toBeFocused();

    await scanWithWedge(page, next.identificationNumber);
    const nextItem = await itemOf(session, next.identificationNumber);
    await expect(page).toHaveURL(new RegExp(`/warehouse/confirmation-checkin/${nextItem.id}$`));
    await expect(page.getByTestId('buyback-code')).toHaveAttribute('data-code', next.identificationNumber);
    await expect(codeField(page)).toBeFocused();
  });
});

test.describe('Given the operator on the check-in screen', () => {
  test('When a code is missing, of the wrong length or shape, or names nothing of this warehouse, then the specification’s message says so at the field', async ({ page, request }) => {
    await operator(page, request);
    const parcel = await shippedBuyback(request);
    await page.goto(CHECK_IN);
    const submit = page.getByRole('button', { name: text('code.submit') });

    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_REQUIRED'));
    await expect(codeField(page)).toBeFocused();

    await codeField(page).fill('12345');
    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_LENGTH'));

    await codeField(page).fill('20000abc00001');
    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_INVALID'));

    // A wrong check digit: no item can have it (the domain's rule, before any request).
    await codeField(page).fill(wrongCheckDigit(parcel.identificationNumber));
    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_NOT_RECOGNISED'));

    // Well formed, but no item of this warehouse has it (the API's answer).
    await codeField(page).fill('ZZ00ZZ00');
    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_NOT_RECOGNISED'));
    await expect(codeField(page)).toBeFocused();
    await expect(page.getByTestId('session-entry')).toHaveCount(0);

    // The field's problem goes with the next good code.
    await codeField(page).fill(parcel.identificationNumber);
    await submit.click();
    await expect(page.getByTestId('check-in-done')).toBeVisible();
    await expect(problem(page)).toHaveCount(0);
  });

  test('When used on a phone (375 px), then nothing scrolls sideways, and the screen stays accessible', async ({ page, request }) => {
    await operator(page, request);
    const parcel = await shippedBuyback(request);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(CHECK_IN);
    await codeField(page).fill(parcel.identificationNumber);
    await page.getByRole('button', { name: text('code.submit') }).click();
    await expect(page.getByTestId('checked-in-card')).toBeVisible();
    await expect(page.getByTestId('session-entry')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });

  test('When the interface is in English, then the screen and the API’s refusals are in English', async ({ page, request }) => {
    await inEnglish(page);
    await operator(page, request);
    const parcel = await shippedBuyback(request);
    await page.goto(CHECK_IN);
    await expect(page.getByRole('heading', { level: 1, name: text('title', {}, 'en-GB') })).toBeVisible();
    await expect(page.getByText(text('intro', {}, 'en-GB'))).toBeVisible();

    await codeField(page, 'en-GB').fill('12345');
    await page.getByRole('button', { name: text('code.submit', {}, 'en-GB') }).click();
    await expect(problem(page)).toHaveText(apiMessage('en-GB', 'ITEM_CODE_LENGTH'));

    await codeField(page, 'en-GB').fill(parcel.identificationNumber);
    await page.getByRole('button', { name: text('code.submit', {}, 'en-GB') }).click();
    await expect(page.getByTestId('check-in-done')).toHaveText(text('registered', { code: shownCode(parcel.identificationNumber), product: parcel.productLabel }, 'en-GB'));
    await expect(page.getByTestId('checked-in-stock')).toHaveText(apiText('en-GB', 'stocks.native.to_approve'));
    await expect(page.getByTestId('checked-in-buyback-status')).toHaveText(text('buybackStatuses.bb_in_processing', {}, 'en-GB'));
  });
});

test.describe('Given a user for whom the retailer’s check-in is disabled (the super admin is treated as disabled)', () => {
  test('When they open the check-in or its confirmation, then they are sent home, and the menu offers no check-in', async ({ page, request }) => {
    const admin = await superAdmin(request);
    const me = await admin.ok('get', '/me');
    expect(me.permissions).toContain('item.check_in');
    await signInWith(page, admin);

    await page.goto(CHECK_IN);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    const menu = page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') });
    await expect(menu.getByRole('link', { name: apiText('fr-FR', 'menu.warehouseCheck') })).toBeVisible();
    await expect(menu.getByRole('link', { name: apiText('fr-FR', 'menu.warehouseCheckin') })).toHaveCount(0);

    await page.goto('/dashboard/warehouse/confirmation-checkin/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/dashboard\/home$/);
  });
});

test.describe('Given a package the carrier says it delivered to the demo warehouse', () => {
  test('When the operator opens check-in, then its parcel is announced, and once scanned it is no longer', async ({ page, request }) => {
    const { buyback, package: parcel } = await packedAndLabelled(request);
    await carrierReports(request, parcel.label!.trackingNumber, 'DELIVERY_INIT');
    await carrierReports(request, parcel.label!.trackingNumber, 'DELIVERED_OK');
    await operator(page, request);
    await page.goto(CHECK_IN);

    const announced = page.getByTestId('announced-arrivals');
    await expect(announced.getByRole('heading', { name: text('arrivals.title') })).toBeVisible();
    const row = announced.getByRole('row').filter({ hasText: shownCode(buyback.identificationNumber) });
    await expect(row).toContainText(parcel.number);
    await expectAccessible(page);

    await codeField(page).fill(buyback.identificationNumber);
    await page.getByRole('button', { name: text('code.submit') }).click();
    await expect(page.getByTestId('check-in-done')).toHaveText(text('registered', { code: shownCode(buyback.identificationNumber), product: buyback.productLabel }));
    await expect(row).toHaveCount(0);
  });
});

test.describe('Given a device still in the Paris store’s open package', () => {
  test('When the operator scans it, then the screen says it is still in the store’s package, not shipped, and confirming they hold it receives it out of the package', async ({ page, request }) => {
    const seller = await parisSeller(request);
    const buyback = await phoneBuyback(seller);
    const pkg = await openPackage(seller, WAREHOUSES.orleans, 'with_label');
    await scanThroughApi(seller, pkg.id, buyback.identificationNumber);
    await operator(page, request);
    await page.goto(CHECK_IN);

    await codeField(page).fill(buyback.identificationNumber);
    await page.getByRole('button', { name: text('code.submit') }).click();
    const refused = page.getByTestId('check-in-still-in-store');
    await expect(refused).toContainText(text('refusal.inStorePackage', { code: shownCode(buyback.identificationNumber), number: pkg.number }));
    await expect(refused).toContainText(text('refusal.reconcileHelp'));
    await expect(page.getByTestId('check-in-done')).toHaveCount(0);
    await expectAccessible(page);

    await refused.getByRole('button', { name: text('refusal.reconcile') }).click();
    await expect(page.getByTestId('check-in-done')).toHaveText(text('registered', { code: shownCode(buyback.identificationNumber), product: buyback.productLabel }));
    await expect(page.getByTestId('checked-in-card').getByTestId('checked-in-stock')).toHaveText(apiText('fr-FR', 'stocks.native.to_approve'));
    const after = await seller.ok('get', `/packages/${pkg.id}`);
    expect(after.buybackCount).toBe(0);
  });
});
