import { expect, test } from '@playwright/test';
import { startIdentityProvider, type RunningIdentityProvider } from '../../scripts/dev-idp.js';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';
import { dashboardText, featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * Single sign-on in the browser (issue 20): the retailer's manager configures
 * their identity provider on /connectors/SSO (a real oidc-provider started
 * here), then a user of the retailer's domain signs in through the
 * provider's own login page, lands on the dashboard created from the claims
 * (a seller of the Paris store), and logs out at the provider.
 */

const text = (key: string) => featureText('sso', 'fr-FR', key);
const ROOT = ORGANIZATION_DEMO_IDS.organizations.demoRoot;
const DOMAIN = 'e2e-sso.example';
const LOGIN = 'elise.e2e';
const SECRET = 'e2e-client-secret';

let idp: RunningIdentityProvider;

test.beforeAll(async () => {
  const baseURL = String(test.info().project.use.baseURL);
  idp = await startIdentityProvider({
    clientId: 'tradein-e2e',
    clientSecret: SECRET,
    redirectUris: [`${baseURL}/dashboard/open-id/${ROOT}/callback`],
    postLogoutRedirectUris: [`${baseURL}/dashboard/login`],
    users: [
      {
        login: LOGIN,
        claims: { email: `${LOGIN}@${DOMAIN}`, email_verified: true, given_name: 'Élise', family_name: 'Sso', roles: ['store-seller'], entity: 'DR-PAR-001' },
      },
    ],
  });
});
test.afterAll(async () => {
  await idp?.close();
});

test.describe('Given a retailer whose staff sign in with their company account', () => {
  test('When the manager configures the provider and a user signs in through its login page, then they land on the dashboard as a Paris seller, and log out at the provider', async ({ page, browser, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    await signInWith(page, retailer);
    await page.goto('/dashboard/connectors/SSO');
    await expect(page).toHaveURL(new RegExp(`/dashboard/connectors/${ROOT}/SSO$`));
    await expect(page.getByTestId('sso-redirect-uri')).toHaveText(new RegExp(`/dashboard/open-id/${ROOT}/callback$`), { timeout: 30_000 });

    await page.getByLabel(text('fields.domains')).fill(DOMAIN);
    await page.getByLabel(text('fields.discoveryEndpoint')).fill(idp.discoveryEndpoint);
    await page.getByLabel(text('fields.clientId')).fill('tradein-e2e');
    await page.getByLabel(text('fields.clientSecret')).fill(SECRET);
    await page.getByLabel(text('fields.scope')).fill('openid email profile roles');
    await page.getByLabel(text('fields.roleClaim')).fill('roles');
    await page.getByLabel(text('fields.entityClaim')).fill('entity');
    await page.getByRole('button', { name: text('roleMatching.add') }).click();
    await page.getByLabel(text('roleMatching.claimValue')).fill('store-seller');
    await page.getByLabel(text('roleMatching.module'), { exact: true }).selectOption('tim');
    await page.getByLabel(text('roleMatching.userType'), { exact: true }).selectOption('store_seller');
    await page.getByLabel(text('fields.reason')).fill('Connexion des vendeurs par le compte Microsoft');
    await page.getByRole('button', { name: text('actions.save') }).click();
    // Saved: the secret is never shown back, the field is empty again and says one is stored.
    await expect(page.getByText(text('help.secretSet'))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel(text('fields.clientSecret'))).toHaveValue('');
    await page.getByRole('tab', { name: text('tabs.history') }).click();
    await expect(page.getByTestId('sso-history')).toContainText('Connexion des vendeurs par le compte Microsoft');

    // A user of the domain, in a browser of their own, starts the sign-in and meets the provider's real login page.
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const userPage = await visitor.newPage();
    const start = await request.get(`/api/open-id/authorization-url?domain=${encodeURIComponent(`${LOGIN}@${DOMAIN}`)}`);
    expect(start.status()).toBe(200);
    await userPage.goto((await start.json()).url);
    await expect(userPage).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await userPage.locator('input[name="login"]').fill(LOGIN);
    await userPage.locator('input[name="password"]').fill('n’importe quel mot de passe');
    await userPage.getByRole('button', { name: 'Sign-in' }).click();

    await expect(userPage).toHaveURL(/\/dashboard\/home$/, { timeout: 20_000 });
    await expect(userPage.getByText('Élise Sso').first()).toBeVisible();

    await userPage.getByText('Élise Sso').first().click();
    await userPage.getByRole('menuitem', { name: dashboardText('app', 'fr-FR', 'header.logout') }).click();
    await expect(userPage).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
    await visitor.close();
  });
});
