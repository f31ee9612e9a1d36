import { expect, test } from '@playwright/test';
import { storefrontInteractive } from './support/storefront.js';

test.describe('Given the server with both applications built', () => {
  test('When a visitor opens /, then the storefront is served with its security policy', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('#root')).not.toBeEmpty();
  });

  test('When a visitor opens /, then its scripts and styles come precompressed with brotli, cacheable for a year', async ({ page }) => {
    const assets: { url: string; encoding: string | undefined; cacheControl: string | undefined }[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.(js|css)$/.test(new URL(response.url()).pathname)) {
        assets.push({ url: response.url(), encoding: response.headers()['content-encoding'], cacheControl: response.headers()['cache-control'] });
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A server-rendered page shows before its scripts (asked for once it has painted): they are all there once it is hydrated.
    await storefrontInteractive(page);

    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      expect(asset.encoding, asset.url).toBe('br');
      expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');
    }
  });

  test('When either application opens, then the design system stylesheet defines its tokens', async ({ page }) => {
    for (const path of ['/', '/dashboard/']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-solid'));
      expect(brand, path).not.toBe('');
    }
  });

  test('When staff open a deep dashboard link, then the dashboard application answers it', async ({ request }) => {
    const response = await request.get('/dashboard/buybacks');
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('/assets/dashboard-');
  });

  test('When an unknown API path is asked, then the API answers, not an application page', async ({ request }) => {
    const response = await request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect((await response.json()).code).toBe('NOT_FOUND');
  });
});
