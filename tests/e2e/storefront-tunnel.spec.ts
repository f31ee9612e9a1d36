import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations, GOOD_PHONE_ANSWERS, storefrontInteractive } from './support/storefront.js';

/**
 * The storefront's buyback tunnel, as a visitor of Demo Retail's white-label
 * site goes through it: search, one question per screen, the price,
 * transport and payment, their details (refused at the field first), the
 * terms, and the confirmation with the 13-digit code; then the buyback is
 * read back through the API as the retailer.
 */

const PASSWORD = 'Demo2026!';

async function staffToken(request: APIRequestContext, email: string, module?: string): Promise<string> {
  const login = await request.post('/api/login', { data: { email, password: PASSWORD }, headers: module ? { 'X-Module': module } : {} });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** The question screen shows one question, its answers as a group named by the question. */
async function answer(page: Page, question: RegExp, answers: string[]) {
  const heading = page.getByRole('heading', { level: 2, name: question });
  await expect(heading).toBeVisible();
  for (const text of answers) await page.getByText(text, { exact: true }).click();
}

async function openProductFromSearch(page: Page, search: string, product: string) {
  await page.goto('/search');
  await storefrontInteractive(page);
  await page.getByRole('searchbox').first().fill(search);
  await page.getByRole('searchbox').first().press('Enter');
  await page.getByRole('link', { name: product, exact: true }).click();
  await expect(page).toHaveURL(/\/diag\/[0-9a-f-]{36}\//);
}

test.describe('Given a visitor on the demo retailer’s storefront', () => {
  test('When they sell an iPhone through the tunnel on a 375 px wide phone, then they get a 13-digit buyback code and the buyback exists', async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await openProductFromSearch(page, 'iphone', 'Apple iPhone 15 128 Go');
    await expectNoHorizontalScroll(page);

    // One question per screen; continuing without an answer is refused at the question.
    await expect(page.getByText('Question 1 sur 6')).toBeVisible();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choisissez une réponse pour continuer.' })).toBeVisible();
    await expect(page.getByText('Question 1 sur 6')).toBeVisible();

    for (const [index, step] of GOOD_PHONE_ANSWERS.entries()) {
      if (index === 3) {
        // The new screen's heading has the focus, for screen readers and keyboards.
        await expect(page.getByRole('heading', { level: 2, name: step.question })).toBeFocused();
        await expectNoSeriousAxeViolations(page);
      }
      if (index === 4) {
        // Keyboard only: from the heading, Tab reaches the answers, the arrows move, Space chooses, Enter continues.
        await expect(page.getByRole('heading', { level: 2, name: step.question })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(page.getByRole('radio', { name: 'Supérieure à 85 %' })).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Space');
        await expect(page.getByRole('radio', { name: 'Supérieure à 85 %' })).toBeChecked();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: 'Continuer' })).toBeFocused();
        await page.keyboard.press('Enter');
        continue;
      }
      await answer(page, step.question, step.answers);
      if (index === 1) {
        // Back keeps the answers: question 1 still has "Oui" chosen.
        await page.getByRole('button', { name: 'Précédent' }).click();
        await expect(page.getByRole('radio', { name: 'Oui', exact: true })).toBeChecked();
        await page.getByRole('button', { name: 'Continuer' }).click();
        await expect(page.getByRole('radio', { name: 'Comme neuf, aucune trace' })).toBeChecked();
      }
      await page.getByRole('button', { name: index === GOOD_PHONE_ANSWERS.length - 1 ? 'Voir le prix' : 'Continuer' }).click();
    }

    // The price is the API's estimate for these answers, in euros the French way.
    await expect(page.getByRole('heading', { name: 'Prix de reprise estimé' })).toBeVisible();
    const productId = /\/diag\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
    const retailer = await staffToken(request, 'retailer@demo.test', 'root');
    const questions = await (await request.get(`/api/products/${productId}/diagnostic-questions`, { headers: { Authorization: `Bearer ${retailer}` } })).json();
    const responses = (questions.items as Array<{ id: string; title: string; answers: Array<{ id: string; title: string }> }>).map((q) => {
      const chosen = GOOD_PHONE_ANSWERS.find((a) => a.question.test(q.title))?.answers ?? [];
      return { questionId: q.id, answerIds: q.answers.filter((a) => chosen.includes(a.title)).map((a) => a.id) };
    });
    const estimate = await (await request.post('/api/estimates', { data: { productId, responses }, headers: { Authorization: `Bearer ${retailer}` } })).json();
    const expectedPrice = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: estimate.price.currency }).format(estimate.price.amountInCents / 100);
    await expect(page.getByTestId('estimated-price')).toHaveText(expectedPrice);
    await expectNoHorizontalScroll(page);

    // Transport and payment are both required.
    await page.getByRole('button', { name: 'Continuer vers mes coordonnées' }).click();
    await expect(page.getByText('Choisissez un mode de transport.')).toBeVisible();
    await page.getByText('Envoi par La Poste', { exact: true }).click();
    await page.getByText('Virement bancaire', { exact: true }).click();
    await page.getByRole('button', { name: 'Continuer vers mes coordonnées' }).click();

    // The details, with one invalid field first: the translated error shows at the field.
    await expect(page).toHaveURL(/\/cart\/customer-infos$/);
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('camille.durand@');
    await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('06 12 34 56 78');
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('12 rue de la Paix');
    await page.getByRole('textbox', { name: 'Code postal' }).fill('75002');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Paris');
    await page.getByRole('textbox', { name: 'IBAN' }).fill('FR76 3000 6000 0112 3456 7890 189');
    await page.getByRole('combobox', { name: "Type de pièce d'identité" }).selectOption('identity_card');
    await page.getByRole('textbox', { name: "Numéro de la pièce d'identité" }).fill('X4RTBPFW4');
    await page.getByRole('textbox', { name: 'Autorité de délivrance' }).fill('Préfecture de Paris');
    await page.getByRole('textbox', { name: 'Date de délivrance' }).fill('2020-05-14');
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

    const email = page.getByRole('textbox', { name: 'Adresse e-mail' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByText("Cette adresse e-mail n'est pas valide (exemple\u00a0: prenom.nom@exemple.fr).")).toBeVisible();
    await expect(page.getByText('Vous devez accepter les conditions générales de service pour continuer.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await email.fill('camille.durand@example.com');
    await expect(page.getByText("Cette adresse e-mail n'est pas valide (exemple\u00a0: prenom.nom@exemple.fr).")).toHaveCount(0);
    await page.getByText("J'ai lu et j'accepte les conditions générales de service.").click();
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

    // The summary, then the create.
    await expect(page).toHaveURL(/\/cart\/summary$/);
    await expect(page.getByText('Envoi par La Poste')).toBeVisible();
    await expect(page.getByText('FR76 **** **** **** **** ***0 189')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Confirmer ma reprise' }).click();

    await expect(page).toHaveURL(/\/buyback-confirmation\?ids=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Votre reprise est enregistrée' })).toBeVisible();
    const code = (await page.getByTestId('buyback-code').textContent())?.replace(/\s/g, '') ?? '';
    expect(code).toMatch(/^\d{13}$/);
    await expectNoHorizontalScroll(page);
    const id = new URL(page.url()).searchParams.get('ids');

    // What to do with the parcel (the circuit's instructions), and its label once the carrier made it: polled after 3, 5, 10 and 15 s.
    await expect(page.getByRole('heading', { name: "Ce qu'il reste à faire" })).toBeVisible();
    const labelLink = page.getByTestId('label-download');
    await expect(labelLink).toBeVisible({ timeout: 35_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), labelLink.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The label is the customer's: without the registration's secret, nobody else gets it.
    expect((await request.get(`/api/buybacks/${id}/shipping-label?token=not-the-secret`)).status()).toBe(404);

    // Reloaded, the confirmation comes rendered by the server from this visitor's cookie (for this visitor alone, kept by
    // no cache) and hydrates from it; the same address without the cookie shows nothing of the buyback.
    if (process.env.STOREFRONT_SERVER_RENDERING !== 'off') {
      const textOf = (html: string) => html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>|<[^>]+>|\s/g, '');
      const own = await page.request.get(page.url());
      expect(own.headers()['x-storefront-render']).toBe('miss');
      expect(own.headers()['cache-control']).toBe('private, no-store');
      expect(textOf(await own.text())).toContain(code);
      const stranger = await request.get(page.url());
      expect(stranger.headers()['x-storefront-render']).toBe('skipped');
      expect(textOf(await stranger.text())).not.toContain(code);
      const errors: string[] = [];
      const askedInstructions: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      page.on('pageerror', (error) => void errors.push(error.message));
      page.on('request', (sent) => void (sent.url().includes('/instructions') && askedInstructions.push(sent.url())));
      // The label's first probe is an effect of the hydrated page: by then, React has reported any mismatch.
      const probed = page.waitForRequest((sent) => sent.method() === 'HEAD' && sent.url().includes('/shipping-label'));
      await page.reload();
      await probed;
      await expect(page.getByTestId('buyback-code')).toBeVisible();
      expect((await page.getByTestId('buyback-code').textContent())?.replace(/\s/g, '')).toBe(code);
      await expect(page.getByRole('heading', { name: "Ce qu'il reste à faire" })).toBeVisible();
      expect(errors).toEqual([]);
      expect(askedInstructions).toEqual([]);
    }

    // The buyback exists, as the visitor declared it, for the retailer.
    const found = await request.get(`/api/buybacks?identificationNumber=${code}`, { headers: { Authorization: `Bearer ${retailer}`, 'X-Module': 'root' } });
    expect(found.status()).toBe(200);
    const [buyback] = (await found.json()).items;
    expect(buyback).toMatchObject({
      id,
      identificationNumber: code,
      channel: 'web',
      declaredPrice: estimate.price,
      paymentMode: { type: 'bank_transfer' },
      customer: { lastName: 'Durand', email: 'camille.durand@example.com', phone: '+33612345678' },
    });

    // The cart is empty again.
    await page.goto('/cart/summary');
    await expect(page.getByText('Votre panier est vide.')).toBeVisible();
  });

  test('When the address names no product (an unknown id, or not an id at all), then the page says the product cannot be found', async ({ page }) => {
    for (const path of ['/diag/x/y', '/diag/00000000-0000-4000-8000-000000000000/some-phone']) {
      await page.goto(path);

      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Produit introuvable');
      await expect(page.getByTestId('unknown-product'), path).toContainText("Ce produit n'existe pas ou n'est plus proposé à la reprise.");
      await expect(page.getByText(/champs/), path).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Retour à la recherche' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('When the answers leave a product without a price, then the visitor lands on the estimate-error page', async ({ page }) => {
    // The demo's iPhone 11 has no grade E price: a device with a shock or crack (grade E) cannot be estimated.
    await openProductFromSearch(page, 'iphone 11', 'Apple iPhone 11 64 Go');
    await answer(page, /s'allume-t-il/, ['Oui']);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await answer(page, /État général/, ['Choc, fissure ou déformation']);
    await page.getByRole('button', { name: 'Continuer' }).click();
    for (const step of GOOD_PHONE_ANSWERS.slice(2)) {
      await answer(page, step.question, step.answers);
      await page.getByRole('button', { name: /^(Continuer|Voir le prix)$/ }).click();
    }
    await expect(page).toHaveURL(/\/estimate-error$/);
  });

  test('When a phone does not switch on, then the estimate is refused and the visitor lands on the estimate-error page', async ({ page }) => {
    await openProductFromSearch(page, 'galaxy s23', 'Samsung Galaxy S23 128 Go');
    await answer(page, /s'allume-t-il/, ['Non']);
    await page.getByRole('button', { name: 'Continuer' }).click();
    for (const step of GOOD_PHONE_ANSWERS.slice(1)) {
      await answer(page, step.question, step.answers);
      await page.getByRole('button', { name: /^(Continuer|Voir le prix)$/ }).click();
    }
    await expect(page).toHaveURL(/\/estimate-error$/);
  });
});
