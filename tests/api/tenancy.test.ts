import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type ApiResponse, type TestPlatform } from '../support/test-platform.js';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, createWebBuyback, receivedBuyback, type CreatedBuyback } from '../support/api-helpers.js';
import { REFURB_DEMO_IDS } from '../../infrastructure/modules/refurbishment/demo-definitions.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/seed-streams.js';
import type { Permission } from '../../application/organizations/permissions.js';
import { permissionsOf } from '../support/assembly.js';
import type { UserType } from '../../domain/organizations/events.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';
import { dispatchCircuitRuleIdOf } from '../../domain/catalog/dispatch-circuit-rule/dispatch-circuit-rule.js';
import { validate } from '../../infrastructure/http/validation.js';
import type { JsonSchema } from '../../infrastructure/http/route.js';

/**
 * Tenant isolation, proved for every route of the real route table: the
 * routes are read from GET /api/openapi.json, and every operation whose path
 * names an id is called by Other Retail's store seller with Demo Retail's ids.
 */

const LYON = DEMO_IDS.stores.lyon;
const LILLE = DEMO_IDS.stores.lille;
const DEMO_ACCOUNT = DEMO_IDS.accounts.demo;
const OTHER_ACCOUNT = DEMO_IDS.accounts.other;
/** A name no Other Retail data contains: it must never reach the other tenant. */
const DEMO_CUSTOMER = { firstName: 'Aurore', lastName: 'Confidentielle', email: 'aurore.confidentielle@example.com' };

let t: TestPlatform;
let demoSeller: ApiClient;
let demoManager: ApiClient;
let demoWarehouse: ApiClient;
let demoBuyer: ApiClient;
let retailerRoot: ApiClient;
let retailerTim: ApiClient;
let admin: ApiClient;
let otherSeller: ApiClient;
let otherUserType: UserType;

/** Demo Retail's buybacks the other tenant will aim at, each in a state where the aimed command would be allowed. */
let demo: { awaitingInventory: CreatedBuyback; awaitingDrop: CreatedBuyback; awaitingDecision: CreatedBuyback; lyon: CreatedBuyback };
let otherBuyback: CreatedBuyback;
/** A store cart of Demo Retail's, not checked out. */
let demoCart: string;
/** The item of Demo Retail's buyback awaiting a decision, and a stock of Demo Retail's warehouse. */
let demoItem: string;
let demoStock: string;
/** A body Other Retail's seller could send to their own store: only the store id will be Demo's. */
let otherCreationBody: Record<string, unknown>;
/** Demo Retail's logistics: a Paris package holding a buyback, a web customer's transport, a dispatch rule. */
let demoPackage: { id: string; buybackId: string };
let demoTransport: string;
let demoRule: string;
/** A connector configuration of Demo Retail's root. */
let demoConnectorConfiguration: string;

beforeAll(async () => {
  t = await startTestPlatform();
  [demoSeller, demoManager, demoWarehouse, demoBuyer, retailerRoot, retailerTim, admin, otherSeller] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('manager@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('buyer@demo.test', 'lcm'),
    t.login('retailer@demo.test', 'root'),
    t.login('retailer@demo.test', 'tim'),
    t.login('admin@demo.test'),
    t.login('seller@other.test'),
  ]);
  const visitor = await t.anonymous();
  const options = { paymentType: 'bank_transfer', customer: DEMO_CUSTOMER };
  const awaitingDecision = await receivedBuyback(demoSeller, demoWarehouse, PARIS, options);
  const proposal = await demoWarehouse.post(`/buybacks/${awaitingDecision.id}/propose-new-price`, {
    proposedPriceInCents: 10_000,
    reason: 'Écran rayé',
  });
  if (proposal.status !== 200) throw new Error(`propose: ${proposal.status}`);
  demo = {
    awaitingInventory: await createStoreBuyback(demoSeller, PARIS, options),
    awaitingDrop: await createWebBuyback(visitor, demoSeller, { ...options, circuitType: 'web_drop' }),
    awaitingDecision,
    // The root manager of Demo Retail registers one in Lyon (the super admin, bound to no tenant, cannot register).
    lyon: await createStoreBuyback(retailerRoot, LYON, options),
  };
  const { customer: _customer, ...device } = await creationBody(demoSeller, options);
  const cart = await demoSeller.post('/carts', { storeId: PARIS, buybacks: [device] });
  if (cart.status !== 201) throw new Error(`cart: ${cart.status} ${JSON.stringify(cart.body)}`);
  demoCart = cart.body.cartId;
  demoItem = (await demoWarehouse.get(`/items/by-code/${awaitingDecision.identificationNumber}`)).body.item.id;
  demoStock = (await demoWarehouse.get('/stocks?itemsPerPage=1')).body.items[0].id;
  demoPackage = await packedDemoPackage();
  demoTransport = await demoCustomerTransport(visitor);
  demoRule = await demoDispatchRule();
  demoConnectorConfiguration = (
    await retailerRoot.post('/connector-organizations', { organizationId: DEMO_IDS.organizations.demoRoot, connectorId: 'embedded-carrier', name: 'Sonde de locataire', properties: [{ name: 'carrierName', value: 'Demo' }] })
  ).body.id;
  otherCreationBody = await creationBody(otherSeller, { productId: DEMO_IDS.products.otherIphone13_128, paymentType: 'bank_transfer' });
  otherBuyback = await createStoreBuyback(otherSeller, LILLE, { productId: DEMO_IDS.products.otherIphone13_128, paymentType: 'bank_transfer' });
  const me = await otherSeller.get('/me');
  otherUserType = me.body.modules.tim as UserType;
});
afterAll(async () => {
  await t?.close();
});

async function packedDemoPackage(): Promise<{ id: string; buybackId: string }> {
  const opened = await demoSeller.post('/packages', { warehouseId: DEMO_IDS.warehouses.demo, labelMode: 'with_label' });
  if (opened.status !== 201) throw new Error(`package: ${opened.status} ${JSON.stringify(opened.body)}`);
  const buyback = await createStoreBuyback(demoSeller, PARIS, { paymentType: 'bank_transfer', customer: DEMO_CUSTOMER });
  const scanned = await demoSeller.post(`/packages/${opened.body.id}/items`, { code: buyback.identificationNumber });
  if (scanned.status !== 200) throw new Error(`scan: ${scanned.status} ${JSON.stringify(scanned.body)}`);
  return { id: opened.body.id, buybackId: buyback.id };
}

