import { expect, test } from '@playwright/test';
import { apiMessage, apiText, expectAccessible, featureText, signInWith, StaffApi, uniqueName } from './support/dashboard.js';

/**
 * Entities (issue 20): the retailer's administrator creates a store under a
 * management unit from /entities (a taken external id said at its field),
 * edits it with a reason, and reads both steps in its History tab.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('entities', 'fr-FR', key, values);

test.describe('Given the retailer’s administrator on the entities', () => {
  test('When they create a store under a management unit and edit it, then the tree shows it and its history tells who changed what and why', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const name = uniqueName('Magasin Nantes');
    await signInWith(page, retailer);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.entities') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/entities/);
    await expect(page.getByRole('heading', { level: 1, name: text('list.title') })).toBeVisible();
    await expect(page.getByTestId('entities-tree')).toContainText('Demo Retail France');

    await page.getByRole('link', { name: text('actions.create') }).click();
    await expect(page).toHaveURL(/\/dashboard\/entity\/create$/);
    await page.getByLabel(text('fields.type')).selectOption('store');
    const parent = page.getByLabel(text('fields.parentOrganizationId'));
    await expect(parent.locator('option', { hasText: 'Demo Retail France' })).toHaveCount(1);
    await parent.selectOption({ label: `Demo Retail France (${text('types.management_unit')})` });
    await page.getByLabel(text('fields.commonName')).fill(name);
    await page.getByLabel(text('fields.street'), { exact: true }).fill('1 Rue Crébillon');
    await page.getByLabel(text('fields.zipCode')).fill('44000');
    await page.getByLabel(text('fields.city')).fill('Nantes');
    // An external id Demo Retail's Paris store already has: refused at its field, in French.
    await page.getByLabel(text('fields.externalId')).fill('DR-PAR-001');
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'ENTITY_EXTERNAL_ID_TAKEN'))).toBeVisible();
    await expect(page.getByLabel(text('fields.externalId'))).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    const externalId = `DR-NTE-${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel(text('fields.externalId')).fill(externalId);
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page.getByText(text('notifications.created', { name }))).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/entity\/[0-9a-f-]{36}\/edit$/);
    // Its type and buyer are fixed once created.
    await expect(page.getByLabel(text('fields.type'))).toBeDisabled();
    await expect(page.getByLabel(text('fields.buyerId'))).toBeDisabled();

    // Typed coordinates need the manual geocoding switch; out of range, said at the field.
    await page.getByText(text('fields.manualGeocoding')).click();
    await page.getByLabel(text('fields.latitude')).fill('95');
    await page.getByLabel(text('fields.longitude')).fill('-1,55');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'ENTITY_LATITUDE_INVALID'))).toBeVisible();
    await page.getByLabel(text('fields.latitude')).fill('47,21');
    await page.getByLabel(text('fields.city')).fill('Saint-Herblain');
    await page.getByLabel(text('fields.reason')).fill('Déménagement du magasin');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(text('notifications.updated', { name }))).toBeVisible();

    await page.getByRole('tab', { name: text('edit.tabs.history') }).click();
    const history = page.getByTestId('entity-history');
    await expect(history.getByRole('row')).toHaveCount(3);
    const latest = history.getByRole('row').nth(1);
    await expect(latest).toContainText(text('history.types.OrganizationChanged'));
    await expect(latest).toContainText('Julien Bernard');
    await expect(latest).toContainText('Déménagement du magasin');
    await expect(latest).toContainText('Nantes → Saint-Herblain');
    await expect(history.getByRole('row').nth(2)).toContainText(text('history.types.OrganizationRegistered'));

    // Back on the list: the store is under the unit in the tree, and found by its external id in the list view.
    await page.goto('/dashboard/entities');
    await expect(page.getByTestId('entities-tree')).toContainText(name);
    await page.getByRole('tab', { name: text('views.list') }).click();
    await page.getByLabel(text('filters.name')).fill(externalId);
    await page.getByRole('button', { name: text('filters.apply') }).click();
    await expect(page.getByTestId('entity-row')).toHaveCount(1);
    await expect(page.getByTestId('entity-row')).toContainText('Saint-Herblain');
  });
});
