import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, expectOk, receivedBuyback } from '../support/api-helpers.js';
import { csvLines } from '../support/warehouse-helpers.js';
import { failed, givenPayment, initiated } from '../support/payment-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The payment search (GET /payments), its export and one payment's detail,
 * over payments written as their process manager and providers write them:
 * each filter as the accountant uses it, who sees which payments, the
 * customer's name read from the buyback, and the commands each row offers.
 * Every payment of this file is created in March 2021, so the period filter
 * keeps the searches to them.
 */

const MARCH = 'createdFrom=2021-03-01T00:00:00.000Z&createdTo=2021-03-31T23:59:59.999Z';
const at = (day: number) => `2021-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

let t: TestPlatform;
let retailer: ApiClient;
let admin: ApiClient;
let buyer: ApiClient;
let seller: ApiClient;
/** A unique surname, so the name search finds this file's customers only. */
const surname = `Quintavalle${randomUUID().slice(0, 6)}`;
let anatole: { id: string; identificationNumber: string };
/** Manual, no IBAN, 123.45 EUR, created 10 March: payment_created. */
let manual: string;
/** SEPA file, 500.00 EUR, 20 March: failed (AC04). */
let failing: string;
/** A gift card of another buyer of the tenant, 70.00 EUR, 25 March: initiated. */
let giftCard: string;
/** Other Retail's, 123.45 EUR, 12 March. */
let foreign: string;

async function search(client: ApiClient, query: string): Promise<Array<Record<string, any>>> {
  return (await expectOk(client.get(`/payments?${MARCH}&itemsPerPage=100&${query}`))).items;
}
const ids = (rows: Array<Record<string, any>>) => rows.map((row) => row.id as string).sort();

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, admin, buyer, seller] = await Promise.all([
    t.login('retailer@demo.test', 'root'),
    t.login('admin@demo.test'),
    t.login('buyer@demo.test', 'lcm'),
    t.login('seller@demo.test'),
  ]);
  anatole = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer', customer: { firstName: 'Anatole', lastName: surname } });
  const berthe = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer', customer: { firstName: 'Berthe', lastName: surname } });
  manual = await givenPayment(t.platform, {
    buybackId: anatole.id,
    identificationNumber: anatole.identificationNumber,
    type: 'no_iban_transfer',
    provider: 'manual',
    validatedPriceInCents: 12_345,
    at: at(10),
  });
  failing = await givenPayment(t.platform, { buybackId: berthe.id, identificationNumber: berthe.identificationNumber, validatedPriceInCents: 50_000, at: at(20) }, failed());
  giftCard = await givenPayment(t.platform, { type: 'gift_card', provider: 'gift_card_provider', buyerId: randomUUID(), validatedPriceInCents: 7_000, at: at(25) }, initiated());
  foreign = await givenPayment(t.platform, { accountId: DEMO_IDS.accounts.other, validatedPriceInCents: 12_345, at: at(12) });
});
afterAll(async () => {
  await t?.close();
});

describe('Given payments of the tenant in every stage, when its retailer searches', () => {
  it('then every payment of the tenant is listed, newest first, and none of another tenant', async () => {
    const rows = await search(retailer, '');
    expect(rows.map((row) => row.id)).toEqual([giftCard, failing, manual]);
  });

  it('then the buyback code finds its payment, whole or by its start', async () => {
    expect(ids(await search(retailer, `identificationNumber=${anatole.identificationNumber}`))).toEqual([manual]);
    expect(ids(await search(retailer, `identificationNumber=${anatole.identificationNumber.slice(0, 12)}`))).toContain(manual);
  });

  it('then the payment id finds it', async () => {
    expect(ids(await search(retailer, `paymentId=${failing}`))).toEqual([failing]);
  });

  it('then part of the customer’s name finds their payments, whatever the case, and each row names its customer', async () => {
    const rows = await search(retailer, `customerName=${surname.toUpperCase()}`);
    expect(ids(rows)).toEqual([failing, manual].sort());
    expect(ids(await search(retailer, `customerName=${encodeURIComponent(`anatole ${surname}`)}`))).toEqual([manual]);
    expect(rows.find((row) => row.id === manual)?.customerName).toBe(`Anatole ${surname}`);
    expect(await search(retailer, 'customerName=Nobody-by-this-name')).toEqual([]);
  });

  it('then the name finds them last name first too, by its start, and without its accents', async () => {
    expect(ids(await search(retailer, `customerName=${encodeURIComponent(`${surname}  ANATOLE`)}`))).toEqual([manual]);
    expect(ids(await search(retailer, `customerName=${encodeURIComponent(`Anatôle ${surname.slice(0, -2)}`)}`))).toEqual([manual]);
    expect(ids(await search(retailer, `customerName=${surname.slice(0, -2)}`))).toEqual([failing, manual].sort());
    expect(ids(await search(retailer, 'customerName=anat'))).toContain(manual);
    expect(ids(await search(retailer, `customerName=${surname.slice(1)}`))).toEqual([]);
  });

  it('then the status, type and provider filters keep the payments they name', async () => {
    expect(ids(await search(retailer, 'status[]=payment_failed'))).toEqual([failing]);
    expect(ids(await search(retailer, 'status[]=payment_failed&status[]=payment_initiated'))).toEqual([failing, giftCard].sort());
    expect(ids(await search(retailer, 'type[]=gift_card'))).toEqual([giftCard]);
    expect(ids(await search(retailer, 'provider[]=manual'))).toEqual([manual]);
  });

  it('then the period and the amount range (cents, bounds included) keep the payments within them', async () => {
    const rows = await expectOk(retailer.get('/payments?createdFrom=2021-03-15T00:00:00.000Z&createdTo=2021-03-22T00:00:00.000Z'));
    expect(ids(rows.items)).toEqual([failing]);
    expect(ids(await search(retailer, 'amountFrom=12345&amountTo=12345'))).toEqual([manual]);
    expect(ids(await search(retailer, 'amountFrom=10000'))).toEqual([failing, manual].sort());
    expect(ids(await search(retailer, 'amountTo=10000'))).toEqual([giftCard]);
  });

  it('then a row says its status, amount, why it failed, and the commands the caller may run', async () => {
    const [row] = await search(retailer, `paymentId=${failing}`);
    expect(row).toMatchObject({
      identificationNumber: expect.stringMatching(/^\d{13}$/),
      status: 'payment_failed',
      type: 'bank_transfer',
      provider: 'bank_transfer_file',
      amount: { amountInCents: 50_000, currency: 'EUR' },
      failure: { reasonCode: 'AC04', message: 'Compte clôturé' },
      attempts: 1,
      createdAt: at(20),
      allowedCommands: ['RelaunchPayment'],
    });
    const [manualRow] = await search(retailer, `paymentId=${manual}`);
    expect(manualRow?.allowedCommands).toEqual(['MarkPaymentAsPaid']);
    expect(manualRow?.failure).toBeNull();
  });

  it('then the list is sorted by amount when asked, and paged with its total', async () => {
    const rows = await search(retailer, 'order[amount]=asc');
    expect(rows.map((row) => row.amount.amountInCents)).toEqual([7_000, 12_345, 50_000]);
    const page = await expectOk(retailer.get(`/payments?${MARCH}&itemsPerPage=2&page=2`));
    expect(page).toMatchObject({ totalItems: 3, hasNextPage: false, page: 2, itemsPerPage: 2 });
    expect(page.items.map((row: Record<string, string>) => row.id)).toEqual([manual]);
  });

  it('then one payment opens with its ETag, attempts and customer', async () => {
    const answer = await retailer.get(`/payments/${failing}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe('W/"1"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({
      id: failing,
      customerName: `Berthe ${surname}`,
      status: 'payment_failed',
      validatedPrice: { amountInCents: 50_000, currency: 'EUR' },
      modifier: { kind: 'disabled' },
      attempts: [{ number: 1, outcome: 'failed', failure: { reasonCode: 'AC04', message: 'Compte clôturé' }, relaunchReason: null }],
      revision: 1,
      allowedCommands: ['RelaunchPayment'],
    });
    expect(answer.body).not.toHaveProperty('amountInCents');
    expect(answer.body).not.toHaveProperty('amountKey');
    expect(answer.body).not.toHaveProperty('organizationId');
  });

  it('then the export writes the search as CSV, with the customer’s name and the status in words', async () => {
    const answer = await retailer.get(`/payments/export?${MARCH}&customerName=${surname}`, { 'Accept-Language': 'fr-FR' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = csvLines(answer.body as string);
    expect(lines[0]).toBe('Code du rachat;Identifiant du paiement;Créé le;Client;Statut;Type;Prestataire;Montant;Motif de l\'échec;Tentatives;Payé le');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Berthe ${surname};Paiement échoué;Virement bancaire;Fichier de virements SEPA;`);
    expect(lines[1]).toContain('AC04: Compte clôturé;1;');
  });
});

describe('Given payments of other tenants and buyers', () => {
  it('when the retailer opens another tenant’s payment, then it does not exist for them', async () => {
    const answer = await retailer.get(`/payments/${foreign}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('PAYMENT_NOT_FOUND');
    expect(ids(await search(retailer, `paymentId=${foreign}`))).toEqual([]);
  });

  it('when the provider’s staff search, then they see every tenant’s', async () => {
    expect(ids(await search(admin, 'amountFrom=12345&amountTo=12345'))).toEqual([foreign, manual].sort());
    expect((await admin.get(`/payments/${foreign}`)).status).toBe(200);
  });

  it('when the buyer’s manager searches, then only their buyer’s payments are listed, and they may mark a manual one paid but not relaunch', async () => {
    const rows = await search(buyer, '');
    expect(ids(rows)).toEqual([failing, manual].sort());
    expect(rows.find((row) => row.id === failing)?.allowedCommands).toEqual([]);
    expect(rows.find((row) => row.id === manual)?.allowedCommands).toEqual(['MarkPaymentAsPaid']);
    expect((await buyer.get(`/payments/${giftCard}`)).status).toBe(404);
    expect((await buyer.get(`/payments/export?${MARCH}`)).status).toBe(403);
  });

  it('when a store seller asks, then the search is not theirs', async () => {
    const answer = await seller.get('/payments');
    expect(answer.status).toBe(403);
  });

  it('when a filter is out of bounds, then the request is refused with the field named', async () => {
    for (const query of ['amountFrom=-1', 'status[]=paid', 'identificationNumber=abc', 'paymentId=not-a-uuid', `customerName=${'x'.repeat(256)}`]) {
      const answer = await retailer.get(`/payments?${query}`);
      expect(answer.status, query).toBe(400);
    }
  });
});

