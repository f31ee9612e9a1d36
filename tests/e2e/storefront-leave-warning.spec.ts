import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CATALOG_DEMO_IDS } from '../../infrastructure/modules/catalog/demo-data.js';
import { expect, test } from './support/storefront-test.js';
import { declareDevice, fillCustomerDetails, openProductFromSearch } from './support/storefront.js';

/**
 * The storefront tunnel's leave-warning (specification 000 §4, issue 24):
 * leaving the tunnel with answers not yet in the cart, or the cart with
 * devices not yet registered, asks first (staying keeps everything); once the
 * last device is removed, nothing is unsaved and nothing is asked.
 */

const LEAVE = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'shared', 'buyback-path', 'locales', 'fr-FR.json'), 'utf8')).leave;
const TUNNEL = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'storefront', 'features', 'tunnel', 'locales', 'fr-FR.json'), 'utf8'));
const IPHONE_15 = 'Apple iPhone 15 128 Go';

const warning = (page: Page) => page.getByRole('alertdialog', { name: LEAVE.title });
const toCategories = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Catégories' }).click();

test.describe('Given a visitor in the storefront’s tunnel', () => {
  test('When they leave with an answer given and not yet in the cart, then they are asked first: staying keeps the answer, leaving leaves', async ({ page }) => {
    await openProductFromSearch(page, 'iphone', IPHONE_15);
    await expect(page.getByRole('heading', { level: 2, name: /s'allume-t-il/ })).toBeVisible();
    await page.getByText('Oui', { exact: true }).click();

    await toCategories(page);
    await expect(warning(page)).toBeVisible();
    await expect(warning(page)).toContainText(LEAVE.text);
    await warning(page).getByRole('button', { name: LEAVE.stay }).click();
    await expect(warning(page)).toBeHidden();
    await expect(page).toHaveURL(/\/diag\//);
    await expect(page.getByRole('radio', { name: 'Oui', exact: true }).or(page.getByRole('checkbox', { name: 'Oui', exact: true }))).toBeChecked();

    await toCategories(page);
    await warning(page).getByRole('button', { name: LEAVE.leave }).click();
    await expect(page).toHaveURL(/\/categories$/);
  });

  test('When they arrive on a product’s page from its address and leave without answering, then nothing was kept nor asked; their first answer starts the declaration', async ({ page }) => {
    const storedCarts = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tradein.storefront.cart.')).map((key) => localStorage.getItem(key)));
    await page.goto(`/diag/${CATALOG_DEMO_IDS.products.iphone15_128}/apple-iphone-15-128-go`);
    await expect(page.getByRole('heading', { level: 2, name: /s'allume-t-il/ })).toBeVisible();
    // Arriving writes nothing (a write would render every reader of the cart again, in one task, as the page hydrates).
    expect(await storedCarts()).toEqual([]);

    await page.getByText('Oui', { exact: true }).click();
    await expect.poll(async () => (await storedCarts()).map((text) => JSON.parse(text ?? '{}').draft?.productId)).toEqual([CATALOG_DEMO_IDS.products.iphone15_128]);
    await toCategories(page);
    await expect(warning(page)).toBeVisible();
    await warning(page).getByRole('button', { name: LEAVE.leave }).click();
    await expect(page).toHaveURL(/\/categories$/);

    // Back on its page, the declaration is kept; another product's page replaces it on arrival, nothing answered: leaving asks nothing.
    const drafts = async () =>
      (await storedCarts()).map((text) => {
        const draft = JSON.parse(text ?? '{}').draft;
        return draft && { productId: draft.productId, answered: Object.keys(draft.answers).length };
      });
    await page.goto(`/diag/${CATALOG_DEMO_IDS.products.iphone15_128}/apple-iphone-15-128-go`);
    await expect(page.getByRole('heading', { level: 2, name: /s'allume-t-il/ })).toBeVisible();
    expect(await drafts()).toEqual([{ productId: CATALOG_DEMO_IDS.products.iphone15_128, answered: 1 }]);
    // Its answer checked, for assistive technology too (the hidden radio, not only the card's look).
    await expect(page.getByRole('radio', { name: 'Oui', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Non', exact: true })).not.toBeChecked();
    await page.goto(`/diag/${CATALOG_DEMO_IDS.products.galaxyS23_128}/samsung-galaxy-s23-128-go`);
    await expect(page.getByRole('heading', { level: 2, name: /s'allume-t-il/ })).toBeVisible();
    await expect.poll(drafts).toEqual([{ productId: CATALOG_DEMO_IDS.products.galaxyS23_128, answered: 0 }]);
    await toCategories(page);
    await expect(page).toHaveURL(/\/categories$/);
    await expect(warning(page)).toHaveCount(0);
  });

  test('When their cart holds a device not registered, then leaving asks first; once its last device is removed, leaving asks nothing', async ({ page }) => {
    test.slow();
    await openProductFromSearch(page, 'iphone', IPHONE_15);
    await declareDevice(page, { transport: 'Envoi par La Poste', payment: 'Virement bancaire' });
    await fillCustomerDetails(page, { firstName: 'Léa', lastName: 'Départ', email: `lea.depart.${Date.now()}@example.com` });
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    await expect(page).toHaveURL(/\/cart\/summary$/);
    // The address changes before React renders the page (a transition): the summary shown, its warning is set.
    await expect(page.getByRole('heading', { level: 1, name: TUNNEL.summary.title })).toBeVisible();

    await toCategories(page);
    await expect(warning(page)).toBeVisible();
    await warning(page).getByRole('button', { name: LEAVE.stay }).click();
    await expect(page).toHaveURL(/\/cart\/summary$/);

    // The last device removed: the cart is emptied and the visitor taken home, without being asked.
    await page.getByRole('button', { name: TUNNEL.summary.removeItem.replace('{{product}}', IPHONE_15) }).click();
    const removal = page.getByRole('alertdialog', { name: TUNNEL.summary.remove.title });
    await expect(removal).toContainText(TUNNEL.summary.remove.last);
    await removal.getByRole('button', { name: TUNNEL.summary.remove.confirm }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(warning(page)).toHaveCount(0);
    await toCategories(page);
    await expect(page).toHaveURL(/\/categories$/);
    await expect(warning(page)).toHaveCount(0);
  });
});
