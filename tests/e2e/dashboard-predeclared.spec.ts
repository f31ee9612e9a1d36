import { expect, test, type Page } from '@playwright/test';
import { scanWithWedge } from './support/barcode-scanner.js';
import { apiMessage, apiText, createStoreBuyback, dashboardText, expectAccessible, shownCode, signInWith, StaffApi } from './support/dashboard.js';
import { createPredeclaredBuyback, predeclaredText as text } from './support/predeclared.js';
import { euros } from './support/storefront.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';

/**
 * The pre-declared buybacks check (specification 000 §2, §5, §8), as the demo
 * store seller runs it: a customer who declared a device on the storefront
 * ("drop in store") brings it with their code; the seller types or scans the
 * code, checks the declaration with the device in hand, finalizes it in the
 * store, and the buyback is then in the store's list, awaiting shipment.
 */

const DAY_MS = 86_400_000;
const CODE_PAGE = '/dashboard/buybacks-predeclared';

const codeField = (page: Page) => page.getByRole('textbox', { name: text('code.label') });
const problem = (page: Page) => page.getByTestId('code-problem');

async function seller(page: Page, request: Parameters<typeof StaffApi.login>[0]): Promise<StaffApi> {
  const session = await StaffApi.login(request, 'seller@demo.test');
  await signInWith(page, session);
  return session;
}

/** Ticks "the device matches" and finalizes; the confirmation follows. */
async function finalize(page: Page) {
  const confirm = page.getByRole('checkbox', { name: text('check.confirm') });
  // Ticked again if the declaration was still re-rendering (its form reset) when first clicked.
  await expect(async () => {
    await confirm.check({ force: true, timeout: 2_000 });
    await expect(confirm).toBeChecked({ timeout: 1_000 });
  }).toPass();
  await page.getByRole('button', { name: text('check.finalize') }).click();
  await expect(page.getByRole('heading', { level: 2, name: text('finalized.title') })).toBeVisible();
}

