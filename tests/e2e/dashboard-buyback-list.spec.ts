import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiText, createStoreBuyback, dashboardText, expectAccessible, shownCode, signInWith, StaffApi, uniqueName, type CreatedBuyback } from './support/dashboard.js';

const text = (key: string) => dashboardText('features/buybacks', 'fr-FR', key);

/** The export's header line, as the API writes it in French. */
const CSV_COLUMNS = ['identificationNumber', 'createdAt', 'status', 'channel', 'customer', 'product', 'brand', 'category', 'store', 'circuit', 'paymentMode', 'paymentStatus', 'deliveryStatus', 'declaredPrice', 'validatedPrice'];
const csvHeader = () => CSV_COLUMNS.map((column) => apiText('fr-FR', `export.columns.${column}`)).join(';');

/** The CSV a download holds: its lines without the BOM, and whether it had one. */
function csvOf(path: string): { lines: string[]; bom: boolean; text: string } {
  const text = readFileSync(path, 'utf8');
  return { lines: text.replace(/^\uFEFF/, '').trim().split(/\r\n/), bom: text.startsWith('\uFEFF'), text };
}

/** The dashboard's short date and time, in Paris (the browser's time zone in these tests). */
const parisDateTime = (iso: string) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(iso));

/** The codes of the rows on screen, in order. */
async function shownCodes(page: Page): Promise<string[]> {
  return page.getByTestId('buyback-row').locator('td:first-child').allInnerTexts();
}

interface Fixture {
  lastName: string;
  waiting: CreatedBuyback[];
  cancelled: CreatedBuyback;
}

/** Three buybacks of one customer in Demo Store Paris: two awaiting shipment, one cancelled. */
async function threeBuybacks(seller: StaffApi): Promise<Fixture> {
  const lastName = uniqueName('Liste');
  const waiting = [
    await createStoreBuyback(seller, { lastName }),
    await createStoreBuyback(seller, { lastName, search: 'galaxy s23 128' }),
  ];
  const cancelled = await createStoreBuyback(seller, { lastName });
  await seller.ok('post', `/buybacks/${cancelled.id}/cancel`, { reason: 'other', comment: 'Doublon' });
  return { lastName, waiting, cancelled };
}

