import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BUYBACK_CSV_COLUMNS } from '../../infrastructure/http/routes/buybacks/buyback-csv.js';
import { apiText, featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * The retailer's exports and imports pages (issue 23): its administrator
 * exports the buybacks from the menu, watches the export to done, downloads
 * the file and reads its header line; then opens the imports page and the
 * side panel of the demo's SFTP import (its dates and line counts).
 */
const exportsText = (key: string, values: Record<string, string | number> = {}) => featureText('exports', 'fr-FR', key, values);
const importsText = (key: string) => featureText('imports', 'fr-FR', key);

test('When the administrator exports the buybacks and opens the imports, then the file’s header is the buybacks export’s and the SFTP import’s panel shows its dates and counts', async ({ page, request }) => {
  test.slow();
  const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
  await signInWith(page, retailer);
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: apiText('fr-FR', 'menu.dataExports'), exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: exportsText('title') })).toBeVisible();

  const submit = page.getByRole('button', { name: exportsText('form.submit') });
  await expect(submit).toBeDisabled();
  await page.getByLabel(exportsText('form.kind')).selectOption('buybacks');
  await submit.click();
  const row = page.getByTestId('data-export-row').first();
  await expect(row.getByTestId('data-export-status')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(row).toContainText(exportsText('kinds.buybacks'));
  const downloading = page.waitForEvent('download');
  await row.getByTestId('data-export-download').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^buybacks-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path()) as string, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const header = text.slice(1).split('\r\n')[0] as string;
  expect(header.split(';')).toEqual(BUYBACK_CSV_COLUMNS.map((column) => apiText('fr-FR', `export.columns.${column}`)));

  await page.getByRole('link', { name: apiText('fr-FR', 'menu.imports'), exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: importsText('title') })).toBeVisible();
  const sftpRow = page.getByTestId('import-row').filter({ hasText: importsText('sources.sftp') }).first();
  await expect(sftpRow).toContainText('products-import.csv');
  await sftpRow.getByTestId('import-open').click();
  const panel = page.getByTestId('import-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('import-date-queued')).not.toHaveText('—');
  await expect(panel.getByTestId('import-date-ended')).not.toHaveText('—');
  await expect(panel.getByTestId('import-count-read')).not.toHaveText('0');
  await expect(panel.getByRole('link', { name: importsText('panel.report') })).toBeVisible();
});
