import { expect, test } from '@playwright/test';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';
import { apiMessage, apiText, expectAccessible, featureText, signInWith, StaffApi, uniqueName } from './support/dashboard.js';

/**
 * Connectors (issue 23): the retailer's administrator opens Connecteurs and
 * sees the demo's two configurations on its root (the embedded carrier,
 * active; the bank-transfer provider, inactive), creates an HTTP carrier
 * configuration whose API key is never shown back, is refused a name already
 * taken at the name, tests the demo's provider (its address answers nothing)
 * and reads why it failed; in English, the page reads English.
 */

const ROOT = ORGANIZATION_DEMO_IDS.organizations.demoRoot;
const text = (key: string, values: Record<string, string | number> = {}) => featureText('connectors', 'fr-FR', key, values);
const SECRET = 'e2e-carrier-key-7f3a';
/** A text with its `{{values}}` left open: any value matches. */
const pattern = (template: string) => new RegExp(template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+'));

test.describe('Given the retailer’s administrator', () => {
  test('When they configure a carrier and test the demo’s payment provider, then the secret never comes back, a taken name is refused at the name, and the failed test says why', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const demo = (await retailer.ok('get', `/connector-organizations?organizationId=${ROOT}`)).items as Array<{ id: string; name: string; connectorId: string; active: boolean }>;
    const provider = demo.find((configuration) => configuration.connectorId === 'http-payment-provider');
    expect(provider, 'the demo’s payment provider configuration').toBeDefined();

    await signInWith(page, retailer);
    await page.goto('/dashboard/home');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.connectors') }).first().click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/connectors/${ROOT}/connectors$`));
    await expect(page.getByRole('heading', { level: 1, name: text('catalogue.title') })).toBeVisible();
    const row = (connector: string) => page.locator(`[data-testid="connector-row"][data-connector="${connector}"]`);
    await expect(row('embedded-carrier').getByTestId('connector-count')).toHaveText(text('catalogue.count_one', { count: 1, active: 1 }));
    await expect(row('http-payment-provider').getByTestId('connector-count')).toHaveText(text('catalogue.count_one', { count: 1, active: 0 }));

    // A new HTTP carrier configuration with its API key: once saved, the key reads "set", never its value.
    const name = uniqueName('Transporteur e2e ');
    await row('http-carrier').getByRole('link').click();
    await page.getByRole('link', { name: text('actions.create') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('create.title', { name: text('connectorNames.http-carrier') }) })).toBeVisible();
    await page.getByLabel(text('fields.name')).fill(name);
    await page.getByLabel(text('properties.baseUrl')).fill('https://carrier.example/api');
    await page.getByLabel(text('properties.apiKey')).fill(SECRET);
    await page.getByLabel(text('properties.timeoutMs')).fill('5000');
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('edit.title', { name }) })).toBeVisible();
    await expect(page.getByTestId('property-apiKey').getByTestId('secret-set')).toHaveText(text('form.secretSet'));
    await expect(page.locator('input[name="properties.apiKey"]')).toHaveCount(0);
    expect(await page.content()).not.toContain(SECRET);
    const created = await retailer.ok('get', `/connector-organizations/${page.url().split('/').pop()}`);
    expect(created.properties).toContainEqual({ name: 'apiKey', value: null, secret: true, set: true });

    // The same name again: refused at the name field, in the API's words.
    await page.goto(`/dashboard/connectors/createConfiguration?organizationId=${ROOT}&connectorId=http-carrier`);
    await page.getByLabel(text('fields.name')).fill(name);
    await page.getByLabel(text('properties.baseUrl')).fill('https://other.example/api');
    await page.getByLabel(text('properties.apiKey')).fill('another-key');
    await page.getByRole('button', { name: text('create.submit') }).click();
    await expect(page.getByLabel(text('fields.name'))).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(apiMessage('fr-FR', 'CONNECTOR_CONFIGURATION_NAME_TAKEN').replace('{{name}}', name))).toBeVisible();

    // The demo's payment provider: its test fails, and says why.
    await page.goto(`/dashboard/connectors/${ROOT}/configurations/http-payment-provider`);
    await page.getByRole('link', { name: provider!.name }).click();
    await page.getByRole('button', { name: text('test.run') }).click();
    const result = page.getByTestId('test-result');
    await expect(result).toContainText(pattern(text('test.failed')));
    await expect(result.getByTestId('test-message')).toHaveText(pattern(apiText('fr-FR', 'connectorTest.unreachable')));
    await expect(page.getByTestId('last-test')).toContainText(pattern(text('test.lastFailed')));
    await expectAccessible(page);

    // In English, the page reads English.
    await page.getByLabel('Langue').selectOption('en-GB');
    await expect(page.getByRole('button', { name: featureText('connectors', 'en-GB', 'test.run') })).toBeVisible();
    await expect(page.getByRole('tab', { name: featureText('connectors', 'en-GB', 'edit.tabs.history') })).toBeVisible();
    await expect(page.getByRole('link', { name: featureText('connectors', 'en-GB', 'connectorNames.http-payment-provider') })).toBeVisible();
  });
});
