import { expect, test } from '@playwright/test';
import { signInWith, StaffApi } from './support/dashboard.js';
import { declareIphone, fillCustomer, IPHONE_15 } from './support/dashboard-wizard.js';

/**
 * The store's cart (issue 24): the demo's Paris store shows the cart, so its
 * seller declares three devices of one customer and registers them in one
 * step; leaving with the devices unregistered asks first, and once they are
 * registered nothing is asked.
 */

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
