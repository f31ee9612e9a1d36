import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiText, expectAccessible, featureText, signInWith, StaffApi } from './support/dashboard.js';
import { fileOf, rowsOf } from '../support/catalog-transfer-helpers.js';

/**
 * The catalogue's files (issue 21): the retailer's administrator exports
 * the products from the menu, edits the downloaded file as in a
 * spreadsheet (one label changed, one line naming no category of theirs),
 * imports it and reads the report in the side panel: one product changed,
 * the bad line ignored with its reason in French, the rest unchanged.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('catalog-transfer', 'fr-FR', key, values);

test.describe('Given the retailer’s administrator and their catalogue', () => {
  test('When they export the products, edit the file and import it, then the report says what changed and why a line was ignored', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const stamp = Date.now().toString(36);
    await signInWith(page, retailer);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.catalogExport') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/accounts\/[0-9a-f-]{36}\/catalog-export$/);
    await expect(page.getByRole('heading', { level: 1, name: text('export.title') })).toBeVisible();

    await page.getByTestId('export-kind-products').click();
    await page.getByTestId('export-start').click();
    // Asked every 3 s until its link.
    await expect(page.getByTestId('export-download')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('export-entries')).toContainText(/\d/);
    await expectAccessible(page);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-download').click();
    const downloaded = await downloading;
    expect(downloaded.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = rowsOf(readFileSync(await downloaded.path(), 'utf8'));
    const [header, first, second] = rows as [string[], string[], string[]];
    const label = header.indexOf('label');
    first[label] = `Renommé ${stamp}`;
    second[header.indexOf('categoryId')] = '00000000-0000-4000-8000-000000000000';

    await page.getByRole('link', { name: apiText('fr-FR', 'menu.catalogImports') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/accounts\/[0-9a-f-]{36}\/catalog-imports$/);
    await page.getByTestId('catalog-import-file').setInputFiles({ name: `produits-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(fileOf(rows)) });
    await page.getByTestId('catalog-import-submit').click();

    const report = page.getByTestId('catalog-import-report');
    await expect(report).toHaveAttribute('data-status', 'success_with_ignored', { timeout: 60_000 });
    await expect(report.getByTestId('catalog-import-found')).toHaveText(String(rows.length - 1));
    await expect(report.getByTestId('catalog-import-updated')).toHaveText('1');
    await expect(report.getByTestId('catalog-import-ignored')).toHaveText('1');
    await expect(report.getByTestId('catalog-import-unchanged')).toHaveText(new Intl.NumberFormat('fr-FR').format(rows.length - 3));
    const ignored = report.getByTestId('catalog-import-ignored-line').filter({ hasText: second[0] as string });
    await expect(ignored).toContainText(apiText('fr-FR', 'catalogTransfer.lineErrors.category_unknown'));
    await expect(page.getByTestId('catalog-import-row').first()).toContainText(`produits-${stamp}.csv`);
    await expectAccessible(page);
  });
});
