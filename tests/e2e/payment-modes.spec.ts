import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiMessage, apiText, expectAccessible, featureText, signInWith, StaffApi } from './support/dashboard.js';
import { euros, GOOD_PHONE_ANSWERS, openProductFromSearch } from './support/storefront.js';
import { superAdmin } from './support/warehouse-parcels.js';

/**
 * Payment modes (issue 19): the retailer's manager gives the gift card a
 * malus on /paymentModes, each wrong value said at its field; the
 * storefront's next estimate pays that much less by gift card. Provider staff
 * opening a retailer without the payment_bonus premium feature see the bonus
 * fields disabled with the premium badge.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('payment-modes', 'fr-FR', key, values);
const IPHONE = 'Apple iPhone 15 128 Go';
const GIFT_CARD = 'Carte cadeau';

async function giftCardMode(retailer: StaffApi) {
  const page = await retailer.ok('get', `/payment-modes?label=${encodeURIComponent(GIFT_CARD)}`);
  return page.items.find((mode: { label: string }) => mode.label === GIFT_CARD) as { id: string; accountId: string; revision: number };
}

/** The English answers to the iPhone's questions, as the demo's translations write them. */
const ENGLISH_ANSWERS = ['Yes', 'As new, no marks', 'Original box', 'Perfect, no scratches', 'Above 85%', 'No, the account is signed out'];

/** Back to no bonus nor malus and the translations it had, whatever the test left (other journeys pay by gift card too). */
async function disableModifier(request: APIRequestContext, retailer: StaffApi, id: string, translations: unknown = undefined) {
  const response = await request.patch(`/api/payment-modes/${id}`, {
    data: { modifier: { kind: 'disabled' }, ...(translations === undefined ? {} : { translations }) },
    headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': retailer.module ?? 'root' },
  });
  expect(response.status()).toBe(200);
}

