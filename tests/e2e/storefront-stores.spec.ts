import type { Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';

/**
 * The storefront's drop-off stores (issue 24, /stores): the list always, the
 * nearest first by postal code or by the browser's position, and the map
 * when the retailer turned it on. No tile server is reachable here: the map's
 * tiles are answered by the test (a blank tile), or refused to see the list
 * alone.
 */

// A 1×1 transparent PNG: enough for Leaflet to count a tile as loaded.
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The demo retailer with its map turned on (its configuration as served, one flag changed). */
async function withMapEnabled(page: Page) {
  await page.route('**/api/white-label/config*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), dropOffLocationsMapEnabled: true } });
  });
}

const names = (page: Page) => page.getByTestId('store-name');
/** The demo's own stores among those listed: other tests of the run add stores of their own (in Nantes, in Rennes). */
const demoNames = (page: Page) => names(page).filter({ hasText: /^Demo Store / });
const demoItem = (page: Page, name: string) => page.getByTestId('store-item').filter({ hasText: name });

test.describe('Given the demo retailer’s five stores', () => {
  test.use({ geolocation: { latitude: 45.764, longitude: 4.8357 }, permissions: ['geolocation'] });

  test('When a visitor searches by postal code and by location, then the nearest come first with the distance, on the map too', async ({ page }) => {
    await withMapEnabled(page);
    await page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'image/png', body: TILE }));

    await page.goto('/stores');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Magasins de dépôt');
    await expect(page.getByTestId('back-to-client-website')).toBeVisible();
    await expect(demoNames(page)).toHaveText(['Demo Store Bordeaux', 'Demo Store Lyon', 'Demo Store Nantes', 'Demo Store Paris', 'Demo Store Rennes']);
    await expect(page.getByTestId('store-map')).toBeVisible();
    // One marker per store listed.
    await expect(page.locator('path.store-marker')).toHaveCount(await names(page).count());
    await expect(page.getByTestId('map-unavailable')).toHaveCount(0);

    await page.getByLabel('Code postal').fill('44000');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    // The stores at that postal code first (the demo's, and any another test added there), then the next nearest.
    await expect(demoNames(page).first()).toHaveText('Demo Store Nantes');
    await expect(page.getByTestId('store-distance').first()).toHaveText('à 0 km');
    await expect(demoItem(page, 'Demo Store Nantes').getByTestId('store-distance')).toHaveText('à 0 km');
    await expect(demoNames(page).nth(1)).toHaveText('Demo Store Rennes');
    await expect(demoItem(page, 'Demo Store Nantes')).toContainText('14:00–19:00');

    await page.getByLabel('Code postal').fill('ZZ-99');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByTestId('stores-error')).toContainText('ZZ-99');
    await expect(demoNames(page).first()).toHaveText('Demo Store Nantes');

    await page.getByTestId('locate-me').click();
    await expect(names(page).first()).toHaveText('Demo Store Lyon');
    await expect(page.getByTestId('stores-origin')).toHaveText('Les magasins les plus proches de vous :');
  });

  test('When the map’s tiles cannot load, then the page says the map is unavailable and keeps the list', async ({ page }) => {
    await withMapEnabled(page);
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));

    await page.goto('/stores');

    await expect(page.getByTestId('map-unavailable')).toContainText('La carte est indisponible');
    await expect(page.getByTestId('store-map')).toHaveCount(0);
    await expect(demoNames(page)).toHaveCount(5);
  });
});
