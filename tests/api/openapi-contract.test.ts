/**
 * The contract says what the API does: for every operation of
 * GET /api/openapi.json, at least one real, valid request (the EXAMPLES
 * table, keyed by operationId: a new route fails this test until it adds
 * its own) whose answer has the operation's declared success status, a body
 * that validates against the declared response schema (components.schemas
 * registered, so every $ref resolves), the declared content type, and
 * Content-Language with Vary: Accept-Language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { bestResponses, creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, createWebBuyback, proposalTokenFromMail, receivedBuyback } from '../support/api-helpers.js';
import { ContractChecker, operationsOf, sendRequest, type OpenApiDocument, type Operation, type RawRequest } from '../support/openapi.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';

const IPHONE_15 = DEMO_IDS.products.iphone15_128;

interface Actors {
  t: TestPlatform;
  admin: ApiClient;
  retailer: ApiClient;
  seller: ApiClient;
  warehouse: ApiClient;
  /** The demo warehouse's manager: stocks, losses, dispute e-mails, replays. */
  manager: ApiClient;
  visitor: ApiClient;
}

/** A request as one of the actors (or nobody) sends it. */
type Example = RawRequest & { as: ApiClient | null; note?: string };

let sequence = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++sequence}@example.com`;
const as = (client: ApiClient | null, request: RawRequest, note?: string): Example => ({ ...request, as: client, ...(note ? { note } : {}) });

async function received(a: Actors, customer: Record<string, unknown> = {}) {
  return receivedBuyback(a.seller, a.warehouse, PARIS, { paymentType: 'bank_transfer', customer });
}

/** A web declaration (the customer left out: a cart's checkout gives it). */
async function cartDeclaration(a: Actors) {
  const { customer: _customer, ...declaration } = await creationBody(a.visitor, { channel: 'web', paymentType: 'bank_transfer' });
  return declaration;
}

async function proposed(a: Actors) {
  const email = uniqueEmail('contract.proposal');
  const buyback = await received(a, { email });
  const answer = await a.warehouse.post(`/buybacks/${buyback.id}/propose-new-price`, {
    proposedPriceInCents: buyback.declaredPriceInCents - 5_000,
    reason: 'Écran rayé',
    comment: 'Rayure',
  });
  if (answer.status !== 200) throw new Error(`propose: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { buyback, token: proposalTokenFromMail(a.t.mailer, email).token };
}

/** A Paris buyback shipped to the warehouse, and its item. */
async function shippedItem(a: Actors) {
  const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
  await a.seller.post(`/buybacks/${buyback.id}/ship`, {});
  const lookup = await a.warehouse.get(`/items/by-code/${buyback.identificationNumber}`);
  if (lookup.status !== 200) throw new Error(`item: ${lookup.status} ${JSON.stringify(lookup.body)}`);
  return { buyback, itemId: lookup.body.item.id as string };
}

