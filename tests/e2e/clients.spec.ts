import { expect, test } from '@playwright/test';
import { apiMessage, apiText, expectAccessible, featureText, signInWith, uniqueName } from './support/dashboard.js';
import { superAdmin } from './support/warehouse-parcels.js';

/**
 * Clients (issue 20): the provider's administrator creates a client from
 * the administration menu with its modules and premium features (a SIRET
 * failing its check said at its field first), then edits its transport tab;
 * the history tab shows the change, and deleting the still active account is
 * refused with the screen's own text.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('clients', 'fr-FR', key, values);

test.describe('Given the provider’s administrator', () => {
  test('When they create a client with modules and premium features, then edit its transport tab, each is saved and the history shows it', async ({ page, request }) => {
    test.slow();
    const admin = await superAdmin(request);
    const name = `Reprise ${uniqueName('e')}`;
    await signInWith(page, admin);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.clients') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/clients/);
    await expect(page.getByRole('heading', { level: 1, name: text('list.title') })).toBeVisible();
    await page.getByRole('link', { name: text('actions.create') }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/client\/create$/);

    // General information, with a SIRET that fails the Luhn check: refused at its field, in French.
    await page.getByLabel(text('fields.commonName')).fill(name);
    await page.getByLabel(text('fields.corporateName')).fill('Reprise Express SAS');
    await page.getByLabel(text('fields.siret')).fill('732 829 320 00075');
    await page.getByLabel(text('fields.capital')).fill('15000,50');
    await page.getByLabel(text('fields.city')).fill('Nantes');
    // Modules and premium features, each on its tab.
    await page.getByRole('tab', { name: text('tabs.modules') }).click();
    await page.getByRole('tabpanel').getByText(text('modules.tim')).click();
    await page.getByRole('tabpanel').getByText(text('modules.rps')).click();
    await page.getByRole('tab', { name: text('tabs.premium') }).click();
    await page.getByRole('tabpanel').getByText(text('premium.payment_bonus')).click();
    await page.getByRole('tabpanel').getByText(text('premium.multi_product_cart')).click();
    await page.getByRole('button', { name: text('actions.createSubmit') }).click();
    await expect(page.getByRole('tab', { name: text('tabs.general') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(apiMessage('fr-FR', 'SIRET_INVALID'))).toBeVisible();
    await expect(page.getByLabel(text('fields.siret'))).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await page.getByLabel(text('fields.siret')).fill('732 829 320 00074');
    await page.getByRole('button', { name: text('actions.createSubmit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('edit.title', { name }) })).toBeVisible();
    const id = /\/client\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] as string;
    const created = await admin.ok('get', `/clients/${id}`);
    expect(created).toMatchObject({ commonName: name, siret: '73282932000074', capitalInCents: 1_500_050, modules: ['root', 'tim', 'rps'], premiumFeatures: ['payment_bonus', 'multi_product_cart'] });
    expect(created.address.city).toBe('Nantes');

    // The transport tab: a drop-off point and the carrier account, saved.
    await page.getByRole('tab', { name: text('tabs.transport') }).click();
    await page.getByRole('tabpanel').getByText(text('shippingTypes.drop_off_point')).click();
    await page.getByLabel(text('fields.carrierAccountNumber')).fill('CPT-4242');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => (await admin.ok('get', `/clients/${id}`)).transport).toEqual({ shippingTypes: ['store_drop', 'postal', 'drop_off_point'], carrierAccountNumber: 'CPT-4242' });

    // The form reloaded at its new revision stays on its tab, the values saved.
    await expect(page.getByRole('tab', { name: text('tabs.transport') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel(text('fields.carrierAccountNumber'))).toHaveValue('CPT-4242');
    await page.getByRole('tab', { name: text('tabs.history') }).click();
    const history = page.getByTestId('client-history');
    await expect(history).toContainText(text('history.types.ClientDetailsChanged'));
    await expect(history).toContainText(text('history.fieldNames.transport'));
    await expect(history).toContainText(text('history.types.AccountOpened'));

    // The account is active: its deletion is refused, with the screen's text.
    await page.getByRole('button', { name: text('actions.delete') }).click();
    await page.getByRole('button', { name: text('deletion.confirm') }).click();
    await expect(page.getByRole('alert').filter({ hasText: text('deletion.refusals.still_active') })).toBeVisible();
  });
});
