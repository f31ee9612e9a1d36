import { expect, test, type Page } from '@playwright/test';
import { signInWith, StaffApi } from './support/dashboard.js';

/**
 * The store's cart (issue 24): the demo's Paris store shows the cart, so its
 * seller declares three devices of one customer and registers them in one
 * step; leaving with the devices unregistered asks first, and once they are
 * registered nothing is asked.
 */

const IPHONE_15 = 'Apple iPhone 15 128 Go';
const ANSWERS: string[][] = [['Oui'], ['Quelques micro-rayures'], ["Boîte d'origine"], ['Parfait, aucune rayure'], ['Entre 80 et 85 %'], ['Non, le compte est déconnecté']];

/** One iPhone 15 declared from the search to its price, paid by gift card. */
async function declareIphone(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Rechercher le produit' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Nom du produit, marque ou code EAN' }).fill('iphone 15 128');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.getByRole('button', { name: `Choisir ${IPHONE_15}` }).click();
  await expect(page.getByTestId('chosen-product')).toHaveText(IPHONE_15);
  await page.getByText('Carte cadeau', { exact: true }).click();
  await page.getByRole('button', { name: 'Continuer vers la déclaration' }).click();
  for (const [index, answers] of ANSWERS.entries()) {
    await expect(page.getByText(`Question ${index + 1} sur ${ANSWERS.length}`)).toBeVisible();
    for (const answer of answers) await page.getByText(answer, { exact: true }).click();
    await page.getByRole('button', { name: index === ANSWERS.length - 1 ? 'Voir le prix' : 'Continuer' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Prix de reprise estimé' })).toBeVisible();
}

async function fillCustomer(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Informations du client' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Louise');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Comptoir');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('louise.comptoir@example.com');
  await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('06 12 34 56 78');
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('52 rue de Rivoli');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('75001');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Paris');
  await page.getByRole('combobox', { name: "Type de pièce d'identité" }).selectOption('passport');
  await page.getByRole('textbox', { name: "Numéro de la pièce d'identité" }).fill('EM123456');
  await page.getByRole('textbox', { name: 'Autorité de délivrance' }).fill('Préfecture de Paris');
  await page.getByRole('textbox', { name: 'Date de délivrance' }).fill('2021-03-02');
  await page.getByText('Le client a pris connaissance des conditions générales de service et les accepte.').click();
  await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
}

test('Given the Paris store seller, whose store shows the cart, when three devices are declared, then leaving asks first, and the three are registered in one step', async ({ page, request }) => {
  test.slow();
  const seller = await StaffApi.login(request, 'seller@demo.test');
  await signInWith(page, seller);
  await page.goto('/dashboard/buyback/create');

  // The first device, then the customer once.
  await declareIphone(page);
  await page.getByRole('button', { name: 'Continuer vers le client' }).click();
  await fillCustomer(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Récapitulatif' })).toBeFocused();

  // Two more, each straight back to the summary (the customer is known).
  for (const count of [2, 3]) {
    await page.getByRole('button', { name: 'Ajouter un autre appareil' }).click();
    await expect(page.getByTestId('cart-notice')).toContainText(`contient ${count - 1} appareil`);
    await declareIphone(page);
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Récapitulatif' })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: `Retirer ${IPHONE_15}` })).toHaveCount(3);

  // Leaving with three unregistered devices asks first; staying keeps them.
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('link', { name: 'Liste des reprises' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/buyback\/create\?step=summary/);

  // One step registers the three.
  await page.getByRole('button', { name: 'Enregistrer les 3 reprises' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reprises enregistrées' })).toBeVisible();
  await expect(page.getByTestId('buyback-code')).toHaveCount(3);
  const codes = await page.getByTestId('buyback-code').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-code')));
  expect(new Set(codes).size).toBe(3);

  // Registered: leaving asks nothing.
  await page.getByRole('link', { name: 'Voir la liste des reprises' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reprises' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
