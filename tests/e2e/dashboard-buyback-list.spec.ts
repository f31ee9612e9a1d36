import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createStoreBuyback, dashboardText, expectAccessible, shownCode, signInWith, StaffApi, uniqueName, type CreatedBuyback } from './support/dashboard.js';

const text = (key: string) => dashboardText('features/buybacks', 'fr-FR', key);

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
    await page.getByRole('checkbox', { name: text('statuses.cancelled') }).check({ force: true });
    await page.getByRole('button', { name: text('filters.apply') }).click();

    await expect(page).toHaveURL(new RegExp(`status=bb_cancelled&customerName=${fixture.lastName}`));
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);
    expect(await shownCodes(page)).toEqual([shownCode(fixture.cancelled.identificationNumber)]);
    await expect(page.getByTestId('buyback-row')).toContainText(text('statuses.cancelled'));

    await page.reload();
    await expect(page.getByLabel(text('filters.customerName'))).toHaveValue(fixture.lastName);
    await expect(page.getByRole('checkbox', { name: text('statuses.cancelled') })).toBeChecked();
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
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('Code;Date;Statut;Canal;Client;Produit;Marque;Prix déclaré;Prix validé;Devise');
    expect(lines).toHaveLength(3);
    for (const buyback of fixture.waiting) expect(csv).toContain(buyback.identificationNumber);
    expect(csv).not.toContain(fixture.cancelled.identificationNumber);
    for (const line of lines.slice(1)) expect(line).toContain(`Camille ${fixture.lastName}`);
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
});