/** The transport of a Demo web customer's parcel (requested when the buyback is registered). */
async function demoCustomerTransport(visitor: ApiClient): Promise<string> {
  const posted = await createWebBuyback(visitor, retailerRoot, { circuitType: 'web_post', paymentType: 'bank_transfer', customer: DEMO_CUSTOMER });
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = await retailerRoot.get(`/transports?identificationNumber=${posted.identificationNumber}`);
    const id = found.body?.items?.[0]?.id as string | undefined;
    if (id) return id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no transport for ${posted.identificationNumber}`);
}

async function demoDispatchRule(): Promise<string> {
  const created = await retailerRoot.post('/warehouse-dispatch-rules', {
    title: 'Consoles to Orléans',
    conditions: [{ attribute: 'category', operator: 'in', values: [DEMO_IDS.categories.consoles] }],
    warehouseIds: [DEMO_IDS.warehouses.demo],
    nearest: false,
  });
  if (created.status !== 201) throw new Error(`rule: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

// ---------------------------------------------------------------------------
// Every route naming an id, called by the other tenant with Demo Retail's ids
// ---------------------------------------------------------------------------

interface Operation {
  method: string;
  path: string;
  operationId: string;
  permission: Permission | null | undefined;
  pathParams: string[];
  bodySchema: JsonSchema | undefined;
  /** The operation's first OpenAPI tag (its part). */
  tag: string;
}

type Target =
  | 'product'
  | 'awaitingInventory'
  | 'awaitingDrop'
  | 'awaitingDecision'
  | 'cart'
  | 'item'
  | 'stock'
  | 'package'
  | 'transport'
  | 'dispatchRule'
  | 'account'
  | 'paymentMode'
  | 'circuit'
  | 'circuitRule'
  | 'user'
  | 'organization'
  | 'question'
  | 'category'
  | 'refurbStep'
  | 'refurbQuestion'
  | 'connectorConfiguration'
  | 'none';
interface Probe {
  /** Which Demo Retail record `{id}` (and `{identificationNumber}`) name. */
  target: Target;
  query?: (token: string) => string;
  body?: () => unknown;
  /** Sent with the body (an upload route reads only its file types: 415 for JSON, before anything else). */
  headers?: Record<string, string>;
}

const SOME_TOKEN = 'a'.repeat(43);

/**
 * How to call each operation with a valid request (checked against the
 * operation's own schema below), so a refusal is never the schema's 400.
 */
const PROBES: Record<string, Probe> = {
  // The categories' administration (category.list, category.manage): a store seller holds neither (tests/api/catalog-categories.test.ts: another retailer's manager gets 404).
  getCategorySubtree: { target: 'category' },
  getCategory: { target: 'category' },
  changeCategory: { target: 'category', body: () => ({ description: 'Volé' }) },
  deleteCategory: { target: 'category' },
  archiveCategory: { target: 'category', body: () => ({}) },
  linkCategoryCircuit: { target: 'category' },
  unlinkCategoryCircuit: { target: 'category' },
  getCategoryAncestry: { target: 'category' },
  getCategoryArchiveCheckpoints: { target: 'category' },
  getCategoryParentChange: { target: 'category' },
  getCategoryHistory: { target: 'category' },
  getProductCategoryTree: { target: 'product' },
  getCategoryImage: { target: 'none' },
  getProduct: { target: 'product' },
  getDiagnosticQuestions: { target: 'product' },
  getBuybackOptions: { target: 'product', query: () => '?channel=store' },
  // The products' administration (product.list, product.manage): a store seller holds neither (tests/api/catalog-products.test.ts: another retailer's manager gets 404).
  getProductDetails: { target: 'product' },
  changeProduct: { target: 'product', body: () => ({ comment: 'Volé' }) },
  publishProduct: { target: 'product' },
  unpublishProduct: { target: 'product' },
  getProductPriceHistory: { target: 'product' },
  getProductHistory: { target: 'product' },
  uploadProductImage: { target: 'product', body: () => 'not a picture', headers: { 'Content-Type': 'image/png' } },
  getProductImage: { target: 'none' },
  createStoreBuyback: { target: 'none', body: () => otherCreationBody },
  getBuybackByIdentificationNumber: { target: 'awaitingInventory' },
  getBuyback: { target: 'awaitingInventory' },
  getBuybackHistory: { target: 'awaitingInventory' },
  finalizeStoreBuyback: { target: 'awaitingDrop', body: () => ({}) },
  isBuybackVerifiable: { target: 'awaitingDrop' },
  shipBuyback: { target: 'awaitingInventory', body: () => ({ trackingNumber: 'TRK-1', trackingLink: null }) },
  checkInBuyback: { target: 'awaitingInventory', body: () => ({}) },
  completeBuybackByPrice: { target: 'awaitingDecision', body: () => ({ comment: 'ok' }) },
  absorbPriceDeviation: { target: 'awaitingDecision', body: () => ({ controlledPriceInCents: 41_000 }) },
  proposeNewPrice: { target: 'awaitingDecision', body: () => ({ proposedPriceInCents: 30_000, reason: 'Rayures' }) },
  completeBuyback: { target: 'awaitingDecision', body: () => ({}) },
  cancelBuyback: { target: 'awaitingInventory', body: () => ({ reason: 'other', comment: 'x' }) },
  previewBuybackEdition: { target: 'awaitingInventory', body: () => ({ customer: { lastName: 'Volé' } }) },
  editBuyback: { target: 'awaitingInventory', body: () => ({ reason: 'Volé', customer: { lastName: 'Volé' } }) },
  getPriceProposal: { target: 'awaitingDecision', query: (token) => `?token=${token}` },
  acceptPriceProposal: { target: 'awaitingDecision', body: () => ({ token: SOME_TOKEN }) },
  rejectPriceProposal: { target: 'awaitingDecision', body: () => ({ token: SOME_TOKEN }) },
  rebuildProjection: { target: 'none' },
  getCart: { target: 'cart' },
  checkOutCart: { target: 'cart', body: () => ({ customer: customer() }) },
  // The warehouse's routes: the store seller holds none of their permissions but the loss in a store's, checked on an item they see.
  getItemByCode: { target: 'awaitingInventory' },
  getItem: { target: 'item' },
  getItemHistory: { target: 'item' },
  previewComplianceCheck: { target: 'item', body: () => ({ productId: DEMO_IDS.products.iphone15_128, responses: [] }) },
  recordComplianceCheck: { target: 'item', body: () => ({ productId: DEMO_IDS.products.iphone15_128, responses: [], decision: { kind: 'by_rule' } }) },
  quarantineItem: { target: 'item', body: () => ({ reason: 'other', comment: 'x' }) },
  releaseItem: { target: 'item', body: () => ({ stockId: randomUUID() }) },
  sendQuarantineMail: { target: 'item', body: () => ({}) },
  declareItemLost: { target: 'item', body: () => ({ place: 'store', comment: 'x' }) },
  moveItem: { target: 'item', body: () => ({ stockId: randomUUID(), reason: 'x' }) },
  returnItem: { target: 'item', body: () => ({}) },
  getItemEconomics: { target: 'item' },
  setItemResaleTarget: { target: 'item', body: () => ({ targetResalePriceInCents: 100 }) },
  getStock: { target: 'stock' },
  updateStock: { target: 'stock', body: () => ({ name: 'Réserve' }) },
  deleteStock: { target: 'stock' },
  getVerification: { target: 'none' },
  getVerificationJob: { target: 'none' },
  replayBuyback: { target: 'awaitingInventory' },
  findReplayTarget: { target: 'awaitingInventory' },
  // Logistics: a store seller holds the packages' permissions (404 for another tenant's), not the transports' or the rules'.
  getPackage: { target: 'package' },
  addBuybackToPackage: { target: 'package', body: () => ({ code: UNKNOWN_NUMBER }) },
  removeBuybackFromPackage: { target: 'package' },
  clearPackage: { target: 'package', body: () => ({}) },
  discardPackage: { target: 'package', body: () => ({}) },
  closePackage: { target: 'package', body: () => ({}) },
  getPackageLabel: { target: 'package' },
  shippingLabelReadiness: { target: 'awaitingDrop' },
  getShippingLabel: { target: 'awaitingInventory', query: (token) => `?token=${token}` },
  listBuybackDocuments: { target: 'awaitingInventory', query: (token) => `?token=${token}` },
  // A well-formed tracking token (expiry.signature) signed for nothing: another tenant's buyback answers as one that exists nowhere.
  getBuybackJourney: { target: 'awaitingDecision', query: () => `?token=4102444800.${SOME_TOKEN}` },
  getReturnLabel: { target: 'awaitingDecision' },
  getBuybackInstructions: { target: 'awaitingDrop' },
  getTransport: { target: 'transport' },
  retryTransportLabel: { target: 'transport', body: () => ({}) },
  getDispatchRule: { target: 'dispatchRule' },
  updateDispatchRule: {
    target: 'dispatchRule',
    body: () => ({ title: 'x', conditions: [{ attribute: 'brand', operator: 'in', values: ['Apple'] }], warehouseIds: [randomUUID()], nearest: false }),
  },
  deleteDispatchRule: { target: 'dispatchRule' },
  // Payments: whether the buyer pays is read on one's own account only.
  buyerPaymentFeatureAvailable: { target: 'account' },
  // A buyback's documents: for staff who may see it (or with its token), so another tenant's seller gets the 404 of an unknown buyback.
  getBuybackDocument: { target: 'awaitingInventory' },
  // Payment modes: managed by the account's managers, not a store seller (403 before any lookup).
  getPaymentMode: { target: 'paymentMode' },
  // The circuits and their dispatch circuit rules (circuit.list, circuit.manage): a store seller holds neither (tests/api/circuits.test.ts: another retailer's manager gets 404).
  getCircuit: { target: 'circuit' },
  changeCircuit: { target: 'circuit', body: () => ({ name: 'Volé' }) },
  activateCircuit: { target: 'circuit', body: () => ({}) },
  deactivateCircuit: { target: 'circuit', body: () => ({}) },
  getCircuitHistory: { target: 'circuit' },
  getDispatchCircuitRule: { target: 'circuitRule' },
  changeDispatchCircuitRule: { target: 'circuitRule', body: () => ({ status: 'disabled' }) },
  getDispatchCircuitRuleHistory: { target: 'circuitRule' },
  getRulePremiumFeatureConnector: { target: 'circuitRule', query: () => '?action=deposit_bonus' },
  switchRulePremiumFeatureConnector: { target: 'circuitRule', query: () => '?action=deposit_bonus', body: () => ({ active: true }) },
  getSsoConfiguration: { target: 'organization' },
  saveSsoConfiguration: {
    target: 'organization',
    body: () => ({
      domains: ['probe.example'],
      clientId: 'probe',
      clientSecret: 'probe-secret',
      discoveryEndpoint: 'https://idp.probe.example/.well-known/openid-configuration',
      scope: 'openid email',
      roleClaim: 'roles',
      entityClaim: null,
      roleMatching: [],
      fieldMatching: { firstname: 'given_name', lastname: 'family_name', email: 'email' },
    }),
  },
  getSsoConfigurationHistory: { target: 'organization' },
  getSftpSettings: { target: 'organization' },
  enableSftpAccess: { target: 'organization' },
  disableSftpAccess: { target: 'organization' },
  changeSftpImportConfiguration: { target: 'organization', body: () => ({ suffix: 'volé' }) },
  getSftpHistory: { target: 'organization' },
  getDataExport: { target: 'none' },
  downloadDataExport: { target: 'none' },
  finishSsoSignIn: { target: 'organization', body: () => ({ code: 'a-code', state: 'a-state-this-server-never-gave' }) },
  updatePaymentMode: { target: 'paymentMode', body: () => ({ label: 'Virement' }) },
  // Payments and transfer files: a store seller holds none of their permissions (403 before any lookup, whatever the id).
  getPayment: { target: 'none' },
  relaunchPayment: { target: 'none', body: () => ({ reason: 'x' }) },
  markPaymentAsPaid: { target: 'none', body: () => ({ information: 'x' }) },
  downloadTransferFile: { target: 'none' },
  importTransferFileStatusReport: { target: 'none', body: () => ({ content: '<Document/>' }) },
  getStatusReportJob: { target: 'none' },
  markTransferFileCompleted: { target: 'none', body: () => ({}) },
  // A password link's token (public: the link is the key; an unknown one is 404 for anyone).
  getPasswordLink: { target: 'none' },
  setPasswordFromLink: { target: 'none', body: () => ({ password: 'Abcdefg1', repeat: 'Abcdefg1' }) },
  // The users' routes (user.list, user.manage): a store seller holds neither; another retailer's administrator gets 404 (tests/api/users-admin.test.ts).
  getUser: { target: 'user' },
  updateUser: { target: 'user', body: () => ({ firstname: 'Volé' }) },
  getUserPermissions: { target: 'user' },
  getUserCurrentOrganization: { target: 'user' },
  getUserHistory: { target: 'user' },
  // The users import (user.import): a store seller does not hold it; another tenant's import is 404 (tests/api/users-import.test.ts).
  getUserImport: { target: 'none' },
  runUserImport: { target: 'none' },
  // The catalogue's files (catalog.export, catalog.import): a store seller holds neither; a download needs its export's signed link (tests/api/catalog-transfer.test.ts).
  getProductImport: { target: 'none' },
  getProductsExport: { target: 'none' },
  downloadProductsExport: { target: 'none', query: (token) => `?token=${token}` },
  getCategoriesExport: { target: 'none' },
  downloadCategoriesExport: { target: 'none', query: (token) => `?token=${token}` },
  getDiagnosticQuestionsExport: { target: 'none' },
  downloadDiagnosticQuestionsExport: { target: 'none', query: (token) => `?token=${token}` },
  // The clients (client.*: provider staff only) and the root details (root users of the account: another's is 404, tests/api/clients.test.ts).
  getClient: { target: 'account' },
  updateClient: { target: 'account', body: () => ({ commonName: 'Volé' }) },
  getClientHistory: { target: 'account' },
  getOrganizationRootDetail: { target: 'account' },
  updateOrganizationRootDetail: { target: 'account', body: () => ({ barCodeEnabled: true }) },
  // The general settings (settings.manage: provider staff and root managers; another retailer's account is not found, tests/api/settings-general.test.ts).
  getGeneralSettings: { target: 'account' },
  updateGeneralSettings: { target: 'account', body: () => ({ barCodeEnabled: true }) },
  getGeneralSettingsHistory: { target: 'account' },
  // The design (design.manage: provider staff and root managers; another retailer's account is not found, tests/api/settings-design.test.ts); its files are public.
  getDesign: { target: 'account' },
  changeDesign: { target: 'account', body: () => ({ mainColor: '#15803D' }) },
  getDesignHistory: { target: 'account' },
  // The home page (design.manage: provider staff and root managers; another retailer's account is not found, tests/api/settings-home-page.test.ts).
  getHomePage: { target: 'account' },
  updateHomePage: { target: 'account', body: () => ({ status: 'off' }) },
  getHomePageHistory: { target: 'account' },
  // The connectors (connector.read, connector.manage: provider staff and root managers; another retailer's configuration is not found, tests/api/connector-configurations.test.ts).
  getConnector: { target: 'none' },
  getConnectorConfiguration: { target: 'connectorConfiguration' },
  changeConnectorConfiguration: { target: 'connectorConfiguration', body: () => ({ name: 'Volée' }) },
  deleteConnectorConfiguration: { target: 'connectorConfiguration' },
  getConnectorConfigurationHistory: { target: 'connectorConfiguration' },
  testConnectorConfiguration: { target: 'connectorConfiguration' },
  getSettingsFile: { target: 'none' },
  getStorefrontLegalPage: { target: 'none' },
  deleteAccount: { target: 'account' },
  getAccountDeletionJob: { target: 'none' },
  getLinkedBuyers: { target: 'account' },
  reindexClientCatalogue: { target: 'account', body: () => ({}) },
  getClientCatalogueReindex: { target: 'account' },
  // The entities' routes (organization.list, organization.manage): a store seller holds neither; the public part needs none,
  // and another tenant's entity is not found (another retailer's administrator: tests/api/organizations-entities.test.ts).
  getOrganization: { target: 'organization' },
  changeOrganization: { target: 'organization', body: () => ({ commonName: 'Volé' }) },
  getOrganizationPublic: { target: 'organization' },
  getOrganizationModuleCount: { target: 'organization' },
  getOrganizationSearchKey: { target: 'organization' },
  getOrganizationUsersModuleCount: { target: 'organization' },
  getOrganizationHistory: { target: 'organization' },
  // The diagnostic questions (question.list, question.manage): a store seller holds neither; another retailer's manager gets 404 (tests/api/catalog-questions.test.ts).
  listCategoryDiagnosticQuestions: { target: 'none' },
  createDiagnosticQuestion: { target: 'none', body: () => ({ title: 'Volée ?', type: 'unique', answers: [{ title: 'Oui' }, { title: 'Non' }] }) },
  reorderDiagnosticQuestions: { target: 'none', body: () => ({ questionIds: [] }) },
  getDiagnosticQuestion: { target: 'question' },
  changeDiagnosticQuestion: { target: 'question', body: () => ({ title: 'Volée' }) },
  deleteDiagnosticQuestion: { target: 'question' },
  getDiagnosticQuestionHistory: { target: 'question' },
  // The workshop's definitions (refurb_step.*, refurb_diagnostic.*): a store seller holds none; another retailer's are not found (tests/api/refurb-definitions.test.ts).
  getRefurbStep: { target: 'refurbStep' },
  changeRefurbStep: { target: 'refurbStep', body: () => ({ name: 'Volée' }) },
  deleteRefurbStep: { target: 'refurbStep' },
  getRefurbStepHistory: { target: 'refurbStep' },
  getRefurbDiagnosisQuestion: { target: 'refurbQuestion' },
  changeRefurbDiagnosisQuestion: { target: 'refurbQuestion', body: () => ({ label: 'Volée' }) },
  deleteRefurbDiagnosisQuestion: { target: 'refurbQuestion' },
  getRefurbDiagnosisQuestionHistory: { target: 'refurbQuestion' },
  // The diagnosis (refurb_diagnostic.write; an item's with item.read): a store seller holds neither; another retailer's warehouse gets 404 (tests/api/refurb-diagnosis.test.ts).
  getRefurbDiagnosis: { target: 'item' },
  answerRefurbDiagnosis: { target: 'item', body: () => ({ answers: [] }) },
  finalizeRefurbDiagnosis: { target: 'item', body: () => ({ stockId: randomUUID() }) },
  getItemRefurbDiagnosis: { target: 'item' },
  // An item's refurb steps (refurb.write; reads with item.read): a store seller holds neither (tests/api/refurb-steps.test.ts: another retailer is refused).
  getItemRefurbSteps: { target: 'item' },
  getItemRefurbStep: { target: 'none' },
  startItemRefurbStep: { target: 'none', body: () => ({}) },
  pauseItemRefurbStep: { target: 'none', body: () => ({}) },
  resumeItemRefurbStep: { target: 'none', body: () => ({}) },
  cancelItemRefurbStep: { target: 'none', body: () => ({ comment: 'Volée' }) },
  validateItemRefurbStep: { target: 'none', body: () => ({}) },
  completeItemRefurbishment: { target: 'item', body: () => ({}) },
};

/**
 * Routes public by a buyback's id, on purpose: the storefront's customer
 * holds only the id (a random UUID) of the buyback they just registered.
 * They answer anyone the same, signed in or not, and carry no personal data.
 */
const PUBLIC_BY_ID: Record<string, string> = {
  getCategoryImage: 'a category’s picture, named by a random id: the storefront shows it to anyone',
  getBuybackInstructions: "the circuit's steps shown on the customer's confirmation",
  shippingLabelReadiness: "whether the customer's label is ready, asked after 3, 5, 10 and 15 seconds",
  finishSsoSignIn: 'the identity provider’s answer, accepted only with a state this server gave for that organization (single use)',
  getProductImage: 'a product’s picture, named by its content’s hash: the storefront shows it to anyone',
  getSettingsFile: 'a retailer’s logo, favicon or brand PDF, named by a random id: visitors are shown them',
  getStorefrontLegalPage: 'a storefront’s terms and FAQ, named by the page: visitors read them before selling',
};

/**
 * The explicit expectation per route, for a store seller of another tenant:
 * `denied` (403 before any lookup: the permission is not theirs) or
 * `not_found` (404, as for an id that does not exist). The test also derives
 * it from `x-permission` and the role matrix and checks both agree.
 */
type Expected = 'denied' | 'not_found' | 'public';

const EXPECTED: Record<string, Expected> = {
  getCategorySubtree: 'denied',
  getCategory: 'denied',
  changeCategory: 'denied',
  deleteCategory: 'denied',
  archiveCategory: 'denied',
  linkCategoryCircuit: 'denied',
  unlinkCategoryCircuit: 'denied',
  getCategoryAncestry: 'denied',
  getCategoryArchiveCheckpoints: 'denied',
  getCategoryParentChange: 'denied',
  getCategoryHistory: 'denied',
  getProductCategoryTree: 'denied',
  getCategoryImage: 'public',
  getProduct: 'not_found',
  getDiagnosticQuestions: 'not_found',
  getBuybackOptions: 'not_found',
  getProductDetails: 'denied',
  changeProduct: 'denied',
  publishProduct: 'denied',
  unpublishProduct: 'denied',
  getProductPriceHistory: 'denied',
  getProductHistory: 'denied',
  uploadProductImage: 'denied',
  getProductImage: 'public',
  createStoreBuyback: 'not_found',
  getBuybackByIdentificationNumber: 'not_found',
  getBuyback: 'not_found',
  getBuybackHistory: 'not_found',
  finalizeStoreBuyback: 'not_found',
  isBuybackVerifiable: 'not_found',
  shipBuyback: 'not_found',
  checkInBuyback: 'denied',
  completeBuybackByPrice: 'denied',
  absorbPriceDeviation: 'denied',
  proposeNewPrice: 'denied',
  completeBuyback: 'denied',
  cancelBuyback: 'not_found',
  previewBuybackEdition: 'not_found',
  editBuyback: 'not_found',
  getPriceProposal: 'not_found',
  acceptPriceProposal: 'not_found',
  rejectPriceProposal: 'not_found',
  rebuildProjection: 'denied',
  getCart: 'not_found',
  checkOutCart: 'not_found',
  getItemByCode: 'denied',
  getItem: 'denied',
  getItemHistory: 'denied',
  previewComplianceCheck: 'denied',
  recordComplianceCheck: 'denied',
  quarantineItem: 'denied',
  releaseItem: 'denied',
  sendQuarantineMail: 'denied',
  declareItemLost: 'not_found',
  moveItem: 'denied',
  returnItem: 'denied',
  getItemEconomics: 'denied',
  setItemResaleTarget: 'denied',
  getStock: 'denied',
  updateStock: 'denied',
  deleteStock: 'denied',
  getVerification: 'denied',
  getVerificationJob: 'denied',
  replayBuyback: 'denied',
  findReplayTarget: 'denied',
  getPackage: 'not_found',
  addBuybackToPackage: 'not_found',
  removeBuybackFromPackage: 'not_found',
  clearPackage: 'not_found',
  discardPackage: 'not_found',
  closePackage: 'not_found',
  getPackageLabel: 'not_found',
  shippingLabelReadiness: 'public',
  getShippingLabel: 'not_found',
  listBuybackDocuments: 'not_found',
  getBuybackJourney: 'not_found',
  getReturnLabel: 'denied',
  getBuybackInstructions: 'public',
  getTransport: 'denied',
  retryTransportLabel: 'denied',
  getDispatchRule: 'denied',
  updateDispatchRule: 'denied',
  deleteDispatchRule: 'denied',
  buyerPaymentFeatureAvailable: 'not_found',
  getBuybackDocument: 'not_found',
  getPaymentMode: 'denied',
  getCircuit: 'denied',
  changeCircuit: 'denied',
  activateCircuit: 'denied',
  deactivateCircuit: 'denied',
  getCircuitHistory: 'denied',
  getDispatchCircuitRule: 'denied',
  changeDispatchCircuitRule: 'denied',
  getDispatchCircuitRuleHistory: 'denied',
  getRulePremiumFeatureConnector: 'denied',
  switchRulePremiumFeatureConnector: 'denied',
  updatePaymentMode: 'denied',
  getPayment: 'denied',
  relaunchPayment: 'denied',
  markPaymentAsPaid: 'denied',
  downloadTransferFile: 'denied',
  importTransferFileStatusReport: 'denied',
  getStatusReportJob: 'denied',
  markTransferFileCompleted: 'denied',
  getPasswordLink: 'not_found',
  setPasswordFromLink: 'not_found',
  getUser: 'denied',
  updateUser: 'denied',
  getUserPermissions: 'denied',
  getUserCurrentOrganization: 'denied',
  getUserHistory: 'denied',
  getUserImport: 'denied',
  runUserImport: 'denied',
  getProductImport: 'denied',
  getProductsExport: 'denied',
  downloadProductsExport: 'not_found',
  getCategoriesExport: 'denied',
  downloadCategoriesExport: 'not_found',
  getDiagnosticQuestionsExport: 'denied',
  downloadDiagnosticQuestionsExport: 'not_found',
  getClient: 'denied',
  updateClient: 'denied',
  getClientHistory: 'denied',
  getOrganizationRootDetail: 'denied',
  updateOrganizationRootDetail: 'denied',
  getGeneralSettings: 'denied',
  updateGeneralSettings: 'denied',
  getGeneralSettingsHistory: 'denied',
  getDesign: 'denied',
  changeDesign: 'denied',
  getDesignHistory: 'denied',
  getHomePage: 'denied',
  updateHomePage: 'denied',
  getHomePageHistory: 'denied',
  getConnector: 'denied',
  getConnectorConfiguration: 'denied',
  changeConnectorConfiguration: 'denied',
  deleteConnectorConfiguration: 'denied',
  getConnectorConfigurationHistory: 'denied',
  testConnectorConfiguration: 'denied',
  getSettingsFile: 'public',
  getStorefrontLegalPage: 'public',
  deleteAccount: 'denied',
  getAccountDeletionJob: 'denied',
  getLinkedBuyers: 'denied',
  reindexClientCatalogue: 'denied',
  getClientCatalogueReindex: 'denied',
  getOrganization: 'denied',
  changeOrganization: 'denied',
  getOrganizationPublic: 'not_found',
  getOrganizationModuleCount: 'denied',
  getOrganizationSearchKey: 'not_found',
  getOrganizationUsersModuleCount: 'denied',
  getOrganizationHistory: 'denied',
  getSsoConfiguration: 'denied',
  saveSsoConfiguration: 'denied',
  getSsoConfigurationHistory: 'denied',
  getSftpSettings: 'denied',
  enableSftpAccess: 'denied',
  disableSftpAccess: 'denied',
  changeSftpImportConfiguration: 'denied',
  getSftpHistory: 'denied',
  getDataExport: 'denied',
  downloadDataExport: 'denied',
  finishSsoSignIn: 'public',
  listCategoryDiagnosticQuestions: 'denied',
  createDiagnosticQuestion: 'denied',
  reorderDiagnosticQuestions: 'denied',
  getDiagnosticQuestion: 'denied',
  changeDiagnosticQuestion: 'denied',
  deleteDiagnosticQuestion: 'denied',
  getDiagnosticQuestionHistory: 'denied',
  getRefurbStep: 'denied',
  changeRefurbStep: 'denied',
  deleteRefurbStep: 'denied',
  getRefurbStepHistory: 'denied',
  getRefurbDiagnosisQuestion: 'not_found',
  changeRefurbDiagnosisQuestion: 'denied',
  deleteRefurbDiagnosisQuestion: 'denied',
  getRefurbDiagnosisQuestionHistory: 'not_found',
  getRefurbDiagnosis: 'denied',
  answerRefurbDiagnosis: 'denied',
  finalizeRefurbDiagnosis: 'denied',
  getItemRefurbDiagnosis: 'denied',
  getItemRefurbSteps: 'denied',
  getItemRefurbStep: 'denied',
  startItemRefurbStep: 'denied',
  pauseItemRefurbStep: 'denied',
  resumeItemRefurbStep: 'denied',
  cancelItemRefurbStep: 'denied',
  validateItemRefurbStep: 'denied',
  completeItemRefurbishment: 'denied',
};

interface ProbeResult {
  operation: Operation;
  expected: Expected;
  foreign: ApiResponse;
  /** The same request with no token at all. */
  tokenless: ApiResponse;
  unknown: ApiResponse;
  /** The values put into the path, to compare the two answers with them masked. */
  foreignValues: Record<string, string>;
  unknownValues: Record<string, string>;
}

/** The schema with each `#/components/schemas/…` reference replaced by the component (a titled request body is one). */
function inlined(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return inlined(components[ref.slice('#/components/schemas/'.length)], components);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, components)]));
}

