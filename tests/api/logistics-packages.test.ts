import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, createWebBuyback, expectOk } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The store's expedition through the API: a package opened for a warehouse,
 * buybacks scanned into it (each refusal with the specification's code),
 * closed (its buybacks and their devices in transit), its label made by the
 * label worker and downloaded once HEAD answers 200.
 */

const PARIS = DEMO_IDS.stores.paris;
const ORLEANS = DEMO_IDS.warehouses.demo;
const LYON = DEMO_IDS.warehouses.demoLyon;

let t: TestPlatform;
let seller: ApiClient;
let otherSeller: ApiClient;
let operator: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, otherSeller, operator, visitor] = await Promise.all([t.login('seller@demo.test'), t.login('seller@other.test'), t.login('warehouse@demo.test', 'rps'), t.anonymous()]);
});
afterAll(async () => {
  await t?.close();
});

async function openPackage(client = seller, body: Record<string, unknown> = { warehouseId: ORLEANS, labelMode: 'with_label' }) {
  const opened = await expectOk(client.post('/packages', body), 201);
  return (await expectOk(client.get(`/packages/${opened.id}`))) as { id: string; number: string; status: string };
}

const scan = (packageId: string, code: string, client = seller) => client.post(`/packages/${packageId}/items`, { code });

/** Polls HEAD the way the UIs do (here every 200 ms), until it is not 425. */
async function labelReadiness(path: string, client: ApiClient = seller): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await client.request('HEAD', path);
    if (answer.status !== 425) return answer.status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return 425;
}

