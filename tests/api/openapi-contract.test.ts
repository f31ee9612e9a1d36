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
import { startFakeCarrier, type FakeCarrier } from '../support/fake-carrier.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { signatureHeader } from '../../infrastructure/security/webhook-signature.js';
import { givenGatewayPayment, signedPaymentReport } from '../support/payment-provider-helpers.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';
import { claimRecorded, completed, failed, givenPayment, voucherIssued } from '../support/payment-helpers.js';
import { randomUUID } from 'node:crypto';
import { TOKENS } from '../../application/tokens.js';
import type { JobQueue } from '../../application/jobs/job-queue.js';
import { ACCOUNT_DELETION_JOB_KIND } from '../../application/organizations/clients/delete-account.js';
import { startIdentityProvider, type RunningIdentityProvider } from '../../scripts/dev-idp.js';
import { callbackBody, signInAtProvider } from '../support/oidc-sign-in.js';
import { questionExamples } from '../support/question-examples.js';
import { catalogTransferExamples } from '../support/catalog-transfer-examples.js';
import { dataExportExamples } from '../support/data-export-examples.js';
import { refurbDiagnosisExamples } from '../support/refurb-diagnosis-examples.js';
import { refurbDefinitionExamples } from '../support/refurb-definition-examples.js';
import { refurbStepsExamples } from '../support/refurb-steps-examples.js';
import { designExamples } from '../support/design-examples.js';
import { homePageExamples } from '../support/home-page-examples.js';
import { addWeeks, lastFullWeek } from '../../domain/settings/statistics/iso-week.js';

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
  /** The HTTP carrier the platform asks for labels (a real fake: it can refuse). */
  carrier: FakeCarrier;
}

/** A request as one of the actors (or nobody) sends it. */
type Example = RawRequest & { as: ApiClient | null; note?: string };

let sequence = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++sequence}@example.com`;
const as = (client: ApiClient | null, request: RawRequest, note?: string): Example => ({ ...request, as: client, ...(note ? { note } : {}) });

/** A 1×1 PNG: what a product's picture upload takes. */
const ONE_PIXEL_PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

/** Demo Retail's dispatch circuit rule of its home-collection circuit, created on first use (one per circuit). */
async function contractRule(a: Actors): Promise<string> {
  const created = await a.retailer.post('/dispatch-circuit-rules', { circuit: DEMO_IDS.circuits.demo.web_collect });
  if (created.status === 201) return created.body.id as string;
  const page = await a.retailer.get(`/dispatch-circuit-rules?circuit=${DEMO_IDS.circuits.demo.web_collect}`);
  return page.body.items[0].id as string;
}

const contractProduct = () => ({
  label: `Produit contrat ${++sequence}`,
  brand: 'Apple',
  categoryId: DEMO_IDS.categories.appleIphone,
  ean: '4006381333931',
  comment: 'À vérifier',
  prices: { grade_a: 30_000 },
});

/** A new draft product of Demo Retail, by its catalogue manager. */
async function newContractProduct(a: Actors): Promise<string> {
  const created = await a.retailer.post('/products', contractProduct());
  if (created.status !== 201) throw new Error(`product: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

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