test.describe('Given a storefront customer’s buyback pre-declared for a drop in store', () => {
  test('When the seller types its code, then the declaration is shown as declared, finalized in the store, and in the store’s list', async ({ page, request }) => {
    const session = await seller(page, request);
    const buyback = await createPredeclaredBuyback(request, session);

    // The menu leads there (a store user who may finalize).
    await page.goto('/dashboard/home');
    const menu = page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') });
    await menu.getByRole('link', { name: apiText('fr-FR', 'menu.buybacksPredeclared') }).click();
    await expect(page).toHaveURL(/\/dashboard\/buybacks-predeclared$/);
    await expect(codeField(page)).toBeFocused();

    await codeField(page).fill(buyback.identificationNumber);
    await page.getByRole('button', { name: text('code.submit') }).click();

    // The declaration as the store will take it.
    await expect(page).toHaveURL(new RegExp(`/buybacks-predeclared/${buyback.identificationNumber}$`));
    await expect(page.getByRole('heading', { level: 2, name: text('check.title') })).toBeFocused();
    await expect(page.getByTestId('predeclared-code')).toHaveText(shownCode(buyback.identificationNumber));
    await expect(page.getByTestId('predeclared-product')).toHaveText(buyback.productLabel);
    await expect(page.getByTestId('declared-price')).toHaveText(euros(buyback.declaredPriceInCents));
    await expect(page.getByTestId('declared-grade')).not.toBeEmpty();
    await expect(page.getByTestId('declared-answers')).toContainText(/s'allume-t-il/);
    await expect(page.getByText(`${buyback.firstName} ${buyback.lastName}`)).toBeVisible();
    await expect(page.getByText(text('deposits.drop'), { exact: false })).toBeVisible();
    await expect(page.getByTestId('prices-hold')).toBeVisible();
    await expect(page.getByTestId('price-warning')).toHaveCount(0);
    await expectAccessible(page);

    // Finalizing asks that the device was checked first.
    await page.getByRole('button', { name: text('check.finalize') }).click();
    await expect(page.getByText(text('check.confirmRequired'))).toBeVisible();
    await finalize(page);

    await expect(page).toHaveURL(new RegExp(`/buybacks-predeclared/${buyback.identificationNumber}/finalized$`));
    await expect(page.getByTestId('buyback-code')).toHaveAttribute('data-code', buyback.identificationNumber);
    await expect(page.getByText(text('finalized.next'))).toBeVisible();
    await expect(page.getByRole('link', { name: text('finalized.open') })).toHaveAttribute('href', `/dashboard/buyback/${buyback.id}`);

    // The next step: the store's buybacks awaiting shipment, where it now is.
    await page.getByRole('link', { name: text('finalized.toShip') }).click();
    await expect(page).toHaveURL(/\/dashboard\/buybacks\?status=bb_awaiting_inventory$/);
    await page.goto(`/dashboard/buybacks?customerName=${buyback.lastName}`);
    const row = page.getByTestId('buyback-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(shownCode(buyback.identificationNumber));
    await expect(row).toContainText(dashboardText('features/buybacks', 'fr-FR', 'statuses.awaitingShipment'));
  });

  test('When a scanner reads a wrong code then its code, then the field keeps the focus for the next scan and the right one opens its declaration, finalized', async ({ page, request }) => {
    const session = await seller(page, request);
    const buyback = await createPredeclaredBuyback(request, session);
    const code = buyback.identificationNumber;
    const wrongCheckDigit = code.slice(0, 12) + String((Number(code[12]) + 1) % 10);

    await page.goto(CODE_PAGE);
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, wrongCheckDigit);
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'BUYBACK_CODE_NOT_FOUND'));
    await expect(codeField(page)).toBeFocused();
    await expect(codeField(page)).toHaveValue(wrongCheckDigit);
    // Its text selected: whatever comes next replaces it.
    await expect.poll(() => codeField(page).evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 13]);

    // The next scan replaces the code read before.
    await scanWithWedge(page, code);
    await expect(page).toHaveURL(new RegExp(`/buybacks-predeclared/${code}$`));
    await expect(page.getByTestId('predeclared-product')).toHaveText(buyback.productLabel);

    await finalize(page);
    await page.getByRole('link', { name: text('finalized.open') }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/buyback/${buyback.id}$`));
    await expect(page.getByText(dashboardText('features/buybacks', 'fr-FR', 'statuses.awaitingShipment')).first()).toBeVisible();

    // Finalized, its code is no longer one to take in: the check says where it stands.
    await page.goto(`${CODE_PAGE}/${code}`);
    await expect(page.getByRole('alert')).toContainText(apiMessage('fr-FR', 'BUYBACK_NOT_VERIFIABLE'));
    await expect(page.getByRole('alert')).toContainText(text('notEligible.status', { status: text('statuses.bb_awaiting_inventory') }));
  });

  test('When it was declared more than 15 days ago, then on a phone the check warns that prices may have changed', async ({ page, request }) => {
    const session = await seller(page, request);
    const buyback = await createPredeclaredBuyback(request, session);
    await page.setViewportSize({ width: 375, height: 800 });
    // Sixteen days after the declaration, as far as the page can tell.
    await page.clock.setFixedTime(new Date(Date.now() + 16 * DAY_MS));

    await page.goto(`${CODE_PAGE}/${buyback.identificationNumber}`);

    const warning = page.getByTestId('price-warning');
    await expect(warning).toContainText(text('priceWarning.title'));
    await expect(warning).toContainText(/16 jours/);
    await expect(warning).toContainText(/15 jours/);
    await expect(page.getByTestId('prices-hold')).toHaveCount(0);
    await expect(page.getByRole('button', { name: text('check.finalize') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});

test.describe('Given the seller on the code screen', () => {
  test('When the code is missing, not digits, not 13 digits, unknown or not eligible, then the specification’s message says so', async ({ page, request }) => {
    const session = await seller(page, request);
    const inStore = await createStoreBuyback(session);
    await page.goto(CODE_PAGE);
    const submit = page.getByRole('button', { name: text('code.submit') });

    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'BUYBACK_CODE_REQUIRED'));

    await codeField(page).fill('20000abc00001');
    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'BUYBACK_CODE_NOT_NUMERIC'));

    await codeField(page).fill('200000000001');
    await submit.click();
    await expect(problem(page)).toHaveText(apiMessage('fr-FR', 'BUYBACK_CODE_LENGTH').replace('{{expected}}', '13'));

    // A valid number no buyback has: "not recognised" (Ce code reprise n'est pas reconnu.).
    await codeField(page).fill(identificationNumberFrom('299999999999'));
    await submit.click();
    await expect(problem(page)).toHaveText("Ce code reprise n'est pas reconnu.");
    await expect(codeField(page)).toBeFocused();

    // A buyback of this store, registered here: not one to take in.
    await codeField(page).fill(shownCode(inStore.identificationNumber));
    await submit.click();
    await expect(problem(page)).toContainText(apiMessage('fr-FR', 'BUYBACK_NOT_VERIFIABLE'));
    await expect(problem(page)).toContainText(text('notEligible.status', { status: text('statuses.bb_awaiting_inventory') }));
    await expect(page.getByRole('link', { name: text('notEligible.open') })).toHaveAttribute('href', `/dashboard/buyback/${inStore.id}`);
    await expect(page).toHaveURL(/\/dashboard\/buybacks-predeclared$/);
  });
});