test.describe('Given the retailer’s manager on the payment modes', () => {
  test('When they give the gift card a 10 % malus capped at 20 €, then wrong values are refused at their field, and the next estimate pays 20 € less by gift card; its English name shows in English', async ({ page, request, browser, baseURL }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const mode = await giftCardMode(retailer);
    const { translations } = await retailer.ok('get', `/payment-modes/${mode.id}`);
    try {
      await signInWith(page, retailer);
      await page.goto('/dashboard/');
      await page.getByRole('link', { name: apiText('fr-FR', 'menu.paymentModes') }).first().click();
      await expect(page).toHaveURL(/\/dashboard\/paymentModes/);
      await expect(page.getByRole('heading', { level: 1, name: text('list.title') })).toBeVisible();
      const row = page.getByTestId('payment-mode-row').filter({ hasText: GIFT_CARD });
      await expect(row).toContainText(text('modifierText.none'));
      await row.getByRole('link', { name: GIFT_CARD }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/paymentMode/${mode.id}/edit$`));

      // A percentage of 0 and a cap of the wrong sign: each said at its own field, in French.
      await page.getByLabel(text('fields.modifierKind')).selectOption('percentage');
      await page.getByLabel(text('fields.percent')).fill('0');
      await page.getByLabel(text('fields.cap')).fill('20');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText(apiMessage('fr-FR', 'PAYMENT_MODIFIER_PERCENT_INVALID'))).toBeVisible();
      await page.getByLabel(text('fields.percent')).fill('-10');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText(apiMessage('fr-FR', 'PAYMENT_MODIFIER_CAP_INVALID'))).toBeVisible();
      await expect(page.getByLabel(text('fields.cap'))).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);

      await page.getByLabel(text('fields.cap')).fill('-20');
      // Its English name, in the Translations section (French stays the form's own label).
      await page.locator('[name="translations.en-GB.label"]').fill('Gift card voucher');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText(text('notifications.updated', { label: GIFT_CARD }))).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/paymentModes/);
      await expect(page.getByTestId('payment-mode-row').filter({ hasText: GIFT_CARD })).toContainText(
        text('modifierText.capped', { text: text('modifierText.malusPercent', { percent: 10 }), cap: euros(2_000) }),
      );

      // The storefront's next estimate: the price, and by gift card 10 % less, at most 20 € less.
      const visitor = await page.context().newPage();
      await openProductFromSearch(visitor, 'iphone 15', IPHONE);
      for (const [index, step] of GOOD_PHONE_ANSWERS.entries()) {
        await expect(visitor.getByRole('heading', { level: 2, name: step.question })).toBeVisible();
        for (const answer of step.answers) await visitor.getByText(answer, { exact: true }).click();
        await visitor.getByRole('button', { name: index === GOOD_PHONE_ANSWERS.length - 1 ? 'Voir le prix' : 'Continuer' }).click();
      }
      const shown = (await visitor.getByTestId('estimated-price').textContent()) ?? '';
      const price = Math.round(Number(shown.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
      expect(price).toBeGreaterThan(0);
      const paid = price - Math.min(Math.round(price / 10), 2_000);
      await visitor.getByText('Envoi par La Poste', { exact: true }).click();
      const card = visitor.getByRole('radio', { name: new RegExp(GIFT_CARD) });
      await expect(visitor.getByText(`Vous recevrez ${euros(paid)}`)).toBeVisible();
      await visitor.getByText(GIFT_CARD, { exact: true }).click();
      await expect(card).toBeChecked();
      await expect(visitor.getByTestId('payment-amount')).toHaveText(`Payé par ${GIFT_CARD} : ${euros(paid)}`);
      // By bank transfer, no malus: the price itself.
      await visitor.getByText('Virement bancaire', { exact: true }).click();
      await expect(visitor.getByTestId('payment-amount')).toHaveText(`Payé par Virement bancaire : ${euros(price)}`);
      await visitor.close();

      // Read in English, the storefront names the gift card as the manager wrote it.
      // A new visitor (their own storage: no answers kept from the French one).
      const englishContext = await browser.newContext({ baseURL });
      const english = await englishContext.newPage();
      await english.addInitScript(() => localStorage.setItem('language', 'en-GB'));
      await openProductFromSearch(english, 'iphone 15', IPHONE);
      for (const [index, answer] of ENGLISH_ANSWERS.entries()) {
        await english.getByText(answer, { exact: true }).click();
        await english.getByRole('button', { name: index === ENGLISH_ANSWERS.length - 1 ? 'See the price' : 'Continue' }).click();
      }
      await expect(english.getByText('Gift card voucher', { exact: true })).toBeVisible();
      await expect(english.getByText(GIFT_CARD, { exact: true })).toHaveCount(0);
      await englishContext.close();
    } finally {
      await disableModifier(request, retailer, mode.id, translations ?? null);
    }
  });

  test('When provider staff open a mode of a retailer without payment_bonus, then the bonus fields are disabled with the premium badge', async ({ page, request }) => {
    const demo = await giftCardMode(await StaffApi.login(request, 'retailer@demo.test', 'root'));
    const admin = await superAdmin(request);
    // Provider staff see every retailer's modes: the other retailer's gift card.
    const all = await admin.ok('get', `/payment-modes?label=${encodeURIComponent(GIFT_CARD)}`);
    const otherMode = (all.items as Array<{ id: string; accountId: string; bonusAvailable: boolean }>).find((mode) => mode.accountId !== demo.accountId)!;
    expect(otherMode.bonusAvailable).toBe(false);
    await signInWith(page, admin);
    await page.goto(`/dashboard/paymentMode/${otherMode.id}/edit`);
    await expect(page.getByTestId('premium-badge')).toHaveText(text('premium.badge'));
    await expect(page.getByText(text('premium.text'))).toBeVisible();
    await expect(page.getByLabel(text('fields.modifierKind'))).toBeDisabled();
    // Exactly the French label: the Translations section's "Libellé (English)"… contain it too.
    await expect(page.getByRole('textbox', { name: text('fields.label'), exact: true })).toBeEnabled();
    await expect(page.locator('[name="translations.en-GB.label"]')).toBeEnabled();
  });
});
