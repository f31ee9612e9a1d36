import { expect, test, type Page } from '@playwright/test';
import { apiMessage, apiText, dashboardText, expectAccessible, shownCode, signInWith, StaffApi, type CreatedBuyback } from './support/dashboard.js';
import { completedBuyback, failedPayments, manualPayment, paymentInStatus, paymentOf, paymentsText, people, sepaTurn } from './support/payments.js';
import { csvOf, expectNoSidewaysScroll } from './support/warehouse-stock.js';

const REJECTION = { code: 'AC04', information: 'Compte clôturé' };
const statusText = (status: string) => paymentsText(`statuses.${status}`);
const rowOf = (page: Page, buyback: CreatedBuyback) => page.getByTestId('payment-row').filter({ hasText: shownCode(buyback.identificationNumber) });

/** The payment search filtered by one buyback's code alone (the other filters reset), applied from the filters bar. */
async function searchByCode(page: Page, buyback: CreatedBuyback) {
  const filters = page.getByRole('search', { name: paymentsText('filters.title') });
  await filters.getByRole('button', { name: paymentsText('filters.reset') }).click();
  await expect(page).toHaveURL(/\/searchPayment$/);
  await filters.getByLabel(paymentsText('filters.code')).fill(buyback.identificationNumber);
  await filters.getByRole('button', { name: paymentsText('filters.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`identificationNumber=${buyback.identificationNumber}`));
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
}

test.describe('Given bank transfers the bank rejected', () => {
  // Its SEPA file must not take the other journey's transfer, nor the other's take its own (sepaTurn).
  let endTurn: () => void = () => undefined;
  test.beforeEach(async () => {
    endTurn = await sepaTurn();
  });
  test.afterEach(() => endTurn());

  test('When the retailer searches them, then each shows why it failed; relaunched, it is a new attempt; relaunched meanwhile by someone else, the refusal is the API’s', async ({ page, request }) => {
    test.slow();
    const who = await people(request);
    const [first, second] = [await completedBuyback(who, 'Échec'), await completedBuyback(who, 'Échec')];
    await failedPayments(request, who, [first, second], REJECTION);

    await signInWith(page, who.retailer);
    await page.goto('/dashboard/searchPayment');
    // The first screen of a fresh server (its demo activity still running) may take a while.
    await expect(page.getByRole('heading', { level: 1, name: paymentsText('list.title') })).toBeVisible({ timeout: 30_000 });

    // Found by the customer's name and the failed status: both, each with the bank's reason and a relaunch, no "mark as paid" (not manual).
    const filters = page.getByRole('search', { name: paymentsText('filters.title') });
    await filters.getByLabel(paymentsText('filters.customerName')).fill('Échec');
    await filters.getByRole('checkbox', { name: statusText('payment_failed') }).check({ force: true });
    await filters.getByRole('button', { name: paymentsText('filters.apply') }).click();
    await expect(page).toHaveURL(/status=payment_failed/);
    for (const buyback of [first, second]) {
      const row = rowOf(page, buyback);
      await expect(row.locator('[data-status]')).toHaveText(statusText('payment_failed'));
      await expect(row.getByTestId('payment-failure')).toHaveText(`${REJECTION.code} ${REJECTION.information}`);
      await expect(row.getByRole('button', { name: paymentsText('actions.RelaunchPayment') })).toBeVisible();
      await expect(row.getByRole('button', { name: paymentsText('actions.MarkPaymentAsPaid') })).toHaveCount(0);
    }
    await expectAccessible(page);

    // The CSV export holds the search as shown.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: paymentsText('actions.export') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = csvOf(await download.path());
    expect(csv.lines.filter((line) => line.includes(first.identificationNumber) || line.includes(second.identificationNumber))).toHaveLength(2);

    // Relaunched from its row with a reason: a new attempt, created again for its provider.
    await searchByCode(page, first);
    await rowOf(page, first).getByRole('button', { name: paymentsText('actions.RelaunchPayment') }).click();
    let dialog = page.getByRole('dialog', { name: paymentsText('relaunch.title') });
    await dialog.getByLabel(paymentsText('relaunch.text')).fill('IBAN corrigé par le client');
    await expect(dialog.getByTestId('payment-text-count')).toHaveText(paymentsText('dialog.counter', { length: 26, max: 255 }));
    await dialog.getByRole('button', { name: paymentsText('relaunch.submit') }).click();
    await expect(page.getByText(paymentsText('notifications.relaunch'))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, first).locator('[data-status]')).toHaveText(statusText('payment_created'));
    await expect(rowOf(page, first).getByRole('button', { name: paymentsText('actions.RelaunchPayment') })).toHaveCount(0);

    // Its detail: the amount, how it is paid, every attempt with its outcome, the way to its buyback.
    await rowOf(page, first).getByRole('link', { name: shownCode(first.identificationNumber) }).click();
    await expect(page.getByRole('heading', { level: 1, name: paymentsText('detail.title', { code: shownCode(first.identificationNumber) }) })).toBeVisible();
    const means = page.getByRole('region', { name: paymentsText('sections.means') });
    await expect(means).toContainText(paymentsText('types.bank_transfer'));
    await expect(means).toContainText(paymentsText('providers.bank_transfer_file'));
    await expect(page.getByRole('region', { name: paymentsText('sections.amount') })).toContainText(paymentsText('modifier.none'));
    const attempts = page.getByTestId('payment-attempts').locator('tbody tr');
    await expect(attempts).toHaveCount(2);
    await expect(attempts.nth(0)).toContainText(paymentsText('outcomes.pending'));
    await expect(attempts.nth(0)).toContainText(paymentsText('attempts.relaunchReason', { reason: 'IBAN corrigé par le client' }));
    await expect(attempts.nth(1)).toContainText(paymentsText('outcomes.failed'));
    await expect(attempts.nth(1)).toContainText(REJECTION.code);
    await page.getByRole('region', { name: paymentsText('sections.buyback') }).getByRole('link', { name: shownCode(first.identificationNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/buyback/${first.id}$`));
    const block = page.getByTestId('buyback-payment');
    await expect(block.locator('[data-status]')).toHaveText(statusText('payment_created'));
    await expect(block.getByRole('link', { name: (await paymentOf(who.retailer, first)).id })).toBeVisible();

    // The second: its dialog opened, then relaunched by someone else: refused in the API's words, nothing written twice.
    await page.goto('/dashboard/searchPayment');
    await searchByCode(page, second);
    await rowOf(page, second).getByRole('button', { name: paymentsText('actions.RelaunchPayment') }).click();
    dialog = page.getByRole('dialog', { name: paymentsText('relaunch.title') });
    const { id } = await paymentOf(who.retailer, second);
    await who.retailer.ok('post', `/payments/${id}/relaunch`, { reason: 'Relancé par la comptabilité' });
    await dialog.getByRole('button', { name: paymentsText('relaunch.submit') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(apiMessage('fr-FR', 'PAYMENT_RELAUNCH_NOT_ALLOWED'));
    const payment = await who.retailer.ok('get', `/payments/${id}`);
    expect(payment.attempts).toHaveLength(2);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, second).locator('[data-status]')).toHaveText(statusText('payment_created'));
  });
});

test.describe('Given a bank transfer paid by hand', () => {
  test('When the buyer’s manager opens the payments from the menu, then they see it to make, mark it paid with what was done, on a phone too', async ({ page, request }) => {
    test.slow();
    const who = await people(request);
    const buyback = await manualPayment(request, who, 'Manuel');
    const buyer = await StaffApi.login(request, 'buyer@demo.test', 'lcm');

    await signInWith(page, buyer);
    await page.goto('/dashboard/home');
    await page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') }).getByRole('link', { name: apiText('fr-FR', 'menu.searchPayment') }).click();
    await expect(page).toHaveURL(/\/dashboard\/searchPayment/);

    await page.setViewportSize({ width: 375, height: 800 });
    await searchByCode(page, buyback);
    const row = rowOf(page, buyback);
    await expect(row.locator('[data-status]')).toHaveText(statusText('payment_created'));
    await expect(row).toContainText(paymentsText('providers.manual'));
    await expect(row.getByRole('button', { name: paymentsText('actions.RelaunchPayment') })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await row.getByRole('button', { name: paymentsText('actions.MarkPaymentAsPaid') }).click();
    const dialog = page.getByRole('dialog', { name: paymentsText('markAsPaid.title') });
    await expect(dialog.getByTestId('payment-text-count')).toHaveText(paymentsText('dialog.counter', { length: 0, max: 255 }));
    // More than 255 characters: said at the field, not sent.
    await dialog.getByLabel(paymentsText('markAsPaid.text')).fill('x'.repeat(256));
    await expect(dialog.getByText(paymentsText('dialog.tooLong', { max: 255 }))).toBeVisible();
    await dialog.getByLabel(paymentsText('markAsPaid.text')).fill('Virement manuel du 12/03, réf. BQ-4471');
    await dialog.getByRole('button', { name: paymentsText('markAsPaid.submit') }).click();
    await expect(page.getByText(paymentsText('notifications.markAsPaid'))).toBeVisible();
    await expect(row.locator('[data-status]')).toHaveText(statusText('payment_completed'));
    await expect(row.getByRole('button', { name: paymentsText('actions.MarkPaymentAsPaid') })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await row.getByRole('link', { name: shownCode(buyback.identificationNumber) }).click();
    await expect(page.getByRole('region', { name: paymentsText('sections.state') })).toContainText('Virement manuel du 12/03, réf. BQ-4471');
    await expectNoSidewaysScroll(page);
    expect((await paymentInStatus(who.retailer, buyback, 'payment_completed')).status).toBe('payment_completed');
  });
});
