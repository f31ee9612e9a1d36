import { expect, test } from '@playwright/test';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';
import { demoPng } from '../../infrastructure/modules/settings/demo/demo-png.js';
import { featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * The design (issue 23): the retailer's administrator uploads a logo and
 * picks a primary colour (a pale one is said to fail WCAG AA, live), sees it
 * in the preview, saves, and the storefront's next page load shows the new
 * logo in its header and the colour in its brand variable. The design is put
 * back afterwards (other specs read the demo's).
 */
const DEMO = ORGANIZATION_DEMO_IDS.accounts.demo;
const text = (key: string, values: Record<string, string> = {}) => featureText('design', 'fr-FR', key, values);
const RED = '#B91C1C';

test('Given the retailer’s administrator, when they change the logo and the primary colour, then the storefront shows them on its next load', async ({ browser, page, request }) => {
  test.slow();
  const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
  const headers = { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root' };
  const before = await (await request.get(`/api/accounts/${DEMO}/design`, { headers })).json();

  const dashboard = await (await browser.newContext()).newPage();
  await signInWith(dashboard, retailer);
  await dashboard.goto('/dashboard/design');
  await expect(dashboard.getByRole('heading', { level: 1, name: text('title') })).toBeVisible();
  const uploaded = dashboard.waitForResponse((response) => response.url().includes('/api/settings-files') && response.request().method() === 'POST');
  await dashboard.locator('input[name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: demoPng(200, 40, (x) => (x < 100 ? [0xb9, 0x1c, 0x1c] : [255, 255, 255])) });
  const logo = await (await uploaded).json();
  await expect(dashboard.getByTestId('design-preview').locator('img')).toHaveAttribute('src', logo.url);

  const mainColor = dashboard.locator('input[name="mainColor"]');
  await mainColor.fill('#1F8A5B');
  await expect(dashboard.getByTestId('mainColor-ratio')).toHaveText(text('form.contrastLow', { ratio: '4.35', required: '4.5' }));
  await mainColor.fill(RED);
  await expect(dashboard.getByTestId('mainColor-ratio')).toHaveText(text('form.contrastOk', { ratio: '6.47', required: '4.5' }));
  const saved = dashboard.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/design'));
  await dashboard.getByTestId('design-save').click();
  expect((await saved).status()).toBe(200);

  await page.goto('/');
  await expect(page.getByTestId('site-logo').getByRole('img')).toHaveAttribute('src', logo.url);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-color').trim())).toBe(RED);

  const current = await (await request.get(`/api/accounts/${DEMO}/design`, { headers })).json();
  const restored = await request.patch(`/api/accounts/${DEMO}/design`, {
    headers: { ...headers, 'If-Match': `W/"${current.revision}"` },
    data: { mainColor: before.mainColor, logoFileId: before.logoFileId },
  });
  expect(restored.status()).toBe(200);
});
