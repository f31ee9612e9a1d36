import { expect, test } from '@playwright/test';
import { apiText, featureText, signInWith, StaffApi, uniqueName } from './support/dashboard.js';
import { linkIn, mailTo, templateIs } from './support/mailbox.js';

/**
 * Onboarding (issue 20), across the screens: the retailer's administrator
 * opens a store under a management unit and a seller for it; the seller
 * receives the invitation (read from the SMTP server the platform sent it
 * to), sets a first password accepting the terms, and logs in to her store.
 */

const entities = (key: string, values: Record<string, string | number> = {}) => featureText('entities', 'fr-FR', key, values);
const users = (key: string, values: Record<string, string | number> = {}) => featureText('users', 'fr-FR', key, values);
const auth = (key: string, values: Record<string, string | number> = {}) => featureText('auth', 'fr-FR', key, values);
const labelled = (field: string) => new RegExp(`^${users(`fields.${field}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const PASSWORD = 'Rennes2026Ok';

test.describe('Given the retailer’s administrator opening a new store', () => {
  test('When they create the store and its seller, then the seller is invited by e-mail, sets her password and works in that store', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const store = uniqueName('Magasin Rennes');
    const suffix = Date.now().toString(36);
    const email = `vendeuse.rennes.${suffix}@demo.test`;
    await signInWith(page, retailer);

    // The store, under Demo Retail France.
    await page.goto('/dashboard/entity/create');
    await page.getByLabel(entities('fields.type')).selectOption('store');
    await page.getByLabel(entities('fields.parentOrganizationId')).selectOption({ label: `Demo Retail France (${entities('types.management_unit')})` });
    await page.getByLabel(entities('fields.commonName')).fill(store);
    await page.getByLabel(entities('fields.street'), { exact: true }).fill('5 Quai Lamartine');
    await page.getByLabel(entities('fields.zipCode')).fill('35000');
    await page.getByLabel(entities('fields.city')).fill('Rennes');
    await page.getByLabel(entities('fields.externalId')).fill(`DR-REN-${suffix.toUpperCase()}`);
    await page.getByRole('button', { name: entities('create.submit') }).click();
    await expect(page.getByText(entities('notifications.created', { name: store }))).toBeVisible();

    // Its seller.
    await page.goto('/dashboard/users');
    await page.locator('#main-content').getByRole('link', { name: users('actions.create') }).click();
    await expect(page).toHaveURL(/\/dashboard\/userClient\/create$/);
    await page.getByLabel(labelled('firstname')).fill('Maëlle');
    await page.getByLabel(labelled('lastname')).fill(`Le Goff ${suffix}`);
    await page.getByLabel(labelled('email')).fill(email);
    await page.getByLabel(users('form.roleOf', { module: users('modules.tim') })).selectOption({ label: users('roles.store_seller') });
    const entity = page.getByLabel(users('form.entityOf', { module: users('modules.tim') }));
    await expect(entity.locator('option', { hasText: store })).toHaveCount(1);
    await entity.selectOption({ label: store });
    await page.getByRole('button', { name: users('create.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/userClient\/[0-9a-f-]{36}\/edit$/);

    // The invitation, as the SMTP server received it, in French.
    const mail = await mailTo(email, templateIs('user_invitation'));
    expect(mail.subject).toBe(apiText('fr-FR', 'mail.user_invitation.subject'));
    expect(mail.text).toContain('Maëlle');
    const link = linkIn(mail);
    expect(link).toMatch(/\/dashboard\/new\/password\?token=[A-Za-z0-9_-]+$/);

    // The seller, in a browser of her own: a first password, the terms accepted.
    const seller = await page.context().browser()!.newPage({ locale: 'fr-FR' });
    await seller.goto(link);
    await expect(seller.getByRole('heading', { level: 1, name: auth('password.firstTitle') })).toBeVisible();
    await expect(seller.getByText(auth('password.firstIntro', { firstname: 'Maëlle' }))).toBeVisible();
    await seller.getByLabel(auth('password.new')).fill(PASSWORD);
    await seller.getByLabel(auth('password.repeat')).fill(PASSWORD);
    await seller.getByRole('button', { name: auth('password.save') }).click();
    await expect(seller.getByText(auth('password.errors.terms'))).toBeVisible();
    await seller.getByText(auth('password.acceptTerms')).click();
    await seller.getByRole('button', { name: auth('password.save') }).click();

    await expect(seller).toHaveURL(/\/dashboard\/login$/);
    await expect(seller.getByLabel(auth('login.email'))).toHaveValue(email);
    await seller.getByLabel(auth('login.password')).fill(PASSWORD);
    await seller.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await expect(seller).toHaveURL(/\/dashboard\/home$/);
    await expect(seller.getByText(store).first()).toBeVisible();

    // The list now shows her last login.
    await page.goto('/dashboard/users');
    await page.getByLabel(users('filters.name')).fill(`Maëlle Le Goff ${suffix}`);
    await page.getByRole('button', { name: users('filters.apply') }).click();
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row')).not.toContainText(users('list.never'));
    await seller.close();
  });
});
