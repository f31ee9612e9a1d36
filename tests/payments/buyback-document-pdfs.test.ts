import { describe, expect, it } from 'vitest';
import type { BuybackDocumentFacts, TrackingSheetContent, TransferOrderContent, VoucherContent } from '../../application/payments/buyback-documents.js';
import { formatVoucherCode, voucherCode } from '../../domain/payments/voucher-code.js';
import { renderTrackingSheet, renderTransferOrder, renderVoucher } from '../../infrastructure/payments/documents/buyback-document-pdfs.js';
import { openPdf, pageBarcodes, pageTexts } from '../support/pdf-reading.js';

/**
 * Each document read back from its bytes: the text a person reads (pdf.js)
 * and the barcode a scanner reads (the embedded image decoded by zxing).
 */

const facts: BuybackDocumentFacts = {
  locale: 'fr-FR',
  buybackId: 'b-1',
  identificationNumber: '2167692792717',
  registeredAt: '2026-11-20T10:00:00.000Z',
  productLabel: 'Apple iPhone 15 128 Go',
  imei: '356938035643809',
  grade: 'B',
  customer: { firstName: 'Łukasz', lastName: 'Ørsted', address: ['12 rue des Lilas', '75011 Paris', 'FR'] },
  printedAt: '2026-11-21T09:30:00.000Z',
};

const transferOrder = (overrides: Partial<TransferOrderContent> = {}): TransferOrderContent => ({
  ...facts,
  text: 'Je soussigné Łukasz Ørsted cède Apple iPhone 15 128 Go à Demo Refurb SAS pour 120,00 €.',
  copies: 2,
  buyer: { name: 'Demo Refurb SAS', lines: ['3 Rue de l’Industrie', '93200 Saint-Denis', 'FR'] },
  price: { amountInCents: 12000, currency: 'EUR' },
  paymentLabel: 'Virement bancaire',
  barcode: true,
  tagPrice: false,
  ...overrides,
});

describe('the transfer order', () => {
  it('prints one page per copy, each with the buyback code as a barcode, the parties, the text and the signature box', async () => {
    const pdf = await renderTransferOrder(transferOrder());

    const pages = await pageTexts(pdf);
    expect(pages).toHaveLength(2);
    pages.forEach((page, index) => {
      expect(page).toContain('Bon de cession');
      expect(page).toContain(`Exemplaire ${index + 1} sur 2`);
      expect(page).toContain('2167692792717');
      expect(page).toContain('Łukasz Ørsted');
      expect(page).toContain('Demo Refurb SAS');
      expect(page).toContain('356938035643809');
      expect(page).toContain('cède Apple iPhone 15 128 Go');
      expect(page).toContain('Signature du client');
      expect(page).toContain('120,00');
    });
    expect(await pageBarcodes(pdf)).toEqual([['2167692792717'], ['2167692792717']]);
  });

  it('is written in the customer’s language', async () => {
    const pages = await pageTexts(await renderTransferOrder(transferOrder({ locale: 'de-DE', copies: 1 })));
    expect(pages[0]).toContain('Abtretungserklärung');
    expect(pages[0]).toContain('Unterschrift des Kunden');
    expect(pages[0]).toContain('120,00');
  });

  it('lets a long text flow onto a further page and keeps the signature box whole, after it', async () => {
    const text = Array.from({ length: 60 }, (_, i) => `Clause ${i + 1} : le cédant déclare que le produit lui appartient et qu’il n’est ni volé ni gagé.`).join('\n');
    const pdf = await renderTransferOrder(transferOrder({ text, copies: 1 }));
    const pages = await pageTexts(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain('Clause 60');
    expect(pages.at(-1)).toContain('Signature du client');
    expect(pages[0]).not.toContain('Signature du client');
  });

  it('says the customer was forgotten instead of naming them', async () => {
    const pages = await pageTexts(await renderTransferOrder(transferOrder({ customer: null, copies: 1, text: 'Je soussigné  cède Apple iPhone 15 128 Go.' })));
    expect(pages[0]).toContain('Données du client effacées');
    expect(pages[0]).not.toContain('Łukasz');
  });
});

describe('the tracking sheet', () => {
  const sheet: TrackingSheetContent = {
    ...facts,
    locale: 'nl-BE',
    warehouse: { name: 'Entrepôt Lyon', lines: ['12 rue de la Part-Dieu', '69003 Lyon', 'FR'] },
    circuitName: 'Dépôt magasin',
    brand: 'Apple',
  };

  it('prints the code as a barcode, the product, its IMEI and the destination warehouse, in Dutch', async () => {
    const pdf = await renderTrackingSheet(sheet);
    const [page, ...more] = await pageTexts(pdf);
    expect(more).toEqual([]);
    expect(page).toContain('Volgblad');
    expect(page).toContain('Apple iPhone 15 128 Go');
    expect(page).toContain('356938035643809');
    expect(page).toContain('Bestemmingsmagazijn'.toLocaleUpperCase());
    expect(page).toContain('Entrepôt Lyon');
    expect(page).toContain('69003 Lyon');
    expect(await pageBarcodes(pdf)).toEqual([['2167692792717']]);
  });

  it('says when the IMEI was not given', async () => {
    const [page] = await pageTexts(await renderTrackingSheet({ ...sheet, locale: 'en-GB', imei: null }));
    expect(page).toContain('not given');
    expect(page).toContain('Tracking sheet');
  });
});

describe('the voucher', () => {
  const code = voucherCode('12345678901234');
  const voucher: VoucherContent = { ...facts, locale: 'en-GB', type: 'gift_card', code, amount: { amountInCents: 13250, currency: 'EUR' }, issuedAt: '2026-11-21T09:00:00.000Z' };

  it('prints its amount and its code, as text and as a barcode that scans to the code', async () => {
    const pdf = await renderVoucher(voucher);
    expect((await openPdf(pdf)).numPages).toBe(1);
    const [page] = await pageTexts(pdf);
    expect(page).toContain('Gift card');
    expect(page).toContain('€132.50');
    expect(page).toContain(formatVoucherCode(code));
    expect(page).toContain('Łukasz Ørsted');
    expect(await pageBarcodes(pdf)).toEqual([[code]]);
  });

  it('is a voucher, not a gift card, when paid so', async () => {
    const [page] = await pageTexts(await renderVoucher({ ...voucher, type: 'voucher', locale: 'fr-FR' }));
    expect(page).toContain('Bon d’achat');
    expect(page).toContain('132,50');
  });
});
