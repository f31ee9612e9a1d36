import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDomainEvent, toNewEvent } from '../../application/events/codec.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../application/buybacks/read-models.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import { paymentIdOf } from '../../application/payments/streams.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { pageBarcodes, pageTexts } from '../support/pdf-reading.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The transfer order's text through the API (the premium feature, the
 * refusals at the field, nothing written when refused) and each buyback
 * document downloaded and read back: its text and its barcode.
 */

const SETTINGS = '/settings/transfer-order';
const documentPath = (id: string, kind: string, token?: string) => `/buybacks/${id}/documents/${kind}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

async function pdf(client: ApiClient, path: string): Promise<{ status: number; type: string | null; bytes: Buffer; json: any }> {
  const response = await fetch(`${client.baseUrl}/api${path}`, {
    headers: { ...(client.token ? { Authorization: `Bearer ${client.token}` } : {}), ...(client.module ? { 'X-Module': client.module } : {}), 'Accept-Language': 'en-GB' },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  return { status: response.status, type, bytes, json: type?.includes('json') ? JSON.parse(bytes.toString('utf8')) : null };
}

/** Appends to a stream the same creation event with `change` applied, and waits for the read models: the platform has no command for these settings yet. */
async function reconfigure(t: TestPlatform, stream: string, change: (data: any) => any): Promise<void> {
  const history: StoredEvent[] = await t.platform.eventStore.readStream(stream);
  const last = history.at(-1)!;
  const event = toDomainEvent(last);
  const result = await t.platform.eventStore.appendToStream(
    stream,
    [toNewEvent({ type: event.type, data: change(event.data) }, randomUUID(), { ...last.metadata, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), idempotency: null })],
    last.streamRevision,
  );
  expect(await t.platform.runner.waitFor(result.lastGlobalPosition, 10_000)).toBe(true);
}

describe('Given the demo retailer', () => {
  let t: TestPlatform;
  let retailer: ApiClient;
  let seller: ApiClient;
  let otherSeller: ApiClient;
  let visitor: ApiClient;

  beforeAll(async () => {
    t = await startTestPlatform();
    [retailer, seller, otherSeller, visitor] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test'), t.login('seller@other.test'), t.anonymous()]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the transfer order settings', () => {
    it('without the premium feature, the default text is offered in four languages and saving is refused, writing nothing', async () => {
      const settings = await expectOk(retailer.get(SETTINGS));
      expect(settings).toMatchObject({ accountId: DEMO_IDS.accounts.demo, customAllowed: false, customText: null, minLength: 2, maxLength: 5000 });
      expect(settings.variables).toContain('buyer_siret');
      expect(Object.keys(settings.defaultTexts).sort()).toEqual(['de-DE', 'en-GB', 'fr-FR', 'nl-BE']);

      const refused = await retailer.request('PUT', SETTINGS, { text: 'Mon texte {{product_label}}' }, { 'Accept-Language': 'en-GB' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'PREMIUM_FEATURE_NOT_ENABLED', details: { feature: 'custom_transfer_order', field: 'text' } });
      expect(refused.body.message).toContain('premium');
      expect((await expectOk(retailer.get(SETTINGS))).customText).toBeNull();
    });

    it('a user without payment_settings.manage may neither read nor save it', async () => {
      expect((await seller.get(SETTINGS)).status).toBe(403);
      expect((await seller.request('PUT', SETTINGS, { text: 'xx' })).status).toBe(403);
    });

    describe('with the custom_transfer_order premium feature', () => {
      beforeAll(async () => {
        await reconfigure(t, ORGANIZATION_STREAMS.account.name(DEMO_IDS.accounts.demo), (data) => ({
          ...data,
          settings: { ...data.settings, enabledPremiumFeatures: [...data.settings.enabledPremiumFeatures, 'custom_transfer_order'] },
        }));
      });

      it('an unknown variable is refused with its name, in the caller’s language, and nothing is written', async () => {
        const refused = await retailer.request('PUT', SETTINGS, { text: 'Payé {{total_price}} sur {{iban}}' }, { 'Accept-Language': 'de-DE' });
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ code: 'TRANSFER_ORDER_VARIABLE_UNKNOWN', details: { field: 'text', variable: 'iban' } });
        expect(refused.body.message).toContain('„iban“');
        expect(refused.headers.get('content-language')).toBe('de-DE');
        expect((await expectOk(retailer.get(SETTINGS))).customText).toBeNull();
      });

      it('too short, too long and stray braces are refused with their own codes', async () => {
        const cases: Array<[string, string]> = [
          [' x ', 'TRANSFER_ORDER_TEXT_TOO_SHORT'],
          ['a'.repeat(5001), 'TRANSFER_ORDER_TEXT_TOO_LONG'],
          ['Prix {{total_price', 'TRANSFER_ORDER_VARIABLE_MALFORMED'],
        ];
        for (const [text, code] of cases) {
          const refused = await retailer.request('PUT', SETTINGS, { text });
          expect(refused.status, code).toBe(422);
          expect(refused.body.code).toBe(code);
        }
        // Past any valid length the schema refuses the body unread.
        expect((await retailer.request('PUT', SETTINGS, { text: 'a'.repeat(20_001) })).status).toBe(400);
      });

      it('a valid text is saved, read back, printed on the transfer order with its variables filled, and null goes back to the default', async () => {
        const saved = await expectOk(retailer.request('PUT', SETTINGS, { text: 'Moi, {{customer_firstname}} {{customer_lastname}}, je cède {{product_label}} à {{buyer_long_name}} pour {{total_price}}.' }));
        expect(saved.revision).toBeGreaterThanOrEqual(0);
        const settings = await expectOk(retailer.get(SETTINGS));
        expect(settings).toMatchObject({ customAllowed: true, customText: 'Moi, {{customer_firstname}} {{customer_lastname}}, je cède {{product_label}} à {{buyer_long_name}} pour {{total_price}}.' });

        const buyback = await createStoreBuyback(seller, PARIS);
        const custom = await pdf(seller, documentPath(buyback.id, 'transfer-order'));
        expect(custom.status).toBe(200);
        const [page] = await pageTexts(custom.bytes);
        expect(page).toContain('Moi, Camille Durand, je cède Apple iPhone 15 128 Go à Demo Refurb SAS pour');

        await expectOk(retailer.request('PUT', SETTINGS, { text: null }));
        const [byDefault] = await pageTexts((await pdf(seller, documentPath(buyback.id, 'transfer-order'))).bytes);
        expect(byDefault).toContain('Je soussigné(e) Camille Durand');
      });
    });
  });

  describe('a store buyback’s documents', () => {
    let buyback: { id: string; identificationNumber: string };

    beforeAll(async () => {
      buyback = await createStoreBuyback(seller, PARIS);
    });

    it('the transfer order is a PDF in the customer’s language whose barcode scans to the buyback code', async () => {
      const answer = await pdf(seller, documentPath(buyback.id, 'transfer-order'));
      expect(answer.status).toBe(200);
      expect(answer.type).toContain('application/pdf');
      const pages = await pageTexts(answer.bytes);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('Bon de cession');
      expect(pages[0]).toContain('Demo Refurb SAS');
      expect(pages[0]).toContain('Signature du client');
      expect(await pageBarcodes(answer.bytes)).toEqual([[buyback.identificationNumber]]);
    });

    it('the transfer order comes in as many copies as its circuit asks', async () => {
      const detail = await expectOk(seller.get(`/buybacks/${buyback.id}`));
      await reconfigure(t, CATALOG_STREAMS.circuit.name(detail.circuit.id), (data) => ({ ...data, transferOrderNumberOfCopy: 3 }));
      const answer = await pdf(seller, documentPath(buyback.id, 'transfer-order'));
      expect((await pageTexts(answer.bytes)).map((page) => /Exemplaire (\d) sur 3/.exec(page)?.[1])).toEqual(['1', '2', '3']);
      expect(await pageBarcodes(answer.bytes)).toEqual([[buyback.identificationNumber], [buyback.identificationNumber], [buyback.identificationNumber]]);
      await reconfigure(t, CATALOG_STREAMS.circuit.name(detail.circuit.id), (data) => ({ ...data, transferOrderNumberOfCopy: undefined }));
    });

    it('the tracking sheet names the product, the IMEI line and the destination warehouse, with the code as a barcode', async () => {
      const answer = await pdf(seller, documentPath(buyback.id, 'tracking-sheet'));
      expect(answer.status).toBe(200);
      const [page] = await pageTexts(answer.bytes);
      expect(page).toContain('Fiche de suivi');
      expect(page).toContain('Apple iPhone 15 128 Go');
      expect(page).toContain('IMEI');
      const detail = await expectOk(seller.get(`/buybacks/${buyback.id}`));
      const warehouse = await t.platform.documents.collection('organizations').get(detail.warehouseId ?? detail.warehouse?.id);
      expect(page).toContain(String(warehouse?.commonName));
      expect(await pageBarcodes(answer.bytes)).toEqual([[buyback.identificationNumber]]);
    });

    it('a voucher handed over in store prints its amount and its code, whose barcode scans to the payment’s voucher code', async () => {
      const handedOver = await createStoreBuyback(seller, PARIS, { paymentType: 'voucher' });
      const stored = await t.platform.documents.collection('payments').get(paymentIdOf(handedOver.id));
      expect(stored?.voucherCode).toMatch(/^\d{16}$/);
      const answer = await pdf(seller, documentPath(handedOver.id, 'voucher'));
      expect(answer.status).toBe(200);
      const [page = ''] = await pageTexts(answer.bytes);
      expect(page).toContain('Bon d’achat');
      expect(page.replace(/\s/g, '')).toContain(String(stored?.voucherCode));
      expect(await pageBarcodes(answer.bytes)).toEqual([[stored?.voucherCode]]);
    });

    it('a buyback paid by bank transfer has no voucher: 404 DOCUMENT_NOT_EXPECTED', async () => {
      const transfer = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
      const answer = await pdf(seller, documentPath(transfer.id, 'voucher'));
      expect(answer.status).toBe(404);
      expect(answer.json.code).toBe('DOCUMENT_NOT_EXPECTED');
    });

    it('another tenant’s seller, a stranger and an unknown kind get nothing', async () => {
      expect((await pdf(otherSeller, documentPath(buyback.id, 'transfer-order'))).json.code).toBe('BUYBACK_NOT_FOUND');
      expect((await pdf(visitor, documentPath(buyback.id, 'tracking-sheet'))).status).toBe(404);
      expect((await pdf(seller, documentPath(buyback.id, 'invoice'))).status).toBe(400);
    });

    it('a buyback whose buyer cannot be reached gives the specification’s error instead of a transfer order', async () => {
      const orphan = await createStoreBuyback(seller, PARIS);
      const buybacks = t.platform.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
      const stored = (await buybacks.get(orphan.id))!;
      await buybacks.upsert({ ...stored, buyerId: randomUUID() });
      const answer = await pdf(seller, documentPath(orphan.id, 'transfer-order'));
      expect(answer.status).toBe(422);
      expect(answer.json.code).toBe('BUYBACK_BUYER_UNREACHABLE');
      // The tracking sheet does not need the buyer.
      expect((await pdf(seller, documentPath(orphan.id, 'tracking-sheet'))).status).toBe(200);
    });
  });

  describe('a web buyback’s customer with the documents token of its registration', () => {
    it('downloads its documents in their language; another buyback’s token is refused', async () => {
      const body = await creationBody(visitor, { channel: 'web' });
      const first = await visitor.post('/web/buybacks', body, { 'Accept-Language': 'de-DE' });
      const second = await visitor.post('/web/buybacks', body);
      expect([first.status, second.status]).toEqual([201, 201]);

      const own = await pdf(visitor, documentPath(first.body.id, 'tracking-sheet', first.body.documentsToken));
      expect(own.status).toBe(200);
      expect((await pageTexts(own.bytes))[0]).toContain('Begleitschein');
      expect(await pageBarcodes(own.bytes)).toEqual([[first.body.identificationNumber]]);

      // Paid by voucher once its buyback completes: until then its voucher is not issued.
      const byVoucher = await visitor.post('/web/buybacks', await creationBody(visitor, { channel: 'web', paymentType: 'voucher' }));
      const notYet = await pdf(visitor, documentPath(byVoucher.body.id, 'voucher', byVoucher.body.documentsToken));
      expect(notYet.status).toBe(409);
      expect(notYet.json.code).toBe('VOUCHER_NOT_ISSUED');

      const crossed = await pdf(visitor, documentPath(first.body.id, 'transfer-order', second.body.documentsToken));
      expect(crossed.status).toBe(404);
      expect(crossed.json.code).toBe('DOCUMENTS_LINK_INVALID');
    });
  });
});
