import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { pageBarcodes, pageTexts } from '../support/pdf-reading.js';
import { answersFor, checkedInItem, IPHONE_15, itemOf, shippedItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * Each general setting takes effect where it is used (issue 23): switched
 * through the general-settings page by the retailer's root manager, then
 * seen at once by the warehouse, the stores, the storefront's configuration
 * and the documents.
 */

const DEMO = DEMO_IDS.accounts.demo;

let t: TestPlatform;
let retailer: ApiClient;
let actors: WarehouseActors;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [r, seller, operator] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  retailer = r;
  actors = { seller, operator };
  visitor = await t.anonymous();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const setTim = (patch: Record<string, unknown>) => expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, patch));
const setLcm = (patch: Record<string, unknown>) => expectOk(retailer.patch(`/general-settings/${DEMO}/lcm`, patch));
const menuPaths = async (client: ApiClient) => ((await expectOk(client.get('/me'))).menu.sections as Array<{ entries: Array<{ path: string }> }>).flatMap((s) => s.entries.map((e) => e.path));
const config = () => expectOk(visitor.get('/white-label/config'));
const check = (itemId: string, body: Record<string, unknown>) => actors.operator.post(`/items/${itemId}/compliance-checks`, { productId: IPHONE_15, decision: { kind: 'by_rule' }, ...body });

