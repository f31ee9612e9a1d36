import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiMessage, apiText, dashboardText, featureText, signInWith, type StaffApi } from './support/dashboard.js';
import { expeditionText, openPackage, parisSeller, phoneBuyback, scanThroughApi, WAREHOUSES } from './support/expedition.js';
import { checkedInItem, ownStock, warehouseSessions } from './support/warehouse-stock.js';

/**
 * The warehouse floor at scanner speed, counted in the operator's actions (a
 * click, a choice in a list, or the Enter a scanner sends after each code):
 * ten devices shelved in at most twelve; a parcel of three devices checked in
 * by its package number; a new package preselected from the devices waiting.
 */

const scanText = (key: string, values: Record<string, string | number> = {}) => featureText('scan-to-stock', 'fr-FR', key, values);
const checkInText = (key: string, values: Record<string, string | number> = {}) => featureText('warehouse-checkin', 'fr-FR', key, values);

/** The operator's actions, counted as they are made. */
class Actions {
  count = 0;
  async click(target: Locator) {
    this.count++;
    await target.click();
  }
  async choose(select: Locator, label: string) {
    this.count++;
    await select.selectOption({ label });
  }
  /**
   * A scanner: the code put into the focused field (no action of the operator's), then its Enter. Inserted at once,
   * not typed key by key: Playwright sends each key only once the page has handled the previous one, so on a loaded
   * machine a pause of more than the wedge's 60 ms fell inside a code (a hardware scanner's keys carry the times it
   * sent them), the burst restarted after it and the screen read the code's end alone (one scan in ten lost, three
   * times in a row in a fresh clone's run). The Enter then submits the field's text, as a scanner set to type it does.
   */
  async scan(page: Page, code: string) {
    await page.keyboard.insertText(code);
    this.count++;
    await page.keyboard.press('Enter');
  }
}

test.describe('Given ten devices checked in at the demo warehouse and a shelf of its own', () => {
  test('When the operator shelves them by scanning, then ten moves take at most twelve actions, each in the device’s history with who and the default reason, and the last can be undone', async ({ page, request }) => {
    test.slow();
    const sessions = await warehouseSessions(request);
    const shelf = await ownStock(sessions.manager, 'Étagère scan');
    const devices = [];
    for (let i = 0; i < 10; i++) devices.push(await checkedInItem(sessions));
    const shortCodes = await Promise.all(devices.map(async (device) => (await sessions.operator.ok('get', `/items/${device.itemId}`)).shortCode as string));

    await signInWith(page, sessions.operator);
    await page.goto('/dashboard/home');
    const menu = page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') });
    const actions = new Actions();
    await actions.click(menu.getByRole('link', { name: apiText('fr-FR', 'menu.scanToStock') }));
    await expect(page.getByRole('heading', { level: 1, name: scanText('title') })).toBeVisible();
    await actions.choose(page.getByTestId('scan-stock'), shelf.name);
    const field = page.getByRole('textbox', { name: scanText('code.label') });
    await expect(field).toBeFocused();
    // Half by the 8-character code the lists show, half by the 13-digit code.
    for (const [i, device] of devices.entries()) await actions.scan(page, i % 2 === 0 ? (shortCodes[i] as string) : device.buyback.identificationNumber);

    await expect(page.locator('[data-testid="scan-row"][data-state="moved"]')).toHaveCount(10);
    await expect(page.getByTestId('scans-moved')).toHaveText(scanText('scans.moved_other', { count: 10 }));
    expect(actions.count).toBeLessThanOrEqual(12);

    const reason = scanText('reasons.move', { stock: shelf.name });
    for (const device of devices) {
      const item = await sessions.operator.ok('get', `/items/${device.itemId}`);
      expect(item.stockId).toBe(shelf.id);
      // The move's reason is the free text its history shows as the comment.
      const history = (await sessions.operator.ok('get', `/items/${device.itemId}/history`)).items as Array<{ type: string; comment: string | null; user: { name: string } | null }>;
      expect(history.at(-1)).toMatchObject({ type: 'ItemMovedToStock', comment: reason, user: { name: 'Nadia Robert' } });
    }

    // The last move undone: the device is back where it was, for the undo's reason.
    const last = devices.at(-1)!;
    await page.getByTestId('scan-undo').click();
    await expect(page.locator('[data-testid="scan-row"][data-state="undone"]')).toHaveCount(1);
    await expect.poll(async () => (await sessions.operator.ok('get', `/items/${last.itemId}`)).stockId).not.toBe(shelf.id);
    const history = (await sessions.operator.ok('get', `/items/${last.itemId}/history`)).items as Array<{ comment: string | null }>;
    expect(history.at(-1)?.comment).toBe(scanText('reasons.undo'));

    // Each refusal is said where it happened, with what the operator needs.
    await expect(field).toBeFocused();
    await actions.scan(page, devices[0]!.buyback.identificationNumber);
    await expect(page.getByTestId('scan-row').first().getByTestId('scan-refusal')).toHaveText(scanText('refusals.alreadyThere'));
    await actions.scan(page, 'ZZZZ9999');
    await expect(page.getByTestId('scan-row').first().getByTestId('scan-refusal')).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_NOT_RECOGNISED'));
    const inTransit = await phoneBuyback(sessions.seller);
    await sessions.seller.ok('post', `/buybacks/${inTransit.id}/ship`, { trackingNumber: null, trackingLink: null });
    await actions.scan(page, inTransit.identificationNumber);
    await expect(page.getByTestId('scan-row').first().getByTestId('scan-refusal')).toHaveText(
      scanText('refusals.notMovable', { status: apiText('fr-FR', 'items.statuses.item_in_transit') }),
    );
  });
});

