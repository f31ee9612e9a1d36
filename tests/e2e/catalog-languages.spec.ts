import { expect, test } from '@playwright/test';
import { featureText, signInWith, StaffApi } from './support/dashboard.js';
import { storefrontInteractive } from './support/storefront.js';

/**
 * The catalogue in the visitor's language (issue 21): Demo Retail's
 * storefront read in English shows the product's picture (its placeholder:
 * the demo has no photos), its diagnostic questions and answers, the price's
 * impacts and the transport and payment options in English, as the demo's
 * translations write them. On the dashboard, a seller of Other Retail, which
 * has no premium feature, sees the IMEI search with the premium badge,
 * offered to no one.
 */

const IPHONE = 'Apple iPhone 15 128 Go';

const ENGLISH_ANSWERS: Array<{ question: string; answer: string }> = [
  { question: 'Does the device switch on?', answer: 'Yes' },
  { question: 'General condition of the device', answer: 'As new, no marks' },
  { question: 'Accessories included', answer: 'Original box' },
  { question: 'Screen condition', answer: 'Perfect, no scratches' },
  { question: 'Battery health', answer: 'Above 85%' },
  { question: 'Is the device locked to an account (iCloud/Google)?', answer: 'No, the account is signed out' },
];

test.describe('Given the demo retailer’s storefront read in English', () => {
  test('When a visitor finds an iPhone and answers its questions, then the picture, questions, answers, impacts and options are English', async ({ page }) => {
    test.slow();
    await page.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    // As the language selector keeps it: the cookie tells the server rendering the language too.
    await page.context().addCookies([{ name: 'language', value: 'en-GB', url: test.info().project.use.baseURL as string }]);
    await page.goto('/search');
    await storefrontInteractive(page);
    await page.getByRole('searchbox').first().fill('iphone 15');
    await page.getByRole('searchbox').first().press('Enter');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: IPHONE, exact: true }) });
    await expect(card.getByRole('img', { name: `No photo of ${IPHONE}` })).toBeVisible();
    await card.getByRole('link', { name: IPHONE, exact: true }).click();
    await expect(page).toHaveURL(/\/diag\/[0-9a-f-]{36}\//);
    await expect(page.getByRole('img', { name: `No photo of ${IPHONE}` })).toBeVisible();

    for (const [index, step] of ENGLISH_ANSWERS.entries()) {
      await expect(page.getByRole('heading', { level: 2, name: step.question })).toBeVisible();
      await page.getByText(step.answer, { exact: true }).click();
      await page.getByRole('button', { name: index === ENGLISH_ANSWERS.length - 1 ? 'See the price' : 'Continue' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Estimated buyback price' })).toBeVisible();
    await expect(page.getByTestId('estimate-impacts')).toContainText('Original box: +€5.00');
    // The options: the demo's shipping methods and payment modes, in English.
    await expect(page.getByText('Sent by post', { exact: true })).toBeVisible();
    await expect(page.getByText('Gift card', { exact: true })).toBeVisible();
    await expect(page.getByText('Carte cadeau', { exact: true })).toHaveCount(0);
  });
});

test.describe('Given a seller of a retailer without the IMEI search premium feature', () => {
  test('When they open the creation wizard, then the IMEI search shows the premium badge and cannot be chosen', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@other.test');
    await signInWith(page, seller);
    await page.goto('/dashboard/buyback/create');
    const imeiTab = page.getByRole('tab', { name: new RegExp(featureText('buyback-create', 'fr-FR', 'search.modes.imei')) });
    await expect(imeiTab).toBeDisabled();
    await expect(imeiTab.getByTestId('premium-badge')).toHaveText('Premium');
  });
});