describe('Warehouse check-in requirement', () => {
  it('disabled: the check-in leaves the operator’s menu and its command is refused; optional brings it back', async () => {
    const { buyback } = await shippedItem(actors);
    await setLcm({ warehouseCheckinRequirement: 'disabled' });
    expect(await menuPaths(actors.operator)).not.toContain('/warehouse/checkin');
    const refused = await actors.operator.post('/warehouse/check-ins', { code: buyback.identificationNumber });
    expect(refused.body.code).toBe('WAREHOUSE_CHECKIN_DISABLED');
    await setLcm({ warehouseCheckinRequirement: 'optional' });
    expect(await menuPaths(actors.operator)).toContain('/warehouse/checkin');
    await expectOk(actors.operator.post('/warehouse/check-ins', { code: buyback.identificationNumber }), 201);
  });

  it('mandatory: an item still in transit cannot skip the check-in', async () => {
    const { itemId } = await shippedItem(actors);
    await setLcm({ warehouseCheckinRequirement: 'mandatory' });
    const refused = await check(itemId, { responses: await answersFor(actors.operator, IPHONE_15), comment: 'Conforme' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ITEM_NOT_CHECKED_IN');
    await setLcm({ warehouseCheckinRequirement: 'optional' });
    await expectOk(check(itemId, { responses: await answersFor(actors.operator, IPHONE_15), comment: 'Conforme' }));
  });
});

describe('Warehouse comment', () => {
  it('required: a check without a comment is refused; internal: the comment is not shared with the customer', async () => {
    const { itemId } = await checkedInItem(actors);
    await setLcm({ isWarehouseCommentMandatory: true, isWarehouseCommentSharedToClient: false });
    const responses = await answersFor(actors.operator, IPHONE_15);
    expect((await check(itemId, { responses })).body.code).toBe('WAREHOUSE_COMMENT_REQUIRED');
    await expectOk(check(itemId, { responses, comment: 'Rayure légère' }));
    expect((await itemOf(actors.operator, itemId)).check).toMatchObject({ comment: 'Rayure légère', commentShared: false });
  });

  it('optional and shared: a check without a comment passes, and a comment is shared', async () => {
    await setLcm({ isWarehouseCommentMandatory: false, isWarehouseCommentSharedToClient: true });
    const first = await checkedInItem(actors);
    await expectOk(check(first.itemId, { responses: await answersFor(actors.operator, IPHONE_15) }));
    const second = await checkedInItem(actors);
    await expectOk(check(second.itemId, { responses: await answersFor(actors.operator, IPHONE_15), comment: 'Parfait état' }));
    expect((await itemOf(actors.operator, second.itemId)).check).toMatchObject({ comment: 'Parfait état', commentShared: true });
  });
});

describe('Packing instructions', () => {
  it('reach the stores with their account’s settings', async () => {
    await setLcm({ packingInstructions: 'Un appareil par boîte, chargeur à part.' });
    expect((await expectOk(actors.seller.get('/me'))).account.settings.packingInstructions).toBe('Un appareil par boîte, chargeur à part.');
  });
});

describe('The storefront’s settings', () => {
  it('cart minimum value: a cart below it is refused at checkout, at 0 it passes', async () => {
    await setTim({ cartMinValueInCents: 5_000_000 });
    expect((await config()).cartMinValueInCents).toBe(5_000_000);
    const { customer: _c, ...declaration } = await creationBody(visitor, { channel: 'web', paymentType: 'bank_transfer' });
    const refused = await visitor.post('/carts', { buybacks: [declaration], customer: customer() });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CART_BELOW_MINIMUM_VALUE');
    await setTim({ cartMinValueInCents: 0 });
    expect((await visitor.post('/carts', { buybacks: [declaration], customer: customer() })).status).toBe(201);
  });

  it('identity document: required refuses a customer without one; not required registers them', async () => {
    const noIdentity = { customer: { identity: undefined } };
    const refused = await actors.seller.post(`/store/${PARIS}/buybacks`, await creationBody(actors.seller, noIdentity));
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'customer.identity', code: 'IDENTITY_REQUIRED' })]));
    await setTim({ customerIdentityDocumentRequired: false });
    expect((await actors.seller.post(`/store/${PARIS}/buybacks`, await creationBody(actors.seller, noIdentity))).status).toBe(201);
    await setTim({ customerIdentityDocumentRequired: true });
  });

  it('customer ID collection: on, a buyback without the ID document’s type and number is refused (store and web), with them alone it registers them sealed and masked; off, none is asked', async () => {
    await setTim({ customerIdentityDocumentRequired: false, customerIdCollectionEnabled: true });
    try {
      expect(await expectOk(actors.seller.get('/buyback-settings'))).toMatchObject({ customer_identity_document_required: false, customer_id_collection_enabled: true });
      const noId = { customer: { identity: undefined } };
      const refused = await actors.seller.post(`/store/${PARIS}/buybacks`, await creationBody(actors.seller, noId));
      expect(refused.status).toBe(400);
      expect(refused.body.details.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'customer.identity', code: 'CUSTOMER_ID_REQUIRED' })]));
      const { customer: _c, ...declaration } = await creationBody(visitor, { channel: 'web', paymentType: 'bank_transfer' });
      const webRefused = await visitor.post('/carts', { buybacks: [declaration], customer: customer({ identity: null }) });
      expect(webRefused.body.details.fields).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'CUSTOMER_ID_REQUIRED' })]));
      const badNumber = await actors.seller.post(`/store/${PARIS}/buybacks`, await creationBody(actors.seller, { customer: { identity: { type: 'passport', number: 'AB-1' } } }));
      expect(badNumber.body.details.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'customer.identity.number', code: 'IDENTITY_NUMBER_INVALID' })]));

      const created = await expectOk(actors.seller.post(`/store/${PARIS}/buybacks`, await creationBody(actors.seller, { customer: { identity: { type: 'passport', number: '19ab 12345' } } })), 201);
      const id = created.id as string;
      // The seller sees the type, not the number; the number sits sealed in the event, never in clear.
      const shown = await expectOk(actors.seller.get(`/buybacks/${id}`));
      expect(shown.customer.identity).toEqual({ type: 'passport', number: null, issuingAuthority: null, deliveryDate: null });
      const stored = JSON.stringify(await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(id)));
      expect(stored).not.toContain('19AB12345');
      expect(JSON.stringify(await expectOk(actors.seller.get('/buybacks?itemsPerPage=5')))).not.toContain('19AB12345');

      await setTim({ customerIdCollectionEnabled: false });
      expect((await actors.seller.post(`/store/${PARIS}/buybacks`, await creationBody(actors.seller, noId))).status).toBe(201);
    } finally {
      await setTim({ customerIdentityDocumentRequired: true, customerIdCollectionEnabled: false });
    }
  });

  it('currency, language, category navigation, back-to-website link, store locator map, texts and customer ID: the storefront’s configuration and the staff’s account read them on the next request', async () => {
    await setTim({
      currency: 'GBP',
      language: 'en-GB',
      categoryNavigationEnabled: false,
      externalWebsiteLink: null,
      storeLocatorMapEnabled: true,
      buybackZeroDescription: 'Nous ne pouvons pas reprendre cet appareil, mais nous pouvons le recycler.',
      noSearchResultDescription: 'Appelez-nous au 01 23 45 67 89.',
      customerIdCollectionEnabled: true,
    });
    expect(await config()).toMatchObject({
      currency: 'GBP',
      language: 'en-GB',
      categoryNavigationEnabled: false,
      externalWebsiteLink: null,
      dropOffLocationsMapEnabled: true,
      buybackZeroDescription: 'Nous ne pouvons pas reprendre cet appareil, mais nous pouvons le recycler.',
      noSearchResultDescription: 'Appelez-nous au 01 23 45 67 89.',
      customerIdCollectionEnabled: true,
    });
    expect((await expectOk(actors.seller.get('/me'))).account).toMatchObject({ currency: 'GBP', language: 'en-GB', settings: { categoryNavigationEnabled: false, customerIdCollectionEnabled: true } });
    await setTim({ currency: 'EUR', language: 'fr-FR', categoryNavigationEnabled: true, externalWebsiteLink: { url: 'https://www.demo-retail.example', text: 'Retour' } });
    expect(await config()).toMatchObject({ currency: 'EUR', categoryNavigationEnabled: true, externalWebsiteLink: { url: 'https://www.demo-retail.example', text: 'Retour' } });
  });
});

describe('The transfer order', () => {
  const transferOrder = async (id: string) => {
    const response = await fetch(`${actors.seller.baseUrl}/api/buybacks/${id}/documents/transfer-order`, { headers: { Authorization: `Bearer ${actors.seller.token}`, 'Accept-Language': 'en-GB' } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('barcode and tag price: printed when switched on, left out when off', async () => {
    const buyback = await createStoreBuyback(actors.seller, PARIS);
    await setTim({ barCodeEnabled: false, tagPriceEnabled: false });
    const plain = await transferOrder(buyback.id);
    expect(await pageBarcodes(plain)).toEqual([[]]);
    expect((await pageTexts(plain))[0]).not.toContain('Étiquette prix');
    await setTim({ barCodeEnabled: true, tagPriceEnabled: true });
    const full = await transferOrder(buyback.id);
    expect(await pageBarcodes(full)).toEqual([[buyback.identificationNumber]]);
    expect((await pageTexts(full))[0]).toContain('Étiquette prix');
  });
});