test.describe('Given the buyback list of Demo Store Paris, seen by its manager', () => {
  test('When filters are applied, then they are kept in the URL and survive a reload', async ({ page, request }) => {
    const fixture = await threeBuybacks(await StaffApi.login(request, 'seller@demo.test'));
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await page.goto('/dashboard/buybacks');

    await page.getByLabel(text('filters.customerName')).fill(fixture.lastName);
    await page.getByRole('checkbox', { name: text('statuses.cancelled'), exact: true }).check({ force: true });
    await page.getByRole('button', { name: text('filters.apply') }).click();

    await expect(page).toHaveURL(new RegExp(`status=bb_cancelled&customerName=${fixture.lastName}`));
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);
    expect(await shownCodes(page)).toEqual([shownCode(fixture.cancelled.identificationNumber)]);
    await expect(page.getByTestId('buyback-row')).toContainText(text('statuses.cancelled'));

    await page.reload();
    await expect(page.getByLabel(text('filters.customerName'))).toHaveValue(fixture.lastName);
    await expect(page.getByRole('checkbox', { name: text('statuses.cancelled'), exact: true })).toBeChecked();
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);
    await expect(page.getByTestId('buybacks-total')).toHaveText(text('list.total_one').replace('{{formatted}}', '1'));

    // Reset empties the URL and the form.
    await page.getByRole('button', { name: text('filters.reset') }).click();
    await expect(page).toHaveURL(/\/dashboard\/buybacks$/);
    await expect(page.getByLabel(text('filters.customerName'))).toHaveValue('');
  });

  test('When a product is picked from the product filter’s suggestions, then only its buybacks are listed', async ({ page, request }) => {
    const fixture = await threeBuybacks(await StaffApi.login(request, 'seller@demo.test'));
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await page.goto(`/dashboard/buybacks?customerName=${fixture.lastName}`);
    await expect(page.getByTestId('buyback-row')).toHaveCount(3);

    await page.getByRole('combobox', { name: text('filters.product') }).fill('galaxy s23 128');
    await page.getByRole('option', { name: 'Samsung Galaxy S23 128 Go' }).click();
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await expect(page).toHaveURL(/productId=[0-9a-f-]{36}/);
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);
    expect(await shownCodes(page)).toEqual([shownCode(fixture.waiting[1]!.identificationNumber)]);

    // After a reload the filter still names the product.
    await page.reload();
    await expect(page.getByRole('combobox', { name: text('filters.product') })).toHaveValue('Samsung Galaxy S23 128 Go');
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);
  });

  test('When a column header is clicked, then the rows are sorted by it, ascending then descending, and the URL says so', async ({ page, request }) => {
    const fixture = await threeBuybacks(await StaffApi.login(request, 'seller@demo.test'));
    const codes = [...fixture.waiting, fixture.cancelled].map((b) => b.identificationNumber).sort();
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await page.goto(`/dashboard/buybacks?customerName=${fixture.lastName}`);
    await expect(page.getByTestId('buyback-row')).toHaveCount(3);

    const header = page.getByRole('columnheader', { name: new RegExp(`^${text('fields.identificationNumber')}`) });
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/sort=identificationNumber&direction=asc/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => shownCodes(page)).toEqual(codes.map(shownCode));

    await header.getByRole('button').click();
    await expect(page).toHaveURL(/sort=identificationNumber&direction=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => shownCodes(page)).toEqual([...codes].reverse().map(shownCode));
  });

  test('When the filtered list is exported, then the CSV holds exactly the filtered rows', async ({ page, request }) => {
    const fixture = await threeBuybacks(await StaffApi.login(request, 'seller@demo.test'));
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await page.goto(`/dashboard/buybacks?status=bb_awaiting_inventory&customerName=${fixture.lastName}`);
    await expect(page.getByTestId('buyback-row')).toHaveCount(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text('actions.export') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^buybacks-\d{4}-\d{2}-\d{2}\.csv$/);
    const { lines, bom, text: csv } = csvOf(await download.path());
    expect(bom).toBe(true);
    expect(lines[0]).toBe(csvHeader());
    expect(lines).toHaveLength(3);
    for (const buyback of fixture.waiting) expect(csv).toContain(shownCode(buyback.identificationNumber));
    expect(csv).not.toContain(shownCode(fixture.cancelled.identificationNumber));
    for (const line of lines.slice(1)) expect(line).toContain(`Camille ${fixture.lastName}`);
    for (const line of lines.slice(1)) expect(line).toContain(`;${text('statuses.awaitingShipment')};`);
    await expect(page.getByText(text('notifications.exported'))).toBeVisible();
  });

  test('When there are more rows than a page holds, then next and previous pages and the page size work from the URL', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const lastName = uniqueName('Pages');
    const created = await Promise.all(Array.from({ length: 11 }, () => createStoreBuyback(seller, { lastName })));
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await page.goto(`/dashboard/buybacks?customerName=${lastName}`);
    await expect(page.getByTestId('buybacks-total')).toHaveText(text('list.total_other').replace('{{formatted}}', '11'));
    await expect(page.getByTestId('buyback-row')).toHaveCount(11);

    await page.getByLabel(text('list.pageSize')).selectOption('10');
    await expect(page).toHaveURL(/perPage=10/);
    await expect(page.getByTestId('buyback-row')).toHaveCount(10);
    await expect(page.getByText(text('list.pageOf').replace('{{page}}', '1').replace('{{pages}}', '2'))).toBeVisible();
    await expect(page.getByRole('button', { name: text('list.previous') })).toBeDisabled();

    await page.getByRole('button', { name: text('list.next') }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);
    await expect(page.getByRole('button', { name: text('list.next') })).toBeDisabled();
    const all = new Set(created.map((b) => shownCode(b.identificationNumber)));
    for (const code of await shownCodes(page)) expect(all.has(code)).toBe(true);
  });

  test('Then the list has no serious accessibility violation', async ({ page, request }) => {
    const fixture = await threeBuybacks(await StaffApi.login(request, 'seller@demo.test'));
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await page.goto(`/dashboard/buybacks?customerName=${fixture.lastName}`);
    await expect(page.getByTestId('buyback-row')).toHaveCount(3);
    await expectAccessible(page);
  });

  test('When filters were applied, then coming back to the list from the menu shows them again (local storage), without the customer’s name', async ({ page, request }) => {
    const fixture = await threeBuybacks(await StaffApi.login(request, 'seller@demo.test'));
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await page.goto(`/dashboard/buybacks?customerName=${fixture.lastName}`);
    await page.getByRole('checkbox', { name: text('statuses.cancelled'), exact: true }).check({ force: true });
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);

    await page.goto('/dashboard/home');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.buybackList') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/buybacks\?status=bb_cancelled$/);
    await expect(page.getByRole('checkbox', { name: text('statuses.cancelled'), exact: true })).toBeChecked();
    await expect(page.getByLabel(text('filters.customerName'))).toHaveValue('');

    // Reset forgets them.
    await page.getByRole('button', { name: text('filters.reset') }).click();
    await expect(page).toHaveURL(/\/dashboard\/buybacks$/);
    await page.goto('/dashboard/home');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.buybackList') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/buybacks$/);
  });

  test('When a parent category is chosen, then the buybacks of its subcategories are listed', async ({ page, request }) => {
    const manager = await StaffApi.login(request, 'manager@demo.test');
    const fixture = await threeBuybacks(await StaffApi.login(request, 'seller@demo.test'));
    const categories = (await manager.ok('get', '/buyback-references')).categories as Array<{ id: string; label: string }>;
    const smartphones = categories.find((c) => c.label === 'Smartphones')!;
    const tablets = categories.find((c) => c.label === 'Tablettes')!;
    await signInWith(page, manager);
    await page.goto(`/dashboard/buybacks?customerName=${fixture.lastName}`);
    await expect(page.getByTestId('buyback-row')).toHaveCount(3);

    // Smartphones has no product of its own: its buybacks are its children's (Apple iPhone, Samsung Galaxy).
    await page.getByLabel(text('filters.category')).selectOption(smartphones.id);
    const listed = page.waitForResponse((response) => response.url().includes(`categoryId=${smartphones.id}`));
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`categoryId=${smartphones.id}`));
    expect((await listed).status()).toBe(200);
    await expect(page.getByTestId('buyback-row')).toHaveCount(3);

    await page.getByLabel(text('filters.category')).selectOption(tablets.id);
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await expect(page.getByText(text('list.emptyFiltered'))).toBeVisible();
  });
});

