// page.evaluate callbacks run in the browser: they use its globals.
/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { storefrontRenderedByTheBrowser } from './support/storefront.js';

/**
 * Consent and page views (issue 24): the retailer's tag manager is the fake
 * one the platform is pointed at (TAG_MANAGER_URL → tests/e2e/support/fake-collector.ts),
 * which counts the page views it receives per container id. The container id
 * is set on this page's configuration only (the demo retailer keeps none, so
 * the other journeys running at once never see a banner), so its pages are
 * built by the browser, as the server sends them when it does not render
 * them: a server-rendered page holds the configuration it was rendered with.
 */
const collector = `http://127.0.0.1:${process.env.E2E_COLLECTOR_PORT}`;

async function withTagManager(page: Page, containerId: string) {
  await storefrontRenderedByTheBrowser(page);
  await page.route('**/api/white-label/config*', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    expect(config.tagManagerUrl).toBe(`${collector}/gtm.js`);
    await route.fulfill({ response, json: { ...config, tagManagerId: containerId, axeptioId: null } });
  });
}

async function counted(page: Page, containerId: string): Promise<{ paths: string[]; scriptLoads: number }> {
  return (await page.request.get(`${collector}/page-views?id=${containerId}`)).json();
}

test.describe('Given a retailer with a tag manager', () => {
  test('When the visitor refuses, then the tag manager never loads and no page view reaches the collector, even after a reload', async ({ page }) => {
    const containerId = `GTM-REFUSE${Date.now()}`;
    await withTagManager(page, containerId);
    await page.goto('/');

    const banner = page.getByTestId('consent-banner');
    await expect(banner.getByRole('heading', { name: 'Vos choix de cookies' })).toBeVisible();
    const refuse = banner.getByRole('button', { name: 'Tout refuser' });
    const accept = banner.getByRole('button', { name: 'Tout accepter' });
    // Refusing as easy as accepting: the same size, side by side.
    const [refuseBox, acceptBox] = [await refuse.boundingBox(), await accept.boundingBox()];
    expect(refuseBox!.height).toBe(acceptBox!.height);
    expect(refuseBox!.width).toBe(acceptBox!.width);
    await refuse.click();
    await expect(banner).toBeHidden();

    await page.getByRole('contentinfo').getByRole('link', { name: "Conditions générales d'utilisation" }).click();
    await expect(page).toHaveURL(/\/cgu$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.waitForTimeout(500);
    expect(await counted(page, containerId)).toEqual({ paths: [], scriptLoads: 0 });
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
  });

  test('When the visitor accepts, then the page reloads and the page views are counted, but not on the excluded routes', async ({ page }) => {
    test.slow();
    const containerId = `GTM-ACCEPT${Date.now()}`;
    await withTagManager(page, containerId);
    await page.goto('/');

    const reloaded = page.waitForEvent('load');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Tout accepter' }).click();
    await reloaded;
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    await expect.poll(async () => (await counted(page, containerId)).paths).toEqual(['/']);

    // Client-side navigation: one view per route change.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ et contact' }).click();
    await expect.poll(async () => (await counted(page, containerId)).paths).toEqual(['/', '/faq']);
    // The excluded routes: a category's products, the add-to-cart tunnel, the estimate error, the confirmation.
    for (const excluded of ['/category/00000000-0000-4000-8000-000000000000/nothing', '/diag/00000000-0000-4000-8000-000000000000/some-phone', '/estimate-error', '/buyback-confirmation?ids=none']) {
      await page.goto(excluded);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/search');
    await expect.poll(async () => (await counted(page, containerId)).paths).toEqual(['/', '/faq', '/search']);

    // The choice can be changed from the footer: withdrawing it reloads the page, and nothing is counted any more.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Gérer les cookies' }).click();
    const analytics = page.getByTestId('consent-purpose-analytics');
    await expect(analytics.locator('input')).toBeChecked();
    await analytics.click();
    const withdrawn = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await withdrawn;
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ et contact' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.waitForTimeout(500);
    expect((await counted(page, containerId)).paths).toEqual(['/', '/faq', '/search']);
  });
});
