import { expect, test } from '@playwright/test';
import { solidPng } from '../support/banner-images.js';
import { apiText, dashboardText, featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * Home page configuration (issue 23): the retailer's administrator adds an
 * HTML widget with a script in it and saves; the storefront's home shows the
 * widget's text, with no script element and the flag the script would set
 * left unset (sanitised on the server); and uploads the search widget's
 * banner, drawn on the home with its size and loaded lazily.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('home-page', 'fr-FR', key, values);

test('Given the retailer’s administrator, when they add an HTML widget with a script, then the storefront’s home shows its text and never runs it', async ({ browser, request }) => {
  test.slow();
  const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
  const page = await (await browser.newContext()).newPage();
  await signInWith(page, retailer);
  await page.goto('/dashboard/home');
  await page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') }).getByRole('link', { name: apiText('fr-FR', 'menu.homePage') }).click();
  await expect(page).toHaveURL(/\/dashboard\/home-page$/);

  const form = page.getByRole('form', { name: text('title') });
  await expect(form.getByLabel(text('fields.metaTitle'))).toBeVisible();
  const before = await form.locator('[data-testid^="widget-"]').count();
  await form.getByLabel(text('fields.status')).selectOption('on');
  await form.getByRole('button', { name: text('add.html') }).click();
  await form.getByLabel(text('fields.html', { n: before + 1 })).fill('<p>Offre flash <script>window.__homePageXss = true</script><strong>reprise doublée</strong></p>');
  // The search widget's banner, uploaded at once: its address fills the banner field.
  const uploaded = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/settings-files?kind=banner'));
  await form.locator('input[type="file"]').first().setInputFiles({ name: 'banniere.png', mimeType: 'image/png', buffer: Buffer.from(solidPng(960, 240)) });
  expect((await uploaded).status()).toBe(201);
  await expect(form.locator('input[name$=".bannerImageUrl"]').first()).toHaveValue(/^\/api\/settings-files\/[0-9a-f-]{36}$/);
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/home-page'));
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await saved).status()).toBe(200);
  // What the server kept is shown back: the script is gone, the text stays.
  await expect(form.getByLabel(text('fields.html', { n: before + 1 }))).toHaveValue('<p>Offre flash <strong>reprise doublée</strong></p>');

  const storefront = await (await browser.newContext()).newPage();
  await storefront.goto('/');
  const widget = storefront.getByTestId('home-html-widget').filter({ hasText: 'Offre flash reprise doublée' });
  await expect(widget).toBeVisible();
  await expect(widget.locator('script')).toHaveCount(0);
  expect(await storefront.evaluate(() => (window as unknown as { __homePageXss?: boolean }).__homePageXss)).toBeUndefined();
  const banner = storefront.getByTestId('home-search-banner');
  await expect(banner).toHaveAttribute('width', '960');
  await expect(banner).toHaveAttribute('height', '240');
  await expect(banner).toHaveAttribute('loading', 'lazy');
  await banner.scrollIntoViewIfNeeded();
  await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(960);
});
