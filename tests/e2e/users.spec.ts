import { expect, test } from '@playwright/test';
import { apiMessage, apiText, expectAccessible, featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * User administration (issue 20): the demo retailer's administrator opens
 * /users from the menu, creates a seller for the Paris store (an address
 * another user has is refused at its field, in French), finds the new seller
 * in the list, renames them, and reads the change in the History tab; the
 * permission matrix is a table in their language.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('users', 'fr-FR', key, values);
const PARIS = 'Demo Store Paris';
/** A field by its whole label (« Nom » is also in « Prénom »), with or without the required mark. */
const labelled = (field: string) => new RegExp(`^${text(`fields.${field}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

test.describe('Given the demo retailer’s administrator on the users', () => {
  test('When they create a seller for the Paris store and edit them, then the list and the history show it', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const suffix = Date.now().toString(36);
    const email = `vendeuse.${suffix}@demo.test`;
    await signInWith(page, retailer);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.users') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/users/);
    await expect(page.getByRole('heading', { level: 1, name: text('list.title') })).toBeVisible();
    const main = page.locator('#main-content');
    await expect(main.getByRole('link', { name: text('actions.import') })).toHaveAttribute('href', /\/users\/import$/);
    await main.getByRole('link', { name: text('actions.create') }).click();
    await expect(page).toHaveURL(/\/dashboard\/userClient\/create$/);

    // The form: names, an address another user has, the TIM module as a seller of the Paris store.
    await page.getByLabel(labelled('firstname')).fill('Margaux');
    await page.getByLabel(labelled('lastname')).fill(`Vendeuse ${suffix}`);
    await page.getByLabel(labelled('email')).fill('seller@demo.test');
    await page.getByLabel(text('form.roleOf', { module: text('modules.tim') })).selectOption({ label: text('roles.store_seller') });
    await page.getByLabel(text('form.entityOf', { module: text('modules.tim') })).selectOption({ label: PARIS });
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'USER_EMAIL_TAKEN'))).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(labelled('email')).fill(email);
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/userClient\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByLabel(labelled('email'))).toHaveValue(email);

    // Renamed, with a reason: the history tells who did what and why.
    await page.getByLabel(labelled('lastname')).fill(`Renommée ${suffix}`);
    await page.getByLabel(text('form.reason')).fill('Changement de nom');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(text('notifications.updated', { name: `Margaux Renommée ${suffix}` }))).toBeVisible();
    await page.getByRole('tab', { name: text('edit.tabs.history') }).click();
    const history = page.getByTestId('user-history');
    await expect(history).toContainText(text('history.types.UserRegistered'));
    await expect(history).toContainText(text('history.types.UserChanged'));
    await expect(history).toContainText('Changement de nom');
    await expect(history).toContainText('Julien Bernard');

    // The list finds them by name, with their role, store and creation date, never signed in.
    await page.goto('/dashboard/users');
    await page.getByLabel(text('filters.name')).fill(`Margaux Renommée ${suffix}`);
    await page.getByRole('button', { name: text('filters.apply') }).click();
    const row = page.getByTestId('user-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText(`${text('roles.store_seller')} · ${PARIS}`);
    await expect(row).toContainText(text('list.never'));
  });

  test('When they open the permission matrix, then each permission is a row in French with its roles', async ({ page, request }) => {
    test.slow(); // the accessibility check reads a table of some hundred rows
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    await signInWith(page, retailer);
    await page.goto('/dashboard/permissions');
    await expect(page.getByRole('heading', { level: 1, name: text('matrix.title') })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('row', { name: /user\.manage\b/ });
    await expect(row).toContainText('Créer et modifier les utilisateurs');
    await expect(page.getByRole('columnheader', { name: text('roles.store_seller') })).toBeVisible();
    await expectAccessible(page);
  });
});
