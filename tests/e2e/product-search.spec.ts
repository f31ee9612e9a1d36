import { expect, test, type Page } from '@playwright/test';
import { luhnCheckDigit } from '../../domain/values/imei.js';
import { signInWith, StaffApi } from './support/dashboard.js';

/** The product search of the buyback path (ui/shared/buyback-path/components/product-search), in the dashboard's creation wizard. */

const IPHONE_13 = 'Apple iPhone 13 128 Go';

interface CatalogProduct {
  id: string;
  label: string;
  tacCodes: string[];
}

async function product(seller: StaffApi, label: string): Promise<CatalogProduct> {
  const page = await seller.ok('get', `/products?search=${encodeURIComponent(label)}`);
  const found = (page.items as CatalogProduct[]).find((item) => item.label === label);
  if (!found) throw new Error(`no product ${label}`);
  return found;
}

async function openWizard(page: Page, seller: StaffApi) {
  await signInWith(page, seller);
  await page.goto('/dashboard/buyback/create');
  await expect(page.getByRole('heading', { level: 2, name: 'Rechercher le produit' })).toBeVisible();
}

test.describe('Given the demo store seller searching for the product of a new buyback', () => {
  test('When a valid IMEI found a product and a wrong IMEI is searched next, then the previous product is no longer offered', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const iphone = await product(seller, IPHONE_13);
    const payload = `${iphone.tacCodes[0]}${String(Date.now()).slice(-6)}`;
    const imei = payload + String(luhnCheckDigit(payload));
    await openWizard(page, seller);
    await page.getByRole('tab', { name: 'Par IMEI' }).click();
    const field = page.getByRole('textbox', { name: "IMEI de l'appareil" });

    await field.fill(imei);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByRole('button', { name: `Choisir ${IPHONE_13}` })).toBeVisible();

    await field.fill('12345');
    await page.getByRole('button', { name: 'Rechercher' }).click();

    await expect(page.getByText("L'IMEI doit comporter au moins 15 chiffres.")).toBeVisible();
    await expect(page.getByRole('button', { name: `Choisir ${IPHONE_13}` })).toHaveCount(0);
    await expect(page.getByText('1 produit trouvé')).toHaveCount(0);
  });
});
