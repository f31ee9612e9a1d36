import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { featureText, signInWith, StaffApi } from './support/dashboard.js';
import { declareIphone, fillCustomer, IPHONE_15 } from './support/dashboard-wizard.js';
import { declareDevice, fillCustomerDetails, openProductFromSearch } from './support/storefront.js';

/**
 * The server error modal's options (specification 002 §3-4, issue 24), in
 * both apps: a server failure of one request (answered 500 here) opens the
 * modal with the screen's options, and its button does what they say: the
 * dashboard's failed registration sends the seller to the buyback list (a
 * named route) with its own message; the storefront's failed registration
 * says the cart is kept; a product page that could not load offers to
 * reload it, and the reload shows the page.
 */

const SHARED = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'shared', 'i18n', 'locales', 'fr-FR.json'), 'utf8'));
const TUNNEL = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'storefront', 'features', 'tunnel', 'locales', 'fr-FR.json'), 'utf8'));
const LEAVE = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'shared', 'buyback-path', 'locales', 'fr-FR.json'), 'utf8')).leave;

const failing = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal error', details: { correlationId: 'e2e-modal-options' } }) });

/** The next POST /api/carts answers 500; the ones after it reach the server. */
async function failNextCartRegistration(page: Page) {
  let failed = false;
  await page.route('**/api/carts', async (route) => {
    if (route.request().method() !== 'POST' || failed) return route.fallback();
    failed = true;
    return failing(route);
  });
}

const modalOf = (page: Page) => page.getByRole('alertdialog', { name: SHARED.serverError.title });

test('Given a store seller at the summary, when the registration fails on the server, then the modal says so without the generic words and its button goes to the buyback list', async ({ page, request }) => {
  test.slow();
  await signInWith(page, await StaffApi.login(request, 'seller@demo.test'));
  await page.goto('/dashboard/buyback/create');
  await declareIphone(page);
  await page.getByRole('button', { name: 'Continuer vers le client' }).click();
  await fillCustomer(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Récapitulatif' })).toBeVisible();

  await failNextCartRegistration(page);
  await page.getByRole('button', { name: 'Enregistrer la reprise' }).click();
  const modal = modalOf(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('server-error-message')).toHaveText(featureText('buyback-create', 'fr-FR', 'summary.serverFailed'));
  await expect(modal).toContainText('e2e-modal-options');
  await modal.getByRole('button', { name: SHARED.serverError.continue }).click();
  // The cart is still unregistered: leaving asks first, as it always does.
  await page.getByRole('alertdialog', { name: LEAVE.title }).getByRole('button', { name: LEAVE.leave }).click();
  await expect(page).toHaveURL(/\/dashboard\/buybacks(\?|$)/);
  await expect(modal).toHaveCount(0);
});

test.describe('Given a visitor of the storefront', () => {
  test('When the registration of their cart fails on the server, then the modal says the cart is kept, closes, and confirming again registers it', async ({ page }) => {
    test.slow();
    await openProductFromSearch(page, 'iphone', IPHONE_15);
    await declareDevice(page, { transport: 'Envoi par La Poste', payment: 'Virement bancaire' });
    await fillCustomerDetails(page, { firstName: 'Paul', lastName: 'Panne', email: `paul.panne.${Date.now()}@example.com` });
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    await expect(page).toHaveURL(/\/cart\/summary$/);

    await failNextCartRegistration(page);
    await page.getByRole('button', { name: 'Confirmer ma reprise' }).click();
    const modal = modalOf(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('server-error-message')).toHaveText(TUNNEL.summary.serverFailed);
    await modal.getByRole('button', { name: SHARED.serverError.ok }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/cart\/summary$/);

    await page.getByRole('button', { name: 'Confirmer ma reprise' }).click();
    await expect(page).toHaveURL(/\/buyback-confirmation\?ids=/);
  });

  test('When a product’s page cannot load from the server, then the modal offers to reload it, and the reload shows it', async ({ page }) => {
    // Opened from the search (the page asks the API itself, nothing rendered by the server for it).
    await page.route('**/api/products/*/diagnostic-questions**', failing);
    await openProductFromSearch(page, 'iphone', IPHONE_15);
    const modal = modalOf(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('server-error-message')).toContainText(SHARED.serverError.prefix);
    await page.unroute('**/api/products/*/diagnostic-questions**');
    await modal.getByRole('button', { name: SHARED.serverError.reload }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: /s'allume-t-il/ })).toBeVisible();
  });
});