/** A lost-password link of the demo analyst (its e-mail leaves after the 202: read when it arrives). */
async function passwordLinkToken(a: Actors): Promise<string> {
  const before = a.t.mailer.sent.length;
  const answer = await a.t.api.post('/password/renew', { email: 'analyst@demo.test' });
  if (answer.status !== 202) throw new Error(`renew: ${answer.status}`);
  const mail = await until(
    'the reset e-mail',
    async () => a.t.mailer.sent.slice(before).find((m) => m.template === 'password_reset'),
    (found) => found !== undefined,
  );
  // An earlier request's e-mail may still be on its way: the newest link is the one that opens.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const newest = a.t.mailer.sent.filter((m) => m.template === 'password_reset' && m.to === 'analyst@demo.test').at(-1) ?? mail!;
  return /\/renew\/([A-Za-z0-9_-]+)/.exec(newest.text)![1]!;
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
/** A list long enough to be verified as a job (more than 500 rows): 8-character codes no item has. */
const LONG_LIST = () => Array.from({ length: 600 }, (_, i) => `ZQ${String(i).padStart(6, '0')}`);

// Logistics: packages, labels, transports, carriers' reports, dispatch rules.

const ORLEANS = DEMO_IDS.warehouses.demo;
const LYON_WAREHOUSE = DEMO_IDS.warehouses.demoLyon;

/** Reads until `done` says so (the label worker and the process manager run on their own). */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms (${JSON.stringify(value).slice(0, 300)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openedPackage(a: Actors, labelMode: 'with_label' | 'without_label' = 'with_label'): Promise<string> {
  const opened = await a.seller.post('/packages', { warehouseId: ORLEANS, labelMode });
  if (opened.status !== 201) throw new Error(`open package: ${opened.status} ${JSON.stringify(opened.body)}`);
  return opened.body.id;
}

/** An open package holding one Paris buyback. */
async function packedPackage(a: Actors) {
  const packageId = await openedPackage(a);
  const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
  const scanned = await a.seller.post(`/packages/${packageId}/items`, { code: buyback.identificationNumber });
  if (scanned.status !== 200) throw new Error(`scan: ${scanned.status} ${JSON.stringify(scanned.body)}`);
  return { packageId, buyback };
}

/** A package closed and its label made: its tracking number and its transport. */
async function labelledPackage(a: Actors) {
  const { packageId, buyback } = await packedPackage(a);
  const closed = await a.seller.post(`/packages/${packageId}/close`, {});
  if (closed.status !== 200) throw new Error(`close: ${closed.status} ${JSON.stringify(closed.body)}`);
  const pkg = await until('package label', () => a.seller.get(`/packages/${packageId}`), (answer) => answer.body?.labelStatus === 'ready');
  const trackingNumber = pkg.body.label.trackingNumber as string;
  const transports = await a.retailer.get(`/transports?trackingNumber=${encodeURIComponent(trackingNumber)}`);
  const transportId = transports.body.items[0]?.id as string | undefined;
  if (!transportId) throw new Error(`no transport for ${trackingNumber}`);
  return { packageId, buyback, trackingNumber, transportId };
}

/** A web customer's parcel under a prepaid label, with the secret that downloads it. */
async function postedWebBuyback(a: Actors) {
  const created = await a.visitor.post('/web/buybacks', await creationBody(a.visitor, { channel: 'web', circuitType: 'web_post', paymentType: 'bank_transfer' }));
  if (created.status !== 201) throw new Error(`web buyback: ${created.status} ${JSON.stringify(created.body)}`);
  await until('customer label', () => a.visitor.request('HEAD', `/buybacks/${created.body.id}/shipping-label`), (answer) => answer.status === 200);
  return { id: created.body.id as string, documentsToken: created.body.documentsToken as string };
}

/** A device cancelled at the warehouse: sent back to its customer, its return label made. */
async function returnedDevice(a: Actors) {
  const { buyback } = await checkedInItem(a);
  const cancel = await a.manager.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Rétractation' });
  if (cancel.status !== 200) throw new Error(`cancel: ${cancel.status} ${JSON.stringify(cancel.body)}`);
  await until('return label', () => a.warehouse.get(`/buybacks/${buyback.id}/return-label`), (answer) => answer.status === 200);
  return buyback;
}

/** The secret the carrier of this platform shares with it (CARRIER_WEBHOOK_SECRET). */
const WEBHOOK_SECRET = 'the-contract-carrier-s-webhook-secret';

/** A carrier's report, signed now with the platform's webhook secret. */
function carrierReport(trackingNumber: string, type: string): Pick<RawRequest, 'body' | 'headers'> {
  const raw = JSON.stringify({ eventId: `evt_contract_${++sequence}`, type, trackingNumber, occurredAt: new Date().toISOString() });
  return { body: raw, headers: { 'X-Carrier-Signature': signatureHeader(WEBHOOK_SECRET, raw, Math.floor(Date.now() / 1000)) } };
}

const dispatchRule = (title: string) => ({
  title: `${title} ${++sequence}`,
  conditions: [{ attribute: 'category', operator: 'in', values: [DEMO_IDS.categories.consoles] }],
  warehouseIds: [LYON_WAREHOUSE],
  nearest: false,
});

async function createdRule(a: Actors): Promise<string> {
  const created = await a.retailer.post('/warehouse-dispatch-rules', dispatchRule('Consoles'));
  if (created.status !== 201) throw new Error(`rule: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** The revision of the tenant's rules, which If-Match takes. */
async function rulesRevision(a: Actors): Promise<string> {
  const settings = await a.retailer.get('/warehouse-dispatch-settings');
  return settings.headers.get('etag') ?? `W/"${settings.body.revision}"`;
}

/**
 * One or more real, valid requests per operation. Each must answer the
 * operation's declared success status; together they should reach the
 * shapes a view allows (a union's branches, nullable fields set and unset).
 */
/** A users file: one new seller in Paris, one row with a bad e-mail. */
const usersFile = () => `email;firstname;lastname;role;entity\r\n${uniqueEmail('contract.import')};Jeanne;Dupont;store_seller;DR-PAR-001\r\nnot-an-email;Piet;Peeters;store_seller;DR-PAR-001\r\n`;
const usersForm = () => ['--contract', 'Content-Disposition: form-data; name="file"; filename="team.csv"', 'Content-Type: text/csv', '', usersFile(), '--contract--', ''].join('\r\n');

/** An import whose rows are checked (its preview ready). */
async function readyUserImport(a: Actors): Promise<string> {
  const started = await a.retailer.request('POST', '/users/imports', usersFile(), { 'Content-Type': 'text/csv' });
  if (started.status !== 202) throw new Error(`import: ${started.status} ${JSON.stringify(started.body)}`);
  for (let attempt = 0; attempt < 200; attempt++) {
    const found = await a.retailer.get(`/users/imports/${started.body.id}`);
    if (found.body.status === 'ready') return started.body.id as string;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import was not checked in time');
}

/** A category of Demo Retail made for one example (each mutation gets its own). */
async function newContractCategory(a: Actors): Promise<{ id: string; revision: string }> {
  const created = await a.retailer.post('/categories', {
    parentId: DEMO_IDS.categories.smartphones,
    label: `Catégorie contrat ${++sequence}`,
    identifier: `contrat-${Date.now().toString(36)}-${sequence}`,
    defaultWeightGrams: 200,
    absorption: { type: 'none', value: 0 },
    buyerId: DEMO_IDS.buyers.demo,
  });
  if (created.status !== 201) throw new Error(`category: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id as string, revision: created.headers.get('etag') as string };
}

const EXAMPLES: Record<string, (a: Actors, operation: Operation) => Promise<Example[]>> = {
  // Categories.
  getCategoryAdminTree: async (a) => [as(a.retailer, { method: 'get', path: '/categories/connected-tree' })],
  getCategoriesWithProducts: async (a) => [as(a.retailer, { method: 'get', path: '/categories/with-products' })],
  getCategorySubtree: async (a) => [as(a.retailer, { method: 'get', path: `/categories/tree/${DEMO_IDS.categories.smartphones}` })],
  getCategory: async (a) => [as(a.retailer, { method: 'get', path: `/categories/${DEMO_IDS.categories.smartphones}` })],
  getCategoryAncestry: async (a) => [as(a.retailer, { method: 'get', path: `/categories/${DEMO_IDS.categories.appleIphone}/ancestry` })],
  getCategoryArchiveCheckpoints: async (a) => [as(a.retailer, { method: 'get', path: `/categories/${DEMO_IDS.categories.smartphones}/checkpoints-to-archive` })],
  getCategoryParentChange: async (a) => [as(a.retailer, { method: 'get', path: `/categories/${DEMO_IDS.categories.appleIphone}/parent-change?parentId=${DEMO_IDS.categories.tablets}` })],
  getCategoryHistory: async (a) => [as(a.retailer, { method: 'get', path: `/categories/${DEMO_IDS.categories.smartphones}/history` })],
  getProductCategoryTree: async (a) => [as(a.retailer, { method: 'get', path: `/products/${IPHONE_15}/category_tree` })],
  createCategory: async (a) => [
    as(a.retailer, {
      method: 'post',
      path: '/categories',
      body: { parentId: DEMO_IDS.categories.smartphones, label: `Fairphone ${++sequence}`, identifier: `fairphone-${Date.now().toString(36)}-${sequence}`, defaultWeightGrams: 220, absorption: { type: 'value', value: 500 }, buyerId: DEMO_IDS.buyers.demo, translations: { 'en-GB': { label: 'Fairphone' } } },
    }),
  ],
  changeCategory: async (a) => {
    const category = await newContractCategory(a);
    return [as(a.retailer, { method: 'patch', path: `/categories/${category.id}`, body: { description: 'Modulaires' }, headers: { 'If-Match': category.revision } })];
  },
  archiveCategory: async (a) => [as(a.retailer, { method: 'post', path: `/categories/${(await newContractCategory(a)).id}/archive`, body: { reason: 'Plus repris' } })],
  deleteCategory: async (a) => [as(a.retailer, { method: 'delete', path: `/categories/${(await newContractCategory(a)).id}` })],
  linkCategoryCircuit: async (a) => [as(a.retailer, { method: 'post', path: `/categories/${(await newContractCategory(a)).id}/circuits/${DEMO_IDS.circuits.demo.web_post}` })],
  unlinkCategoryCircuit: async (a) => {
    const { id } = await newContractCategory(a);
    await a.retailer.post(`/categories/${id}/circuits/${DEMO_IDS.circuits.demo.web_post}`);
    return [as(a.retailer, { method: 'delete', path: `/categories/${id}/circuits/${DEMO_IDS.circuits.demo.web_post}` })];
  },
  uploadCategoryImage: async (a) => [as(a.retailer, { method: 'post', path: '/categories/images', body: ONE_PIXEL_PNG, headers: { 'Content-Type': 'image/png' } })],
  getCategoryImage: async (a) => {
    const stored = await sendRequest(a.t.baseUrl, { method: 'post', path: '/categories/images', body: ONE_PIXEL_PNG, headers: { 'Content-Type': 'image/png' }, token: a.retailer.token, module: a.retailer.module });
    return [as(a.visitor, { method: 'get', path: String((stored.body as { url: string }).url).replace(/^\/api/, '') })];
  },
  // diagnostic questions
  ...questionExamples(as),
  // catalogue files
  ...catalogTransferExamples(as),
  ...dataExportExamples(as),
  ...refurbDefinitionExamples(as),
  // the refurbishment diagnosis, each on an item checked as declared
  ...refurbDiagnosisExamples(as, async (a) => {
    const checked = await checkedInItem(a as Actors);
    await a.warehouse.post(`/items/${checked.itemId}/compliance-checks`, { ...(await findings(a as Actors)), comment: 'RAS', decision: { kind: 'by_rule' } });
    return { id: checked.itemId, identificationNumber: checked.buyback.identificationNumber };
  }),
  // an item's refurb steps, each on an item of its own with two planned steps
  ...refurbStepsExamples(as),
  ...designExamples(as),
  ...homePageExamples(as),
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
  getStorefrontLegalPage: async () => [as(null, { method: 'get', path: '/white-label/legal/terms-of-service' })],
  getDropOffStores: async () => [
    as(null, { method: 'get', path: '/white-label/stores' }),
    as(null, { method: 'get', path: '/white-label/stores?postalCode=44000&limit=2' }, 'nearest first from a postal code'),
    as(null, { method: 'get', path: '/white-label/stores?latitude=45.76&longitude=4.84' }, 'nearest first from a position'),
  ],
  renewPassword: async () => [
    as(null, { method: 'post', path: '/password/renew', body: { email: 'analyst@demo.test' } }),
    as(null, { method: 'post', path: '/password/renew', body: { email: uniqueEmail('contract.nobody') } }, 'an unknown e-mail: the same answer'),
  ],
  getPasswordLink: async (a) => [as(null, { method: 'get', path: `/password/new/${await passwordLinkToken(a)}` })],
  setPasswordFromLink: async (a) => [
    as(null, { method: 'post', path: `/password/new/${await passwordLinkToken(a)}`, body: { password: 'Analyst2026', repeat: 'Analyst2026' } }),
  ],
  // platform
  health: async (a) => [as(null, { method: 'get', path: '/health' }), as(a.admin, { method: 'get', path: '/health' }, 'with the projections')],
  metrics: async (a) => [as(a.admin, { method: 'get', path: '/metrics' })],
  rebuildProjection: async (a, operation) => {
    const names = operation.operation.parameters.find((p) => p.name === 'name')?.schema.enum as string[];
    return [as(a.admin, { method: 'post', path: `/admin/projections/${names.at(-1)}/rebuild` })];
  },
  getSupportOverview: async (a) => [as(a.admin, { method: 'get', path: '/platform/support' })],
  startRebuilds: async (a) => [as(a.admin, { method: 'post', path: '/platform/rebuilds', body: { projections: ['categories'] } })],
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
  findProductsByBarcode: async (a) => {
    const product = await a.seller.get(`/products/${IPHONE_15}`);
    return [as(a.seller, { method: 'get', path: `/products/by-barcode?code=${product.body.ean}` })];
  },
  getProduct: async (a) => [as(a.seller, { method: 'get', path: `/products/${IPHONE_15}` }), as(a.visitor, { method: 'get', path: `/products/${IPHONE_15}` })],
  getDiagnosticQuestions: async (a) => [as(a.visitor, { method: 'get', path: `/products/${IPHONE_15}/diagnostic-questions` })],
  // catalog: the products (issue 21)
  createProduct: async (a) => [as(a.retailer, { method: 'post', path: '/products', body: contractProduct(), headers: { 'Idempotency-Key': randomUUID() } })],
  getProductDetails: async (a) => [as(a.retailer, { method: 'get', path: `/products/${await newContractProduct(a)}/details` })],
  changeProduct: async (a) => {
    const id = await newContractProduct(a);
    return [as(a.retailer, { method: 'patch', path: `/products/${id}`, body: { comment: null, prices: { grade_a: 31_000 } }, headers: { 'Content-Type': 'application/merge-patch+json', 'If-Match': '"0"' } })];
  },
  publishProduct: async (a) => [as(a.retailer, { method: 'post', path: `/products/${await newContractProduct(a)}/publish` })],
  unpublishProduct: async (a) => {
    const id = await newContractProduct(a);
    await a.retailer.post(`/products/${id}/publish`);
    return [as(a.retailer, { method: 'post', path: `/products/${id}/unpublish` })];
  },
  getProductPriceHistory: async (a) => [as(a.retailer, { method: 'get', path: `/products/${await newContractProduct(a)}/price-history` })],
  getProductHistory: async (a) => [as(a.retailer, { method: 'get', path: `/products/${await newContractProduct(a)}/history` })],
  uploadProductImage: async (a) => [
    as(a.retailer, { method: 'put', path: `/products/${await newContractProduct(a)}/images/image`, body: ONE_PIXEL_PNG, headers: { 'Content-Type': 'image/png' } }),
  ],
  getProductImage: async (a) => {
    const id = await newContractProduct(a);
    await sendRequest(a.t.baseUrl, { method: 'put', path: `/products/${id}/images/hd`, body: ONE_PIXEL_PNG, headers: { 'Content-Type': 'image/png' }, token: a.retailer.token, module: a.retailer.module });
    const detail = await a.retailer.get(`/products/${id}/details`);
    return [as(a.visitor, { method: 'get', path: String(detail.body.imageHdUrl).replace(/^\/api/, '') })];
  },
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
  previewBuybackEdition: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
    return [as(a.seller, { method: 'post', path: `/buybacks/${buyback.id}/edition-preview`, body: { customer: { lastName: 'Martin' }, responses: await bestResponses(a.seller, IPHONE_15) } })];
  },
  editBuyback: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
    const detail = await a.seller.get(`/buybacks/${buyback.id}`);
    return [
      as(a.seller, { method: 'patch', path: `/buybacks/${buyback.id}`, body: { reason: 'Nom mal orthographié', customer: { lastName: 'Martin' } }, headers: { 'If-Match': `W/"${detail.body.revision}"` } }),
    ];
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
  // public: the tracking link of the confirmation e-mail (the journey, the proposal waiting for an answer)
  getBuybackJourney: async (a) => {
    const { buyback } = await proposed(a);
    const confirmation = a.t.mailer.sent.find((m) => m.template === 'buybackConfirmation' && m.text.includes(`/tracking?id=${buyback.id}`));
    const tracking = new URL(/https?:\/\/\S+\/tracking\?\S+/.exec(confirmation?.text ?? '')?.[0] ?? 'http://none/');
    return [as(null, { method: 'get', path: `/public/buybacks/${buyback.id}/tracking?token=${encodeURIComponent(tracking.searchParams.get('token') ?? '')}` }, 'the customer, with the tracking token')];
  },
  // public: the documents link of the confirmation e-mail (which documents exist, ready or being made)
  listBuybackDocuments: async (a) => {
    const posted = await postedWebBuyback(a);
    return [as(null, { method: 'get', path: `/public/buybacks/${posted.id}/documents?token=${encodeURIComponent(posted.documentsToken)}` }, 'the customer, with the documents token')];
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
  // settings: the dashboard's weekly statistics
  getDashboardData: async (a) => {
    await shippedItem(a);
    return [
      as(a.retailer, { method: 'get', path: '/dashboard-data' }),
      as(a.admin, { method: 'get', path: `/dashboard-data?accountId=${DEMO_IDS.accounts.demo}&week=${addWeeks(lastFullWeek(Date.now()), -2)}` }, 'provider staff, another week'),
    ];
  },
  // refurbishment economics (the demo retailer has the refurbishment)
  getItemEconomics: async (a) => {
    const { itemId } = await checkedInItem(a);
    return [as(a.warehouse, { method: 'get', path: `/items/${itemId}/economics` })];
  },
  setItemResaleTarget: async (a) => {
    const { itemId } = await checkedInItem(a);
    return [
      as(a.manager, { method: 'put', path: `/items/${itemId}/resale-target`, body: { targetResalePriceInCents: 45_000 } }),
      as(a.manager, { method: 'put', path: `/items/${itemId}/resale-target`, body: { targetResalePriceInCents: null }, headers: { 'If-Match': 'W/"0"' } }, 'cleared'),
    ];
  },
  checkInItem: async (a) => {
    const { buyback } = await shippedItem(a);
    return [as(a.warehouse, { method: 'post', path: '/warehouse/check-ins', body: { code: buyback.identificationNumber } })];
  },
  checkInPackage: async (a) => {
    const { packageId } = await packedPackage(a);
    await a.seller.post(`/packages/${packageId}/close`, {});
    const { body } = await a.seller.get(`/packages/${packageId}`);
    return [
      as(a.warehouse, { method: 'post', path: '/warehouse/package-check-ins', body: { number: body.number } }),
      as(a.warehouse, { method: 'post', path: '/warehouse/package-check-ins', body: { number: body.number } }, 'again: every device already here'),
    ];
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
      as(a.warehouse, { method: 'post', path: '/verifications', body: { scope: 'in_transit', fileName: 'longue.csv', content: CSV(LONG_LIST()) } }, 'a long list: 202 and its job'),
    ];
  },
  getVerificationJob: async (a) => {
    const started = await a.warehouse.post('/verifications', { scope: 'in_transit', fileName: 'longue.csv', content: CSV(LONG_LIST()) });
    const path = `/verifications/jobs/${started.body.id}`;
    await until('the job', () => a.warehouse.get(path), (job) => job.body.status === 'done');
    const broken = await a.warehouse.post('/verifications', { scope: 'in_transit', fileName: 'abimee.csv', content: CSV([...LONG_LIST(), 'ABC-12']) });
    await until('the failed job', () => a.warehouse.get(`/verifications/jobs/${broken.body.id}`), (job) => job.body.status === 'failed');
    return [as(a.warehouse, { method: 'get', path }, 'done: the report'), as(a.warehouse, { method: 'get', path: `/verifications/jobs/${broken.body.id}` }, 'failed: the error')];
  },
  getVerification: async (a) => {
    const made = await a.warehouse.post('/verifications', { scope: 'in_transit', fileName: 'liste.csv', content: CSV(['12345678']) });
    return [as(a.warehouse, { method: 'get', path: `/verifications/${made.body.id}` })];
  },
  findReplayTarget: async (a) => {
    const { buyback } = await shippedItem(a);
    return [
      as(a.manager, { method: 'get', path: `/replay-targets/${buyback.identificationNumber.slice(-8)}` }, 'by the 8-character item code'),
      as(a.manager, { method: 'get', path: `/replay-targets/${buyback.identificationNumber}` }, 'by the 13-digit code'),
    ];
  },
  replayBuyback: async (a) => {
    const { buyback } = await quarantinedItem(a);
    return [
      as(a.manager, { method: 'get', path: `/buybacks/${buyback.id}/replay` }),
      as(a.retailer, { method: 'get', path: `/buybacks/${buyback.id}/replay?upTo=2` }, 'a step'),
      as(a.manager, { method: 'get', path: `/buybacks/${buyback.id}/replay?at=2020-01-01T00:00:00Z` }, 'before anything'),
    ];
  },
  // logistics: the expedition
  listPackages: async (a) => {
    await packedPackage(a);
    return [
      as(a.seller, { method: 'get', path: '/packages?itemsPerPage=100&order[createdAt]=desc' }),
      as(a.retailer, { method: 'get', path: `/packages?status[]=open&status[]=closed&storeId=${PARIS}&order[number]=asc` }),
      as(a.warehouse, { method: 'get', path: `/packages?warehouseId=${ORLEANS}&number=P` }),
    ];
  },
  openPackage: async (a) => [
    as(a.seller, { method: 'post', path: '/packages', body: { warehouseId: ORLEANS, labelMode: 'with_label' } }, "the seller's own store"),
    as(a.retailer, { method: 'post', path: '/packages', body: { warehouseId: LYON_WAREHOUSE, labelMode: 'without_label', storeId: PARIS } }, 'a store named'),
  ],
  getPackage: async (a) => {
    const empty = await openedPackage(a, 'without_label');
    const { packageId: packed } = await packedPackage(a);
    const { packageId: labelled, trackingNumber } = await labelledPackage(a);
    const report = await sendRequest(a.t.baseUrl, { method: 'post', path: '/transport/events', ...carrierReport(trackingNumber, 'IN_PROGRESS') });
    if (report.status !== 200) throw new Error(`report: ${report.status} ${report.text}`);
    return [
      as(a.seller, { method: 'get', path: `/packages/${empty}` }, 'open, empty, without label'),
      as(a.seller, { method: 'get', path: `/packages/${packed}` }, 'open, one device'),
      as(a.warehouse, { method: 'get', path: `/packages/${labelled}` }, 'its label made, handed to the carrier'),
    ];
  },
  addBuybackToPackage: async (a) => {
    const packageId = await openedPackage(a);
    const buyback = await createStoreBuyback(a.seller, PARIS);
    return [as(a.seller, { method: 'post', path: `/packages/${packageId}/items`, body: { code: buyback.identificationNumber } })];
  },
  removeBuybackFromPackage: async (a) => {
    const { packageId, buyback } = await packedPackage(a);
    return [as(a.seller, { method: 'delete', path: `/packages/${packageId}/items/${buyback.id}` })];
  },
  clearPackage: async (a) => {
    const { packageId } = await packedPackage(a);
    return [as(a.seller, { method: 'post', path: `/packages/${packageId}/clear`, body: {} })];
  },
  discardPackage: async (a) => {
    const { packageId } = await packedPackage(a);
    return [as(a.seller, { method: 'post', path: `/packages/${packageId}/discard`, body: {} })];
  },
  closePackage: async (a) => {
    const { packageId } = await packedPackage(a);
    return [as(a.seller, { method: 'post', path: `/packages/${packageId}/close`, body: {} })];
  },
  getPackageLabel: async (a) => {
    const { packageId } = await labelledPackage(a);
    return [as(a.seller, { method: 'get', path: `/packages/${packageId}/label` })];
  },
  listAwaitingShipment: async (a) => {
    await packedPackage(a);
    await createStoreBuyback(a.seller, PARIS);
    return [
      as(a.seller, { method: 'get', path: '/expedition/buybacks?itemsPerPage=100&order[createdAt]=desc' }, 'packed and not'),
      as(a.retailer, { method: 'get', path: `/expedition/buybacks?storeId=${PARIS}` }),
    ];
  },
  // logistics: labels and instructions
  shippingLabelReadiness: async (a) => {
    const { buyback } = await labelledPackage(a);
    return [as(null, { method: 'head', path: `/buybacks/${buyback.id}/shipping-label` })];
  },
  getShippingLabel: async (a) => {
    const { buyback } = await labelledPackage(a);
    const posted = await postedWebBuyback(a);
    return [
      as(a.seller, { method: 'get', path: `/buybacks/${buyback.id}/shipping-label` }, "staff: its package's label"),
      as(null, { method: 'get', path: `/buybacks/${posted.id}/shipping-label?token=${encodeURIComponent(posted.documentsToken)}` }, 'its customer, with the secret'),
    ];
  },
  getReturnLabel: async (a) => {
    const buyback = await returnedDevice(a);
    return [as(a.warehouse, { method: 'get', path: `/buybacks/${buyback.id}/return-label` }), as(a.retailer, { method: 'get', path: `/buybacks/${buyback.id}/return-label` })];
  },
  getBuybackInstructions: async (a) => {
    const store = await createStoreBuyback(a.seller, PARIS);
    const posted = await createWebBuyback(a.visitor, a.retailer, { circuitType: 'web_post', paymentType: 'bank_transfer' });
    return [
      as(null, { method: 'get', path: `/buybacks/${store.id}/instructions` }, 'a store buyback'),
      as(a.visitor, { method: 'get', path: `/buybacks/${posted.id}/instructions` }, 'a posted parcel, its label expected'),
    ];
  },
  // logistics: transports and the carriers' webhook
  receiveCarrierEvent: async (a) => {
    const { trackingNumber } = await labelledPackage(a);
    return [
      as(null, { method: 'post', path: '/transport/events', ...carrierReport(trackingNumber, 'DELIVERY_INIT') }, 'applied'),
      as(null, { method: 'post', path: '/transport/events', ...carrierReport('UNKNOWN-PARCEL-1', 'IN_PROGRESS') }, 'an unknown parcel: logged'),
    ];
  },
  // payments: the providers reached over HTTP (docs/payment-provider-contract.md)
  receivePaymentProviderReport: async (a) => {
    const paymentId = await givenGatewayPayment(a.t.platform);
    const report = (id: string, eventId: string) => ({ eventId, type: 'payment.completed', paymentId: id, attempt: 1, providerReference: 'PAY-CONTRACT-1', occurredAt: new Date().toISOString() });
    return [
      as(null, { method: 'post', path: '/payments/provider-webhook', ...signedPaymentReport(a.t.platform, report(paymentId, `evt_pay_${++sequence}`)) }, 'applied: the payment is completed'),
      as(null, { method: 'post', path: '/payments/provider-webhook', ...signedPaymentReport(a.t.platform, report(DEMO_IDS.accounts.demo, `evt_pay_${++sequence}`)) }, 'an unknown payment: nothing changes'),
    ];
  },
  // organizations: the users
  listUsers: async (a) => [
    as(a.retailer, { method: 'get', path: '/users' }),
    as(a.retailer, { method: 'get', path: '/users?name=lu&status=active&module=tim&role=store_seller&order[lastLoginAt]=desc' }),
    as(a.admin, { method: 'get', path: `/users?entity=${PARIS}&email=demo` }, 'provider staff: every retailer'),
  ],
  getUser: async (a) => [as(a.retailer, { method: 'get', path: `/users/${DEMO_IDS.users.seller}` })],
  getUserPermissions: async (a) => [as(a.retailer, { method: 'get', path: `/users/${DEMO_IDS.users.retailer}/permissions` })],
  getUserCurrentOrganization: async (a) => [as(a.retailer, { method: 'get', path: `/users/${DEMO_IDS.users.retailer}/current-organization?module=tim` })],
  getUserHistory: async (a) => [as(a.retailer, { method: 'get', path: `/users/${DEMO_IDS.users.seller}/history` })],
  // the users import
  getUserImportTemplate: async (a) => [as(a.retailer, { method: 'get', path: '/users/imports/template.csv' })],
  getUserImportProcedure: async (a) => [as(a.retailer, { method: 'get', path: '/users/imports/procedure.pdf', headers: { 'Accept-Language': 'nl-BE' } })],
  startUserImport: async (a) => [
    as(a.retailer, { method: 'post', path: '/users/imports?fileName=team.csv', body: usersFile(), headers: { 'Content-Type': 'text/csv' } }),
    as(a.retailer, { method: 'post', path: '/users/imports', body: usersForm(), headers: { 'Content-Type': 'multipart/form-data; boundary=contract' } }, 'a multipart form'),
  ],
  getUserImport: async (a) => {
    const id = await readyUserImport(a);
    return [as(a.retailer, { method: 'get', path: `/users/imports/${id}` }), as(a.retailer, { method: 'get', path: `/users/imports/${id}?filter=invalid&offset=0&limit=10` }, 'its invalid rows')];
  },
  runUserImport: async (a) => [as(a.retailer, { method: 'post', path: `/users/imports/${await readyUserImport(a)}/run` })],
  getAssignableUserTypes: async (a) => [as(a.retailer, { method: 'get', path: '/assignable-user-types' }), as(a.admin, { method: 'get', path: '/assignable-user-types' }, 'provider staff')],
  getPermissionMatrix: async (a) => [as(a.retailer, { method: 'get', path: '/permission-matrix' })],
  createUser: async (a) => [
    as(a.retailer, {
      method: 'post',
      path: '/users',
      body: { firstname: 'Agathe', lastname: 'Contrat', email: uniqueEmail('contract.user'), modules: { tim: { userType: 'store_seller', organizationId: PARIS } } },
    }),
  ],
  updateUser: async (a) => {
    const created = await a.retailer.post('/users', { firstname: 'Basile', lastname: 'Contrat', email: uniqueEmail('contract.patch'), modules: { tim: { userType: 'store_seller', organizationId: PARIS } } });
    return [as(a.retailer, { method: 'patch', path: `/users/${created.body.id}`, body: { lastname: 'Modifié', modules: { tim: { userType: 'store_manager', organizationId: PARIS } } } })];
  },
  // organizations: the clients (provider staff), their root details and deletion
  listClients: async (a) => [
    as(a.admin, { method: 'get', path: '/clients' }),
    as(a.admin, { method: 'get', path: '/clients?name=demo&status=active&module=tim&order[commonName]=desc' }),
  ],
  createClient: async (a) => [as(a.admin, { method: 'post', path: '/clients', body: { commonName: `Client ${++sequence}`, country: 'FR', modules: ['root', 'tim'], siret: '73282932000074' } })],
  getClient: async (a) => [as(a.admin, { method: 'get', path: `/clients/${DEMO_IDS.accounts.demo}` })],
  updateClient: async (a) => [as(a.admin, { method: 'patch', path: `/clients/${DEMO_IDS.accounts.demo}`, body: { webChannelUrl: `https://reprise.example/${++sequence}`, address: { city: 'Paris' } } })],
  getClientHistory: async (a) => [as(a.admin, { method: 'get', path: `/clients/${DEMO_IDS.accounts.demo}/history` })],
  getOrganizationRootDetail: async (a) => [
    as(a.admin, { method: 'get', path: `/accounts/${DEMO_IDS.accounts.demo}/organization-root-detail` }),
    as(a.retailer, { method: 'get', path: `/accounts/${DEMO_IDS.accounts.demo}/organization-root-detail` }, 'the account’s root manager'),
  ],
  updateOrganizationRootDetail: async (a) => [
    as(a.retailer, { method: 'patch', path: `/organization-root-details/${DEMO_IDS.accounts.demo}`, body: { noSearchResultDescription: `Aucun résultat (${++sequence})` } }),
  ],
  // settings: the general settings' pages (the retailer's root manager)
  getGeneralSettings: async (a) => [
    as(a.retailer, { method: 'get', path: `/accounts/${DEMO_IDS.accounts.demo}/general-settings/tim` }),
    as(a.retailer, { method: 'get', path: `/accounts/${DEMO_IDS.accounts.demo}/general-settings/lcm` }, 'the buyer and workshop page'),
  ],
  updateGeneralSettings: async (a) => [
    as(a.retailer, { method: 'patch', path: `/general-settings/${DEMO_IDS.accounts.demo}/lcm`, body: { packingInstructions: `Une boîte par appareil (${++sequence})` } }),
  ],
  getGeneralSettingsHistory: async (a) => [as(a.retailer, { method: 'get', path: `/accounts/${DEMO_IDS.accounts.demo}/general-settings/lcm/history` })],
  deleteAccount: async (a) => {
    const created = await a.admin.post('/clients', { commonName: `À supprimer ${++sequence}`, country: 'FR', modules: ['root'], status: 'inactive' });
    return [as(a.admin, { method: 'delete', path: `/accounts/${created.body.id}` })];
  },
  getAccountDeletionJob: async (a) => {
    // A deletion becomes a job past 200 buybacks: one submitted as the route would, to read it back.
    const jobs = a.t.platform.container.resolve<JobQueue>(TOKENS.Jobs);
    const { job } = await jobs.submit({ id: randomUUID(), kind: ACCOUNT_DELETION_JOB_KIND, owner: { accountId: null, organizationId: null, userId: null }, total: 100 }, async () => ({
      result: { accountId: DEMO_IDS.accounts.other, customersForgotten: 0, usersDeactivated: 0 },
      position: null,
    }));
    return [as(a.admin, { method: 'get', path: `/account-deletions/${job._id}` })];
  },
  getLinkedBuyers: async (a) => [as(a.admin, { method: 'get', path: `/account/${DEMO_IDS.accounts.demo}/linked-buyers` })],
  reindexClientCatalogue: async (a) => [as(a.admin, { method: 'post', path: `/clients/${DEMO_IDS.accounts.demo}/catalogue-reindex`, body: {} })],
  getClientCatalogueReindex: async (a) => [as(a.admin, { method: 'get', path: `/clients/${DEMO_IDS.accounts.demo}/catalogue-reindex` })],
  // catalog: the circuits and their dispatch circuit rules
  listCircuits: async (a) => [
    as(a.retailer, { method: 'get', path: '/circuits' }),
    as(a.retailer, { method: 'get', path: '/circuits?status=enabled&channel=web&circuitType[]=web_post&name=envoi&order[name]=desc' }),
  ],
  getCircuit: async (a) => [as(a.retailer, { method: 'get', path: `/circuits/${DEMO_IDS.circuits.demo.web_collect}` })],
  changeCircuit: async (a) => {
    const circuit = await a.retailer.get(`/circuits/${DEMO_IDS.circuits.demo.web_collect}`);
    return [
      as(a.retailer, {
        method: 'patch',
        path: `/circuits/${DEMO_IDS.circuits.demo.web_collect}`,
        body: { description: `Collecte à domicile (${++sequence}).`, translations: { 'en-GB': { name: 'Home collection' } } },
        headers: { 'If-Match': circuit.headers.get('etag') as string },
      }),
    ];
  },
  activateCircuit: async (a) => [as(a.retailer, { method: 'post', path: `/circuits/${DEMO_IDS.circuits.demo.store_drop_label}/activate`, body: { reason: 'Ouverture' } })],
  deactivateCircuit: async (a) => {
    await a.retailer.post(`/circuits/${DEMO_IDS.circuits.demo.store_drop_label}/activate`, {});
    return [as(a.retailer, { method: 'post', path: `/circuits/${DEMO_IDS.circuits.demo.store_drop_label}/deactivate`, body: {} })];
  },
  getCircuitHistory: async (a) => [as(a.retailer, { method: 'get', path: `/circuits/${DEMO_IDS.circuits.demo.web_collect}/history` })],
  listDispatchCircuitRules: async (a) => [
    as(a.retailer, { method: 'get', path: '/dispatch-circuit-rules' }),
    as(a.retailer, { method: 'get', path: `/dispatch-circuit-rules?status=enabled&circuit=${DEMO_IDS.circuits.demo.web_collect}&order[createdAt]=desc` }),
  ],
  createDispatchCircuitRule: async (a) => [
    as(a.retailer, { method: 'post', path: '/dispatch-circuit-rules', body: { circuit: DEMO_IDS.circuits.demo.web_drop, description: 'Dépôt en magasin', categoryIds: [DEMO_IDS.categories.smartphones] } }),
  ],
  getDispatchCircuitRule: async (a) => [as(a.retailer, { method: 'get', path: `/dispatch-circuit-rules/${await contractRule(a)}` })],
  changeDispatchCircuitRule: async (a) => [as(a.retailer, { method: 'patch', path: `/dispatch-circuit-rules/${await contractRule(a)}`, body: { terms: `Conditions ${++sequence}` } })],
  getDispatchCircuitRuleHistory: async (a) => [as(a.retailer, { method: 'get', path: `/dispatch-circuit-rules/${await contractRule(a)}/history` })],
  getRulePremiumFeatureConnector: async (a) => [as(a.retailer, { method: 'get', path: `/dispatch-circuit-rules/${await contractRule(a)}/launch-premium-feature-connector?action=refurb_connector` })],
  switchRulePremiumFeatureConnector: async (a) => [
    as(a.retailer, { method: 'patch', path: `/dispatch-circuit-rules/${await contractRule(a)}/launch-premium-feature-connector?action=refurb_connector`, body: { active: false } }),
  ],
  // payments: the payment modes
  listPaymentModes: async (a) => [
    as(a.retailer, { method: 'get', path: '/payment-modes' }),
    as(a.retailer, { method: 'get', path: '/payment-modes?status=enabled&paymentType=voucher&label=bon&order[label]=desc' }),
  ],
  getPaymentMode: async (a) => [as(a.retailer, { method: 'get', path: `/payment-modes/${DEMO_IDS.paymentModes.demo.voucher}` })],
  createPaymentMode: async (a) => [
    as(a.retailer, {
      method: 'post',
      path: '/payment-modes',
      body: { paymentType: 'gift_card', label: `Carte ${++sequence}`, description: 'Une carte cadeau', provider: 'gift_card_provider', modifier: { kind: 'amount', amountInCents: 500 } },
    }),
  ],
  updatePaymentMode: async (a) => {
    const mode = await a.retailer.get(`/payment-modes/${DEMO_IDS.paymentModes.demo.voucher}`);
    return [
      as(a.retailer, {
        method: 'patch',
        path: `/payment-modes/${DEMO_IDS.paymentModes.demo.voucher}`,
        body: { longDescription: `Valable un an (${++sequence}).` },
        headers: { 'If-Match': mode.headers.get('etag') as string },
      }),
    ];
  },
  buyerPaymentFeatureAvailable: async (a) => [
    as(a.retailer, { method: 'get', path: `/payment/account/${DEMO_IDS.accounts.demo}/by-buyer-feature-available` }),
    as(a.admin, { method: 'get', path: `/payment/account/${DEMO_IDS.accounts.other}/by-buyer-feature-available` }, 'provider staff, another account'),
  ],
  // Entities (a retailer's tree).
  listOrganizations: async (a) => [
    as(a.retailer, { method: 'get', path: '/organizations' }),
    as(a.retailer, { method: 'get', path: '/organizations?type[]=store&type[]=warehouse&status=active&name=demo&exists[parentOrganizationId]=true&order[city]=desc' }),
    as(a.admin, { method: 'get', path: `/organizations?accountId=${DEMO_IDS.accounts.other}&pagination=false` }, 'provider staff, one account'),
  ],
  getOrganizationTree: async (a) => [as(a.retailer, { method: 'get', path: '/organizations/tree' })],
  getAvailableParents: async (a) => [
    as(a.retailer, { method: 'get', path: '/organizations/available-parents?type=store' }),
    as(a.retailer, { method: 'get', path: `/organizations/available-parents?type=management_unit&organizationId=${DEMO_IDS.organizations.demoFrance}` }),
  ],
  getRootOrganization: async (a) => [as(a.retailer, { method: 'get', path: '/organizations/root' })],
  getConnectedWarehouses: async (a) => [as(a.retailer, { method: 'get', path: '/organizations/connected-warehouses' })],
  createOrganization: async (a) => [
    as(a.retailer, {
      method: 'post',
      path: '/organizations',
      body: { type: 'store', parentOrganizationId: DEMO_IDS.organizations.demoFrance, commonName: `Magasin ${++sequence}`, street: '1 Rue Crébillon', zipCode: '44000', city: 'Nantes', country: 'FR', status: 'active', externalId: `CT-${Date.now().toString(36)}-${sequence}` },
    }),
  ],
  getOrganization: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.stores.paris}` })],
  changeOrganization: async (a) => {
    const entity = await a.retailer.get(`/organizations/${DEMO_IDS.stores.lyon}`);
    return [
      as(a.retailer, {
        method: 'patch',
        path: `/organizations/${DEMO_IDS.stores.lyon}`,
        body: JSON.stringify({ streetComplement: `Niveau ${++sequence}`, reason: 'Contrat' }),
        headers: { 'Content-Type': 'application/merge-patch+json', 'If-Match': entity.headers.get('etag') as string },
      }),
    ];
  },
  getOrganizationPublic: async (a) => [as(a.seller, { method: 'get', path: `/organizations/${DEMO_IDS.stores.paris}/public` }), as(a.visitor, { method: 'get', path: `/organizations/${DEMO_IDS.stores.paris}/public` }, 'a storefront visitor')],
  getOrganizationModuleCount: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/module-count` })],
  getOrganizationSearchKey: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/typesense` })],
  getOrganizationUsersModuleCount: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.stores.paris}/users-module-count` })],
  getOrganizationHistory: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.stores.paris}/history` })],
  listTransports: async (a) => {
    const { buyback } = await labelledPackage(a);
    return [
      as(a.retailer, { method: 'get', path: '/transports?itemsPerPage=100&order[createdAt]=desc' }),
      as(a.warehouse, { method: 'get', path: `/transports?kind[]=package&labelStatus[]=ready&identificationNumber=${buyback.identificationNumber.slice(0, 6)}` }),
      as(a.manager, { method: 'get', path: '/transports?deliveryStatus[]=IN_PROGRESS&from=2020-01-01T00:00:00Z&order[deliveryStatus]=asc' }),
    ];
  },
  getTransport: async (a) => {
    const { transportId } = await labelledPackage(a);
    return [as(a.retailer, { method: 'get', path: `/transports/${transportId}` }), as(a.warehouse, { method: 'get', path: `/transports/${transportId}` })];
  },
  retryTransportLabel: async (a) => {
    // The carrier refuses the next shipment: the label fails at once, until someone asks again.
    a.carrier.failNext(1, { status: 422, code: 'ADDRESS_NOT_SERVED', message: 'Not served' });
    const { packageId } = await packedPackage(a);
    const closed = await a.seller.post(`/packages/${packageId}/close`, {});
    if (closed.status !== 200) throw new Error(`close: ${closed.status} ${JSON.stringify(closed.body)}`);
    const failed = await until(
      'failed label',
      async () => ((await a.manager.get('/transports?labelStatus[]=failed&itemsPerPage=100')).body.items as Array<{ id: string; packageId: string | null }>).find((row) => row.packageId === packageId),
      (row) => row !== undefined,
    );
    return [as(a.manager, { method: 'post', path: `/transports/${failed!.id}/retry-label`, body: {} })];
  },
  // logistics: warehouse dispatch
  listDispatchRules: async (a) => [
    as(a.retailer, { method: 'get', path: '/warehouse-dispatch-rules' }),
    as(a.admin, { method: 'get', path: `/warehouse-dispatch-rules?accountId=${DEMO_IDS.accounts.demo}&itemsPerPage=10` }, 'the super admin names the tenant'),
  ],
  createDispatchRule: async (a) => [
    as(a.retailer, { method: 'post', path: '/warehouse-dispatch-rules', body: dispatchRule('Consoles') }),
    as(a.retailer, {
      method: 'post',
      path: '/warehouse-dispatch-rules',
      body: {
        title: `Web ${++sequence}`,
        conditions: [
          { attribute: 'circuit', operator: 'in', values: [DEMO_IDS.circuits.demo.web_post] },
          { attribute: 'brand', operator: 'not_in', values: ['Apple'] },
          { attribute: 'productState', operator: 'in', values: ['grade_d', 'grade_e'] },
        ],
        warehouseIds: [ORLEANS, LYON_WAREHOUSE],
        nearest: true,
        position: 0,
      },
    }, 'the nearest of two, first'),
  ],
  getDispatchRule: async (a) => [as(a.retailer, { method: 'get', path: `/warehouse-dispatch-rules/${await createdRule(a)}` })],
  updateDispatchRule: async (a) => {
    const id = await createdRule(a);
    return [
      as(a.retailer, { method: 'put', path: `/warehouse-dispatch-rules/${id}`, body: { ...dispatchRule('Consoles (Lyon)'), position: 0 }, headers: { 'If-Match': await rulesRevision(a) } }),
    ];
  },
  deleteDispatchRule: async (a) => {
    const id = await createdRule(a);
    return [as(a.retailer, { method: 'delete', path: `/warehouse-dispatch-rules/${id}` })];
  },
  reorderDispatchRules: async (a) => {
    await createdRule(a);
    const rules = await a.retailer.get('/warehouse-dispatch-rules?itemsPerPage=100');
    const ids = (rules.body.items as Array<{ id: string }>).map((rule) => rule.id);
    return [as(a.retailer, { method: 'post', path: '/warehouse-dispatch-rules/reorder', body: { ruleIds: [...ids].reverse() } })];
  },
  getDispatchSettings: async (a) => [as(a.retailer, { method: 'get', path: '/warehouse-dispatch-settings' })],
  setDefaultWarehouse: async (a) => [
    as(a.retailer, { method: 'put', path: '/warehouse-dispatch-settings', body: { defaultWarehouseId: ORLEANS }, headers: { 'If-Match': await rulesRevision(a) } }),
  ],
  // a buyback's documents and the transfer order's text
  getTransferOrderSettings: async (a) => [as(a.retailer, { method: 'get', path: '/settings/transfer-order' })],
  saveTransferOrderSettings: async (a) => [as(a.retailer, { method: 'put', path: '/settings/transfer-order', body: { text: null } }, 'back to the default (allowed without the premium feature)')],
  getBuybackDocument: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'voucher' });
    const posted = await postedWebBuyback(a);
    return [
      as(a.seller, { method: 'get', path: `/buybacks/${buyback.id}/documents/transfer-order` }, 'staff: the transfer order'),
      as(a.seller, { method: 'get', path: `/buybacks/${buyback.id}/documents/voucher` }, 'staff: the voucher handed over'),
      as(null, { method: 'get', path: `/buybacks/${posted.id}/documents/tracking-sheet?token=${encodeURIComponent(posted.documentsToken)}` }, 'its customer, with the secret'),
    ];
  },
  forgetCustomer: async (a) => {
    const email = uniqueEmail('contract.forget');
    await createStoreBuyback(a.seller, PARIS, { customer: { email } });
    return [as(a.retailer, { method: 'post', path: '/admin/customers/forget', body: { email } })];
  },
  // payments: the search, one payment, relaunch and mark as paid
  listPayments: async (a) => {
    const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
    await givenPayment(a.t.platform, { buybackId: buyback.id, identificationNumber: buyback.identificationNumber }, failed());
    await givenPayment(a.t.platform, { provider: 'manual', type: 'no_iban_transfer' });
    return [
      as(a.retailer, { method: 'get', path: '/payments?itemsPerPage=50&order[amount]=desc&status[]=payment_failed&status[]=payment_created' }),
      as(a.retailer, { method: 'get', path: `/payments?identificationNumber=${buyback.identificationNumber}&customerName=durand&amountFrom=0&amountTo=1000000` }, 'by code and name'),
      as(a.admin, { method: 'get', path: '/payments?partial=true&provider[]=manual&type[]=no_iban_transfer' }),
    ];
  },
  exportPayments: async (a) => [as(a.retailer, { method: 'get', path: '/payments/export?timeZone=Europe/Paris&status[]=payment_failed' })],
  getPayment: async (a) => {
    const failing = await givenPayment(a.t.platform, {}, failed());
    const voucher = await givenPayment(a.t.platform, { origin: 'store_handover', type: 'voucher', provider: 'gift_card_provider', modifier: { kind: 'percentage', percent: 5, capInCents: 1_000 } }, voucherIssued(), completed(), claimRecorded());
    return [
      as(a.retailer, { method: 'get', path: `/payments/${failing}` }, 'failed'),
      as(a.retailer, { method: 'get', path: `/payments/${voucher}` }, 'a voucher handed over in store, with its code and claim'),
    ];
  },
  relaunchPayment: async (a) => [as(a.retailer, { method: 'post', path: `/payments/${await givenPayment(a.t.platform, {}, failed())}/relaunch`, body: { reason: 'IBAN corrigé' } })],
  markPaymentAsPaid: async (a) => [
    as(a.retailer, { method: 'post', path: `/payments/${await givenPayment(a.t.platform, { provider: 'manual' })}/mark-as-paid`, body: { information: 'Chèque remis' } }),
  ],
  // SEPA credit-transfer files
  getPaymentSettings: async (a) => [as(a.retailer, { method: 'get', path: '/settings/payments' }), as(a.admin, { method: 'get', path: `/settings/payments?accountId=${DEMO_IDS.accounts.demo}` })],
  setPaymentSettings: async (a) => [as(a.retailer, { method: 'put', path: '/settings/payments', body: DEBTOR })],
  countDueTransfers: async (a) => [as(a.retailer, { method: 'get', path: '/payments/transfer-files/due' })],
  listTransferFiles: async (a) => {
    await downloadedTransferFile(a);
    return [as(a.retailer, { method: 'get', path: '/payments/transfer-files?order[number]=desc&status=downloaded' })];
  },
  buildTransferFile: async (a) => {
    await dueTransfer(a);
    return [as(a.retailer, { method: 'post', path: '/payments/transfer-files', body: {} })];
  },
  downloadTransferFile: async (a) => {
    await dueTransfer(a);
    const built = await a.retailer.post('/payments/transfer-files', {});
    return [as(a.retailer, { method: 'get', path: `/payments/transfer-files/${built.body.id}` })];
  },
  importTransferFileStatusReport: async (a) => {
    const { file, code } = await downloadedTransferFile(a);
    return [as(a.retailer, { method: 'post', path: `/payments/transfer-files/${file.id}/status-report`, body: { content: statusReport(file.messageId, [code]) } })];
  },
  getStatusReportJob: async (a) => {
    const { file, code } = await downloadedTransferFile(a);
    const codes = [code, ...Array.from({ length: 600 }, (_, i) => `UNKNOWN${i}`)];
    const started = await a.retailer.post(`/payments/transfer-files/${file.id}/status-report`, { content: statusReport(file.messageId, codes) });
    if (started.status !== 202) throw new Error(`report job: ${started.status} ${JSON.stringify(started.body)}`);
    return [as(a.retailer, { method: 'get', path: `/payments/transfer-files/status-reports/jobs/${started.body.id}` })];
  },
  markTransferFileCompleted: async (a) => [as(a.retailer, { method: 'post', path: `/payments/transfer-files/${(await downloadedTransferFile(a)).file.id}/mark-completed` })],
  // single sign-on: Demo Retail's configuration by its manager; a sign-in at Other Retail's provider (a real oidc-provider)
  getSsoConfiguration: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sso-configuration` })],
  saveSsoConfiguration: async (a) => [
    as(a.retailer, { method: 'put', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sso-configuration`, body: ssoSettings('contract-demo.example', 'https://login.contract-demo.example/.well-known/openid-configuration') }),
  ],
  getSsoConfigurationHistory: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sso-configuration/history` })],
  // SFTP: Demo Retail's access enabled (its password once), its import's configuration, disabled again
  getSftpSettings: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sftp` })],
  enableSftpAccess: async (a) => [as(a.retailer, { method: 'post', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sftp/access` })],
  disableSftpAccess: async (a) => {
    await a.retailer.post(`/organizations/${DEMO_IDS.organizations.demoRoot}/sftp/access`);
    return [as(a.retailer, { method: 'delete', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sftp/access` })];
  },
  changeSftpImportConfiguration: async (a) => [as(a.retailer, { method: 'patch', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sftp/import-configuration`, body: { suffix: '-sftp', status: 'active' } })],
  getSftpHistory: async (a) => [as(a.retailer, { method: 'get', path: `/organizations/${DEMO_IDS.organizations.demoRoot}/sftp/history` })],
  // Connectors: the catalogue; a configuration of Demo Retail's root created, read, changed, listed, its history, deleted
  listConnectors: async (a) => [as(a.retailer, { method: 'get', path: '/connectors?type=transport' })],
  getConnector: async (a) => [as(a.retailer, { method: 'get', path: '/connectors/http-carrier' })],
  listConnectorConfigurations: async (a) => [as(a.retailer, { method: 'get', path: `/connector-organizations?organizationId=${DEMO_IDS.organizations.demoRoot}` })],
  createConnectorConfiguration: async (a) => [as(a.retailer, { method: 'post', path: '/connector-organizations', body: contractConfiguration() })],
  getConnectorConfiguration: async (a) => [as(a.retailer, { method: 'get', path: `/connector-organizations/${await contractConfigurationId(a)}` })],
  changeConnectorConfiguration: async (a) => [as(a.retailer, { method: 'patch', path: `/connector-organizations/${await contractConfigurationId(a)}`, body: { properties: [{ name: 'timeoutMs', value: '2000' }] } })],
  deleteConnectorConfiguration: async (a) => [as(a.retailer, { method: 'delete', path: `/connector-organizations/${await contractConfigurationId(a)}` })],
  getConnectorConfigurationHistory: async (a) => [as(a.retailer, { method: 'get', path: `/connector-organizations/${await contractConfigurationId(a)}/history` })],
  testConnectorConfiguration: async (a) => [as(a.retailer, { method: 'post', path: `/connector-organizations/${await contractConfigurationId(a)}/test` }, 'nobody listens at its url: ok false, the message says so')],
  getSsoAuthorizationUrl: async (a) => {
    await contractIdp(a);
    return [as(null, { method: 'get', path: `/open-id/authorization-url?domain=${encodeURIComponent(`lea@${SSO_DOMAIN}`)}` })];
  },
  finishSsoSignIn: async (a) => {
    await contractIdp(a);
    const started = await a.t.api.get(`/open-id/authorization-url?domain=${SSO_DOMAIN}`);
    const callback = await signInAtProvider(started.body.url, 'lea');
    return [as(null, { method: 'post', path: `/open-id/${DEMO_IDS.organizations.otherRoot}/callback`, body: callbackBody(callback) })];
  },
  getSsoLogoutUrl: async (a) => [as(a.seller, { method: 'get', path: '/open-id/logout' }, 'a session opened with a password: no provider to leave')],
};