async function operationsWithPathParameters(): Promise<Operation[]> {
  const openapi = await t.api.get('/openapi.json');
  expect(openapi.status).toBe(200);
  const components = openapi.body.components.schemas as Record<string, unknown>;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(openapi.body.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const pathParams = (operation.parameters as Array<{ in: string; name: string }>).filter((p) => p.in === 'path').map((p) => p.name);
      if (pathParams.length === 0) continue;
      operations.push({
        method,
        path: path.replace(/^\/api/, ''),
        operationId: operation.operationId,
        permission: operation['x-permission'],
        pathParams,
        tag: (operation.tags as string[] | undefined)?.[0] ?? '',
        bodySchema: inlined(operation.requestBody?.content?.['application/json']?.schema, components) as JsonSchema | undefined,
      });
    }
  }
  return operations;
}

/** Public by id (listed above); else 403 when the caller's user type lacks the route's permission; otherwise (held, none needed, or public) 404. */
function derivedExpectation(operation: Operation, userType: UserType): Expected {
  if (operation.operationId in PUBLIC_BY_ID) return 'public';
  return typeof operation.permission === 'string' && !permissionsOf(userType).has(operation.permission)
    ? 'denied'
    : 'not_found';
}

function targetOf(target: Target): { id: string; identificationNumber: string } {
  if (target === 'product') return { id: DEMO_IDS.products.iphone15_128, identificationNumber: '' };
  if (target === 'category') return { id: DEMO_IDS.categories.smartphones, identificationNumber: '' };
  if (target === 'none') return { id: randomUUID(), identificationNumber: '' };
  if (target === 'cart') return { id: demoCart, identificationNumber: '' };
  if (target === 'item') return { id: demoItem, identificationNumber: '' };
  if (target === 'stock') return { id: demoStock, identificationNumber: '' };
  if (target === 'package') return { id: demoPackage.id, identificationNumber: '' };
  if (target === 'transport') return { id: demoTransport, identificationNumber: '' };
  if (target === 'dispatchRule') return { id: demoRule, identificationNumber: '' };
  if (target === 'account') return { id: DEMO_ACCOUNT, identificationNumber: '' };
  if (target === 'connectorConfiguration') return { id: demoConnectorConfiguration, identificationNumber: '' };
  if (target === 'paymentMode') return { id: DEMO_IDS.paymentModes.demo.voucher, identificationNumber: '' };
  if (target === 'circuit') return { id: DEMO_IDS.circuits.demo.web_post, identificationNumber: '' };
  if (target === 'circuitRule') return { id: dispatchCircuitRuleIdOf(DEMO_ACCOUNT, DEMO_IDS.circuits.demo.web_post), identificationNumber: '' };
  if (target === 'user') return { id: DEMO_IDS.users.seller, identificationNumber: '' };
  if (target === 'organization') return { id: DEMO_IDS.stores.lyon, identificationNumber: '' };
  if (target === 'question') return { id: DEMO_IDS.questions.accessories, identificationNumber: '' };
  if (target === 'refurbStep') return { id: REFURB_DEMO_IDS.stepDefinitions.screen, identificationNumber: '' };
  if (target === 'refurbQuestion') return { id: REFURB_DEMO_IDS.questions.screen, identificationNumber: '' };
  return demo[target];
}

