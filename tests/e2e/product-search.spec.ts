import { expect, test, type Page } from '@playwright/test';
import { luhnCheckDigit } from '../../domain/values/imei.js';
import { keystrokes, scanWithWedge, typeByHand, withCameraThatSees } from './support/barcode-scanner.js';
import { signInWith, StaffApi } from './support/dashboard.js';

/**
 * The product search of the buyback path (ui/shared/buyback-path/components/product-search),
 * in the dashboard's creation wizard: by IMEI, and by barcode (a keyboard-wedge
 * scanner typing into the search field, or the camera where the browser reads barcodes).
 */

const IPHONE_13 = 'Apple iPhone 13 128 Go';
const PIXEL_8 = 'Google Pixel 8 128 Go';

interface CatalogProduct {
  id: string;
  label: string;
  ean: string;
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

  test('When a scanner types an EAN into the search field and presses Enter, then that product is offered and the field is ready for the next scan', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const iphone = await product(seller, IPHONE_13);
    const pixel = await product(seller, PIXEL_8);
    await openWizard(page, seller);
    // Browsers without BarcodeDetector (this Chromium) get no camera button.
    await expect(page.getByRole('button', { name: 'Scanner le code-barres' })).toHaveCount(0);
    const field = page.getByRole('searchbox', { name: 'Nom du produit, marque ou code EAN' });
    // Something typed by hand before the scan: the scan replaces it.
    await field.focus();
    await keystrokes(page, 'ipho', { gapMs: 150 });

    await scanWithWedge(page, iphone.ean);

    await expect(page.getByTestId('scan-result')).toHaveText(`Code-barres ${iphone.ean} : 1 produit`);
    await expect(page.getByRole('button', { name: /^Choisir / })).toHaveText(['Choisir']);
    await expect(page.getByRole('button', { name: `Choisir ${IPHONE_13}` })).toBeVisible();
    await expect(field).toHaveValue(iphone.ean);
    await expect(field).toBeFocused();

    // The next box: scanned straight away, without touching the field.
    await scanWithWedge(page, pixel.ean);

    await expect(page.getByTestId('scan-result')).toHaveText(`Code-barres ${pixel.ean} : 1 produit`);
    await expect(page.getByRole('button', { name: `Choisir ${PIXEL_8}` })).toBeVisible();
    await expect(field).toHaveValue(pixel.ean);
    await expect(field).toBeFocused();

    // A code no product has says so.
    await scanWithWedge(page, '4006381333931');
    await expect(page.getByTestId('scan-result')).toHaveText('Aucun produit du catalogue ne porte le code-barres 4006381333931.');

    // A person typing the same code is a keyword search, as before.
    await field.fill('');
    await typeByHand(page, pixel.ean);
    await expect(page.getByText('1 produit trouvé')).toBeVisible();
    await expect(page.getByTestId('scan-result')).toHaveCount(0);
  });

  test('When the browser reads barcodes from the camera, then the seller scans the box with it and the product is offered', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const iphone = await product(seller, IPHONE_13);
    await withCameraThatSees(page, iphone.ean);
    await openWizard(page, seller);

    await page.getByRole('button', { name: 'Scanner le code-barres' }).click();

    await expect.poll(() => page.evaluate('window.cameraAsked ?? 0')).toBeGreaterThan(0);
    await expect(page.getByTestId('scan-result')).toHaveText(`Code-barres ${iphone.ean} : 1 produit`);
    await expect(page.getByTestId('camera-scan-dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Choisir ${IPHONE_13}` })).toBeVisible();
  });
});