describe('Given the Paris store and two buybacks awaiting shipment', () => {
  it('when the seller builds a package, closes it and downloads its label, then the buybacks and their devices are in transit and the label is a PDF', async () => {
    const first = await createStoreBuyback(seller, PARIS);
    const second = await createStoreBuyback(seller, PARIS);
    const waiting = await expectOk(seller.get('/expedition/buybacks?itemsPerPage=100'));
    expect(waiting.items.map((b: { buybackId: string }) => b.buybackId)).toEqual(expect.arrayContaining([first.id, second.id]));

    const pkg = await openPackage();
    expect(pkg).toMatchObject({ status: 'open', number: expect.stringMatching(/^P\d{9}$/) });
    const scanned = await expectOk(scan(pkg.id, first.identificationNumber));
    expect(scanned.buyback).toMatchObject({ buybackId: first.id, identificationNumber: first.identificationNumber, weightGrams: 380 });
    await expectOk(scan(pkg.id, ` ${second.identificationNumber} `));
    expect(await expectOk(seller.get(`/buybacks/${first.id}`))).toMatchObject({ status: 'bb_awaiting_inventory', package: { id: pkg.id, number: pkg.number } });

    // The label is expected (a store_drop buyback travels under one) but not made before the package is closed.
    expect((await seller.request('HEAD', `/buybacks/${first.id}/shipping-label`)).status).toBe(425);
    const closed = await expectOk(seller.post(`/packages/${pkg.id}/close`, {}));
    expect(closed.status).toBe('closed');
    for (const buyback of [first, second]) expect((await expectOk(seller.get(`/buybacks/${buyback.id}`))).status).toBe('bb_in_transit');
    const item = await expectOk(operator.get(`/items/by-code/${first.identificationNumber}`));
    expect(item.item.status).toBe('item_in_transit');

    expect(await labelReadiness(`/buybacks/${first.id}/shipping-label`)).toBe(200);
    const label = await seller.request('GET', `/packages/${pkg.id}/label`);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toContain('application/pdf');
    expect(String(label.body).startsWith('%PDF-')).toBe(true);
    const detail = await expectOk(seller.get(`/packages/${pkg.id}`));
    expect(detail).toMatchObject({ status: 'label_ready', labelStatus: 'ready', buybackCount: 2, weightGrams: 760, label: { trackingNumber: expect.stringMatching(/^TP\d{15}$/) } });
    const tracked = await expectOk(seller.get(`/buybacks/${first.id}`));
    expect(tracked.tracking).toMatchObject({ number: detail.label.trackingNumber, carrier: detail.label.carrier });
  });

  it('when codes are scanned that cannot go in, then each refusal carries the specification’s code and the package is unchanged', async () => {
    const pkg = await openPackage();
    const inIt = await createStoreBuyback(seller, PARIS);
    await expectOk(scan(pkg.id, inIt.identificationNumber));

    const cases: Array<[string, string, number]> = [];
    // Already in this shipment.
    cases.push([inIt.identificationNumber, 'BB_ALREADY_FILLED', 409]);
    // A code of nobody (a valid check digit).
    cases.push(['2000000000008', 'BB_DOES_NOT_EXIST', 404]);
    // Another store's (Other Retail's): as if it did not exist.
    const foreign = await createStoreBuyback(otherSeller, DEMO_IDS.stores.lille, { productId: DEMO_IDS.products.otherIphone13_128 });
    cases.push([foreign.identificationNumber, 'BB_DOES_NOT_EXIST', 404]);
    // Already shipped.
    const shipped = await createStoreBuyback(seller, PARIS);
    await expectOk(seller.post(`/buybacks/${shipped.id}/ship`, {}));
    cases.push([shipped.identificationNumber, 'BB_ALREADY_PROCESSED', 409]);
    // In another open package.
    const other = await openPackage();
    const elsewhere = await createStoreBuyback(seller, PARIS);
    await expectOk(scan(other.id, elsewhere.identificationNumber));
    cases.push([elsewhere.identificationNumber, 'BB_ALREADY_PROCESSED', 409]);
    // A web customer's own parcel.
    const posted = await createWebBuyback(visitor, operator, { circuitType: 'web_post' });
    cases.push([posted.identificationNumber, 'BB_EXPEDITION_NOT_NEEDED', 422]);
    // A game console: collected by the retailer's own transport (no label), and sent to Lyon by the rules.
    const console = await createStoreBuyback(seller, PARIS, { productId: DEMO_IDS.products.ps5 });
    cases.push([console.identificationNumber, 'SHIPMENT_ERROR', 422]);
    // A malformed code.
    cases.push(['12345', 'BUYBACK_CODE_LENGTH', 400]);

    for (const [code, expected, status] of cases) {
      const refused = await scan(pkg.id, code);
      expect({ code, status: refused.status, error: refused.body.code }).toEqual({ code, status, error: expected });
      expect(typeof refused.body.message).toBe('string');
    }
    expect((await expectOk(seller.get(`/packages/${pkg.id}`))).buybackCount).toBe(1);

    // The console, in a package for Lyon under a label: it needs none. In a package without label: it goes in.
    const lyonLabel = await openPackage(seller, { warehouseId: LYON, labelMode: 'with_label' });
    expect((await scan(lyonLabel.id, console.identificationNumber)).body.code).toBe('BB_LABEL_NOT_NEEDED');
    const lyonCollected = await openPackage(seller, { warehouseId: LYON, labelMode: 'without_label' });
    await expectOk(scan(lyonCollected.id, console.identificationNumber));
    // And a store_drop device there: it needs a label.
    const phoneForLyon = await createStoreBuyback(seller, PARIS);
    const wrongDestination = await scan(lyonCollected.id, phoneForLyon.identificationNumber);
    expect(wrongDestination.body).toMatchObject({ code: 'SHIPMENT_ERROR', details: { warehouseId: ORLEANS, warehouseName: expect.stringMatching(/\S/) } });
    // The refusal names the warehouse the device goes to, so the seller knows which package it belongs in.
    expect(wrongDestination.body.message).toContain(wrongDestination.body.details.warehouseName);
    expect(wrongDestination.body.details.warehouseName).not.toBe(ORLEANS);
    expect((await scan(lyonLabel.id, inIt.identificationNumber)).body.code).toBe('BB_ALREADY_PROCESSED');
    await expectOk(seller.post(`/packages/${lyonCollected.id}/close`, {}));
    expect((await seller.request('HEAD', `/buybacks/${console.id}/shipping-label`)).status).toBe(404);
    expect((await seller.request('GET', `/packages/${lyonCollected.id}/label`)).body.code).toBe('PACKAGE_LABEL_NOT_EXPECTED');
  });

  it('when a buyback is taken out, the package cleared, or another discarded, then the buybacks are free for another package; a closed package cannot change', async () => {
    const [a, b, c] = await Promise.all([createStoreBuyback(seller, PARIS), createStoreBuyback(seller, PARIS), createStoreBuyback(seller, PARIS)]);
    const pkg = await openPackage();
    for (const buyback of [a, b, c]) await expectOk(scan(pkg.id, buyback.identificationNumber));
    await expectOk(seller.delete(`/packages/${pkg.id}/items/${a.id}`));
    expect((await expectOk(seller.get(`/buybacks/${a.id}`))).package).toBeNull();
    await expectOk(seller.post(`/packages/${pkg.id}/clear`, {}));
    expect(await expectOk(seller.get(`/packages/${pkg.id}`))).toMatchObject({ status: 'open', buybackCount: 0 });

    const next = await openPackage();
    for (const buyback of [a, b, c]) await expectOk(scan(next.id, buyback.identificationNumber));
    await expectOk(seller.post(`/packages/${next.id}/discard`, {}));
    expect((await expectOk(seller.get(`/packages/${next.id}`))).status).toBe('discarded');

    const last = await openPackage();
    await expectOk(scan(last.id, a.identificationNumber));
    expect((await seller.post(`/packages/${pkg.id}/close`, {})).body.code).toBe('PACKAGE_CANNOT_BE_CLOSED');
    await expectOk(seller.post(`/packages/${last.id}/close`, {}));
    expect((await scan(last.id, b.identificationNumber)).body.code).toBe('PACKAGE_NOT_OPEN');
    expect((await seller.post(`/packages/${last.id}/close`, {})).body).toMatchObject({ code: 'PACKAGE_CANNOT_BE_CLOSED', details: { reason: 'not_open' } });
  });

  it('when two sellers scan one buyback into two packages at once, then exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const buyback = await createStoreBuyback(seller, PARIS);
      const [one, two] = await Promise.all([openPackage(), openPackage()]);
      const answers = await Promise.all([scan(one.id, buyback.identificationNumber), scan(two.id, buyback.identificationNumber)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.code).toBe('BB_ALREADY_PROCESSED');
      const counts = await Promise.all([one, two].map(async (p) => (await expectOk(seller.get(`/packages/${p.id}`))).buybackCount));
      expect(counts.sort()).toEqual([0, 1]);
    }
  });
});