test.describe('Given the buyback list of Demo Store Paris, seen by its seller', () => {
  test('When the seller exports, then the CSV holds their store’s rows, read as on screen: captions, Paris time, store and circuit', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const fixture = await threeBuybacks(seller);
    await signInWith(page, seller);
    await page.goto(`/dashboard/buybacks?customerName=${fixture.lastName}`);
    await expect(page.getByTestId('buyback-row')).toHaveCount(3);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text('actions.export') }).click();
    const download = await downloading;
    const { lines } = csvOf(await download.path());
    expect(lines[0]).toBe(csvHeader());
    expect(lines).toHaveLength(4);
    const row = lines.slice(1).find((line) => line.startsWith(shownCode(fixture.cancelled.identificationNumber)))!.split(';');
    const detail = await seller.ok('get', `/buybacks/${fixture.cancelled.id}`);
    expect(row[1]).toBe(parisDateTime(detail.createdAt));
    expect(row[2]).toBe(text('statuses.cancelled'));
    expect(row[8]).toBe('Demo Store Paris');
    expect(row[9]).toBe(detail.circuit.name);
    expect(row[10]).toBe(detail.paymentMode.label);
    await expect(page.getByText(text('notifications.exported'))).toBeVisible();
  });

  test('When the list is seen on a 375 px phone, then nothing scrolls sideways and the title stands clear of the export button', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const fixture = await threeBuybacks(seller);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWith(page, seller);
    await page.goto(`/dashboard/buybacks?customerName=${fixture.lastName}`);
    await expect(page.getByTestId('buyback-row')).toHaveCount(3);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const title = (await page.getByRole('heading', { level: 1, name: text('list.title') }).boundingBox())!;
    const exporting = (await page.getByRole('button', { name: text('actions.export') }).boundingBox())!;
    const overlaps =
      title.x < exporting.x + exporting.width && exporting.x < title.x + title.width && title.y < exporting.y + exporting.height && exporting.y < title.y + title.height;
    expect(overlaps).toBe(false);
    expect(exporting.x + exporting.width).toBeLessThanOrEqual(375);
  });
});
