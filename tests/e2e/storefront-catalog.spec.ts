// page.evaluate callbacks run in the browser: they use its globals.
/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { keystrokes, scanWithWedge, withCameraThatSees } from './support/barcode-scanner.js';
import { euros, expectNoSeriousAxeViolations, storefrontInteractive } from './support/storefront.js';

/** The first product of a search, as the API answers the page's visitor (its token, once the storefront has one). */
async function productAsVisitorSeesIt(page: Page, search: string): Promise<{ label: string; ean: string }> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('storefront.anonymous-session'))).not.toBeNull();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('storefront.anonymous-session') as string).token);
  const answer = await page.request.get(`/api/products?search=${encodeURIComponent(search)}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await answer.json()).items[0];
}

test.describe('Given a visitor looking for their device', () => {
  test('When they search "iphone 13" from the home page, then the results list every matching product, each leading to its diagnostic', async ({ page }) => {
    // Fourteen cards checked one by one and an accessibility scan: past a minute on a loaded machine.
    test.slow();
    await page.goto('/');
    await storefrontInteractive(page);

    await page.getByRole('searchbox', { name: 'Quel appareil souhaitez-vous revendre ?' }).fill('iphone 13');
    await page.getByRole('searchbox', { name: 'Quel appareil souhaitez-vous revendre ?' }).press('Enter');

    await expect(page).toHaveURL(/\/results\?q=iphone(\+|%20)13$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats pour « iphone 13 »');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('storefront.anonymous-session') as string).token);
    const api = await (await page.request.get('/api/products?search=iphone%2013&itemsPerPage=40', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(api.totalItems).toBeGreaterThan(1);
    await expect(page.getByTestId('product-count')).toHaveText(`${api.totalItems} produits`);
    const cards = page.getByRole('list', { name: 'Produits' }).getByRole('listitem');
    // A page holds 40 (the demo has a few hundred products).
    await expect(cards).toHaveCount(Math.min(api.totalItems, 40));

    const first = api.items[0];
    const link = page.getByRole('link', { name: first.label, exact: true });
    await expect(link).toHaveAttribute('href', new RegExp(`^/diag/${first.id}/[a-z0-9-]+$`));
    // "Up to" is the best the diagnostic can give (the API's maxPrice: grade and best answers), not the grade A price.
    for (const [index, product] of api.items.entries()) {
      await expect(cards.nth(index)).toContainText(`Jusqu'à ${euros(product.maxPrice.amountInCents)}`);
    }
    const iphone13 = api.items.find((product: { label: string }) => product.label === 'Apple iPhone 13 128 Go');
    expect(iphone13.maxPrice.amountInCents).toBeGreaterThan(iphone13.prices.grade_a);
    await expect(cards.filter({ hasText: 'Apple iPhone 13 128 Go' })).toContainText(`Jusqu'à ${euros(iphone13.maxPrice.amountInCents)}`);

    await expectNoSeriousAxeViolations(page);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/diag/${first.id}/`));
  });

  test('When nothing matches or nothing is typed, then the page says so', async ({ page }) => {
    await page.goto('/results?q=zzzzqqqq');
    await expect(page.getByTestId('product-list-empty')).toContainText('Aucun produit ne correspond à « zzzzqqqq »');

    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechercher un produit');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByText('Saisissez le nom, la marque ou le modèle de votre appareil.')).toBeVisible();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('When they browse by category, then the tree leads to a category page with its breadcrumbs and products', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Catégories' }).click();

    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toutes les catégories');
    await page.getByRole('link', { name: 'Smartphones' }).click();

    await expect(page).toHaveURL(/\/category\/[0-9a-f-]+\/smartphones$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smartphones');
    const breadcrumbs = page.getByRole('navigation', { name: "Fil d'Ariane" });
    await expect(breadcrumbs.getByRole('link')).toHaveText(['Accueil', 'Toutes les catégories', 'Électronique', 'Smartphones']);
    await expect(breadcrumbs.getByRole('link', { name: 'Smartphones' })).toHaveAttribute('aria-current', 'page');
    await breadcrumbs.getByRole('link', { name: 'Électronique' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Électronique');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smartphones');
    const subCategories = page.getByRole('navigation', { name: 'Sous-catégories' });
    await expect(subCategories.getByRole('link')).toHaveText(['Apple iPhone', 'Google Pixel', 'Samsung Galaxy']);
    await expect(page.getByTestId('product-count')).toHaveText(/^\d+ produits$/);

    await subCategories.getByRole('link', { name: 'Apple iPhone' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apple iPhone');
    // The previous category's products may still show while the new ones load: wait for the list to be this category's.
    const products = page.getByRole('list', { name: 'Produits' });
    await expect(products).not.toContainText('Samsung');
    await expect
      .poll(async () => {
        const count = Number((await page.getByTestId('product-count').textContent())?.split(' ')[0]);
        // A page holds 40 (the demo's iPhones are more).
        return count > 0 && Math.min(count, 40) === (await products.getByRole('listitem').count());
      })
      .toBe(true);
  });

  test('When they scan the barcode of their device’s box into the search field, then the results are that product', async ({ page }) => {
    await page.goto('/');
    const galaxy = await productAsVisitorSeesIt(page, 'galaxy s23 ultra');
    // This Chromium has no BarcodeDetector: no camera button.
    await expect(page.getByRole('button', { name: 'Scanner le code-barres' })).toHaveCount(0);
    const field = page.getByRole('searchbox', { name: 'Quel appareil souhaitez-vous revendre ?' });
    // They had started to type: the scan's code replaces what they typed.
    await field.focus();
    await keystrokes(page, 'galaxy', { gapMs: 150 });
    await expect(field).toHaveValue('galaxy');

    await scanWithWedge(page, galaxy.ean);

    await expect(page).toHaveURL(new RegExp(`/results\\?q=${galaxy.ean}$`));
    await expect(page.getByRole('list', { name: 'Produits' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('link', { name: galaxy.label, exact: true })).toBeVisible();
  });

  test('When their phone’s browser reads barcodes, then they scan the box with the camera and get that product', async ({ page }) => {
    // The camera will see the box of a product found through the API first, with the page's own visitor token.
    await page.goto('/cgu');
    const pixel = await productAsVisitorSeesIt(page, 'pixel 8 pro');
    await withCameraThatSees(page, pixel.ean);
    await page.goto('/');

    await page.getByRole('button', { name: 'Scanner le code-barres' }).click();

    await expect(page).toHaveURL(new RegExp(`/results\\?q=${pixel.ean}$`));
    await expect(page.getByRole('link', { name: pixel.label, exact: true })).toBeVisible();
    await expect(page.getByTestId('camera-scan-dialog')).toHaveCount(0);
  });

  test('Then nothing painted moves when the categories and the results arrive (cumulative layout shift 0, on a phone)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The catalogue answers late, as on a slow mobile network: its data arrives well after the first paint.
    await page.route(/\/api\/(products|categories\/tree)(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifts = () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Catégories' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await shifts(), 'home').toEqual([]);

    await page.goto('/results?q=iphone');
    await expect(page.getByTestId('product-count')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await shifts(), 'results').toEqual([]);
  });

  test('When a category does not exist, then the category page is a not-found page', async ({ page }) => {
    await page.goto('/category/00000000-0000-4000-8000-000000000000/nothing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });
});
