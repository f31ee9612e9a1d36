import { expect, test, type Page } from '@playwright/test';
import { apiText, expectAccessible, shownCode, signInWith } from './support/dashboard.js';
import {
  checkedInItem,
  csvOf,
  expectNoSidewaysScroll,
  featureText,
  itemOf,
  itemsText,
  moveThroughApi,
  ownStock,
  PEOPLE,
  warehouseSessions,
} from './support/warehouse-stock.js';

const detailTitle = (identificationNumber: string) => itemsText('detail.title', { code: shownCode(identificationNumber) });

async function openDetail(page: Page, itemId: string, identificationNumber: string, tab?: string) {
  await page.goto(`/dashboard/items-stock/${itemId}/edit${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: detailTitle(identificationNumber) })).toBeVisible();
}

const historyRows = (page: Page) => page.getByTestId('item-history').locator('tbody tr');

/** The stocks list, filtered by the stock's name, shows this many devices in it. */
async function expectQuantity(page: Page, stock: { name: string }, quantity: string) {
  await page.goto(`/dashboard/stocks?name=${encodeURIComponent(stock.name)}`);
  await expect(page.getByTestId('stock-row')).toHaveCount(1);
  await expect(page.getByTestId('stock-row').locator('td').nth(3)).toHaveText(quantity);
}

test.describe('Given a device checked in at the warehouse', () => {
  test('When the operator moves it to another stock from its detail, then its history says who, when, why and the stock change, and both stocks count it where it is', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const [from, to] = [await ownStock(sessions.manager, 'Départ'), await ownStock(sessions.manager, 'Arrivée')];
    const { buyback, itemId } = await checkedInItem(sessions);
    await moveThroughApi(sessions.operator, itemId, from.id, 'Rangement initial');

    await signInWith(page, sessions.operator);
    await expectQuantity(page, from, '1');
    await expectQuantity(page, to, '0');

    await openDetail(page, itemId, buyback.identificationNumber);
    await page.getByRole('button', { name: itemsText('actions.MoveItem') }).click();
    const dialog = page.getByRole('dialog', { name: itemsText('move.title') });
    // Both are required.
    await dialog.getByRole('button', { name: itemsText('move.submit') }).click();
    await expect(dialog.getByText(itemsText('move.stockRequired'))).toBeVisible();
    await expect(dialog.getByText(itemsText('move.reasonRequired'))).toBeVisible();
    // The stock it is in is not offered again, nor quarantine (only a quarantine enters it).
    const select = dialog.getByLabel(itemsText('move.stock'));
    await expect(select.locator('option', { hasText: from.name })).toHaveCount(0);
    await expect(select.locator('option', { hasText: apiText('fr-FR', 'stocks.native.in_quarantine') })).toHaveCount(0);
    await select.selectOption({ label: to.name });
    await dialog.getByLabel(itemsText('move.reason')).fill('Étagère pleine');
    await dialog.getByRole('button', { name: itemsText('move.submit') }).click();
    await expect(page.getByText(itemsText('notifications.moved', { stock: to.name }))).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: itemsText('detail.tabs.history') }).click();
    await expect(page).toHaveURL(/tab=history/);
    const moved = historyRows(page).first();
    await expect(moved).toContainText(itemsText('history.events.ItemMovedToStock'));
    await expect(moved).toContainText(PEOPLE.operator);
    await expect(moved).toContainText('Étagère pleine');
    await expect(moved).toContainText(itemsText('history.stockChange', { from: from.name, to: to.name }));
    await expect(moved.locator('td').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The check-in: received by the operator, from no stock into "to approve".
    const checkIn = historyRows(page).nth(2);
    await expect(checkIn).toContainText(itemsText('history.events.ItemRegisteredInWarehouse'));
    await expect(checkIn).toContainText(PEOPLE.operator);
    await expect(checkIn).toContainText(itemsText('history.stockChange', { from: itemsText('history.noStock'), to: apiText('fr-FR', 'stocks.native.to_approve') }));
    await expect(historyRows(page).last()).toContainText(itemsText('history.events.ItemCreated'));

    await expectQuantity(page, from, '0');
    await expectQuantity(page, to, '1');
  });

  test('When the manager declares it lost in the warehouse, then it is lost, the loss is told, and no action is left', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const { buyback, itemId } = await checkedInItem(sessions);
    await signInWith(page, sessions.manager);
    await openDetail(page, itemId, buyback.identificationNumber);
    // The manager may declare a loss in the warehouse or in transport, not in the store (that is the store's).
    await expect(page.getByRole('button', { name: itemsText('actions.DeclareItemLostInStore') })).toHaveCount(0);

    await page.getByRole('button', { name: itemsText('actions.DeclareItemLostInWarehouse') }).click();
    const dialog = page.getByRole('dialog', { name: itemsText('lost.title.warehouse') });
    await expect(dialog).toContainText(itemsText('lost.warning'));
    await dialog.getByRole('button', { name: itemsText('lost.submit') }).click();
    await expect(dialog.getByText(itemsText('lost.commentRequired'))).toBeVisible();
    await dialog.getByLabel(itemsText('lost.comment')).fill('Introuvable après inventaire');
    await dialog.getByRole('button', { name: itemsText('lost.submit') }).click();
    await expect(page.getByText(itemsText('notifications.lost'))).toBeVisible();

    await expect(page.locator('[data-status]').first()).toHaveText(apiText('fr-FR', 'items.statuses.item_lost_warehouse'));
    const loss = page.getByRole('region', { name: itemsText('sections.loss') });
    await expect(loss).toContainText(apiText('fr-FR', 'items.lostPlaces.warehouse'));
    await expect(loss).toContainText('Introuvable après inventaire');
    await expect(loss).toContainText(PEOPLE.manager);
    await expect(page.getByRole('button', { name: itemsText('actions.MoveItem') })).toHaveCount(0);
    expect((await itemOf(sessions.manager, itemId)).item).toMatchObject({ status: 'item_lost_warehouse', stockId: null, lost: { place: 'warehouse' } });
  });

  test('When someone else moved it after the page loaded, then the stale move is refused, explained, and the device shown as it is now', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const [elsewhere, target] = [await ownStock(sessions.manager, 'Ailleurs'), await ownStock(sessions.manager, 'Cible')];
    const { buyback, itemId } = await checkedInItem(sessions);
    await signInWith(page, sessions.operator);
    await openDetail(page, itemId, buyback.identificationNumber, 'history');
    await expect(historyRows(page)).toHaveCount(3);

    await moveThroughApi(sessions.manager, itemId, elsewhere.id, 'Déplacé par le responsable');

    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/items/${itemId}/move`));
    await page.getByRole('button', { name: itemsText('actions.MoveItem') }).click();
    const dialog = page.getByRole('dialog', { name: itemsText('move.title') });
    await dialog.getByLabel(itemsText('move.stock')).selectOption({ label: target.name });
    await dialog.getByLabel(itemsText('move.reason')).fill('Trop tard');
    await dialog.getByRole('button', { name: itemsText('move.submit') }).click();
    expect((await refused).status()).toBe(412);

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: itemsText('notifications.staleTitle') })).toBeVisible();
    await expect(historyRows(page).first()).toContainText('Déplacé par le responsable');
    await expect(historyRows(page).first()).toContainText(PEOPLE.manager);
  });

  test('Then its tabs tell the compliance check not done yet, the declared answers, no refurbishment step, its general and economic data, with no serious accessibility violation', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const { buyback, itemId } = await checkedInItem(sessions);
    await signInWith(page, sessions.operator);
    await openDetail(page, itemId, buyback.identificationNumber);

    const general = page.getByRole('region', { name: itemsText('sections.identification') });
    await expect(general).toContainText(shownCode(buyback.identificationNumber));
    await expect(general).toContainText(buyback.productLabel);
    await expect(general.getByRole('link', { name: itemsText('fields.buybackLink', { code: shownCode(buyback.identificationNumber) }) })).toHaveAttribute(
      'href',
      `/dashboard/buyback/${buyback.id}`,
    );
    const location = page.getByRole('region', { name: itemsText('sections.location') });
    await expect(location).toContainText(apiText('fr-FR', 'stocks.native.to_approve'));
    await expect(location).toContainText('Demo Warehouse Orléans');
    await expect(location).toContainText('Demo Store Paris');
    await expectAccessible(page);

    await page.getByRole('tab', { name: itemsText('detail.tabs.check') }).click();
    await expect(page.getByTestId('no-check')).toHaveText(itemsText('check.none'));
    await page.getByRole('tab', { name: itemsText('detail.tabs.diagnosis') }).click();
    await expect(page.getByTestId('no-diagnosis')).toBeVisible();
    await expect(page.getByTestId('diagnosis-comparison').locator('tbody tr').first()).toBeVisible();
    await page.getByRole('tab', { name: itemsText('detail.tabs.refurb') }).click();
    await expect(page.getByTestId('refurb-steps-empty')).toHaveText(itemsText('refurb.none'));
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('tab', { name: itemsText('detail.tabs.economic') }).click();
    const economic = page.getByRole('region', { name: itemsText('sections.economic') });
    await expect(economic).toContainText('425,00\u00a0€');
    await expect(economic).toContainText(itemsText('economic.noRefurbCost'));
    await expectAccessible(page);

    await page.getByRole('button', { name: itemsText('actions.MoveItem') }).click();
    await expect(page.getByRole('dialog', { name: itemsText('move.title') })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('Given devices in a stock of the warehouse’s own', () => {
  test('When the manager filters the list by that stock and exports it, then the rows and the CSV are exactly its devices', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const stock = await ownStock(sessions.manager, 'Export');
    const first = await checkedInItem(sessions);
    const second = await checkedInItem(sessions, { search: 'galaxy s23 128' });
    const other = await checkedInItem(sessions);
    for (const { itemId } of [first, second]) await moveThroughApi(sessions.operator, itemId, stock.id, 'Export');

    await signInWith(page, sessions.manager);
    await page.goto('/dashboard/items-stock');
    await page.getByLabel(itemsText('filters.stock'), { exact: true }).selectOption({ label: stock.name });
    await page.getByRole('button', { name: itemsText('filters.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`stockId=${stock.id}`));
    await expect(page.getByTestId('item-row')).toHaveCount(2);
    for (const { buyback } of [first, second]) await expect(page.getByTestId('item-row').filter({ hasText: shownCode(buyback.identificationNumber) })).toContainText(stock.name);
    await expect(page.getByTestId('item-row').filter({ hasText: shownCode(other.buyback.identificationNumber) })).toHaveCount(0);

    // Refused before it reaches the API: an age that is not whole days.
    await page.getByLabel(itemsText('filters.minAge')).fill('deux');
    await page.getByRole('button', { name: itemsText('filters.apply') }).click();
    await expect(page.getByText(itemsText('filters.errors.days'))).toBeVisible();
    await page.getByLabel(itemsText('filters.minAge')).fill('0');
    await page.getByLabel(itemsText('filters.maxAge')).fill('1');
    await page.getByRole('button', { name: itemsText('filters.apply') }).click();
    await expect(page).toHaveURL(/minAge=0&maxAge=1/);
    await expect(page.getByTestId('item-row')).toHaveCount(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: itemsText('actions.export') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
    const { lines, bom } = csvOf(await download.path());
    expect(bom).toBe(true);
    const columns = ['identificationNumber', 'shortCode', 'product', 'brand', 'status', 'stock', 'imei', 'serialNumber', 'receivedAt', 'ageInDays', 'purchasePrice', 'validatedPrice', 'plannedRefurbCost', 'completedRefurbCost', 'targetResalePrice', 'margin'];
    expect(lines[0]).toBe(columns.map((column) => apiText('fr-FR', `export.items.columns.${column}`)).join(';'));
    expect(lines).toHaveLength(3);
    for (const { buyback } of [first, second]) {
      const row = lines.find((line) => line.startsWith(`${buyback.identificationNumber};`));
      expect(row, buyback.identificationNumber).toBeDefined();
      const cells = row!.split(';');
      expect(cells[1]).toBe(buyback.identificationNumber.slice(-8));
      expect(cells[2]).toBe(buyback.productLabel);
      expect(cells[4]).toBe(apiText('fr-FR', 'items.statuses.item_registered_in_warehouse'));
      expect(cells[5]).toBe(stock.name);
      expect(cells[9]).toBe('0');
    }
    await expect(page.getByText(itemsText('notifications.exported'))).toBeVisible();
  });

  test('When the list is seen on a 375 px phone, then nothing scrolls sideways, and the list has no serious accessibility violation', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const stock = await ownStock(sessions.manager, 'Mobile');
    const { itemId } = await checkedInItem(sessions);
    await moveThroughApi(sessions.operator, itemId, stock.id, 'Mobile');
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWith(page, sessions.manager);
    await page.goto(`/dashboard/items-stock?stockId=${stock.id}`);
    await expect(page.getByTestId('item-row')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByTestId('item-row').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('When the manager reads the list and a device in English, then every text is English', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const stock = await ownStock(sessions.manager, 'English');
    const { buyback, itemId } = await checkedInItem(sessions);
    await moveThroughApi(sessions.operator, itemId, stock.id, 'Shelved');
    const en = (key: string, values?: Record<string, string | number>) => featureText('items-stock', 'en-GB', key, values);
    await page.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    await signInWith(page, sessions.manager);
    await page.goto(`/dashboard/items-stock?stockId=${stock.id}`);
    await expect(page.getByRole('heading', { level: 1, name: en('list.title') })).toBeVisible();
    await expect(page.getByTestId('item-row')).toContainText(apiText('en-GB', 'items.statuses.item_registered_in_warehouse'));
    await expect(page.getByTestId('items-total')).toHaveText(en('list.total_one', { formatted: '1' }));
    await page.getByTestId('item-row').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: en('detail.title', { code: shownCode(buyback.identificationNumber) }) })).toBeVisible();
    await page.getByRole('tab', { name: en('detail.tabs.history') }).click();
    await expect(historyRows(page).first()).toContainText(en('history.events.ItemMovedToStock'));
    await expect(historyRows(page).first()).toContainText(en('history.stockChange', { from: apiText('en-GB', 'stocks.native.to_approve'), to: stock.name }));
  });
});
