import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { createStoreBuyback, StaffApi } from './support/dashboard.js';
import { mailTo, templateIs } from './support/mailbox.js';

/**
 * The customer follows their device (issue 24): the tracking link of the
 * confirmation e-mail opens its journey, where the price proposal is
 * answered; another customer's link opens nothing of theirs.
 */

let sequence = 0;

/** A storefront feature's texts in `language` (the page speaks the customer's). */
function texts(feature: string, language: string): Record<string, any> {
  return JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'storefront', 'features', feature, 'locales', `${language}.json`), 'utf8'));
}

/** A store buyback of a customer named `firstName`, and the tracking link of its confirmation e-mail. */
async function trackedBuyback(request: APIRequestContext, firstName: string, language?: string) {
  const seller = await StaffApi.login(request, 'seller@demo.test');
  const email = `e2e.tracking.${Date.now()}.${++sequence}@example.com`;
  const created = await createStoreBuyback(seller, { email, firstName, lastName: 'Vasseur', language });
  const confirmation = await mailTo(email, templateIs('buybackConfirmation'));
  const link = [...confirmation.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])).find((url) => url.pathname === '/tracking');
  if (!link) throw new Error(`no tracking link in ${confirmation.text}`);
  return { seller, created, link, token: link.searchParams.get('token') as string };
}

test.describe('Given a customer whose device was received and offered a lower price', () => {
  test('When they open the tracking link of their confirmation e-mail, then they see its journey, answer the proposal there, and another customer’s link is refused', async ({ page, request }) => {
    test.slow(); // two buybacks registered, one driven to a proposal, then answered in the page
    const { seller, created, link, token } = await trackedBuyback(request, 'Inès');
    const warehouse = await StaffApi.login(request, 'warehouse@demo.test', 'rps');
    await seller.ok('post', `/buybacks/${created.id}/ship`, { trackingNumber: null, trackingLink: null });
    await warehouse.ok('post', `/buybacks/${created.id}/check-in`, {});
    await warehouse.ok('post', `/buybacks/${created.id}/propose-new-price`, { proposedPriceInCents: created.declaredPriceInCents - 5_000, reason: 'Écran rayé' });

    // The customer's language: the seller registered it in French.
    const tracking = texts('tracking', 'fr-FR');
    const proposalTexts = texts('price-proposal', 'fr-FR');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tracking.title);
    await expect(page.getByTestId('tracking-greeting')).toContainText(tracking.greeting.replace('{{firstName}}', 'Inès'));
    // Only the first name: never the last name the seller typed.
    await expect(page.locator('body')).not.toContainText('Vasseur');
    const steps = page.getByTestId('journey-step');
    await expect(steps).toHaveCount(4);
    // Retrying checks: the page may still be loading the customer's language's texts.
    for (const [index, step] of ['registered', 'shipped', 'received', 'price_proposed'].entries()) await expect(steps.nth(index)).toHaveAttribute('data-step', step);
    await expect(steps.nth(3)).toContainText(tracking.steps.price_proposed.split('{{')[0].trim());

    const proposal = page.getByTestId('tracking-proposal');
    await proposal.getByRole('button', { name: proposalTexts.accept.button }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: proposalTexts.accept.confirm }).click();
    await expect(proposal.getByTestId('price-proposal-resolved')).toContainText(proposalTexts.resolved.recorded);
    await expect(steps.last()).toHaveAttribute('data-step', 'proposal_accepted');
    await expect(page.getByTestId('tracking-status')).toContainText(tracking.status.bb_completed_with_negociation);

    // A second customer's tracking link, put on the first one's buyback: refused, nothing of theirs shown.
    const other = await trackedBuyback(request, 'Bastien');
    await page.goto(`/tracking?id=${created.id}&token=${encodeURIComponent(other.token)}`);
    await expect(page.getByTestId('tracking-refused')).toBeVisible();
    await expect(page.getByTestId('journey-step')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Inès');
    expect(token).not.toBe(other.token);
  });
});

test.describe('Given a customer who registered their device in Dutch', () => {
  test('When they open their tracking link on a browser in the retailer’s French, then the page speaks Dutch, and they can still switch language', async ({ page, request }) => {
    const { link } = await trackedBuyback(request, 'Sanne', 'nl-BE');
    const dutch = texts('tracking', 'nl-BE');
    const english = texts('tracking', 'en-GB');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dutch.title);
    await expect(page.getByTestId('tracking-greeting')).toContainText(dutch.greeting.replace('{{firstName}}', 'Sanne'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');

    // The visitor's own choice still wins once made.
    const switchLabel = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'shared', 'i18n', 'locales', 'nl-BE.json'), 'utf8')).language.label;
    await page.getByRole('combobox', { name: switchLabel }).first().selectOption('en-GB');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(english.title);
    await expect(page.getByTestId('journey-step').first()).toHaveAttribute('data-step', 'registered');
  });
});
