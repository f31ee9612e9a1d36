import type { Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { declareDevice, openProductFromSearch, storefrontRenderedByTheBrowser } from './support/storefront.js';

/**
 * The storefront's texts come with the pages that need them
 * (ui/storefront/app/locale-bundles): the first load holds the French texts
 * of the pages a visitor lands on; the other features' texts and the API's
 * (its error messages) are one more file, fetched by the first page that
 * needs one of them, before it renders or hydrates, or when a check's
 * message is to be shown.
 */

/** The on-demand French texts' files (fr-FR-on-demand and the API's texts it imports) the page asked for so far. */
function onDemandTexts(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/fr-FR[-.]/.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  return asked;
}

function reactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  return errors;
}

test.describe('Given a French visitor of the demo retailer’s storefront', () => {
  test('When they land on the home and open a product, then no other page’s texts download; the FAQ brings its own, rendered and hydrated alike', async ({ page }) => {
    const asked = onDemandTexts(page);
    const errors = reactErrors(page);
    await page.goto('/');
    await openProductFromSearch(page, 'iPhone 15', 'Apple iPhone 15 128 Go');
    await expect(page.getByRole('heading', { level: 2, name: /s'allume-t-il/ })).toBeVisible();
    expect(asked).toEqual([]);

    // A page of another feature, reached from the footer: its texts come with it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ et contact' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ et contact');
    expect(asked.length).toBeGreaterThan(0);

    // The same page rendered by the server: hydrated with the same texts, no mismatch.
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ et contact');
    expect(errors).toEqual([]);
  });

  test('When their IMEI fails the check on a product’s page, then its message shows in French, its texts fetched only then', async ({ page }) => {
    // The IMEI is asked for with the premium feature, which the demo retailer does not have: the browser gets it here.
    await storefrontRenderedByTheBrowser(page);
    await page.route('**/api/white-label/config', async (route) => {
      const response = await route.fetch();
      const config = await response.json();
      await route.fulfill({ response, json: { ...config, enabledPremiumFeatures: [...config.enabledPremiumFeatures, 'imei_search_and_collect'] } });
    });
    const asked = onDemandTexts(page);
    await openProductFromSearch(page, 'iPhone 15', 'Apple iPhone 15 128 Go');
    await declareDevice(page, { transport: 'Envoi par La Poste', payment: 'Virement bancaire', continue: false });
    const imei = page.getByRole('textbox', { name: /IMEI/ });
    await imei.fill('123456789012345');
    expect(asked).toEqual([]);

    await page.getByRole('button', { name: 'Continuer vers mes coordonnées' }).click();
    await expect(page.getByText("Cet IMEI n'est pas valide. Vérifiez qu'il a été saisi sans erreur.")).toBeVisible();
    await expect(imei).toHaveAttribute('aria-invalid', 'true');
    expect(asked.length).toBeGreaterThan(0);
  });
});
