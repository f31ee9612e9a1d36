import { expect, type Page } from '@playwright/test';

/** The dashboard's creation wizard as the demo store seller runs it (dashboard-cart, server-error-modal). */

export const IPHONE_15 = 'Apple iPhone 15 128 Go';
export const ANSWERS: string[][] = [['Oui'], ['Quelques micro-rayures'], ["Boîte d'origine"], ['Parfait, aucune rayure'], ['Entre 80 et 85 %'], ['Non, le compte est déconnecté']];

/** One iPhone 15 declared from the search to its price, paid by gift card. */
export async function declareIphone(page: Page) {
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

export async function fillCustomer(page: Page) {
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