describe('Given a buyback whose customer was forgotten', () => {
  it('when its payment is listed, then the row names no customer', async () => {
    const email = `oubli.${randomUUID().slice(0, 8)}@example.com`;
    const forgotten = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer', customer: { firstName: 'Oubliée', lastName: surname, email } });
    const paymentId = await givenPayment(t.platform, { buybackId: forgotten.id, identificationNumber: forgotten.identificationNumber, at: at(28) });
    expect((await search(retailer, `paymentId=${paymentId}`))[0]?.customerName).toBe(`Oubliée ${surname}`);
    expect(ids(await search(retailer, `customerName=${encodeURIComponent(`oubliee ${surname}`)}`))).toEqual([paymentId]);

    await expectOk(retailer.post('/admin/customers/forget', { email, accountId: DEMO_IDS.accounts.demo }));

    expect(await search(retailer, `customerName=${encodeURIComponent(`oubliee ${surname}`)}`)).toEqual([]);
    expect((await search(retailer, `paymentId=${paymentId}`))[0]?.customerName).toBeNull();
    expect((await expectOk(retailer.get(`/payments/${paymentId}`))).customerName).toBeNull();
  });
});

describe('Given a buyback driven to completion through the API', () => {
  it('when its payment is created by the process manager, then the search finds it by its code and customer, at the validated price', async () => {
    const warehouse = await t.login('warehouse@demo.test');
    const buyback = await receivedBuyback(seller, warehouse, PARIS, { paymentType: 'bank_transfer', customer: { firstName: 'Clément', lastName: surname } });
    await expectOk(warehouse.post(`/buybacks/${buyback.id}/complete`, {}));

    const found = (await expectOk(retailer.get(`/payments?identificationNumber=${buyback.identificationNumber}`))).items;

    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      buybackId: buyback.id,
      customerName: `Clément ${surname}`,
      status: 'payment_created',
      type: 'bank_transfer',
      storeId: PARIS,
    });
    const detail = await expectOk(retailer.get(`/payments/${found[0].id}`));
    expect(detail.validatedPrice.amountInCents).toBe(buyback.declaredPriceInCents);
    expect(detail.origin).toBe('buyback_completed');
    const byName = (await expectOk(retailer.get(`/payments?customerName=${encodeURIComponent(`clément ${surname}`)}`))).items;
    expect(byName.map((row: Record<string, string>) => row.id)).toEqual([found[0].id]);
    const unaccented = (await expectOk(retailer.get(`/payments?customerName=${encodeURIComponent(`CLEMENT ${surname}`)}`))).items;
    expect(unaccented.map((row: Record<string, string>) => row.id)).toEqual([found[0].id]);
  });
});
