import { expect, test, type Page } from '@playwright/test';
import { apiText, dashboardText, expectAccessible, shownCode, signInWith } from './support/dashboard.js';
import {
  checkedInItem,
  expectNoSidewaysScroll,
  itemOf,
  itemsText,
  ownStock,
  PEOPLE,
  quarantineText,
  warehouseSessions,
  type ReceivedItem,
  type Sessions,
} from './support/warehouse-stock.js';

/** The quarantine list, narrowed to one device by its 8-character code. */
async function openQuarantine(page: Page, received: ReceivedItem) {
  await page.goto(`/dashboard/buybacksQuarantine?code=${received.buyback.identificationNumber.slice(-8)}`);
  await expect(page.getByRole('heading', { level: 1, name: quarantineText('list.title') })).toBeVisible();
}

const row = (page: Page, received: ReceivedItem) => page.getByTestId('quarantine-row').filter({ hasText: shownCode(received.buyback.identificationNumber) });

/** A device checked in, then quarantined through the API by the operator. */
async function quarantined(sessions: Sessions, reason = 'counterfeit'): Promise<ReceivedItem> {
  const received = await checkedInItem(sessions);
  const { etag } = await itemOf(sessions.operator, received.itemId);
  const answer = await sessions.operator.post(`/items/${received.itemId}/quarantine`, { reason, comment: 'Coque non d’origine' }, { 'If-Match': etag });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return received;
}