async function checkedInItem(a: Actors) {
  const shipped = await shippedItem(a);
  const answer = await a.warehouse.post('/warehouse/check-ins', { code: shipped.buyback.identificationNumber });
  if (answer.status !== 201) throw new Error(`check-in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return shipped;
}

async function quarantinedItem(a: Actors) {
  const item = await checkedInItem(a);
  const answer = await a.warehouse.post(`/items/${item.itemId}/quarantine`, { reason: 'account_lock_active', comment: 'iCloud' });
  if (answer.status !== 200) throw new Error(`quarantine: ${answer.status} ${JSON.stringify(answer.body)}`);
  return item;
}

async function findings(a: Actors) {
  return { productId: IPHONE_15, responses: await bestResponses(a.warehouse, IPHONE_15) };
}

/** The demo warehouse's native stock of this kind. */
async function nativeStock(a: Actors, kind: string): Promise<string> {
  const stocks = await a.warehouse.get('/stocks?native=true&itemsPerPage=100');
  const stock = (stocks.body.items as Array<{ id: string; kind: string }>).find((s) => s.kind === kind);
  if (!stock) throw new Error(`no native stock ${kind}`);
  return stock.id;
}

async function ownStock(a: Actors, name: string): Promise<string> {
  const created = await a.manager.post('/stocks', { name: `${name} ${++sequence}`, identifier: 'ETG', location: 'Allée 1' });
  if (created.status !== 201) throw new Error(`stock: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

const CSV = (codes: string[]) => ['code', ...codes].join('\n');

/**
 * One or more real, valid requests per operation. Each must answer the
 * operation's declared success status; together they should reach the
 * shapes a view allows (a union's branches, nullable fields set and unset).
 */
const EXAMPLES: Record<string, (a: Actors, operation: Operation) => Promise<Example[]>> = {
  // auth
  login: async () => [
    as(null, { method: 'post', path: '/login', body: { email: 'seller@demo.test', password: DEMO_PASSWORD } }),
    as(null, { method: 'post', path: '/login', body: { email: 'retailer@demo.test', password: DEMO_PASSWORD }, headers: { 'X-Module': 'root' } }),
  ],
  logout: async (a) => [as(await a.t.anonymous(), { method: 'post', path: '/logout' })],
  me: async (a) => [as(a.seller, { method: 'get', path: '/me' }), as(a.admin, { method: 'get', path: '/me' }), as(a.retailer, { method: 'get', path: '/me' })],
  anonymousToken: async () => [
    as(null, { method: 'post', path: '/anonymous-token', body: {} }),
    as(null, { method: 'post', path: '/anonymous-token', body: { accountId: DEMO_IDS.accounts.demo } }),
  ],
  getWhiteLabelConfig: async () => [as(null, { method: 'get', path: '/white-label/config' })],
  // platform
  health: async (a) => [as(null, { method: 'get', path: '/health' }), as(a.admin, { method: 'get', path: '/health' }, 'with the projections')],
  rebuildProjection: async (a, operation) => {
    const names = operation.operation.parameters.find((p) => p.name === 'name')?.schema.enum as string[];
    return [as(a.admin, { method: 'post', path: `/admin/projections/${names.at(-1)}/rebuild` })];
  },
  // catalog
  listProducts: async (a) => [
    as(a.seller, { method: 'get', path: '/products?itemsPerPage=100&order[label]=asc&price[gte]=0&price[lte]=1000000&status=all' }),
    as(a.visitor, { method: 'get', path: '/products?search=iphone' }),
  ],
  getCategoryTree: async (a) => [as(a.visitor, { method: 'get', path: '/categories/tree' }), as(a.seller, { method: 'get', path: '/categories/tree' })],
  findProductsByImei: async (a) => {
    const product = await a.seller.get(`/products/${IPHONE_15}`);
    const body = `${product.body.tacCodes[0]}123456`;
    return [as(a.seller, { method: 'get', path: `/products/by-imei?imei=${body}${luhnCheckDigit(body)}` })];
  },
  getProduct: async (a) => [as(a.seller, { method: 'get', path: `/products/${IPHONE_15}` }), as(a.visitor, { method: 'get', path: `/products/${IPHONE_15}` })],
  getDiagnosticQuestions: async (a) => [as(a.visitor, { method: 'get', path: `/products/${IPHONE_15}/diagnostic-questions` })],
  getBuybackOptions: async (a) => [
    as(a.seller, { method: 'get', path: `/products/${IPHONE_15}/buyback-options?channel=store` }),
    as(a.visitor, { method: 'get', path: `/products/${IPHONE_15}/buyback-options` }),
  ],
  estimate: async (a) => [as(a.visitor, { method: 'post', path: '/estimates', body: { productId: IPHONE_15, responses: await bestResponses(a.visitor, IPHONE_15) } })],
  // buybacks
  createStoreBuyback: async (a) => [
    as(a.seller, { method: 'post', path: `/store/${PARIS}/buybacks`, body: await creationBody(a.seller, { paymentType: 'bank_transfer' }) }),
  ],
  createWebBuyback: async (a) => [
    as(a.visitor, { method: 'post', path: '/web/buybacks', body: await creationBody(a.visitor, { channel: 'web', circuitType: 'web_drop' }) }),
  ],
  listBuybacks: async (a) => {
    await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
    return [
      as(a.retailer, { method: 'get', path: '/buybacks?itemsPerPage=100&order[createdAt]=desc' }),
      as(a.seller, { method: 'get', path: '/buybacks?partial=true&status[]=bb_awaiting_inventory' }),
    ];
  },
  exportBuybacks: async (a) => [as(a.retailer, { method: 'get', path: '/buybacks/export?channel=store' })],
  getBuybackReferences: async (a) => [as(a.retailer, { method: 'get', path: '/buyback-references' }), as(a.seller, { method: 'get', path: '/buyback-references' })],
  getBuybackByIdentificationNumber: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS);
    return [as(a.seller, { method: 'get', path: `/buybacks/by-identification-number/${buyback.identificationNumber}` })];
  },
  getBuyback: async (a) => {
    const { buyback } = await proposed(a);
    const email = uniqueEmail('contract.forgotten');
    const forgotten = await createStoreBuyback(a.seller, PARIS, { customer: { email } });
    const forget = await a.retailer.post('/admin/customers/forget', { email });
    if (forget.status !== 200) throw new Error(`forget: ${forget.status}`);
    const cancelled = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
    await a.seller.post(`/buybacks/${cancelled.id}/cancel`, { reason: 'other', comment: 'contract' });
    return [
      as(a.retailer, { method: 'get', path: `/buybacks/${buyback.id}` }, 'documents shown, a pending proposal'),
      as(a.seller, { method: 'get', path: `/buybacks/${buyback.id}` }, 'documents masked'),
      as(a.retailer, { method: 'get', path: `/buybacks/${forgotten.id}` }, 'a forgotten customer'),
      as(a.seller, { method: 'get', path: `/buybacks/${cancelled.id}` }, 'cancelled'),
    ];
  },
  getBuybackHistory: async (a) => {
    const { buyback } = await proposed(a);
    return [as(a.warehouse, { method: 'get', path: `/buybacks/${buyback.id}/history` })];
  },
  finalizeStoreBuyback: async (a) => {
    const buyback = await createWebBuyback(a.visitor, a.seller, { circuitType: 'web_drop', paymentType: 'bank_transfer' });
    return [as(a.seller, { method: 'post', path: `/store/${PARIS}/buybacks/${buyback.id}/finalize`, body: {} })];
  },
  isBuybackVerifiable: async (a) => {
    const predeclared = await createWebBuyback(a.visitor, a.seller, { circuitType: 'web_drop', paymentType: 'bank_transfer' });
    const inTransit = await createStoreBuyback(a.seller, PARIS);
    await a.seller.post(`/buybacks/${inTransit.id}/ship`, {});
    return [
      as(a.seller, { method: 'get', path: `/buybacks/by-identification-number/${predeclared.identificationNumber}/is-verifiable` }, 'a pre-declaration: until when its prices hold'),
      as(a.warehouse, { method: 'get', path: `/buybacks/by-identification-number/${inTransit.identificationNumber}/is-verifiable` }, 'in transit: no price validity'),
    ];
  },
  shipBuyback: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS);
    return [
      as(a.seller, { method: 'post', path: `/buybacks/${buyback.id}/ship`, body: { trackingNumber: 'COLIS-1', trackingLink: 'https://track.example/1' } }),
    ];
  },
  checkInBuyback: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS);
    await a.seller.post(`/buybacks/${buyback.id}/ship`, {});
    return [as(a.warehouse, { method: 'post', path: `/buybacks/${buyback.id}/check-in`, body: {} })];
  },
  completeBuybackByPrice: async (a) => {
    const buyback = await received(a);
    return [as(a.warehouse, { method: 'post', path: `/buybacks/${buyback.id}/complete-by-price`, body: { controlledPriceInCents: buyback.declaredPriceInCents } })];
  },
  absorbPriceDeviation: async (a) => {
    const buyback = await received(a);
    return [as(a.warehouse, { method: 'post', path: `/buybacks/${buyback.id}/absorb`, body: { controlledPriceInCents: buyback.declaredPriceInCents - 1_000, comment: null } })];
  },
  proposeNewPrice: async (a) => {
    const buyback = await received(a);
    return [
      as(a.warehouse, { method: 'post', path: `/buybacks/${buyback.id}/propose-new-price`, body: { proposedPriceInCents: buyback.declaredPriceInCents - 5_000, reason: 'Écran rayé' } }),
    ];
  },
  completeBuyback: async (a) => {
    const buyback = await received(a);
    return [as(a.warehouse, { method: 'post', path: `/buybacks/${buyback.id}/complete`, body: {} })];
  },
  cancelBuyback: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
    return [as(a.seller, { method: 'post', path: `/buybacks/${buyback.id}/cancel`, body: { reason: 'customer_retractation', comment: 'Changed their mind' } })];
  },
  // carts
  createCart: async (a) => [
    as(a.visitor, { method: 'post', path: '/carts', body: { buybacks: [await cartDeclaration(a)] } }, 'kept for later'),
    as(a.visitor, { method: 'post', path: '/carts', body: { buybacks: [await cartDeclaration(a), await cartDeclaration(a)], customer: customer() } }, 'checked out at once'),
  ],
  getCart: async (a) => {
    const kept = await a.visitor.post('/carts', { buybacks: [await cartDeclaration(a)] });
    const done = await a.visitor.post('/carts', { buybacks: [await cartDeclaration(a)], customer: customer() });
    if (kept.status !== 201 || done.status !== 201) throw new Error(`carts: ${kept.status} ${done.status}`);
    return [
      as(a.visitor, { method: 'get', path: `/carts/${kept.body.cartId}` }, 'not checked out'),
      as(a.visitor, { method: 'get', path: `/carts/${done.body.cartId}` }, 'checked out'),
    ];
  },
  checkOutCart: async (a) => {
    const kept = await a.visitor.post('/carts', { buybacks: [await cartDeclaration(a)] });
    if (kept.status !== 201) throw new Error(`cart: ${kept.status}`);
    return [as(a.visitor, { method: 'post', path: `/carts/${kept.body.cartId}/checkout`, body: { customer: customer() } })];
  },
  getBuybackSettings: async (a) => [as(a.seller, { method: 'get', path: '/buyback-settings' }), as(a.visitor, { method: 'get', path: '/buyback-settings' })],
  // public: the customer's link
  getPriceProposal: async (a) => {
    const { buyback, token } = await proposed(a);
    return [as(null, { method: 'get', path: `/public/buybacks/${buyback.id}/price-proposal?token=${token}` })];
  },
  acceptPriceProposal: async (a) => {
    const { buyback, token } = await proposed(a);
    return [as(null, { method: 'post', path: `/public/buybacks/${buyback.id}/price-proposal/accept`, body: { token } })];
  },
  rejectPriceProposal: async (a) => {
    const { buyback, token } = await proposed(a);
    return [as(null, { method: 'post', path: `/public/buybacks/${buyback.id}/price-proposal/reject`, body: { token } })];
  },
  // warehouse
  listItems: async (a) => {
    await checkedInItem(a);
    return [
      as(a.manager, { method: 'get', path: '/items?itemsPerPage=50&order[receivedAt]=desc' }),
      as(a.warehouse, { method: 'get', path: '/items?partial=true&status[]=item_in_transit&minAgeDays=0' }),
      as(a.retailer, { method: 'get', path: '/items?brand=apple&quarantineReason[]=other' }),
    ];
  },
  exportItems: async (a) => [as(a.manager, { method: 'get', path: '/items/export?timeZone=Europe/Paris' })],
  getItemByCode: async (a) => {
    const { buyback } = await shippedItem(a);
    return [as(a.warehouse, { method: 'get', path: `/items/by-code/${buyback.identificationNumber}` })];
  },
  getItem: async (a) => {
    const shipped = await shippedItem(a);
    const quarantined = await quarantinedItem(a);
    const checked = await checkedInItem(a);
    await a.warehouse.post(`/items/${checked.itemId}/compliance-checks`, { ...(await findings(a)), comment: 'RAS', decision: { kind: 'by_rule' } });
    const lost = await checkedInItem(a);
    await a.manager.post(`/items/${lost.itemId}/lost`, { place: 'warehouse', comment: 'Inventaire' });
    return [
      as(a.warehouse, { method: 'get', path: `/items/${shipped.itemId}` }, 'in transit'),
      as(a.warehouse, { method: 'get', path: `/items/${quarantined.itemId}` }, 'in quarantine, its dispute e-mail sent'),
      as(a.manager, { method: 'get', path: `/items/${checked.itemId}` }, 'completed, with its check'),
      as(a.manager, { method: 'get', path: `/items/${lost.itemId}` }, 'lost'),
    ];
  },
  getItemHistory: async (a) => {
    const { itemId } = await quarantinedItem(a);
    return [as(a.warehouse, { method: 'get', path: `/items/${itemId}/history` })];
  },
  checkInItem: async (a) => {
    const { buyback } = await shippedItem(a);
    return [as(a.warehouse, { method: 'post', path: '/warehouse/check-ins', body: { code: buyback.identificationNumber } })];
  },
  previewComplianceCheck: async (a) => {
    const { itemId } = await checkedInItem(a);
    return [as(a.warehouse, { method: 'post', path: `/items/${itemId}/compliance-checks/preview`, body: await findings(a) })];
  },
  recordComplianceCheck: async (a) => {
    const { itemId } = await checkedInItem(a);
    return [as(a.warehouse, { method: 'post', path: `/items/${itemId}/compliance-checks`, body: { ...(await findings(a)), decision: { kind: 'by_rule' } } })];
  },
  quarantineItem: async (a) => {
    const { itemId } = await checkedInItem(a);
    return [as(a.warehouse, { method: 'post', path: `/items/${itemId}/quarantine`, body: { reason: 'imei_reported_stolen', comment: 'IMEI bloqué' } })];
  },
  releaseItem: async (a) => {
    const { itemId } = await quarantinedItem(a);
    return [as(a.warehouse, { method: 'post', path: `/items/${itemId}/release`, body: { stockId: await nativeStock(a, 'to_approve'), comment: null } })];
  },
  sendQuarantineMail: async (a) => {
    const { itemId } = await quarantinedItem(a);
    return [as(a.manager, { method: 'post', path: `/items/${itemId}/quarantine-mail` })];
  },
  declareItemLost: async (a) => {
    const { itemId } = await shippedItem(a);
    return [as(a.manager, { method: 'post', path: `/items/${itemId}/lost`, body: { place: 'transport', comment: 'Colis perdu' } })];
  },
  moveItem: async (a) => {
    const { itemId } = await checkedInItem(a);
    return [as(a.warehouse, { method: 'post', path: `/items/${itemId}/move`, body: { stockId: await ownStock(a, 'Étagère'), reason: 'Rangement' } })];
  },
  returnItem: async (a) => {
    const { buyback, itemId } = await checkedInItem(a);
    const cancel = await a.manager.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Rétractation' });
    if (cancel.status !== 200) throw new Error(`cancel: ${cancel.status} ${JSON.stringify(cancel.body)}`);
    return [as(a.warehouse, { method: 'post', path: `/items/${itemId}/return`, body: { trackingNumber: '8R123', comment: null } })];
  },
  listStocks: async (a) => [
    as(a.warehouse, { method: 'get', path: '/stocks' }),
    as(a.retailer, { method: 'get', path: '/stocks?native=false&order[name]=asc' }),
  ],
  createStock: async (a) => [as(a.manager, { method: 'post', path: '/stocks', body: { name: `Réserve ${++sequence}`, identifier: null, location: 'Sous-sol' } })],
  getStock: async (a) => [
    as(a.warehouse, { method: 'get', path: `/stocks/${await nativeStock(a, 'to_approve')}` }, 'native'),
    as(a.warehouse, { method: 'get', path: `/stocks/${await ownStock(a, 'Vitrine')}` }, 'its own'),
  ],
  updateStock: async (a) => [as(a.manager, { method: 'patch', path: `/stocks/${await ownStock(a, 'Carton')}`, body: { name: `Carton renommé ${++sequence}` } })],
  deleteStock: async (a) => [as(a.manager, { method: 'delete', path: `/stocks/${await ownStock(a, 'Temporaire')}` })],
  listVerifications: async (a) => {
    await a.warehouse.post('/verifications', { scope: 'in_transit', fileName: 'transporteur.csv', content: CSV(['12345678']) });
    return [as(a.warehouse, { method: 'get', path: '/verifications' })];
  },
  verifyCodes: async (a) => {
    const { buyback } = await shippedItem(a);
    return [
      as(a.warehouse, { method: 'post', path: '/verifications', body: { scope: 'in_transit', fileName: 'transporteur.csv', content: CSV([buyback.identificationNumber, 'ABCDEFGH']) } }),
      as(a.warehouse, { method: 'post', path: '/verifications', body: { scope: 'in_warehouse', stockId: await nativeStock(a, 'to_approve'), fileName: 'inventaire.csv', content: CSV(['87654321']) } }),
    ];
  },
  getVerification: async (a) => {
    const made = await a.warehouse.post('/verifications', { scope: 'in_transit', fileName: 'liste.csv', content: CSV(['12345678']) });
    return [as(a.warehouse, { method: 'get', path: `/verifications/${made.body.id}` })];
  },
  replayBuyback: async (a) => {
    const { buyback } = await quarantinedItem(a);
    return [
      as(a.manager, { method: 'get', path: `/buybacks/${buyback.id}/replay` }),
      as(a.retailer, { method: 'get', path: `/buybacks/${buyback.id}/replay?upTo=2` }, 'a step'),
      as(a.manager, { method: 'get', path: `/buybacks/${buyback.id}/replay?at=2020-01-01T00:00:00Z` }, 'before anything'),
    ];
  },
  forgetCustomer: async (a) => {
    const email = uniqueEmail('contract.forget');
    await createStoreBuyback(a.seller, PARIS, { customer: { email } });
    return [as(a.retailer, { method: 'post', path: '/admin/customers/forget', body: { email } })];
  },
};