const UNKNOWN_NUMBER = identificationNumberFrom('200000000000');

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

function masked(response: ApiResponse, values: Record<string, string>): string {
  let text = JSON.stringify(response.body);
  for (const [name, value] of Object.entries(values)) if (value) text = text.split(value).join(`<${name}>`);
  return text;
}

async function call(client: ApiClient, operation: Operation, values: Record<string, string>, probe: Probe): Promise<ApiResponse> {
  const path = fill(operation.path, values) + (probe.query?.(SOME_TOKEN) ?? '');
  const body = operation.method === 'get' || operation.method === 'head' ? undefined : (probe.body?.() ?? {});
  return client.request(operation.method.toUpperCase(), path, body, probe.headers);
}

/** Each operation called by `caller` (of user type `userType`) once with Demo Retail's ids, once with ids that exist nowhere, once without a token. */
async function probeAll(operations: readonly Operation[], caller: ApiClient, userType: UserType): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const operation of operations) {
    const probe = PROBES[operation.operationId];
    if (!probe) continue;
    const target = targetOf(probe.target);
    const foreignValues = {
      id: target.id,
      cartId: target.id,
      accountId: target.id,
      storeId: PARIS,
      identificationNumber: target.identificationNumber,
      code: target.identificationNumber,
      name: 'buybacks',
      kind: operation.operationId === 'uploadProductImage' ? 'image' : 'tracking-sheet',
      imageId: 'f'.repeat(64),
      circuitId: DEMO_IDS.circuits.demo.web_post,
      buybackId: probe.target === 'package' ? demoPackage.buybackId : demo.awaitingInventory.id,
      categoryId: DEMO_IDS.categories.smartphones,
      token: SOME_TOKEN,
      page: operation.operationId === 'getStorefrontLegalPage' ? 'faq' : 'tim',
    };
    const unknown = randomUUID();
    const unknownValues = {
      id: unknown,
      cartId: unknown,
      accountId: unknown,
      storeId: randomUUID(),
      identificationNumber: UNKNOWN_NUMBER,
      code: UNKNOWN_NUMBER,
      name: 'buybacks',
      kind: operation.operationId === 'uploadProductImage' ? 'image' : 'tracking-sheet',
      imageId: 'e'.repeat(64),
      circuitId: randomUUID(),
      buybackId: randomUUID(),
      categoryId: randomUUID(),
      token: SOME_TOKEN,
      page: operation.operationId === 'getStorefrontLegalPage' ? 'faq' : 'tim',
    };
    results.push({
      operation,
      expected: derivedExpectation(operation, userType),
      foreign: await call(caller, operation, foreignValues, probe),
      tokenless: await call(t.api, operation, foreignValues, probe),
      unknown: await call(caller, operation, unknownValues, probe),
      foreignValues,
      unknownValues,
    });
  }
  return results;
}

