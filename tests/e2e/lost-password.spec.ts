import { expect, test } from '@playwright/test';
import { apiMessage, apiText, DEMO_PASSWORD, expectAccessible, featureText } from './support/dashboard.js';
import { linkIn, mailTo, templateIs } from './support/mailbox.js';

/**
 * Lost password (issue 20): from the login page a seller asks for a link,
 * reads it in the e-mail the SMTP server received, sets a new password with
 * the rules ticked as she types, and logs in with it; the used link then
 * shows its error page. The login page's three ways in, and a lock's answer
 * with the time to try again.
 */

const auth = (key: string, values: Record<string, string | number> = {}) => featureText('auth', 'fr-FR', key, values);
/** A Bordeaux seller no other browser test signs in as (her password changes here). */
const EMAIL = 'bordeaux-seller2@demo.test';
const NEW_PASSWORD = 'Bordeaux2026';

test.describe('Given a seller who forgot her password', () => {
  test('When she asks for a link from the login page, then the e-mail’s link lets her set a new password once, and she logs in with it', async ({ page }) => {
    test.slow();
    await page.goto('/dashboard/login');
    await expect(page.getByRole('button', { name: auth('login.submit'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: auth('login.withOrganisation') })).toBeVisible();
    await page.getByRole('link', { name: auth('login.lostPassword') }).click();
    await expect(page).toHaveURL(/\/dashboard\/lostPassword$/);
    await expect(page.getByRole('heading', { level: 1, name: auth('lostPassword.title') })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel(auth('login.email')).fill(EMAIL);
    await page.getByRole('button', { name: auth('lostPassword.submit') }).click();
    await expect(page.getByRole('status')).toHaveText(auth('lostPassword.sent', { email: EMAIL }));

    // The e-mail, as the SMTP server received it, in her language (French).
    const mail = await mailTo(EMAIL, templateIs('password_reset'));
    expect(mail.subject).toBe(apiText('fr-FR', 'mail.password_reset.subject'));
    expect(mail.headers['content-language']).toBe('fr-FR');
    const link = linkIn(mail);
    expect(link).toMatch(/\/dashboard\/renew\/[A-Za-z0-9_-]+$/);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: auth('password.resetTitle') })).toBeVisible();
    await expect(page.getByText(auth('password.resetIntro', { firstname: 'Sarah' }))).toBeVisible();
    const rules = page.getByTestId('password-rules');
    const newPassword = page.getByLabel(auth('password.new'));
    const repeat = page.getByLabel(auth('password.repeat'));

    // The rules are ticked live; a weak password is refused before it leaves.
    await newPassword.fill('bordeaux');
    await expect(rules.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'true');
    await expect(rules.locator('[data-rule="uppercase"]')).toHaveAttribute('data-met', 'false');
    await expect(rules.locator('[data-rule="digit"]')).toHaveAttribute('data-met', 'false');
    await repeat.fill('bordeaux');
    await page.getByRole('button', { name: auth('password.save') }).click();
    await expect(page.getByText(auth('password.errors.weak'))).toBeVisible();

    // The old password again: the server's refusal, in French.
    await newPassword.fill(DEMO_PASSWORD);
    await repeat.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: auth('password.save') }).click();
    await expect(page.getByRole('alert')).toHaveText(apiMessage('fr-FR', 'PASSWORD_SAME_AS_OLD'));

    await newPassword.fill(NEW_PASSWORD);
    await repeat.fill(NEW_PASSWORD);
    for (const rule of ['length', 'lowercase', 'uppercase', 'digit', 'repeat']) await expect(rules.locator(`[data-rule="${rule}"]`)).toHaveAttribute('data-met', 'true');
    await expectAccessible(page);
    await page.getByRole('button', { name: auth('password.save') }).click();

    // Back on the login page, told so, her e-mail filled in: the old password no longer opens, the new one does.
    await expect(page).toHaveURL(/\/dashboard\/login$/);
    await expect(page.getByRole('status')).toHaveText(auth('login.passwordSet'));
    await expect(page.getByLabel(auth('login.email'))).toHaveValue(EMAIL);
    await page.getByLabel(auth('login.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(apiMessage('fr-FR', 'AUTH_INVALID_CREDENTIALS'));
    await page.getByLabel(auth('login.password')).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);

    // The link was used: it now opens its error page, with a way to ask for another.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: auth('password.invalidTitle') })).toBeVisible();
    await expect(page.getByTestId('password-link-error')).toHaveAttribute('data-code', 'PASSWORD_LINK_INVALID');
    await expect(page.getByRole('alert')).toHaveText(apiMessage('fr-FR', 'PASSWORD_LINK_INVALID'));
    await expect(page.getByRole('link', { name: auth('password.askNewLink') })).toBeVisible();
  });
});

test.describe('Given the login page', () => {
  test('When an e-mail is locked after repeated failures, then the page says so in French with the time to try again', async ({ page, request }) => {
    test.slow();
    const email = `locked.${Date.now().toString(36)}@demo.test`;
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await request.post('/api/login', { data: { email, password: 'Wrong2026x' } })).status();
    }
    expect(status).toBe(429);
    await page.goto('/dashboard/login');
    await page.getByLabel(auth('login.email')).fill(email);
    await page.getByLabel(auth('login.password')).fill('Wrong2026x');
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(auth('errors.locked', { time: 'X', minutes: 15 }).split(' X')[0]!);
    await expect(alert).toHaveText(/\d{2}:\d{2}/);
  });

  test('When “log in with your organisation” is chosen, then a work e-mail is asked for, and an e-mail no organisation owns is refused in French', async ({ page }) => {
    await page.goto('/dashboard/login');
    await page.getByRole('button', { name: auth('login.withOrganisation') }).click();
    const form = page.getByTestId('sso-form');
    await expect(form).toBeVisible();
    await form.getByLabel(auth('sso.email')).fill('someone@no-sso.example');
    await form.getByRole('button', { name: auth('sso.continue') }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/login$/);
    await form.getByRole('button', { name: auth('sso.back') }).click();
    await expect(page.getByRole('link', { name: auth('login.lostPassword') })).toBeVisible();
  });

  test('When a link that exists nowhere is opened, then its error page shows', async ({ page }) => {
    await page.goto('/dashboard/new/password?token=nothing-here');
    await expect(page.getByTestId('password-link-error')).toHaveAttribute('data-code', 'PASSWORD_LINK_INVALID');
    await expect(page.getByRole('alert')).toHaveText(apiMessage('fr-FR', 'PASSWORD_LINK_INVALID'));
    await expectAccessible(page);
  });
});
