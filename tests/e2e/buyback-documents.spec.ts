import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { pageBarcodes, pageTexts } from '../support/pdf-reading.js';
import { createStoreBuyback, expectAccessible, featureText, shownCode, signInWith, StaffApi, uniqueName } from './support/dashboard.js';
import { mailTo, templateIs } from './support/mailbox.js';

/**
 * A buyback's documents downloaded from its detail, as the seller meets
 * them: the Documents menu, each PDF saved, then read back (its text, and
 * its barcode decoded from the embedded image); and the transfer order's
 * settings screen of a retailer without the premium feature.
 */

const common = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'shared', 'i18n', 'locales', 'fr-FR.json'), 'utf8')) as { buybackDocuments: Record<string, string> };

function shippingPathText(key: string): string {
  const texts = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'shared', 'buyback-path', 'locales', 'fr-FR.json'), 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`no text buyback-path/fr-FR:${key}`);
  return value;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function downloadFromMenu(page: Page, kind: string): Promise<Download> {
  await page.getByTestId('documents-menu').click();
  const item = page.getByRole('menuitem', { name: common.buybackDocuments[kind] });
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  return download;
}

test.describe('Given a store buyback paid by a voucher handed over in store', () => {
  test('When the seller opens it and downloads each document, then each PDF names the buyback and its barcode scans to the right code', async ({ page, request }) => {
    test.slow(); // three downloads, each read back and its barcode decoded: about a minute on a loaded machine
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const lastName = uniqueName('Documents');
    const buyback = await createStoreBuyback(seller, { paymentType: 'voucher', lastName });

    await signInWith(page, seller);
    await page.goto(`/dashboard/buyback/${buyback.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(shownCode(buyback.identificationNumber));

    const transferOrder = await downloadFromMenu(page, 'transfer-order');
    expect(transferOrder.suggestedFilename()).toBe(`transfer-order-${buyback.identificationNumber}.pdf`);
    const transferPdf = await bytesOf(transferOrder);
    const [transferText] = await pageTexts(transferPdf);
    expect(transferText).toContain('Bon de cession');
    expect(transferText).toContain(`Camille ${lastName}`);
    expect(transferText).toContain('Signature du client');
    expect(await pageBarcodes(transferPdf)).toEqual([[buyback.identificationNumber]]);

    const sheet = await downloadFromMenu(page, 'tracking-sheet');
    expect(sheet.suggestedFilename()).toBe(`tracking-sheet-${buyback.identificationNumber}.pdf`);
    const sheetPdf = await bytesOf(sheet);
    const [sheetText] = await pageTexts(sheetPdf);
    expect(sheetText).toContain('Fiche de suivi');
    expect(sheetText).toContain(buyback.productLabel);
    expect(await pageBarcodes(sheetPdf)).toEqual([[buyback.identificationNumber]]);

    const voucher = await downloadFromMenu(page, 'voucher');
    expect(voucher.suggestedFilename()).toBe(`voucher-${buyback.identificationNumber}.pdf`);
    const voucherPdf = await bytesOf(voucher);
    const [voucherText = ''] = await pageTexts(voucherPdf);
    expect(voucherText).toContain('Bon d’achat');
    const [[code = ''] = []] = await pageBarcodes(voucherPdf);
    // The barcode is the voucher's code: 16 digits, printed beneath it in groups of four.
    expect(code).toMatch(/^\d{16}$/);
    expect(voucherText.replace(/\s/g, '')).toContain(code);
    await expectAccessible(page);
  });
});

test.describe('Given a buyback the seller has just registered', () => {
  test('When the confirmation shows, then it offers the transfer order to sign and the tracking sheet at once, not a label to print', async ({ page, request }) => {
    test.slow(); // a download read back and decoded, and an accessibility check: close to a minute on a loaded machine
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const buyback = await createStoreBuyback(seller, { lastName: uniqueName('Confirmation') });
    // Its circuit tells whoever registers it to print the shipping label, which a store's device only gets at expedition.
    const instructions = await seller.ok('get', `/buybacks/${buyback.id}/instructions`);
    expect((instructions.items as Array<{ type: string }>).map((item) => item.type)).toContain('print');
    await signInWith(page, seller);
    await page.goto(`/dashboard/buyback/create?step=confirmation&ids=${buyback.id}`);
    const printNow = page.getByTestId('print-now');
    await expect(printNow).toContainText(String(common.buybackDocuments.toPrint));
    await expect(page.getByTestId('shipping-documents')).toContainText(shippingPathText('instructions.types.protect'));
    await expect(page.getByTestId('shipping-documents')).not.toContainText(shippingPathText('instructions.types.print'));
    await expect(printNow.getByTestId('document-tracking-sheet')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), printNow.getByTestId('document-transfer-order').click()]);
    expect(download.suggestedFilename()).toBe(`transfer-order-${buyback.identificationNumber}.pdf`);
    expect(await pageBarcodes(await bytesOf(download))).toEqual([[buyback.identificationNumber]]);
    await expectAccessible(page);
  });
});

/** A storefront visitor's web buyback, with the documents token its registration answered. */
async function webBuyback(request: APIRequestContext, lastName: string, email = 'lea.documents@example.com'): Promise<{ id: string; identificationNumber: string; documentsToken: string }> {
  const token = (await (await request.post('/api/anonymous-token', { data: {} })).json()).token as string;
  const visitor = new StaffApi(request, token, null, '');
  const products = await visitor.ok('get', `/products?search=${encodeURIComponent('iphone 15 128')}`);
  const productId = products.items[0].id as string;
  const options = await visitor.ok('get', `/products/${productId}/buyback-options?channel=web`);
  const circuit = (options.circuits as Array<{ id: string; shippingMethodIds: string[]; paymentModeIds: string[] }>)[0]!;
  const paymentMode = (options.paymentModes as Array<{ id: string }>).find((p) => circuit.paymentModeIds.includes(p.id))!;
  const questions = await visitor.ok('get', `/products/${productId}/diagnostic-questions`);
  const created = await visitor.post('/web/buybacks', {
    productId,
    responses: (questions.items as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] })),
    customer: {
      firstName: 'Léa',
      lastName,
      email,
      phone: '+33612345678',
      street: '3 place Bellecour',
      streetComplement: null,
      city: 'Lyon',
      zipCode: '69002',
      country: 'FR',
      iban: 'FR7630006000011234567890189',
      identity: { type: 'identity_card', number: 'X4RTBPFW4', issuingAuthority: 'Préfecture du Rhône', deliveryDate: '2020-05-14' },
    },
    circuitId: circuit.id,
    shippingMethodId: circuit.shippingMethodIds[0],
    paymentModeId: paymentMode.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

test.describe('Given a storefront customer with the documents link of their confirmation e-mail', () => {
  test('When they open it, then they download their transfer order and tracking sheet, each scanning to their code; another customer’s link is refused', async ({ page, request }) => {
    test.slow();
    const lastName = uniqueName('Storefront');
    const email = `e2e.documents.${Date.now()}@example.com`;
    const buyback = await webBuyback(request, lastName, email);
    const mail = await mailTo(email, templateIs('buybackConfirmation'));
    const link = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])).find((url) => url.pathname === '/buyback-confirmation-docs');
    expect(link?.searchParams.get('id')).toBe(buyback.id);
    await page.goto(`${link!.pathname}${link!.search}`);
    const documents = page.getByTestId('confirmation-docs');
    await expect(documents.getByRole('heading', { level: 2 })).toBeVisible();
    for (const kind of ['transfer-order', 'tracking-sheet'] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), documents.getByTestId(`document-${kind}`).click()]);
      const pdf = await bytesOf(download);
      expect(await pageBarcodes(pdf), kind).toEqual([[buyback.identificationNumber]]);
      if (kind === 'transfer-order') expect((await pageTexts(pdf))[0]).toContain(`Léa ${lastName}`);
    }
    // The link carries the signed token, never the bare id: without it the document is not served.
    const href = await documents.getByTestId('document-tracking-sheet').getAttribute('href');
    expect(href).toContain(`token=${encodeURIComponent(link!.searchParams.get('token')!)}`);
    expect((await request.get(`/api/buybacks/${buyback.id}/documents/tracking-sheet`)).status()).toBe(404);

    // A second customer's documents token, put on the first one's buyback: refused, nothing to download.
    const other = await webBuyback(request, uniqueName('Other'), `e2e.documents.other.${Date.now()}@example.com`);
    await page.goto(`/buyback-confirmation-docs?id=${buyback.id}&token=${encodeURIComponent(other.documentsToken)}`);
    await expect(page.getByTestId('confirmation-docs-refused')).toContainText("Ce lien vers les documents n'est pas valide");
    await expect(page.getByTestId('document-transfer-order')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(lastName);
  });
});

test.describe('Given the demo retailer without the custom transfer order', () => {
  test('When its manager opens the transfer order settings, then the default texts show with the premium badge and nothing can be edited', async ({ page, request }) => {
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    await signInWith(page, retailer);
    await page.goto('/dashboard/settings/transfer-order');
    await expect(page.getByRole('heading', { level: 1, name: featureText('transfer-order-settings', 'fr-FR', 'title') })).toBeVisible();
    // The menu's entry carries its own badge: the page's is in its notice.
    await expect(page.getByTestId('transfer-order-premium').getByTestId('premium-badge')).toBeVisible();
    await expect(page.getByTestId('transfer-order-text')).toHaveCount(0);
    await expect(page.getByTestId('transfer-order-default')).toContainText('Je soussigné(e) {{customer_firstname}}');
    await page.getByRole('combobox', { name: featureText('transfer-order-settings', 'fr-FR', 'default.language') }).selectOption('de-DE');
    await expect(page.getByTestId('transfer-order-default')).toContainText('Ich, {{customer_firstname}}');
    await expectAccessible(page);
    // In English too: the texts of this page have a key named "default", which once read as the file's module export.
    await page.getByRole('banner').getByRole('combobox', { name: 'Langue' }).selectOption('en-GB');
    await expect(page.getByRole('heading', { level: 1, name: featureText('transfer-order-settings', 'en-GB', 'title') })).toBeVisible();
    await expect(page.getByTestId('transfer-order-premium')).toContainText(featureText('transfer-order-settings', 'en-GB', 'premium.text'));
  });
});
