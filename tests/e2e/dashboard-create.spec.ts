import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { luhnCheckDigit } from '../../domain/values/imei.js';
import { accessibilityAudit } from './support/accessibility.js';

/**
 * The dashboard's creation wizard, as the demo store seller runs it:
 * search (IMEI, category, keyword), options, declaration one question per
 * screen, customer information, summary, confirmation; the new buyback is
 * then in the list (the create refreshed it) and readable through the API.
 */

const PASSWORD = 'Demo2026!';
const IPHONE_15 = 'Apple iPhone 15 128 Go';

const ANSWERS: Array<{ question: RegExp; answers: string[] }> = [
  { question: /s'allume-t-il/, answers: ['Oui'] },
  { question: /État général/, answers: ['Quelques micro-rayures'] },
  { question: /Accessoires fournis/, answers: ["Boîte d'origine", "Câble d'origine"] },
  { question: /État de l'écran/, answers: ['Parfait, aucune rayure'] },
  { question: /Santé de la batterie/, answers: ['Entre 80 et 85 %'] },
  { question: /verrouillé à un compte/, answers: ['Non, le compte est déconnecté'] },
];

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await accessibilityAudit(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** An IMEI of the product's model: its first TAC code, a serial, the Luhn check digit. */
async function imeiOf(request: APIRequestContext, token: string, label: string): Promise<{ productId: string; imei: string }> {
  const search = await request.get(`/api/products?search=${encodeURIComponent(label)}`, { headers: { Authorization: `Bearer ${token}` } });
  const product = ((await search.json()).items as Array<{ id: string; label: string; tacCodes: string[] }>).find((p) => p.label === label);
  if (!product?.tacCodes[0]) throw new Error(`no TAC code for ${label}`);
  const payload = `${product.tacCodes[0]}${String(Date.now()).slice(-6)}`;
  return { productId: product.id, imei: payload + String(luhnCheckDigit(payload)) };
}

async function signIn(page: Page, email: string) {
  await page.goto('/dashboard/login');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
}

test.describe('Given the demo store seller signed in to the dashboard', () => {
  test('When they run the creation wizard from an IMEI, then the buyback is registered, listed and readable', async ({ page, request }) => {
    test.slow();
    const token = await apiToken(request, 'seller@demo.test');
    const { imei } = await imeiOf(request, token, IPHONE_15);
    await signIn(page, 'seller@demo.test');

    // The list is loaded (and cached) before the create: the create must refresh it.
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Liste des reprises' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reprises' })).toBeVisible();
    await menu.getByRole('link', { name: 'Nouvelle reprise' }).click();

    // 1. Search by IMEI.
    await expect(page.getByRole('heading', { level: 2, name: 'Rechercher le produit' })).toBeVisible();
    await page.getByRole('tab', { name: 'Par IMEI' }).click();
    await page.getByRole('textbox', { name: "IMEI de l'appareil" }).fill('12345');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByText("L'IMEI doit comporter au moins 15 chiffres.")).toBeVisible();
    await page.getByRole('textbox', { name: "IMEI de l'appareil" }).fill(imei);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('button', { name: `Choisir ${IPHONE_15}` }).click();

    // 2. Options: the IMEI found is kept; the store's only transport is chosen; the payment is asked.
    await expect(page.getByRole('heading', { level: 2, name: 'Contrôle du produit et options' })).toBeFocused();
    await expect(page.getByTestId('chosen-product')).toHaveText(IPHONE_15);
    await expect(page.getByRole('textbox', { name: /IMEI/ })).toHaveValue(imei);
    await expect(page.getByRole('radio', { name: /Dépôt en magasin/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continuer vers la déclaration' }).click();
    await expect(page.getByText('Choisissez un mode de paiement.')).toBeVisible();
    await page.getByText('Carte cadeau', { exact: true }).click();
    await page.getByRole('button', { name: 'Continuer vers la déclaration' }).click();

    // 3. Declaration: one question per screen, then the price.
    for (const [index, step] of ANSWERS.entries()) {
      await expect(page.getByRole('heading', { level: 2, name: step.question })).toBeFocused();
      await expect(page.getByText(`Question ${index + 1} sur ${ANSWERS.length}`)).toBeVisible();
      if (index === 2) expect(await seriousViolations(page)).toEqual([]);
      for (const answer of step.answers) await page.getByText(answer, { exact: true }).click();
      await page.getByRole('button', { name: index === ANSWERS.length - 1 ? 'Voir le prix' : 'Continuer' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Prix de reprise estimé' })).toBeVisible();
    await expect(page.getByText('État estimé : Bon état (B)')).toBeVisible();
    const price = await page.getByTestId('estimated-price').textContent();
    await page.getByRole('button', { name: 'Continuer vers le client' }).click();

    // 4. Customer information (the demo retailer requires an identity document; a gift card needs no IBAN).
    await expect(page.getByRole('heading', { level: 2, name: 'Informations du client' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Louise');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('louise.martin@example.com');
    await page.getByRole('combobox', { name: "Pays de l'indicatif téléphonique" }).selectOption('BE');
    await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('0470 12 34 56');
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue Neuve 1');
    await page.getByRole('combobox', { name: 'Pays', exact: true }).selectOption('BE');
    await page.getByRole('textbox', { name: 'Code postal' }).fill('75002A');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Bruxelles');
    await page.getByRole('combobox', { name: "Type de pièce d'identité" }).selectOption('passport');
    await page.getByRole('textbox', { name: "Numéro de la pièce d'identité" }).fill('EM123456');
    await page.getByRole('textbox', { name: 'Autorité de délivrance' }).fill('Ville de Bruxelles');
    await page.getByRole('textbox', { name: 'Date de délivrance' }).fill('2021-03-02');
    await page.getByText('Le client a pris connaissance des conditions générales de service et les accepte.').click();
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    // A Belgian postcode has four digits: refused at the field, with the focus on it.
    await expect(page.getByRole('textbox', { name: 'Code postal' })).toBeFocused();
    await expect(page.getByText("Ce code postal n'est pas valide pour le pays sélectionné.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Code postal' }).fill('1000');
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

    // 5. Summary, then the create.
    await expect(page.getByRole('heading', { level: 2, name: 'Récapitulatif' })).toBeFocused();
    await expect(page.getByText('+32470123456')).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer la reprise' }).click();

    // 6. Confirmation, read back from the API.
    await expect(page.getByRole('heading', { level: 2, name: 'Reprise enregistrée' })).toBeVisible();
    const code = await page.getByTestId('buyback-code').getAttribute('data-code');
    expect(code).toMatch(/^\d{13}$/);
    const open = page.getByRole('link', { name: 'Ouvrir la reprise' });
    const href = (await open.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/dashboard\/buyback\/[0-9a-f-]{36}$/);
    const id = href.split('/').pop() as string;

    const detail = await request.get(`/api/buybacks/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(detail.status()).toBe(200);
    const buyback = await detail.json();
    expect(buyback).toMatchObject({
      identificationNumber: code,
      channel: 'store',
      status: 'bb_awaiting_inventory',
      imei,
      grade: 'grade_b',
      paymentMode: { type: 'gift_card' },
      // A seller's detail leaves the identity document's number out (only roles with buyback.read_customer_documents see it).
      customer: { lastName: 'Martin', phone: '+32470123456', zipCode: '1000', country: 'BE', identity: { type: 'passport', number: null }, sensitiveShown: false },
    });
    expect(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(buyback.declaredPrice.amountInCents / 100)).toBe(price);

    // The list loaded before the create shows the new buyback without a reload.
    await page.getByRole('link', { name: 'Voir la liste des reprises' }).click();
    await expect(page.getByRole('link', { name: (code as string).replace(/^(\d)(\d{6})(\d{6})$/, '$1 $2 $3') })).toBeVisible();

    // Back on the confirmation, "create another" starts over at the search.
    await page.goBack();
    await page.getByRole('button', { name: 'Créer une autre reprise' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Rechercher le produit' })).toBeFocused();
  });

  test('When they look for a product by category and by keyword, then both lead to the options of the product chosen', async ({ page }) => {
    await signIn(page, 'seller@demo.test');
    await page.goto('/dashboard/buyback/create');

    await page.getByRole('tab', { name: 'Par catégorie' }).click();
    await page.getByRole('button', { name: /^Électronique/ }).click();
    await page.getByRole('button', { name: /^Smartphones/ }).click();
    await page.getByRole('button', { name: /^Apple iPhone/ }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Produits de la catégorie Apple iPhone' })).toBeVisible();
    // The category holds dozens of iPhones (the demo's few hundred products): the first one listed is chosen.
    const first = page.getByRole('button', { name: /^Choisir Apple iPhone/ }).first();
    const chosen = ((await first.getAttribute('aria-label')) as string).replace(/^Choisir /, '');
    await first.click();
    await expect(page.getByTestId('chosen-product')).toHaveText(chosen);

    await page.getByRole('button', { name: 'Changer de produit' }).click();
    await page.getByRole('tab', { name: 'Par mot-clé' }).click();
    await page.getByRole('searchbox', { name: 'Nom du produit, marque ou code EAN' }).fill('playstation 5 standard');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByText('1 produit trouvé')).toBeVisible();
    await page.getByRole('button', { name: 'Choisir Sony PlayStation 5 Standard 825 Go' }).click();
    await expect(page.getByTestId('chosen-product')).toHaveText('Sony PlayStation 5 Standard 825 Go');
    // A console collects no IMEI.
    await expect(page.getByRole('textbox', { name: /IMEI/ })).toHaveCount(0);
  });
});
