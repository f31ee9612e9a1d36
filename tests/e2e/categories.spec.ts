import { expect, test, type Page } from '@playwright/test';
import { apiText, expectAccessible, featureText, signInWith, StaffApi, uniqueName } from './support/dashboard.js';

/**
 * Categories (issue 21): the retailer's catalogue manager creates a category
 * under Smartphones with an English name, moves it under Tablettes after the
 * screen named the smartphone questions it loses, links a circuit, archives
 * it after its checkpoints were shown; deleting Smartphones is refused in the
 * dialog because sub-categories remain.
 */

/** A field of the category's form, by its name. */
const named = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const text = (key: string, values: Record<string, string | number> = {}) => featureText('categories', 'fr-FR', key, values);

test.describe('Given the retailer’s catalogue manager on the categories', () => {
  test('When they create a category under another with a translation, move it confirming the questions it loses, link a circuit and archive it, then each step is saved and shown; deleting a category with sub-categories is refused', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    await signInWith(page, retailer);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.categories') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/categories\/list$/);
    await expect(page.getByTestId('categories-tree').locator('tr[data-category="smartphones"]')).toBeVisible();
    await expect(page.getByTestId('categories-tree').locator('tr[data-category="baladeurs"]')).toContainText(text('statuses.archived'));

    // Create: under Smartphones, with its English name.
    const label = uniqueName('Fairphone');
    const identifier = label.toLowerCase().replace(/[^0-9a-z]+/g, '-');
    await page.getByRole('link', { name: text('actions.create') }).click();
    await named(page, 'parentId').selectOption({ label: 'Électronique › Smartphones' });
    await named(page, 'buyerId').selectOption({ index: 1 });
    await named(page, 'label').fill(label);
    await named(page, 'identifier').fill('Pas Valide');
    await named(page, 'defaultWeightGrams').fill('220');
    await named(page, 'translations.en-GB.label').fill(`${label} EN`);
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page.getByText(apiText('fr-FR', 'errors.CATEGORY_IDENTIFIER_FORMAT'))).toBeVisible();
    await named(page, 'identifier').fill(identifier);
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/category\/[0-9a-f-]{36}\/edit$/, { timeout: 30_000 });
    await expect(named(page, 'translations.en-GB.label')).toHaveValue(`${label} EN`);
    await expectAccessible(page);

    // Move it under Tablettes: the screen names the smartphone questions it loses before saving.
    await named(page, 'parentId').selectOption({ label: 'Électronique › Tablettes' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(text('parentChange.title'))).toBeVisible();
    await expect(confirm).toContainText('Smartphones');
    await confirm.getByRole('button', { name: text('parentChange.confirm') }).click();
    await expect(page.getByText(text('notifications.updated', { name: label }))).toBeVisible();
    await expect(named(page, 'parentId')).toHaveValue(/.+/);
    await expect(named(page, 'parentId').locator('option:checked')).toHaveText('Électronique › Tablettes');

    // Link a circuit, then archive: the dialog shows it among the checkpoints.
    await page.getByRole('tab', { name: text('edit.tabs.circuits') }).click();
    const circuits = page.getByTestId('category-circuits');
    await circuits.getByRole('button', { name: /^Lier / }).first().click();
    await expect(circuits.getByText(text('circuits.linked'), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: text('actions.archive') }).click();
    const archive = page.getByRole('alertdialog');
    await expect(archive.getByTestId('archive-checkpoints')).toContainText(text('archive.checkpoints.CIRCUITS_one', { count: 1 }));
    await archive.getByRole('button', { name: text('archive.confirm') }).click();
    await expect(page.getByText(text('notifications.archived', { name: label }))).toBeVisible();
    await page.getByRole('tab', { name: text('edit.tabs.history') }).click();
    await expect(page.getByTestId('category-history')).toContainText(text('history.types.CategoryArchived'));
    await expect(page.getByTestId('category-history')).toContainText(text('history.types.CategoryChanged'));

    // Smartphones still has sub-categories: its deletion is refused, said in the dialog.
    await page.goto('/dashboard/categories/list');
    await page.getByTestId('categories-tree').getByRole('link', { name: 'Smartphones', exact: true }).click();
    await page.getByRole('button', { name: text('actions.delete') }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: text('actions.delete') }).click();
    await expect(dialog.getByRole('alert')).toContainText('Suppression impossible');
  });
});
