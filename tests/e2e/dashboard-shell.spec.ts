import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiMessage, apiText, dashboardText, expectAccessible, signInThroughForm, signInWith, StaffApi } from './support/dashboard.js';

const app = (key: string, language = 'fr-FR') => dashboardText('app', language, key);
/** The shared texts (ui/shared/i18n): the server error modal's, both apps'. */
const common = (key: string, language = 'fr-FR') =>
  key.split('.').reduce<any>((node, part) => node?.[part], JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'shared', 'i18n', 'locales', `${language}.json`), 'utf8'))) as string;
const auth = (key: string, language = 'fr-FR') => dashboardText('features/auth', language, key);
const buybacks = (key: string, language = 'fr-FR') => dashboardText('features/buybacks', language, key);
/** A menu entry's label: the API translates the menu it assembles from the platform's parts (GET /api/me). */
const menuEntry = (key: string, language = 'fr-FR') => apiText(language, `menu.${key}`);

test.describe('Given the dashboard login page', () => {
  test('When the password is wrong, then the API’s refusal is shown in French and the user stays on the login page', async ({ page }) => {
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { level: 1, name: auth('login.title') })).toBeVisible();
    await signInThroughForm(page, 'seller@demo.test', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(apiMessage('fr-FR', 'AUTH_INVALID_CREDENTIALS'));
    await expect(page).toHaveURL(/\/dashboard\/login$/);
  });

  test('When a field is empty, then it says so at the field, without calling the API', async ({ page }) => {
    await page.goto('/dashboard/login');
    await page.getByRole('button', { name: auth('login.submit') }).click();
    await expect(page.getByText(auth('login.errors.emailRequired'))).toBeVisible();
    await expect(page.getByText(auth('login.errors.passwordRequired'))).toBeVisible();
  });

  test('When a seller signs in, then they land on home with their menu, and logging out brings them back to login for good', async ({ page }) => {
    await page.goto('/dashboard/login');
    await signInThroughForm(page, 'seller@demo.test');
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: app('home.title') })).toBeVisible();
    const menu = page.getByRole('navigation', { name: app('menu.label') });
    await expect(menu.getByRole('link', { name: menuEntry('buybackList') })).toBeVisible();
    await expect(menu.getByRole('link', { name: menuEntry('buybackCreate') })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await expect(page.getByTestId('version-label')).toBeVisible();

    await page.getByRole('button', { name: app('header.profileMenu').replace('{{name}}', 'Lucas Petit') }).click();
    await page.getByRole('menuitem', { name: app('header.logout') }).click();
    await expect(page).toHaveURL(/\/dashboard\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('dashboard.session'))).toBeNull();

    await page.goto('/dashboard/buybacks');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fbuybacks$/);
  });

  test('When the login page opens, then only the public pages’ texts download; signing in brings every screen’s', async ({ page }) => {
    // The French texts not in the first load (ui/dashboard/app/locale-bundles/fr-FR-on-demand.ts and the API's it imports).
    const onDemand: string[] = [];
    page.on('request', (request) => void (/\/assets\/fr-FR[-.]/.test(new URL(request.url()).pathname) && onDemand.push(request.url())));
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { level: 1, name: auth('login.title') })).toBeVisible();
    await expect(page.getByText(auth('login.intro'))).toBeVisible();
    expect(onDemand).toEqual([]);

    await signInThroughForm(page, 'seller@demo.test');
    await expect(page.getByRole('heading', { level: 1, name: app('home.title') })).toBeVisible();
    expect(onDemand.length).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: app('menu.label') }).getByRole('link', { name: menuEntry('buybackList') }).click();
    await expect(page.getByRole('heading', { level: 1, name: buybacks('list.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: buybacks('filters.apply') })).toBeVisible();
  });

  test('Then the login page has no serious accessibility violation', async ({ page }) => {
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('Given the route guard', () => {
  test('When a deep link is opened without a session, then login comes first and the user lands back on the deep link', async ({ page }) => {
    await page.goto('/dashboard/buybacks?status=bb_cancelled&sort=identificationNumber&direction=asc');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=/);
    await signInThroughForm(page, 'manager@demo.test');
    await expect(page).toHaveURL(/\/dashboard\/buybacks\?status=bb_cancelled&sort=identificationNumber&direction=asc$/);
    await expect(page.getByRole('heading', { level: 1, name: buybacks('list.title') })).toBeVisible();
  });

  test('When warehouse staff open the creation wizard, which needs buyback.create, then they are sent home', async ({ page, request }) => {
    await signInWith(page, await StaffApi.login(request, 'warehouse@demo.test', 'rps'));
    await page.goto('/dashboard/buyback/create');
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: app('home.title') })).toBeVisible();
    // And the menu offers them no entry for it.
    await expect(page.getByRole('navigation', { name: app('menu.label') }).getByRole('link', { name: menuEntry('buybackCreate') })).toHaveCount(0);
  });

  test('When an unknown path is opened while signed in, then the not-found page answers', async ({ page, request }) => {
    await signInWith(page, await StaffApi.login(request, 'seller@demo.test'));
    await page.goto('/dashboard/nothing/here');
    await expect(page.getByRole('heading', { level: 1, name: app('notFound.title') })).toBeVisible();
  });
});