let t: TestPlatform;
let actors: Actors;
let document: OpenApiDocument;
let operations: Operation[];
let checker: ContractChecker;

beforeAll(async () => {
  t = await startTestPlatform();
  const [admin, retailer, seller, warehouse, manager, visitor] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('retailer@demo.test', 'root'),
    t.login('seller@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('warehouse-manager@demo.test', 'rps'),
    t.anonymous(),
  ]);
  actors = { t, admin, retailer, seller, warehouse, manager, visitor };
  const answer = await t.api.get('/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body as OpenApiDocument;
  operations = operationsOf(document);
  checker = new ContractChecker(document);
});
afterAll(async () => {
  await t?.close();
});

const successOf = (operation: Operation) => Object.keys(operation.operation.responses).filter((status) => status.startsWith('2'));

describe('the OpenAPI document', () => {
  it('has one example per operation, and no example for an operation it does not have', () => {
    const ids = operations.map((o) => o.operationId);
    expect(ids.filter((id) => !(id in EXAMPLES)), 'operations with no entry in EXAMPLES').toEqual([]);
    expect(Object.keys(EXAMPLES).filter((id) => !ids.includes(id)), 'entries of EXAMPLES for no operation').toEqual([]);
  });

  it('declares the statuses actually sent: POST /anonymous-token 201, POST /logout 204 (no body), commands 200', () => {
    const byId = new Map(operations.map((o) => [o.operationId, o]));
    expect(successOf(byId.get('anonymousToken')!)).toEqual(['201']);
    expect(successOf(byId.get('logout')!)).toEqual(['204']);
    expect(byId.get('logout')!.operation.responses['204']!.content).toBeUndefined();
    expect(successOf(byId.get('createStoreBuyback')!)).toEqual(['201']);
    expect(successOf(byId.get('shipBuyback')!)).toEqual(['200']);
    for (const operation of operations) expect(successOf(operation).length, operation.operationId).toBeGreaterThan(0);
  });

  it('declares the query objects (order[field], price[gte]) as deepObject parameters', () => {
    const objectParameters = operations.flatMap((o) => o.operation.parameters.filter((p) => p.in === 'query' && (p.name === 'order' || p.name === 'price')));
    // Buybacks (page and export), items (page and export), stocks, verifications and products: order; products: price.
    expect(objectParameters.map((p) => p.name).sort()).toEqual(['order', 'order', 'order', 'order', 'order', 'order', 'order', 'price']);
    for (const parameter of objectParameters) expect(parameter, parameter.name).toMatchObject({ style: 'deepObject', explode: true });
  });

  it('describes every JSON answer with a schema of components.schemas, and every error with the Error schema', () => {
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (status.startsWith('2')) {
          if (response.content && 'application/json' in response.content) expect(schema?.$ref, `${operation.operationId} ${status}`).toMatch(/^#\/components\/schemas\//);
        } else {
          expect(schema, `${operation.operationId} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
  });
});

describe('every operation answers what the document says', () => {
  it('for each example: the declared success status, and a body that validates against the declared schema', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const example = EXAMPLES[operation.operationId];
      if (!example) continue;
      const requests = await example(actors, operation);
      expect(requests.length, operation.operationId).toBeGreaterThan(0);
      for (const request of requests) {
        const answer = await sendRequest(t.baseUrl, { ...request, token: request.as?.token ?? null, module: request.as?.module ?? null });
        const label = `${operation.operationId}${request.note ? ` (${request.note})` : ''}: ${request.method.toUpperCase()} ${request.path}`;
        const problems = checker.problems(operation, answer);
        if (!successOf(operation).includes(String(answer.status))) problems.unshift(`answered ${answer.status}, not its success status: ${answer.text.slice(0, 300)}`);
        for (const problem of problems) failures.push(`${label} — ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