test.describe('Given a device checked in at the warehouse', () => {
  test('When the operator quarantines it from its detail, then releases it from the quarantine list into the stock chosen, then it is to reintegrate, in that stock', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const shelf = await ownStock(sessions.manager, 'Réintégration');
    const received = await checkedInItem(sessions);
    await signInWith(page, sessions.operator);

    await page.goto(`/dashboard/items-stock/${received.itemId}/edit`);
    await page.getByRole('button', { name: itemsText('actions.QuarantineItem') }).click();
    const dialog = page.getByRole('dialog', { name: itemsText('quarantine.title') });
    await dialog.getByRole('button', { name: itemsText('quarantine.submit') }).click();
    await expect(dialog.getByText(itemsText('quarantine.reasonRequired'))).toBeVisible();
    await expect(dialog.getByText(itemsText('quarantine.commentRequired'))).toBeVisible();
    await dialog.getByText(apiText('fr-FR', 'items.quarantineReasons.imei_reported_stolen')).click();
    await dialog.getByLabel(itemsText('quarantine.comment')).fill('IMEI sur liste noire');
    await dialog.getByRole('button', { name: itemsText('quarantine.submit') }).click();
    await expect(page.getByText(itemsText('notifications.quarantined'))).toBeVisible();
    await expect(page.locator('[data-status]').first()).toHaveText(apiText('fr-FR', 'items.statuses.item_in_quarantine'));
    const facts = page.getByRole('region', { name: itemsText('sections.quarantine') });
    await expect(facts).toContainText(apiText('fr-FR', 'items.quarantineReasons.imei_reported_stolen'));
    await expect(facts).toContainText(PEOPLE.operator);

    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Quarantaine' }).click();
    await expect(page).toHaveURL(/\/dashboard\/buybacksQuarantine/);
    await openQuarantine(page, received);
    await expect(row(page, received)).toContainText(apiText('fr-FR', 'items.quarantineReasons.imei_reported_stolen'));
    await expect(row(page, received)).toContainText('IMEI sur liste noire');
    await expect(row(page, received)).toContainText(PEOPLE.operator);
    await expect(row(page, received).getByRole('link', { name: shownCode(received.buyback.identificationNumber) })).toHaveAttribute('href', `/dashboard/buyback/${received.buyback.id}`);
    // The trade-in waits while its device is held (its process manager puts it on hold: a moment after the quarantine).
    await row(page, received).getByRole('link', { name: shownCode(received.buyback.identificationNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/buyback/${received.buyback.id}$`));
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('buyback-on-hold')).toHaveText(dashboardText('features/buybacks', 'fr-FR', 'detail.onHold'), { timeout: 1_000 });
    }).toPass();
    await page.goBack();
    // The operator may release, not resend the dispute e-mail (a manager's permission).
    await expect(row(page, received).getByRole('button', { name: quarantineText('actions.resendMail') })).toHaveCount(0);

    await row(page, received).getByRole('button', { name: quarantineText('actions.release') }).click();
    const release = page.getByRole('dialog', { name: quarantineText('release.title', { product: received.buyback.productLabel }) });
    await release.getByRole('button', { name: quarantineText('release.submit') }).click();
    await expect(release.getByText(quarantineText('release.stockRequired'))).toBeVisible();
    const stocks = release.getByLabel(quarantineText('release.stock'));
    await expect(stocks.locator('option', { hasText: apiText('fr-FR', 'stocks.native.in_quarantine') })).toHaveCount(0);
    await stocks.selectOption({ label: shelf.name });
    await release.getByLabel(quarantineText('release.comment')).fill('Faux positif');
    await release.getByRole('button', { name: quarantineText('release.submit') }).click();
    await expect(page.getByText(quarantineText('notifications.released', { stock: shelf.name }))).toBeVisible();
    await expect(row(page, received)).toHaveCount(0);
    await expect(page.getByText(quarantineText('list.emptyFiltered'))).toBeVisible();

    const { item } = await itemOf(sessions.operator, received.itemId);
    expect(item).toMatchObject({ status: 'item_to_reintegrate_to_stock', stockId: shelf.id });
    await expect.poll(async () => (await sessions.operator.ok('get', `/buybacks/${received.buyback.id}`)).onHold).toBe(false);
    await page.goto(`/dashboard/buyback/${received.buyback.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('buyback-on-hold')).toHaveCount(0);
    await page.goto(`/dashboard/items-stock/${received.itemId}/edit?tab=history`);
    const last = page.getByTestId('item-history').locator('tbody tr').first();
    await expect(last).toContainText(itemsText('history.events.ItemReleasedFromQuarantine'));
    await expect(last).toContainText('Faux positif');
    await expect(last).toContainText(itemsText('history.stockChange', { from: apiText('fr-FR', 'stocks.native.in_quarantine'), to: shelf.name }));
  });
});

test.describe('Given a device in quarantine', () => {
  test('When the warehouse manager resends the dispute e-mail, then the list says it was sent, and when', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const received = await quarantined(sessions);
    await signInWith(page, sessions.manager);
    await openQuarantine(page, received);
    const before = (await itemOf(sessions.manager, received.itemId)).item.disputeMail.at;

    await row(page, received).getByRole('button', { name: quarantineText('actions.resendMail') }).click();
    const dialog = page.getByRole('dialog', { name: quarantineText('mail.title') });
    await expect(dialog.getByTestId('dispute-mail')).toContainText(itemsText('disputeMail.sent'));
    await dialog.getByRole('button', { name: quarantineText('mail.submit') }).click();
    await expect(page.getByText(quarantineText('notifications.mailSent'))).toBeVisible();
    await expect(dialog).toBeHidden();

    const { item } = await itemOf(sessions.manager, received.itemId);
    expect(item.disputeMail).toMatchObject({ delivered: true });
    expect(item.disputeMail.at > before || item.disputeMail.at === before).toBe(true);
    const shown = row(page, received).getByTestId('dispute-mail');
    await expect(shown).toContainText(itemsText('disputeMail.sent'));
    const at = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(item.disputeMail.at));
    await expect(shown).toContainText(at);
    await page.goto(`/dashboard/items-stock/${received.itemId}/edit?tab=history`);
    await expect(page.getByTestId('item-history').locator('tbody tr').first()).toContainText(PEOPLE.manager);
  });

  test('When the list is filtered by reason, then only the devices held for it are shown', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const fake = await quarantined(sessions, 'counterfeit');
    await signInWith(page, sessions.manager);
    await page.goto('/dashboard/buybacksQuarantine');
    await page.getByRole('checkbox', { name: apiText('fr-FR', 'items.quarantineReasons.customer_data_not_wiped') }).check({ force: true });
    await page.getByRole('button', { name: quarantineText('filters.apply') }).click();
    await expect(page).toHaveURL(/reason=customer_data_not_wiped/);
    await expect(row(page, fake)).toHaveCount(0);
    await page.goto('/dashboard/buybacksQuarantine?reason=counterfeit');
    await expect(row(page, fake)).toHaveCount(1);
    for (const reasonCell of await page.getByTestId('quarantine-row').locator('td:nth-child(4) p:first-child').allInnerTexts()) {
      expect(reasonCell).toBe(apiText('fr-FR', 'items.quarantineReasons.counterfeit'));
    }
  });

  test('When the quarantine is seen on a 375 px phone, then nothing scrolls sideways, and neither the list nor the release dialog has a serious accessibility violation', async ({ page, request }) => {
    const sessions = await warehouseSessions(request);
    const received = await quarantined(sessions);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWith(page, sessions.manager);
    await openQuarantine(page, received);
    await expect(row(page, received)).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await row(page, received).getByRole('button', { name: quarantineText('actions.release') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page);
  });
});