test.describe('Given a user with two modules (retailer@demo.test: retailer root and store Paris)', () => {
  test('When they log in as the store module, then the app restarts on home in that module and sends X-Module: tim', async ({ page }) => {
    await page.goto('/dashboard/login');
    await signInThroughForm(page, 'retailer@demo.test');
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByTestId('current-organization')).toHaveText('Demo Retail');

    await page.getByRole('button', { name: app('header.profileMenu').replace('{{name}}', 'Julien Bernard') }).click();
    const choice = app('header.moduleChoice').replace('{{module}}', app('modules.tim')).replace('{{role}}', app('userTypes.store_manager'));
    const meInTim = page.waitForRequest((r) => r.url().endsWith('/api/me') && r.headers()['x-module'] === 'tim');
    await page.getByRole('menuitem', { name: choice }).click();
    await meInTim;
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByTestId('current-organization')).toHaveText('Demo Store Paris');

    // The store module's profile menu offers the way back to the retailer module.
    await page.getByRole('button', { name: app('header.profileMenu').replace('{{name}}', 'Julien Bernard') }).click();
    await expect(page.getByRole('menuitem', { name: app('header.moduleChoice').replace('{{module}}', app('modules.root')).replace('{{role}}', app('userTypes.root_management_unit_manager')) })).toBeVisible();
  });

  test('When they work in the retailer module, then nothing offers the store wizard, and home offers to switch to the store module to register a buyback', async ({ page, request }) => {
    await signInWith(page, await StaffApi.login(request, 'retailer@demo.test', 'root'));
    await page.goto('/dashboard/home');
    const menu = page.getByRole('navigation', { name: app('menu.label') });
    await expect(menu.getByRole('link', { name: menuEntry('buybackList') })).toBeVisible();
    await expect(menu.getByRole('link', { name: menuEntry('buybackCreate') })).toHaveCount(0);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: menuEntry('buybackCreate') })).toHaveCount(0);

    const switchToStore = page.getByRole('button', { name: app('home.storeModule.switch').replace('{{module}}', app('modules.tim')) });
    const meInTim = page.waitForRequest((r) => r.url().endsWith('/api/me') && r.headers()['x-module'] === 'tim');
    await switchToStore.click();
    await meInTim;
    await expect(page.getByTestId('current-organization')).toHaveText('Demo Store Paris');
    await expect(menu.getByRole('link', { name: menuEntry('buybackCreate') })).toBeVisible();
    await expect(main.getByRole('link', { name: menuEntry('buybackCreate') })).toBeVisible();
    await expect(switchToStore).toHaveCount(0);
  });
});

test.describe('Given a signed-in session', () => {
  test('When the session is revoked elsewhere, then the next call opens the reconnect modal, which leads to login and back', async ({ page, request }) => {
    const seller = await StaffApi.freshLogin(request, 'seller@demo.test');
    await signInWith(page, seller);
    await page.goto('/dashboard/buybacks');
    await expect(page.getByRole('heading', { level: 1, name: buybacks('list.title') })).toBeVisible();

    // The session ends on the server (another tab logging out, an administrator, expiry).
    expect((await seller.post('/logout')).status).toBe(204);
    await page.getByLabel(buybacks('filters.customerName')).fill('Durand');
    await page.getByRole('button', { name: buybacks('filters.apply') }).click();

    const modal = page.getByRole('alertdialog', { name: app('sessionExpired.title') });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(app('sessionExpired.text'));
    await modal.getByRole('button', { name: app('sessionExpired.reconnect') }).click();
    await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fbuybacks%3FcustomerName%3DDurand$/);
    await signInThroughForm(page, 'seller@demo.test');
    await expect(page).toHaveURL(/\/dashboard\/buybacks\?customerName=Durand$/);
  });

  test('When the server fails, then the server error modal says so and offers to reload', async ({ page, request }) => {
    await signInWith(page, await StaffApi.login(request, 'seller@demo.test'));
    await page.route('**/api/buybacks?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal error', details: { correlationId: 'e2e-correlation-42' } }),
      }),
    );
    await page.goto('/dashboard/buybacks');
    const modal = page.getByRole('alertdialog', { name: common('serverError.title') });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`${common('serverError.prefix')} ${apiMessage('fr-FR', 'INTERNAL_ERROR')}`);
    await expect(modal).toContainText('e2e-correlation-42');
    await expect(modal.getByRole('button', { name: common('serverError.reload') })).toBeVisible();
    await modal.getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(modal).toBeHidden();
  });

  test('When the API cannot be reached at start-up, then the not-available page says so instead of a broken screen', async ({ page, request }) => {
    await signInWith(page, await StaffApi.login(request, 'seller@demo.test'));
    await page.route('**/api/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL_ERROR","message":"down"}' }));
    await page.goto('/dashboard/buybacks');
    await expect(page).toHaveURL(/\/dashboard\/not-available$/);
    await expect(page.getByRole('heading', { level: 1, name: app('notAvailable.title') })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('When the language is switched to English, then every text changes, and the choice survives a reload', async ({ page, request }) => {
    await signInWith(page, await StaffApi.login(request, 'seller@demo.test'));
    await page.goto('/dashboard/buybacks');
    await expect(page.getByRole('heading', { level: 1, name: buybacks('list.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

    await page.getByLabel('Langue').selectOption('en-GB');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.getByRole('heading', { level: 1, name: buybacks('list.title', 'en-GB') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: app('menu.label', 'en-GB') }).getByRole('link', { name: menuEntry('buybackList', 'en-GB') })).toBeVisible();
    await expect(page.getByRole('button', { name: buybacks('filters.apply', 'en-GB') })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: buybacks('list.title', 'en-GB') })).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('en-GB');
  });
});
