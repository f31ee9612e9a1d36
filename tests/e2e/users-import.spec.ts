import { expect, test } from '@playwright/test';
import { apiText, expectAccessible, featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * The users import (issue 20): the retailer's administrator opens /users/import
 * from the menu, downloads the template, uploads a file with bad rows, reads
 * each bad row's errors in French, imports the valid ones and reads the
 * report; the users list then has them, and the bad rows' users do not exist.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('users-import', 'fr-FR', key, values);
const rowError = (code: string, values: Record<string, string> = {}) =>
  apiText('fr-FR', `userImport.rowErrors.${code}`).replace(/\{\{(\w+)\}\}/g, (_whole: string, name: string) => values[name] ?? '');

test.describe('Given the retailer’s administrator and a file with bad rows', () => {
  test('When they upload it, then each bad row shows its errors, and the import creates only the valid rows', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const stamp = Date.now().toString(36);
    const good = [`alice.${stamp}@e2e-import.example.com`, `bruno.${stamp}@e2e-import.example.com`];
    const file = [
      'email;firstname;lastname;module;role;entity;status;locale',
      `${good[0]};Alice;Martin;tim;store_seller;DR-PAR-001;;fr-FR`,
      `pas-un-email;Carl;Faux;tim;store_seller;DR-PAR-001;;`,
      `${good[1]};Bruno;Durand;;warehouse_operator;DR-WH-ORL;;`,
      `dora.${stamp}@e2e-import.example.com;Dora;Nulle;tim;store_seller;INCONNUE-99;;`,
      `${good[0]};Alice;Encore;tim;store_seller;DR-PAR-001;;`,
    ].join('\r\n');

    await signInWith(page, retailer);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.usersImport') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/users\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: text('title') })).toBeVisible();

    // Step 1: the template is offered as a file to save.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    expect((await downloading).suggestedFilename()).toBe('users-import-template.csv');
    // Sent without a file: said at once, in French.
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('import-upload-error')).toHaveText(text('upload.missing'));
    await expectAccessible(page);

    await page.getByTestId('import-file').setInputFiles({ name: 'equipe.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${file}`) });
    await expect(page.getByTestId('import-drop-zone')).toContainText('equipe.csv');
    await page.getByTestId('import-submit').click();

    // Step 2: the preview, each bad row with its error in French.
    await expect(page.getByTestId('import-counts')).toHaveText(text('preview.counts_other', { rows: 5, valid: 2, invalid: 3 }));
    await expect(page.getByTestId('import-row-3')).toContainText(rowError('email_invalid'));
    await expect(page.getByTestId('import-row-5')).toContainText(rowError('entity_unknown', { entity: 'INCONNUE-99' }));
    await expect(page.getByTestId('import-row-6')).toContainText(rowError('duplicate_in_file', { line: '2' }));
    await expect(page.getByTestId('import-row-2')).toContainText(text('preview.valid'));
    await page.getByTestId('import-filter-invalid').click();
    await expect(page.getByTestId('import-rows').locator('tbody tr')).toHaveCount(3);
    await expectAccessible(page);

    // Step 3: the valid rows imported, the report.
    await page.getByTestId('import-run').click();
    await expect(page.getByTestId('import-report-created')).toHaveText(text('report.created_other', { created: 2 }), { timeout: 60_000 });
    await expect(page.getByTestId('import-report-skipped')).toHaveText(text('report.skipped_other', { skipped: 3 }));
    await expect(page.getByTestId('import-row-3')).toContainText(rowError('email_invalid'));
    await page.getByTestId('import-filter-created').click();
    await expect(page.getByTestId('import-rows').locator('tbody tr')).toHaveCount(2);

    // The platform has the two valid users, and no one for the bad rows.
    // The e-mail filter matches the start of an address or of its domain: this run's users are the domain's with its stamp.
    const users = await retailer.ok('get', `/users?email=${encodeURIComponent('e2e-import.example.com')}&itemsPerPage=100`);
    const mine = users.items.map((user: { email: string }) => user.email).filter((email: string) => email.includes(stamp));
    expect(mine.sort()).toEqual([...good].sort());
  });
});