describe('every route naming an id, called by another tenant’s store seller with Demo Retail’s ids', () => {
  let operations: Operation[];
  let results: ProbeResult[];
  let before: Record<string, { status: string; revision: number; historyLength: number }>;

  async function snapshotDemo() {
    const entries = await Promise.all(
      (['awaitingInventory', 'awaitingDrop', 'awaitingDecision'] as const).map(async (key) => {
        const detail = await retailerRoot.get(`/buybacks/${demo[key].id}`);
        const history = await retailerRoot.get(`/buybacks/${demo[key].id}/history`);
        return [key, { status: detail.body.status, revision: detail.body.revision, historyLength: history.body.items.length }] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  beforeAll(async () => {
    operations = await operationsWithPathParameters();
    before = await snapshotDemo();
    // When: each route is called once with Demo Retail's ids, once with ids that exist nowhere
    results = await probeAll(operations, otherSeller, otherUserType);
  });

  it('covers every operation of the route table that has a path parameter, each with a request valid for its schema', () => {
    expect(operations.length).toBeGreaterThanOrEqual(Object.keys(PROBES).length);
    expect(operations.map((o) => o.operationId).filter((id) => !PROBES[id]), 'operations without a probe: add one to PROBES').toEqual([]);
    for (const operation of operations) {
      const probe = PROBES[operation.operationId]!;
      if (operation.bodySchema) {
        expect(validate(operation.bodySchema, structuredClone(probe.body?.() ?? {}), false, 'body'), operation.operationId).toEqual([]);
      }
    }
  });

  it('derives the expected answer of each route from its x-permission and the role matrix as listed explicitly', () => {
    expect(otherUserType).toBe('store_seller');
    const derived = Object.fromEntries(operations.map((o) => [o.operationId, derivedExpectation(o, otherUserType)]));
    expect(derived).toEqual(EXPECTED);
  });

  it('answers 404 on every route whose permission they hold, exactly as for an id that exists nowhere', () => {
    const checked = results.filter((r) => r.expected === 'not_found');
    expect(checked.length).toBeGreaterThan(0);
    const wrong = checked
      .filter((r) => r.foreign.status !== 404 || masked(r.foreign, r.foreignValues) !== masked(r.unknown, r.unknownValues))
      .map((r) => ({ operation: r.operation.operationId, status: r.foreign.status, body: r.foreign.body, unknown: r.unknown.body }));
    expect(wrong).toEqual([]);
  });

  it('answers 403 ACCESS_DENIED with no data on every route whose permission they lack, before any lookup', () => {
    const checked = results.filter((r) => r.expected === 'denied');
    expect(checked.length).toBeGreaterThan(0);
    for (const r of checked) {
      expect(r.foreign.status, r.operation.operationId).toBe(403);
      expect(r.foreign.body, r.operation.operationId).toEqual({
        code: 'ACCESS_DENIED',
        message: expect.any(String),
        details: { permission: r.operation.permission },
      });
      // The same answer whether the id exists or not: nothing was looked up.
      expect(r.unknown.body, r.operation.operationId).toEqual(r.foreign.body);
    }
  });

  it('answers a route public by id exactly as it answers anyone without a token, and each is listed with its reason', () => {
    const checked = results.filter((r) => r.expected === 'public');
    expect(checked.map((r) => r.operation.operationId).sort()).toEqual(Object.keys(PUBLIC_BY_ID).sort());
    for (const r of checked) {
      expect({ status: r.foreign.status, body: r.foreign.body }, r.operation.operationId).toEqual({ status: r.tokenless.status, body: r.tokenless.body });
    }
  });

  it('never shows the Demo customer’s name, and never a Demo identification number the caller did not send', () => {
    for (const r of results) {
      const text = JSON.stringify(r.foreign.body);
      expect(text, r.operation.operationId).not.toContain(DEMO_CUSTOMER.lastName);
      expect(text, r.operation.operationId).not.toContain(DEMO_CUSTOMER.email);
      for (const buyback of Object.values(demo)) {
        if (buyback.identificationNumber === r.foreignValues.identificationNumber && r.operation.pathParams.includes('identificationNumber')) continue;
        expect(text, r.operation.operationId).not.toContain(buyback.identificationNumber);
      }
    }
  });

  it('never answers 2xx, and leaves every Demo buyback exactly as it was', async () => {
    expect(results.filter((r) => r.expected !== 'public' && r.foreign.status < 300).map((r) => r.operation.operationId)).toEqual([]);
    expect(await snapshotDemo()).toEqual(before);
    const paris = await demoSeller.get(`/buybacks?storeId[]=${PARIS}&itemsPerPage=100`);
    expect(paris.body.items.every((b: { accountId: string }) => b.accountId === DEMO_ACCOUNT)).toBe(true);
  });
});

/** The organizations part's tags: what a retailer's administrator administers. */
const ADMINISTRATION_TAGS = new Set(['organizations', 'users', 'clients', 'sso', 'connectors']);

describe('every route of the organizations part naming an id, called by another retailer’s administrator with Demo Retail’s ids', () => {
  let results: ProbeResult[];

  beforeAll(async () => {
    // Given: Other Retail's administrator, made as a provider's staff member would (created, invited, first password set).
    const email = 'admin.tenancy@other.test';
    const created = await admin.post('/users', {
      firstname: 'Odile',
      lastname: 'Autre',
      email,
      status: 'active',
      accountId: OTHER_ACCOUNT,
      modules: { root: { userType: 'root_management_unit_manager', organizationId: DEMO_IDS.organizations.otherRoot } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = /https?:\/\/\S+/.exec(t.mailer.sent.find((mail) => mail.to === email)?.text ?? '')?.[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const token = new URL(link as string).searchParams.get('token') as string;
    const set = await t.api.post(`/password/new/${encodeURIComponent(token)}`, { password: DEMO_PASSWORD, repeat: DEMO_PASSWORD, acceptTerms: true });
    expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);
    const otherAdmin = await t.login(email, 'root');
    const operations = (await operationsWithPathParameters()).filter((operation) => ADMINISTRATION_TAGS.has(operation.tag));
    results = await probeAll(operations, otherAdmin, 'root_management_unit_manager');
  });

  it('probes the entities’, users’, clients’ and single sign-on’s routes, most of them within the administrator’s permissions', () => {
    const held = results.filter((r) => r.expected === 'not_found').map((r) => r.operation.operationId);
    expect(held).toEqual(expect.arrayContaining(['getOrganization', 'changeOrganization', 'getUser', 'updateUser', 'getSsoConfiguration', 'getOrganizationRootDetail']));
  });

  it('answers 404 on every route whose permission they hold, exactly as for an id that exists nowhere', () => {
    const wrong = results
      .filter((r) => r.expected === 'not_found')
      .filter((r) => r.foreign.status !== 404 || masked(r.foreign, r.foreignValues) !== masked(r.unknown, r.unknownValues))
      .map((r) => ({ operation: r.operation.operationId, status: r.foreign.status, body: r.foreign.body }));
    expect(wrong).toEqual([]);
  });

  it('answers 403 ACCESS_DENIED on the provider’s own routes (the clients), and never 2xx', () => {
    for (const r of results.filter((result) => result.expected === 'denied')) {
      expect(r.foreign.status, r.operation.operationId).toBe(403);
      expect(r.foreign.body.code, r.operation.operationId).toBe('ACCESS_DENIED');
    }
    expect(results.filter((r) => r.expected !== 'public' && r.foreign.status < 300).map((r) => r.operation.operationId)).toEqual([]);
  });
});

describe('other ways in', () => {
  it('an estimate of a Demo product answers 404 PRODUCT_NOT_FOUND', async () => {
    const estimate = await otherSeller.post('/estimates', { productId: DEMO_IDS.products.iphone15_128, responses: [] });
    expect(estimate.status).toBe(404);
    expect(estimate.body.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('a buyback of a Demo product in their own store answers 404 PRODUCT_NOT_FOUND', async () => {
    const created = await otherSeller.post(`/store/${LILLE}/buybacks`, { ...otherCreationBody, productId: DEMO_IDS.products.iphone15_128 });
    expect(created.status).toBe(404);
    expect(created.body.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('a Demo web buyback awaiting its drop cannot be found or finalized in the other tenant’s own store', async () => {
    const found = await otherSeller.get(`/buybacks/by-identification-number/${demo.awaitingDrop.identificationNumber}`);
    const finalized = await otherSeller.post(`/store/${LILLE}/buybacks/${demo.awaitingDrop.id}/finalize`, {});
    expect(found.status).toBe(404);
    expect(finalized.status).toBe(404);
    expect(finalized.body.code).toBe('BUYBACK_NOT_FOUND');
    expect((await retailerRoot.get(`/buybacks/${demo.awaitingDrop.id}`)).body.status).toBe('bb_awaiting_store_drop');
  });

  it('a Demo seller cannot reach the other tenant’s buyback either', async () => {
    const detail = await demoSeller.get(`/buybacks/${otherBuyback.id}`);
    expect(detail.status).toBe(404);
    expect(detail.body.code).toBe('BUYBACK_NOT_FOUND');
  });
});

// ---------------------------------------------------------------------------
// What each user's lists show
// ---------------------------------------------------------------------------

async function listAll(client: ApiClient, query = ''): Promise<Array<Record<string, any>>> {
  const list = await client.get(`/buybacks?itemsPerPage=100${query}`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  expect(list.body.totalItems).toBeLessThanOrEqual(100);
  return list.body.items;
}
const idsOf = (rows: Array<Record<string, any>>) => rows.map((r) => r.id as string);

describe('lists across tenants', () => {
  it('the other tenant’s seller lists their own buybacks and never a Demo one', async () => {
    const rows = await listAll(otherSeller);
    expect(idsOf(rows)).toContain(otherBuyback.id);
    expect(rows.every((r) => r.accountId === OTHER_ACCOUNT)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(DEMO_CUSTOMER.lastName);
    expect(await listAll(otherSeller, `&customerName=${DEMO_CUSTOMER.lastName}`)).toEqual([]);
    expect(await listAll(otherSeller, `&identificationNumber=${demo.awaitingInventory.identificationNumber}`)).toEqual([]);
  });

  it('the other tenant’s seller searches only their own catalogue', async () => {
    const products = await otherSeller.get('/products?status=all&itemsPerPage=100');
    expect(products.status).toBe(200);
    expect(products.body.totalItems).toBeGreaterThan(0);
    expect(products.body.items.every((p: { accountId: string }) => p.accountId === OTHER_ACCOUNT)).toBe(true);
    const demoProductIds = Object.values(DEMO_IDS.products).filter((id) => id !== DEMO_IDS.products.otherIphone13_128);
    expect(products.body.items.map((p: { id: string }) => p.id).filter((id: string) => demoProductIds.includes(id))).toEqual([]);
    // The search may find the other tenant's own iPhones for "iphone 15" (typo tolerance), never a Demo one.
    const searched = await otherSeller.get('/products?search=iphone%2015&status=all&itemsPerPage=100');
    expect(searched.body.items.filter((p: { accountId: string; id: string }) => p.accountId !== OTHER_ACCOUNT || demoProductIds.includes(p.id))).toEqual([]);
  });

  it('the super admin, bound to no tenant, lists the buybacks of both', async () => {
    const rows = await listAll(admin);
    expect(idsOf(rows)).toEqual(expect.arrayContaining([otherBuyback.id, demo.awaitingInventory.id, demo.lyon.id]));
    expect(new Set(rows.map((r) => r.accountId))).toEqual(new Set([DEMO_ACCOUNT, OTHER_ACCOUNT]));
  });

  it('the super admin cannot register a buyback: bound to no tenant, they get 403 ACCOUNT_REQUIRED', async () => {
    const refused = await admin.post(`/store/${LYON}/buybacks`, await creationBody(retailerRoot));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_REQUIRED');
  });

  it('the warehouse operator lists only the buybacks bound for their warehouse', async () => {
    const rows = await listAll(demoWarehouse);
    expect(idsOf(rows)).toEqual(expect.arrayContaining([demo.awaitingInventory.id, demo.lyon.id]));
    expect(rows.every((r) => r.warehouseId === DEMO_IDS.warehouses.demo)).toBe(true);
    expect(idsOf(rows)).not.toContain(otherBuyback.id);
  });

  it('the buyer manager lists only their buyer’s buybacks', async () => {
    const rows = await listAll(demoBuyer);
    expect(idsOf(rows)).toEqual(expect.arrayContaining([demo.awaitingInventory.id, demo.lyon.id]));
    expect(rows.every((r) => r.buyerId === DEMO_IDS.buyers.demo)).toBe(true);
    expect(idsOf(rows)).not.toContain(otherBuyback.id);
  });

  it('the Paris manager and seller do not see a Lyon buyback, in the list or by its id', async () => {
    for (const client of [demoManager, demoSeller, retailerTim]) {
      const rows = await listAll(client);
      expect(idsOf(rows)).toContain(demo.awaitingInventory.id);
      expect(idsOf(rows)).not.toContain(demo.lyon.id);
      expect(rows.filter((r) => r.storeId !== null).every((r) => r.storeId === PARIS)).toBe(true);
      expect((await client.get(`/buybacks/${demo.lyon.id}`)).status).toBe(404);
      expect((await client.get(`/buybacks/by-identification-number/${demo.lyon.identificationNumber}`)).status).toBe(404);
    }
  });

  it('the Demo root manager, in module root, sees the buybacks of Paris and Lyon', async () => {
    const rows = await listAll(retailerRoot);
    expect(idsOf(rows)).toEqual(expect.arrayContaining([demo.awaitingInventory.id, demo.lyon.id, demo.awaitingDrop.id]));
    expect(rows.every((r) => r.accountId === DEMO_ACCOUNT)).toBe(true);
  });
});