let configurations = 0;
/** An http-carrier configuration of Demo Retail's root, inactive, with a name of its own. */
const contractConfiguration = () => ({
  organizationId: DEMO_IDS.organizations.demoRoot,
  connectorId: 'http-carrier',
  name: `Contrat ${++configurations}`,
  properties: [{ name: 'baseUrl', value: 'http://127.0.0.1:9/api' }, { name: 'apiKey', value: 'contract-secret-key' }],
});
async function contractConfigurationId(a: { retailer: ApiClient }): Promise<string> {
  const created = await a.retailer.post('/connector-organizations', contractConfiguration());
  if (created.status !== 201) throw new Error(`configuration: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

const SSO_DOMAIN = 'contract-sso.example';
let idp: RunningIdentityProvider | null = null;

function ssoSettings(domain: string, discoveryEndpoint: string) {
  return {
    domains: [domain],
    clientId: 'tradein-contract',
    clientSecret: 'contract-secret',
    discoveryEndpoint,
    scope: 'openid email profile roles',
    roleClaim: 'roles',
    entityClaim: 'entity',
    roleMatching: [{ claimValue: 'seller', module: 'tim', userType: 'store_seller' }],
    fieldMatching: { firstname: 'given_name', lastname: 'family_name', email: 'email' },
  };
}

/** Other Retail signs its staff in with a real provider (started once), configured by provider staff. */
async function contractIdp(a: Actors): Promise<RunningIdentityProvider> {
  if (idp) return idp;
  const view = await a.admin.get(`/organizations/${DEMO_IDS.organizations.otherRoot}/sso-configuration`);
  idp = await startIdentityProvider({
    clientId: 'tradein-contract',
    clientSecret: 'contract-secret',
    redirectUris: [view.body.redirectUri],
    users: [{ login: 'lea', claims: { email: `lea@${SSO_DOMAIN}`, given_name: 'Léa', family_name: 'Contrat', roles: ['seller'], entity: 'OR-LIL-001' } }],
  });
  const saved = await a.admin.request('PUT', `/organizations/${DEMO_IDS.organizations.otherRoot}/sso-configuration`, ssoSettings(SSO_DOMAIN, idp.discoveryEndpoint));
  if (saved.status !== 200) throw new Error(`sso configuration: ${saved.status} ${JSON.stringify(saved.body)}`);
  return idp;
}

const DEBTOR = { name: 'Boutique Démo', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' };

/** A buyback whose payment is due by SEPA file, the debtor account set. */
async function dueTransfer(a: Actors): Promise<string> {
  await a.retailer.request('PUT', '/settings/payments', DEBTOR);
  const buyback = await createStoreBuyback(a.seller, PARIS, { paymentType: 'bank_transfer' });
  await givenPayment(a.t.platform, { buybackId: buyback.id, identificationNumber: buyback.identificationNumber });
  return buyback.identificationNumber;
}

/** A file built and downloaded (its payments initiated), with one of its buybacks' codes. */
async function downloadedTransferFile(a: Actors): Promise<{ file: { id: string; messageId: string }; code: string }> {
  const code = await dueTransfer(a);
  const built = await a.retailer.post('/payments/transfer-files', {});
  if (built.status !== 201) throw new Error(`transfer file: ${built.status} ${JSON.stringify(built.body)}`);
  const downloaded = await a.retailer.get(`/payments/transfer-files/${built.body.id}`);
  if (downloaded.status !== 200) throw new Error(`download: ${downloaded.status}`);
  return { file: built.body, code };
}

/** A bank's pain.002 report accepting these end-to-end ids. */
function statusReport(messageId: string, codes: string[]): string {
  const lines = codes.map((code) => `<TxInfAndSts><OrgnlEndToEndId>${code}</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>`).join('');
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>R1</MsgId></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts>${lines}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
}

let t: TestPlatform;
let carrier: FakeCarrier;
let actors: Actors;
let document: OpenApiDocument;
let operations: Operation[];
let checker: ContractChecker;

beforeAll(async () => {
  carrier = await startFakeCarrier();
  t = await startTestPlatform({
    carrier: { url: carrier.url, apiKey: carrier.apiKey, timeoutMs: 1_000, webhookSecret: WEBHOOK_SECRET },
    labelWorkerIntervalMs: 100,
  });
  const [admin, retailer, seller, warehouse, manager, visitor] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('retailer@demo.test', 'root'),
    t.login('seller@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('warehouse-manager@demo.test', 'rps'),
    t.anonymous(),
  ]);
  actors = { t, admin, retailer, seller, warehouse, manager, visitor, carrier };
  const answer = await t.api.get('/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body as OpenApiDocument;
  operations = operationsOf(document);
  checker = new ContractChecker(document);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
  await carrier?.close();
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
    // Buybacks (page and export), items (page and export), stocks, verifications, products, packages, the expedition list, payment modes,
    // transports, dispatch rules, payments (page and export), transfer files, users, clients and entities, products imports, circuits and dispatch circuit rules, refurb step definitions and diagnosis questions, data exports and imports, connector configurations: order; products: price.
    expect(objectParameters.map((p) => p.name).sort()).toEqual([...Array.from({ length: 26 }, () => 'order'), 'price']);
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
