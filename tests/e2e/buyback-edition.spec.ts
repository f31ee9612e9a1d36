import { expect, test } from '@playwright/test';
import { createStoreBuyback, featureText, signInWith, StaffApi, uniqueName } from './support/dashboard.js';

const edition = (key: string, values: Record<string, string | number> = {}) => featureText('buyback-edition', 'fr-FR', key, values);
const buybacks = (key: string) => featureText('buybacks', 'fr-FR', key);

/** Issue 24: a store seller corrects a buyback's customer, reviews the change, confirms it, and the history tells it. */
test.describe('Given a buyback registered in the Paris store', () => {
  test('When its seller corrects the customer’s last name with a reason, then the detail shows it and the history tells the edition', async ({ page, request }) => {
    test.slow();
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const buyback = await createStoreBuyback(seller, { lastName: uniqueName('Durnad') });
    const corrected = uniqueName('Durand');
    await signInWith(page, seller);
    await page.goto(`/dashboard/buyback/${buyback.id}`);
    await page.getByRole('link', { name: buybacks('actions.edit') }).click();
    await expect(page).toHaveURL(new RegExp(`/buyback/${buyback.id}/edit$`));

    await page.locator('input[name="lastName"]').fill(corrected);
    await page.locator('textarea[name="reason"]').fill('Nom mal orthographié');
    await page.getByRole('button', { name: edition('edit.review') }).click();

    await expect(page).toHaveURL(new RegExp(`/buyback/${buyback.id}/edition$`));
    await expect(page.getByTestId('edition-estimate')).toBeVisible();
    await page.getByRole('button', { name: edition('confirm.submit') }).click();

    await expect(page).toHaveURL(new RegExp(`/buyback/${buyback.id}$`));
    await expect(page.getByText(corrected).first()).toBeVisible();
    const history = page.getByTestId('status-history');
    await expect(history.getByText(buybacks('history.events.BuybackEdited'))).toBeVisible();
    await expect(history.getByText('Nom mal orthographié')).toBeVisible();
  });
});