test.describe('Given a closed package of three devices from the Paris store to the demo warehouse', () => {
  test('When the operator scans the package number at check-in, then its three devices are checked in at once and listed, and scanning it again lists them as already here', async ({ page, request }) => {
    const seller = await parisSeller(request);
    const buybacks = [await phoneBuyback(seller), await phoneBuyback(seller), await phoneBuyback(seller)];
    const pkg = await openPackage(seller, WAREHOUSES.orleans, 'with_label');
    for (const buyback of buybacks) await scanThroughApi(seller, pkg.id, buyback.identificationNumber);
    await seller.ok('post', `/packages/${pkg.id}/close`, {});

    const { operator } = await warehouseSessions(request);
    await signInWith(page, operator);
    await page.goto('/dashboard/warehouse/checkin');
    const field = page.getByRole('textbox', { name: checkInText('code.label') });
    await expect(field).toBeFocused();
    const actions = new Actions();
    await actions.scan(page, pkg.number);

    const parcel = page.getByTestId('package-check-in');
    await expect(parcel.getByTestId('package-device')).toHaveCount(3);
    await expect(parcel.locator('[data-result="checked_in"]')).toHaveCount(3);
    await expect(parcel.getByTestId('package-check-in-counts')).toHaveText(checkInText('package.counts', { checkedIn: 3, already: 0, missing: 0 }));
    await expect(page.getByTestId('session-entry')).toHaveCount(3);
    expect(actions.count).toBe(1);
    for (const buyback of buybacks) expect((await operator.ok('get', `/items/by-code/${buyback.identificationNumber}`)).item.status).toBe('item_registered_in_warehouse');

    await expect(field).toBeFocused();
    await actions.scan(page, pkg.number.toLowerCase());
    await expect(parcel.getByTestId('package-check-in-counts')).toHaveText(checkInText('package.counts', { checkedIn: 0, already: 3, missing: 0 }));
    await expect(parcel.locator('[data-result="already_checked_in"]')).toHaveCount(3);
  });
});

test.describe('Given devices of the Paris store waiting to leave', () => {
  test('When the seller starts a package, then its destination and transport are those most waiting devices share, and a device for another warehouse is refused naming its own', async ({ page, request }) => {
    const seller = await parisSeller(request);
    await phoneBuyback(seller);
    const expected = await expectedPreselection(seller);

    await signInWith(page, seller);
    await page.goto('/dashboard/start-expedition');
    await expect(page.getByTestId('destination')).toHaveText(expected.warehouseName);
    await expect(page.getByTestId('destination-suggested')).toBeVisible();
    await expect(page.getByRole('radio', { name: expeditionText(`labelModes.${expected.labelMode}`) })).toBeChecked();

    // A package opened for Lyon without label: a phone (to Orléans, under a label) is refused, the message naming Orléans.
    const lyon = await openPackage(seller, WAREHOUSES.lyon, 'without_label');
    const phone = await phoneBuyback(seller);
    const refused = await seller.post(`/packages/${lyon.id}/items`, { code: phone.identificationNumber });
    expect(refused.body.code).toBe('SHIPMENT_ERROR');
    expect(refused.body.message).toContain(WAREHOUSES.orleans);
  });
});

/** What the start of a package should preselect: the destination and transport shared by most devices waiting outside any package. */
async function expectedPreselection(seller: StaffApi): Promise<{ warehouseName: string; labelMode: string }> {
  const waiting = (await seller.ok('get', '/expedition/buybacks?itemsPerPage=100&order[createdAt]=desc')).items as Array<{ warehouseId: string; needsLabel: boolean; package: unknown }>;
  const counts = new Map<string, number>();
  for (const row of waiting.filter((r) => r.package === null)) {
    const key = `${row.warehouseId}|${row.needsLabel ? 'with_label' : 'without_label'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const [warehouseId, labelMode] = key.split('|') as [string, string];
  const references = await seller.ok('get', '/buyback-references');
  const warehouseName = (references.warehouses as Array<{ id: string; name: string }>).find((w) => w.id === warehouseId)!.name;
  return { warehouseName, labelMode };
}
