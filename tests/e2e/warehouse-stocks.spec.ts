import { expect, test, type Page } from '@playwright/test';
import { apiMessage, apiText, expectAccessible, signInWith, uniqueName } from './support/dashboard.js';
import { checkedInItem, expectNoSidewaysScroll, itemsText, moveThroughApi, ownStock, stocksText, warehouseSessions } from './support/warehouse-stock.js';

const rows = (page: Page) => page.getByTestId('stock-row');
/** The link a row's name is. */
const nameLink = (row: ReturnType<typeof rows>) => row.locator('td').first().getByRole('link');

/** Filters the list by name through its filters bar (again if the list was still settling when typed into). */
async function filterByName(page: Page, name: string) {
  await expect(page.getByTestId('stocks-total')).not.toBeEmpty();
  await expect(async () => {
    await page.getByLabel(stocksText('filters.name'), { exact: true }).fill(name);
    await page.getByRole('button', { name: stocksText('filters.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]name=${encodeURIComponent(name).replace(/%20/g, '\\+')}`), { timeout: 2_000 });
  }).toPass();
}

test.describe('Given the warehouse manager on the stocks', () => {
  test('When they create a stock, rename it, try a name already used, then delete it, then each step is shown and the list follows', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const taken = await ownStock(sessions.manager, 'Prise');
    const name = `Rayon ${uniqueName('')}`;
    await signInWith(page, sessions.manager);
    await page.goto('/dashboard/stocks');
    await expect(page.getByRole('heading', { level: 1, name: stocksText('list.title') })).toBeVisible();

    await page.getByRole('link', { name: stocksText('actions.create') }).click();
    await expect(page).toHaveURL(/\/dashboard\/stocks\/create$/);
    await page.getByRole('button', { name: stocksText('create.submit') }).click();
    await expect(page.getByText(stocksText('form.errors.nameRequired'))).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(stocksText('fields.name')).fill(name);
    await page.getByLabel(stocksText('fields.identifier')).fill('RAY-1');
    await page.getByLabel(stocksText('fields.location')).fill('Allée 4');
    await page.getByRole('button', { name: stocksText('create.submit') }).click();
    await expect(page.getByText(stocksText('notifications.created', { name }))).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/stocks(\?.*)?$/);

    await filterByName(page, name);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('RAY-1');
    await expect(rows(page)).toContainText('Allée 4');
    await expect(rows(page).getByTestId('native-stock')).toHaveCount(0);
    await nameLink(rows(page)).click();

    // A name another stock of the warehouse has (whatever the case): refused on the name field.
    await expect(page.getByRole('heading', { level: 1, name: stocksText('edit.title', { name }) })).toBeVisible();
    const nameField = page.getByLabel(stocksText('fields.name'));
    await nameField.fill(taken.name.toUpperCase());
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'STOCK_NAME_ALREADY_EXISTS'))).toBeVisible();
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');

    const renamed = `${name} bis`;
    await nameField.fill(renamed);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(stocksText('notifications.updated', { name: renamed }))).toBeVisible();
    await filterByName(page, renamed);
    await expect(rows(page)).toHaveCount(1);
    await nameLink(rows(page)).click();

    await page.getByRole('button', { name: stocksText('actions.delete') }).click();
    const confirm = page.getByRole('alertdialog', { name: stocksText('delete.title', { name: renamed }) });
    await expect(confirm).toContainText(stocksText('delete.warning'));
    await confirm.getByRole('button', { name: stocksText('delete.confirm') }).click();
    await expect(page.getByText(stocksText('notifications.deleted', { name: renamed }))).toBeVisible();
    await filterByName(page, renamed);
    await expect(page.getByText(stocksText('list.emptyFiltered'))).toBeVisible();
  });

  test('When a stock receives a device after its page was opened, then deleting it is refused with the API’s reason', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const stock = await ownStock(sessions.manager, 'Bientôt plein');
    const { itemId } = await checkedInItem(sessions);
    await signInWith(page, sessions.manager);
    await page.goto(`/dashboard/stocks/${stock.id}/edit`);
    await page.getByRole('button', { name: stocksText('actions.delete') }).click();
    await moveThroughApi(sessions.operator, itemId, stock.id, 'Arrivé entre-temps');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: stocksText('delete.confirm') }).click();
    await expect(confirm.getByRole('alert')).toHaveText(apiMessage('fr-FR', 'STOCK_NOT_EMPTY').replace('{{itemCount}}', '1').replace('{{refurbStepCount}}', '0'));
    await confirm.getByRole('button', { name: 'Annuler' }).click();

    // Holding a device, it offers no deletion, says why, and leads to its devices.
    await page.reload();
    await expect(page.getByRole('button', { name: stocksText('actions.delete') })).toHaveCount(0);
    await expect(page.getByText(stocksText('edit.notDeletable_one', { count: 1 }))).toBeVisible();
    await page.getByRole('link', { name: stocksText('actions.items') }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/items-stock\\?stockId=${stock.id}$`));
    await expect(page.getByTestId('item-row')).toHaveCount(1);
  });

  test('When they open a native stock, then it is marked native, read-only, and cannot be deleted', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    await signInWith(page, sessions.manager);
    await page.goto('/dashboard/stocks?origin=native');
    await expect(rows(page)).toHaveCount(5);
    for (const kind of ['to_approve', 'to_refurbish', 'refurb_completed', 'customer_return', 'in_quarantine']) {
      await expect(rows(page).filter({ hasText: apiText('fr-FR', `stocks.native.${kind}`) }).getByTestId('native-stock')).toHaveText(stocksText('native.badge'));
    }
    await nameLink(rows(page).filter({ hasText: apiText('fr-FR', 'stocks.native.to_refurbish') })).click();
    await expect(page.getByRole('heading', { level: 1, name: apiText('fr-FR', 'stocks.native.to_refurbish') })).toBeVisible();
    await expect(page.getByText(stocksText('edit.nativeReadOnly'))).toBeVisible();
    await expect(page.getByLabel(stocksText('fields.name'))).toHaveCount(0);
    await expect(page.getByRole('button', { name: stocksText('actions.delete') })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('Given the warehouse operator (stock.list without stock.manage)', () => {
  test('When they open the stocks, then they see them with quantities and ages, but may neither create nor edit one', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const stock = await ownStock(sessions.manager, 'Consultation');
    await signInWith(page, sessions.operator);
    await page.goto('/dashboard/stocks');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: stocksText('actions.create') })).toHaveCount(0);
    await filterByName(page, stock.name);
    // The filtered page, not the one still shown while it loads.
    await expect(rows(page)).toHaveCount(1);
    await expect(nameLink(rows(page))).toHaveText(stock.name);
    await nameLink(rows(page)).click();
    await expect(page.getByRole('heading', { level: 1, name: stock.name })).toBeVisible();
    await expect(page.getByLabel(stocksText('fields.name'))).toHaveCount(0);
    await page.goto('/dashboard/stocks/create');
    await expect(page).toHaveURL(/\/dashboard\/home$/);
  });

  test('When the stocks are seen on a 375 px phone, then nothing scrolls sideways and there is no serious accessibility violation', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWith(page, sessions.operator);
    await page.goto('/dashboard/stocks');
    await expect(rows(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await rows(page).first().getByRole('link', { name: stocksText('actions.items') }).click();
    await expect(page.getByRole('heading', { level: 1, name: itemsText('list.title') })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
