import { expect, test } from '@playwright/test';
import { apiText, expectAccessible, featureText, signInWith, StaffApi, uniqueName } from './support/dashboard.js';
import { storefrontInteractive } from './support/storefront.js';

/**
 * Products (issue 21): the retailer's catalogue manager creates a product on
 * /product/create, prices it, sees it among the drafts (the list shows the
 * published ones by default), publishes it, finds it with the list's filters
 * (a minimum above the maximum warned), and the storefront's visitors find it;
 * unpublished, it leaves the storefront at once.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('products', 'fr-FR', key, values);

async function iphoneCategory(retailer: StaffApi): Promise<string> {
  const tree = await retailer.ok('get', '/categories/tree');
  const find = (nodes: Array<{ id: string; label: string; children: unknown[] }>): string | undefined =>
    nodes.map((n) => (n.label === 'Apple iPhone' ? n.id : find(n.children as typeof nodes))).find(Boolean);
  const id = find(tree.items);
  if (!id) throw new Error('no Apple iPhone category');
  return id;
}

test.describe('Given the retailer’s catalogue manager on the products', () => {
  test('When they create, price and publish a product, then the list’s filters and the storefront find it; unpublished, it leaves the storefront', async ({ page }) => {
    // A long journey on a shared machine: the search engine takes up to a second to see each change.
    test.setTimeout(300_000);
    const retailer = await StaffApi.login(page.request, 'retailer@demo.test', 'root');
    const category = await iphoneCategory(retailer);
    const label = `Apple iPhone ${uniqueName('Essai')}`;
    await signInWith(page, retailer);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.products') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/products/);
    await expect(page.getByRole('heading', { level: 1, name: text('list.title') })).toBeVisible();
    await expectAccessible(page);

    // Created with its prices: a wrong EAN is refused at its field first.
    await page.getByRole('link', { name: text('actions.create') }).click();
    await expect(page).toHaveURL(/\/dashboard\/product\/create$/);
    // The form is ready once the categories are there to choose from.
    await expect(page.getByRole('combobox', { name: text('fields.categoryId') }).locator(`option[value="${category}"]`)).toHaveCount(1);
    await page.getByRole('textbox', { name: text('fields.label'), exact: true }).fill(label);
    await expect(page.getByRole('textbox', { name: text('fields.label'), exact: true })).toHaveValue(label);
    await page.getByRole('textbox', { name: text('fields.brand'), exact: true }).fill('Apple');
    await page.getByRole('textbox', { name: text('fields.ean'), exact: true }).fill('4006381333932');
    await page.getByRole('combobox', { name: text('fields.categoryId') }).selectOption(category);
    await page.getByRole('tab', { name: text('tabs.price') }).click();
    await page.getByRole('textbox', { name: text('states.grade_a'), exact: true }).fill('350');
    await page.getByRole('textbox', { name: text('states.functional'), exact: true }).fill('120,50');
    await page.getByRole('button', { name: text('create.submit') }).click();
    await page.getByRole('tab', { name: text('tabs.general') }).click();
    await expect(page.getByText(apiText('fr-FR', 'errors.GTIN_CHECK_DIGIT_INVALID'))).toBeVisible();
    await page.getByRole('textbox', { name: text('fields.ean'), exact: true }).fill('4006381333931');
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page.getByTestId('product-saved')).toContainText(text('notifications.created', { label }));

    // A draft: not among the published (the default), found among all with its name.
    await page.getByRole('textbox', { name: text('filters.name'), exact: true }).fill(label);
    const listed = page.waitForResponse((r) => r.url().includes('/api/products?') && r.url().includes('search='));
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await listed;
    await expect(page.getByTestId('product-row').filter({ hasText: label })).toHaveCount(0);
    await page.getByRole('combobox', { name: text('filters.status') }).selectOption('all');
    await page.getByRole('button', { name: text('filters.apply') }).click();
    const row = page.getByTestId('product-row').filter({ hasText: label });
    // The search engine has it within a second of its creation.
    await expect(async () => {
      if (!(await row.isVisible())) await page.reload();
      await expect(row).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    await expect(row).toContainText(text('statuses.draft'));
    await expect(row).toContainText('350,00');
    await expect(row).toContainText('4006381333931');
    await expect(page).toHaveURL(/status=all/);

    // Published from its form; its price history says who set which price.
    await row.getByRole('link', { name: label }).click();
    await page.getByRole('button', { name: text('actions.publish') }).click();
    await expect(page.getByTestId('product-status')).toHaveText(text('statuses.published'));
    await page.getByRole('tab', { name: text('tabs.priceHistory') }).click();
    await expect(page.getByTestId('product-price-history')).toContainText('350,00');

    // The list: published, between 300 and 400 € — a minimum above the maximum is warned and not applied.
    await page.goto('/dashboard/products');
    await page.getByRole('textbox', { name: text('filters.name'), exact: true }).fill(label);
    await page.getByRole('textbox', { name: text('filters.priceMin') }).fill('500');
    await page.getByRole('textbox', { name: text('filters.priceMax') }).fill('400');
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await expect(page.getByText(text('filters.price.minAboveMax'))).toBeVisible();
    await page.getByRole('textbox', { name: text('filters.priceMin') }).fill('300');
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await expect(async () => {
      const published = page.getByTestId('product-row').filter({ hasText: label });
      if (!(await published.isVisible())) await page.reload();
      await expect(published).toContainText(text('statuses.published'), { timeout: 10_000 });
    }).toPass({ timeout: 45_000 });

    // The storefront finds it; unpublished, it is gone from the next search.
    const visitor = await page.context().newPage();
    // One search, its answer awaited (what the page shows is that answer's).
    const search = async () => {
      // Awaited from before the page opens: the storefront may run its last search again as it loads.
      const answered = visitor.waitForResponse((r) => r.url().includes('/api/products?') && decodeURIComponent(r.url().replace(/\+/g, ' ')).includes(`search=${label}`), {
        timeout: 15_000,
      });
      await visitor.goto('/search');
      // Hydrated first: typed earlier, the server-rendered form is submitted by the browser itself, and the results page the
      // server renders asks the API from the server, not from this tab (a fresh clone's run saw no request in 15 s).
      await storefrontInteractive(visitor);
      await visitor.getByRole('searchbox').first().fill(label);
      await visitor.getByRole('searchbox').first().press('Enter');
      return ((await (await answered).json()) as { items: Array<{ label: string }> }).items.map((p) => p.label);
    };
    await expect(async () => {
      await search();
      await expect(visitor.getByText(label, { exact: true })).toBeVisible({ timeout: 8_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByTestId('product-row').filter({ hasText: label }).getByRole('link', { name: label }).click();
    await page.getByRole('button', { name: text('actions.unpublish') }).click();
    await expect(page.getByTestId('product-status')).toHaveText(text('statuses.draft'));
    await expect(async () => {
      expect(await search()).not.toContain(label);
      await expect(visitor.getByText(label, { exact: true })).toHaveCount(0, { timeout: 8_000 });
    }).toPass({ timeout: 30_000 });
  });
});
