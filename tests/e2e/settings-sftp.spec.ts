import { expect, test } from '@playwright/test';
import { apiText, featureText, signInWith, StaffApi } from './support/dashboard.js';
import { SftpTestClient } from '../support/sftp-client.js';

/**
 * The retailer's SFTP (issue 23): its administrator enables the access from
 * the menu (the password shown once), the test uploads a catalogue over a
 * real SFTP connection with those credentials, and the import's report is
 * read from the import configuration's screen.
 */
const text = (key: string, values: Record<string, string | number> = {}) => featureText('sftp', 'fr-FR', key, values);

test('When the administrator enables SFTP and a catalogue is uploaded over SFTP, then its import’s report is on the screen', async ({ page, request }) => {
  test.slow();
  const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
  const headers = { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root' };
  const settingsPath = `/api/organizations/${retailer.organizationId}/sftp`;
  // Any category of the catalogue: the demo's parent category and suffix are cleared first.
  await request.patch(`${settingsPath}/import-configuration`, { data: { parentCategoryIds: [], suffix: null, status: 'active' }, headers });
  const tree = (await retailer.ok('get', '/categories/connected-tree')) as { items: Array<{ identifier: string }> };
  const identifier = tree.items[0]?.identifier as string;

  await signInWith(page, retailer);
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: apiText('fr-FR', 'menu.sftp') }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: text('title') })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^(${text('actions.enable')}|${text('actions.renew').replace(/[()]/g, '\\$&')})$`) }).click();
  const password = (await page.getByTestId('sftp-password').textContent())?.trim() as string;
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await expect(page.getByTestId('sftp-access')).toHaveAttribute('data-status', 'enabled');
  const username = (await page.getByTestId('sftp-username').textContent())?.trim() as string;
  const port = Number(await page.getByTestId('sftp-port').textContent());

  const stamp = Date.now().toString(36);
  const client = await SftpTestClient.connect(port, username, password);
  await client.put('/products-import.csv', ['label;brand;model;categoryIdentifier;status;price_grade_a_cents', `E2E SFTP ${stamp} A;E2E;A;${identifier};draft;10000`, `E2E SFTP ${stamp} B;E2E;B;${identifier};draft;11000`].join('\r\n'));
  client.end();

  await page.getByRole('link', { name: text('toConfiguration') }).click();
  // The demo's import is shown first; the screen polls until this file's import is the last one, done.
  await expect(page.getByTestId('sftp-last-import-counts')).toHaveText(text('lastImport.counts', { found: 2, inserted: 2, updated: 0, unchanged: 0, ignored: 0 }), { timeout: 30_000 });
  await expect(page.getByTestId('sftp-last-import')).toHaveAttribute('data-status', 'success');
  await page.getByRole('link', { name: text('lastImport.report') }).click();
  const report = page.getByTestId('catalog-import-report');
  await expect(report).toHaveAttribute('data-status', 'success');
  await expect(report.getByTestId('catalog-import-inserted')).toHaveText('2');
});
