/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { storefrontInteractive } from './support/storefront.js';

/**
 * The storefront's search (issue 21, "Search that finds what people type"):
 * a visitor who misspells a name, or types the EAN on the box, finds the
 * product at once, through the search engine behind GET /products?search=.
 */

const SEARCH_BOX = 'Quel appareil souhaitez-vous revendre ?';

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: SEARCH_BOX });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Résultats pour « ${text} »`);
}

/** A product as the page's visitor sees it through the API (its token, once the storefront has one). */
async function visitorProduct(page: Page, label: string): Promise<{ id: string; label: string; ean: string }> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('storefront.anonymous-session'))).not.toBeNull();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('storefront.anonymous-session') as string).token);
  const answer = await page.request.get(`/api/products?search=${encodeURIComponent(label)}&itemsPerPage=40`, { headers: { Authorization: `Bearer ${token}` } });
  const found = ((await answer.json()).items as Array<{ id: string; label: string; ean: string }>).find((item) => item.label === label);
  if (!found) throw new Error(`no product ${label}`);
  return found;
}

test.describe('Given a visitor of the storefront looking for their device', () => {
  test('When they type a misspelt name, then the product comes first; when they type its EAN, then that product alone', async ({ page }) => {
    await page.goto('/');
    await storefrontInteractive(page);
    await search(page, 'iphnoe 13');
    const cards = page.getByRole('list', { name: 'Produits' }).getByRole('listitem');
    await expect(cards.first()).toContainText(/Apple iPhone 13 (128|256|512) Go/);
    // Only iPhone 13s: neither every iPhone nor every product named 13.
    const count = await cards.count();
    for (let index = 0; index < count; index++) await expect(cards.nth(index)).toContainText('iPhone 13');

    const galaxy = await visitorProduct(page, 'Samsung Galaxy S23 128 Go');
    expect(galaxy.ean).toMatch(/^\d{13}$/);
    await search(page, galaxy.ean);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Samsung Galaxy S23 128 Go');
    await cards.first().getByRole('link', { name: 'Samsung Galaxy S23 128 Go', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/diag/${galaxy.id}/`));
  });
});
