import type { Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { StaffApi } from './support/dashboard.js';
import {
  declareDevice,
  euros,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  fillCustomerDetails,
  openProductFromSearch,
  otherRetailersCartId,
} from './support/storefront.js';

/**
 * A cart kept on the server and resumed (specification 000, section 2:
 * `cart/{cartId}/checkout`): a visitor of Demo Retail's storefront puts two
 * devices in their basket, keeps it with "Continue later" and gets a link.
 * The cart is theirs (issue 18): another visitor opening the link (another
 * visitor token) finds no cart; they open it later in the same browser, see
 * the devices, give their details and check the cart out, once.
 */

const IPHONE = 'Apple iPhone 15 128 Go';
const GALAXY = 'Samsung Galaxy S23 128 Go';

/** The codes the confirmation shows, in order, digits only. */
async function shownCodes(page: Page): Promise<string[]> {
  const codes = page.getByTestId('buyback-code');
  await expect(codes.first()).toBeVisible();
  return (await codes.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-code') ?? ''))).filter(Boolean);
}

/** Cents from a price as fr-FR writes it ("1 234,50 €"). */
function cents(text: string): number {
  return Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

test.describe('Given a visitor of the demo retailer’s storefront with two devices in their basket', () => {
  test('When they continue later, then another visitor opening the link finds no cart, and they check it out themselves on a 375 px phone once, its two codes and labels shown again on every visit', async ({ page, browser, request }) => {
    test.slow();

    // Two devices in the tunnel: an iPhone paid by bank transfer, a Galaxy paid with a voucher.
    await openProductFromSearch(page, 'iphone', IPHONE);
    await declareDevice(page, { transport: 'Envoi par La Poste', payment: 'Virement bancaire' });
    await expect(page).toHaveURL(/\/cart\/customer-infos$/);
    await fillCustomerDetails(page, { firstName: 'Camille', lastName: 'Durand', email: 'camille.durand@example.com' });
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    await expect(page).toHaveURL(/\/cart\/summary$/);
    await page.getByRole('link', { name: 'Ajouter un autre produit' }).click();
    await openProductFromSearch(page, 'galaxy s23', GALAXY);
    await declareDevice(page, { transport: 'Envoi par La Poste', payment: "Bon d'achat" });
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    await expect(page).toHaveURL(/\/cart\/summary$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Produits repris (2)' })).toBeVisible();

    // "Continue later": the basket is kept on the server and its link shown, focused, to be copied.
    await page.getByRole('button', { name: 'Continuer plus tard' }).click();
    const linkField = page.getByRole('textbox', { name: 'Lien pour finaliser votre reprise plus tard' });
    await expect(linkField).toBeFocused();
    await expect(page.getByText('Ce lien ne contient aucune donnée personnelle', { exact: false })).toBeVisible();
    const link = await linkField.inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cart\/[0-9a-f-]{36}\/checkout$/);
    expect(link).not.toContain('Durand');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: '.tmp/shots/summary-later.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    // Kept again unchanged, the same cart answers: the same link.
    await page.reload();
    await page.getByRole('button', { name: 'Continuer plus tard' }).click();
    await expect(page.getByRole('textbox', { name: 'Lien pour finaliser votre reprise plus tard' })).toHaveValue(/\/cart\/[0-9a-f-]{36}\/checkout$/);

    // Another visitor of the same storefront (a new browser, so another visitor token): the cart is not theirs, so it is not found.
    const other = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 375, height: 812 } });
    const stranger = await other.newPage();
    try {
      await stranger.goto(link);
      await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Panier introuvable');
      await expect(stranger.getByTestId('cart-not-found')).toBeVisible();
      await expect(stranger.getByTestId('checkout-device')).toHaveCount(0);

      // The visitor who kept it opens the link later, in the same browser, on a 375 px phone.
      const visitor = page;
      await visitor.setViewportSize({ width: 375, height: 812 });
      await visitor.goto(link);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Finaliser votre reprise' })).toBeVisible();
      const devices = visitor.getByTestId('checkout-device');
      await expect(devices).toHaveCount(2);
      await expect(devices.nth(0).getByRole('heading', { level: 3, name: IPHONE })).toBeVisible();
      await expect(devices.nth(1).getByRole('heading', { level: 3, name: GALAXY })).toBeVisible();
      await expect(devices.nth(0)).toContainText('Envoi postal');
      await expect(devices.nth(0)).toContainText('Envoi par La Poste');
      await expect(devices.nth(0)).toContainText('Virement bancaire');
      await expect(devices.nth(1)).toContainText("Bon d'achat");
      const prices = await devices.getByTestId('device-price').allTextContents();
      await expect(visitor.getByTestId('checkout-total')).toHaveText(euros(cents(prices[0]!) + cents(prices[1]!)));
      // The header's basket is not shown here (the specification hides it on cart checkout).
      await expect(visitor.getByTestId('cart-link')).toHaveCount(0);
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', /Demo Retail : vérifiez votre panier/);
      await expectNoHorizontalScroll(visitor);
      await visitor.screenshot({ path: '.tmp/shots/checkout.png', fullPage: true });

      // The details are asked again: an IBAN (one device is paid by bank transfer) and an identity document (a guest cart's rule).
      await expect(visitor.getByRole('textbox', { name: 'IBAN' })).toBeVisible();
      await expect(visitor.getByRole('textbox', { name: 'Prénom' })).toHaveValue('');
      await visitor.getByRole('button', { name: 'Confirmer mes reprises' }).click();
      await expect(visitor.getByRole('textbox', { name: 'Prénom' })).toBeFocused();
      await expect(visitor.getByText('Vous devez accepter les conditions générales de service pour continuer.')).toBeVisible();
      await visitor.screenshot({ path: '.tmp/shots/errors.png', fullPage: true });
      await expectNoSeriousAxeViolations(visitor);

      const email = `e2e.cart.${Date.now()}@example.com`;
      await fillCustomerDetails(visitor, { firstName: 'Louise', lastName: 'Martin', email });
      await expectNoHorizontalScroll(visitor);
      await visitor.getByRole('button', { name: 'Confirmer mes reprises' }).click();

      // The confirmation, in place: two codes, in the cart's order.
      await expect(visitor.getByRole('heading', { level: 1, name: 'Vos reprises sont enregistrées' })).toBeVisible();
      await expect(visitor.getByText('Merci ! Vos 2 reprises sont enregistrées.')).toBeVisible();
      const codes = await shownCodes(visitor);
      expect(codes).toHaveLength(2);
      for (const code of codes) expect(code).toMatch(/^\d{13}$/);
      expect(new Set(codes).size).toBe(2);
      await expect(visitor.getByRole('heading', { level: 2, name: IPHONE })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: GALAXY })).toBeVisible();
      await expectNoHorizontalScroll(visitor);
      await visitor.screenshot({ path: '.tmp/shots/confirmation.png', fullPage: true });
      await expectNoSeriousAxeViolations(visitor);

      // Opened again (a reload, another tab): the same codes, nothing registered twice; each parcel's label with its documents token.
      await visitor.reload();
      await expect(visitor.getByRole('heading', { level: 1, name: 'Vos reprises sont enregistrées' })).toBeVisible();
      expect(await shownCodes(visitor)).toEqual(codes);
      const labelLink = visitor.getByTestId('label-download').first();
      await expect(labelLink).toBeVisible({ timeout: 35_000 });
      expect(await labelLink.getAttribute('href')).toMatch(/\/shipping-label\?token=\d+\.[A-Za-z0-9_-]{43}$/);
      const label = await visitor.request.get((await labelLink.getAttribute('href'))!);
      expect([label.status(), label.headers()['content-type']]).toEqual([200, 'application/pdf']);

      // The other visitor still finds no cart there: neither its codes nor its documents.
      await stranger.reload();
      await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Panier introuvable');
      await expect(stranger.getByTestId('buyback-code')).toHaveCount(0);

      // The retailer sees the two web buybacks for the visitor who checked out, and only those.
      const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
      const found = (await retailer.ok('get', `/buybacks?customerName=Martin&channel=web&itemsPerPage=100`)) as {
        items: Array<{ identificationNumber: string; customer: { email: string }; paymentMode: { type: string } }>;
      };
      const theirs = found.items.filter((buyback) => buyback.customer.email === email);
      expect(theirs.map((buyback) => buyback.identificationNumber).sort()).toEqual([...codes].sort());
      expect(theirs.map((buyback) => buyback.paymentMode.type).sort()).toEqual(['bank_transfer', 'voucher']);
    } finally {
      await other.close();
    }
  });

  test('When the link names no cart of this storefront (unknown, not an id, another retailer’s), then the page says the cart cannot be found and leads to the search', async ({ page, request }) => {
    const otherRetailers = await otherRetailersCartId(request);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-cart', otherRetailers]) {
      await page.goto(`/cart/${id}/checkout`);
      await expect(page.getByRole('heading', { level: 1 }), id).toHaveText('Panier introuvable');
      await expect(page.getByTestId('cart-not-found'), id).toContainText('Ce panier est introuvable');
      await expect(page.getByText(/champs/), id).toHaveCount(0);
    }
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Rechercher un produit à revendre' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});
