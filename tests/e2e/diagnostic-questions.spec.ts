import { expect, test } from '@playwright/test';
import { apiText, expectAccessible, featureText, signInWith, StaffApi } from './support/dashboard.js';
import { storefrontInteractive } from './support/storefront.js';
import { CATALOG_DEMO_IDS } from '../../infrastructure/modules/catalog/demo-data.js';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';

/**
 * Diagnostic questions (issue 21): the retailer's manager adds a question with
 * its answers to a category of their own tree, moves it first with the
 * keyboard, sees it inherited, read-only, by the category below; a visitor is
 * asked it for a product of that category, and an exclusive answer
 * ("Aucun accessoire") unticks the others.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('diagnostic', 'fr-FR', key, values);

test.describe('Given the retailer’s manager on the diagnostic questions', () => {
  test('When they add a question to a category and move it first by keyboard, then the category below inherits it and a visitor is asked it', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const run = Date.now().toString(36);
    const category = (label: string, identifier: string, parentId: string) =>
      retailer.ok('post', '/categories', {
        parentId,
        label,
        identifier,
        defaultWeightGrams: 300,
        absorption: { type: 'none', value: 0 },
        buyerId: ORGANIZATION_DEMO_IDS.buyers.demo,
      });
    // Given: a category of their own under Électronique, one below it with a published product, and a first question written before.
    const parent = await category(`Objets connectés ${run}`, `objets-${run}`, CATALOG_DEMO_IDS.categories.electronics);
    const child = await category(`Enceintes ${run}`, `enceintes-${run}`, parent.id);
    const product = await retailer.ok('post', '/products', { label: `Enceinte ${run}`, brand: 'Sonos', categoryId: child.id, prices: { grade_a: 9_000 } });
    await retailer.ok('post', `/products/${product.id}/publish`, {});
    await retailer.ok('post', `/categories/${parent.id}/diagnostic-questions`, { title: 'Le son grésille-t-il ?', type: 'unique', answers: [{ title: 'Non' }, { title: 'Oui', gradeCap: 'grade_c' }] });

    await signInWith(page, retailer);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.diagnostic') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/diagnostic$/);
    await page.getByRole('navigation', { name: text('home.tree') }).getByRole('link', { name: `Objets connectés ${run}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('category.title', { label: `Objets connectés ${run}` }) })).toBeVisible();

    // When: a question of several answers, "Aucun accessoire" excluding the others.
    await page.getByRole('link', { name: text('category.add') }).click();
    const title = `Accessoires de l’enceinte ${run}`;
    await page.getByRole('textbox', { name: text('fields.title'), exact: true }).fill(title);
    await page.getByLabel(text('fields.type'), { exact: true }).selectOption('multiple');
    await page.getByLabel(text('form.answerTitle', { number: 1 }), { exact: true }).fill('Câble d’alimentation');
    await page.getByLabel(text('form.impactKind', { number: 1 })).selectOption('fixed');
    await page.getByLabel(text('form.impactEuros', { number: 1 })).fill('5');
    await page.getByLabel(text('form.answerTitle', { number: 2 }), { exact: true }).fill('Aucun accessoire');
    await page.getByText(text('form.exclusive', { number: 2 })).click();
    await page.locator('[name="translations.en-GB.title"]').fill('Speaker accessories');
    await expectAccessible(page);
    await page.getByRole('button', { name: text('add.submit') }).click();
    await expect(page.getByText(text('notifications.created', { title }))).toBeVisible();

    // It comes last; its "move up" button, pressed from the keyboard, puts it first, and the order is saved.
    const own = page.getByTestId('own-questions').getByRole('listitem');
    await expect(own).toHaveCount(2);
    await expect(own.nth(1)).toContainText(title);
    await page.getByRole('button', { name: text('order.up', { title }) }).focus();
    await page.keyboard.press('Enter');
    await expect(own.nth(0)).toContainText(title);
    await expect(page.getByText(text('order.moved', { title, position: 1, total: 2 }))).toBeAttached();
    await expect
      .poll(async () => ((await retailer.ok('get', `/categories/${parent.id}/diagnostic-questions`)).own as Array<{ title: string }>).map((q) => q.title))
      .toEqual([title, 'Le son grésille-t-il ?']);

    // Then the category below shows it among its inherited questions, read-only.
    await page.goto(`/dashboard/category/${child.id}`);
    const inherited = page.getByTestId('inherited-questions');
    await expect(inherited).toContainText(`Objets connectés ${run}`);
    await expect(inherited).toContainText(title);
    await expect(page.getByRole('button', { name: text('order.up', { title }) })).toHaveCount(0);

    // And a visitor is asked it after Électronique's questions; an exclusive answer unticks the others.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`/diag/${product.id}/enceinte`);
    await storefrontInteractive(visitor);
    await expect(visitor.getByRole('heading', { level: 2, name: /s'allume-t-il/ })).toBeVisible();
    await visitor.getByText('Oui', { exact: true }).click();
    await visitor.getByRole('button', { name: 'Continuer' }).click();
    await visitor.getByText('Comme neuf, aucune trace', { exact: true }).click();
    await visitor.getByRole('button', { name: 'Continuer' }).click();
    await expect(visitor.getByRole('heading', { level: 2, name: 'Accessoires fournis' })).toBeVisible();
    await visitor.getByText("Boîte d'origine", { exact: true }).click();
    await visitor.getByText('Aucun accessoire', { exact: true }).click();
    await expect(visitor.getByRole('checkbox', { name: /Aucun accessoire/ })).toBeChecked();
    await expect(visitor.getByRole('checkbox', { name: /Boîte d'origine/ })).not.toBeChecked();
    await visitor.getByRole('button', { name: 'Continuer' }).click();
    await expect(visitor.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(visitor.getByText('Câble d’alimentation', { exact: true })).toBeVisible();
    await visitor.close();
  });
});
