import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppendResult,
  EventStore,
  ReadAllOptions,
  StoredEvent,
  SubscribeOptions,
  SubscriptionHandle,
} from '../../application/ports/event-store.js';
import type { DocumentStore, StoredDocument } from '../../application/ports/document-store.js';
import type { PersonalDataVault } from '../../application/ports/personal-data.js';
import { CHECKPOINTS_COLLECTION, ProjectionRunner } from '../../application/projections/projection-runner.js';
import { TOKENS } from '../../application/tokens.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { ALL_PROJECTIONS } from '../support/assembly.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk, historyActors } from '../support/api-helpers.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { editionJourney } from '../support/edition-helpers.js';
import { appendToItem } from '../../application/warehouse/commands/item-command.js';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../application/events/codec.js';
import { carrierReport, eventually, LYON, openPackage, ORLEANS, packageWithLabel, scan, sendCarrierReport } from '../support/logistics-helpers.js';
import type { WarehousePorts } from '../../application/warehouse/warehouse-ports.js';
import { paymentJourneys } from '../support/payment-helpers.js';
import { transferFileJourneys } from '../support/transfer-file-helpers.js';
import { sendInvitation } from '../../application/organizations/passwords/invitation.js';
import { passwordPortsOf } from '../../infrastructure/modules/organizations/password-wiring.js';
import { REFURBISHMENT_STREAMS, itemRefurbStepIdOf, refurbDiagnosisIdOf } from '../../application/refurbishment/streams.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { demoPng } from '../../infrastructure/modules/settings/demo/demo-png.js';

const nativeStockIdOf = (warehouseId: string) => nativeStockId(warehouseId, 'to_refurbish');

/**
 * At-least-once delivery: whatever the adapter, an event may reach the
 * projections more than once (MongoDB has no transaction around a batch and
 * its checkpoint; a crash replays the batch). The read models must come out
 * exactly as if every event had been applied once, in order.
 */

const SILENT = { info: () => undefined, error: () => undefined };
const FORGOTTEN_EMAIL = 'oubli.moi@example.com';

let t: TestPlatform;
let events: StoredEvent[];
let vault: PersonalDataVault;

/** The events as a subscription of the same process received them while the history was built. */
const delivered: StoredEvent[] = [];
let seededHead = 0;

beforeAll(async () => {
  t = await startTestPlatform();
  seededHead = await t.platform.eventStore.lastGlobalPosition();
  const subscription = t.platform.eventStore.subscribeToAll({
    after: seededHead,
    onEvents: async (batch) => {
      delivered.push(...batch);
    },
  });
  await buildHistory(t);
  events = await readEverything(t.platform.eventStore);
  const head = events[events.length - 1]?.globalPosition ?? 0;
  while ((delivered[delivered.length - 1]?.globalPosition ?? 0) < head) await new Promise((resolve) => setTimeout(resolve, 10));
  await subscription.close();
  vault = t.platform.container.resolve<PersonalDataVault>(TOKENS.PersonalDataVault);
});
afterAll(async () => {
  await t?.close();
});

describe('live delivery in the same process', () => {
  it('hands subscriptions exactly the events the log holds, whether from memory or read back', () => {
    // The SQLite store hands this process's subscriptions the events it just committed, as appended:
    // they must be what reading the log gives (JSON-exact: no undefined field, no class instance).
    const stored = events.filter((event) => event.globalPosition > seededHead);
    expect(stored.length).toBeGreaterThan(20);
    expect(delivered.map((event) => JSON.parse(JSON.stringify(event)))).toStrictEqual(stored);
    expect(delivered).toStrictEqual(stored);
  });
});

describe('projections under at-least-once delivery', () => {
  it('should be idempotent if every event is delivered twice', async () => {
    // The history covers every buyback event type, a broadcast event, and the seed's reference data.
    const types = new Set(events.map((e) => e.type.replace(/\.v\d+$/, '')));
    for (const type of ALL_PROJECTIONS.flatMap((p) => p.eventTypes)) expect(types, `history lacks ${type}`).toContain(type);

    const baseline = await project([events], 'keep checkpoints');
    // The harness is the live path: the platform's own read models are the same documents.
    expect(baseline).toEqual(await snapshot(t.platform.documents));
    expect(baseline.buybacks?.length).toBeGreaterThanOrEqual(7);

    for (const seed of [20261121, 7, 424242]) {
      const twice = deliveredTwice(events, mulberry32(seed));
      expectEveryEventTwiceFirstInOrder(twice, events);

      for (const batchSize of [1, 9, 64]) {
        const batches = chunk(twice, batchSize);
        // Checkpoints wiped before every batch (a restart that lost them): only the documents'
        // revision guard stands between a duplicate and a second application.
        expect(await project(batches, 'reset checkpoints before every batch'), `seed ${seed}, batches of ${batchSize}`).toEqual(baseline);
        // One runner as it runs: its checkpoint skips a later duplicate, the guard catches the others.
        expect(await project(batches, 'keep checkpoints'), `seed ${seed}, batches of ${batchSize}, one runner`).toEqual(baseline);
      }
    }
    // Every projection over the whole history, many times: about 20 s alone, more beside another test file.
  }, 120_000);

  it('a duplicate the guard cannot recognise shows in the read models (control: the comparison above can fail)', async () => {
    // Control: with _applied stripped between deliveries the guard cannot recognise the duplicate,
    // and the history (which appends an entry per event) grows: the comparison above can fail.
    const documents = new SqliteDocumentStore({ path: ':memory:' });
    try {
      await deliver(documents, [events]);
      const history = documents.collection('buyback_history');
      for (const document of await history.find({})) {
        const { _applied: _ignored, ...rest } = document;
        await history.upsert(rest as StoredDocument);
      }
      await documents.collection(CHECKPOINTS_COLLECTION).clear();
      const lastBuybackEvent = [...events].reverse().find((e) => e.streamName.startsWith('buyback-') && !e.streamName.startsWith('buyback-number-'));
      await deliver(documents, [[lastBuybackEvent as StoredEvent]]);
      const id = (lastBuybackEvent as StoredEvent).streamName.slice('buyback-'.length);
      const entries = (await history.get(id))?.entries as Array<{ eventId: string }>;
      expect(entries.filter((e) => e.eventId === lastBuybackEvent?.id)).toHaveLength(2);
    } finally {
      await documents.close();
    }
  });
});

// ---------------------------------------------------------------------------
// Applying a delivery sequence with the real runner

type Snapshot = Record<string, StoredDocument[]>;

async function project(batches: StoredEvent[][], mode: 'keep checkpoints' | 'reset checkpoints before every batch'): Promise<Snapshot> {
  const documents = new SqliteDocumentStore({ path: ':memory:' });
  try {
    if (mode === 'keep checkpoints') {
      await deliver(documents, batches);
    } else {
      for (const batch of batches) {
        await documents.collection(CHECKPOINTS_COLLECTION).clear();
        await deliver(documents, [batch]);
      }
    }
    return await snapshot(documents);
  } finally {
    await documents.close();
  }
}

/** Starts a ProjectionRunner whose subscription delivers exactly `batches`, waits for them, stops it. */
async function deliver(documents: DocumentStore, batches: StoredEvent[][]): Promise<void> {
  const store = new ScriptedEventStore(batches);
  const runner = new ProjectionRunner(store, documents, vault, ALL_PROJECTIONS, SILENT);
  await runner.start();
  await store.delivered;
  await runner.stop();
}

/**
 * Every projection's collection, documents sorted by id, bookkeeping included:
 * a broadcast event (`customer-…`) reaches a document registered earlier in
 * the same batch too (the runner matches the documents it holds), so where
 * batches end changes nothing, not even the revisions recorded.
 */
async function snapshot(documents: DocumentStore): Promise<Snapshot> {
  const result: Snapshot = {};
  for (const projection of ALL_PROJECTIONS) {
    result[projection.name] = await documents.collection(projection.collection).find({}, { sort: [['_id', 1]] });
  }
  return result;
}

/**
 * An event store whose subscription hands over a fixed sequence of batches,
 * duplicates included, whatever checkpoint it is asked to start after: what a
 * redelivering transport does. A batch that fails fails the test.
 */
class ScriptedEventStore implements EventStore {
  delivered: Promise<void> = Promise.resolve();

  constructor(private readonly batches: StoredEvent[][]) {}

  subscribeToAll(options: SubscribeOptions): SubscriptionHandle {
    let closed = false;
    this.delivered = (async () => {
      for (const batch of this.batches) {
        if (closed) return;
        await options.onEvents(batch.map((event) => structuredClone(event)));
      }
    })();
    return {
      close: async () => {
        closed = true;
        await this.delivered.catch(() => undefined);
      },
    };
  }

  async lastGlobalPosition(): Promise<number> {
    return Math.max(0, ...this.batches.flat().map((e) => e.globalPosition));
  }
  async readAll(_options: ReadAllOptions): Promise<StoredEvent[]> {
    throw new Error('not used');
  }
  async readStream(_streamName: string): Promise<StoredEvent[]> {
    throw new Error('not used');
  }
  async appendToStream(): Promise<AppendResult> {
    throw new Error('read only');
  }
  async appendToStreams(): Promise<AppendResult[]> {
    throw new Error('read only');
  }
  async close(): Promise<void> {}
}

// ---------------------------------------------------------------------------
// Delivery sequences

/** Small seeded PRNG (mulberry32): the same seed gives the same sequence. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Each event at its own place, and once more at a random later place: the
 * duplicate of event i goes after event k, k drawn in [i, n); duplicates
 * landing after the same event are shuffled among themselves.
 */
function deliveredTwice(ordered: readonly StoredEvent[], random: () => number): StoredEvent[] {
  const n = ordered.length;
  const after: StoredEvent[][] = ordered.map(() => []);
  ordered.forEach((event, i) => after[i + Math.floor(random() * (n - i))]?.push(event));
  const sequence: StoredEvent[] = [];
  ordered.forEach((event, k) => {
    const duplicates = after[k] as StoredEvent[];
    for (let j = duplicates.length - 1; j > 0; j--) {
      const swap = Math.floor(random() * (j + 1));
      [duplicates[j], duplicates[swap]] = [duplicates[swap] as StoredEvent, duplicates[j] as StoredEvent];
    }
    sequence.push(event, ...duplicates);
  });
  return sequence;
}

function expectEveryEventTwiceFirstInOrder(sequence: readonly StoredEvent[], ordered: readonly StoredEvent[]): void {
  expect(sequence).toHaveLength(ordered.length * 2);
  const seen = new Map<string, number>();
  const firsts: string[] = [];
  for (const event of sequence) {
    const count = (seen.get(event.id) ?? 0) + 1;
    seen.set(event.id, count);
    if (count === 1) firsts.push(event.id);
  }
  expect([...seen.values()].every((count) => count === 2)).toBe(true);
  expect(firsts).toEqual(ordered.map((e) => e.id));
  // Not merely each event repeated in place: most duplicates travel.
  const adjacent = sequence.filter((event, i) => i > 0 && sequence[i - 1]?.id === event.id).length;
  expect(adjacent).toBeLessThan(ordered.length / 4);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

async function readEverything(store: EventStore): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: all.at(-1)?.globalPosition ?? 0, maxCount: 500 });
    if (page.length === 0) return all;
    all.push(...page);
  }
}

// ---------------------------------------------------------------------------
// A realistic history, through the API

async function buildHistory(platform: TestPlatform): Promise<void> {
  const { seller, warehouse, retailer, create } = await historyActors(platform);
  const toWarehouse = async (id: string) => {
    await expectOk(seller.post(`/buybacks/${id}/ship`, { trackingNumber: `TRK-${id.slice(0, 8)}`, trackingLink: 'https://track.example/1' }));
    await expectOk(warehouse.post(`/buybacks/${id}/check-in`));
  };
  const propose = async (id: string, cents: number) => {
    await expectOk(warehouse.post(`/buybacks/${id}/propose-new-price`, { proposedPriceInCents: cents, reason: 'Rayure écran', comment: 'Visible' }));
    const mail = platform.mailer.sent.filter((m) => m.template === 'priceProposal').at(-1);
    return /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;
  };

  const completedByPrice = await create();
  // Corrected before it leaves: BuybackEdited, and its item's ItemPurchasePriceCorrected.
  await editionJourney(seller, completedByPrice);
  await toWarehouse(completedByPrice);
  await expectOk(warehouse.post(`/buybacks/${completedByPrice}/complete-by-price`, { comment: 'Conforme' }));

  const cancelled = await create({ lastName: 'Martinez', email: 'l.martinez@example.com' });
  await expectOk(seller.post(`/buybacks/${cancelled}/cancel`, { reason: 'customer_retractation', comment: 'Changed their mind' }));

  const accepted = await create();
  await toWarehouse(accepted);
  const acceptToken = await propose(accepted, 30000);
  await expectOk(platform.api.post(`/public/buybacks/${accepted}/price-proposal/accept`, { token: acceptToken }));

  const rejected = await create({ firstName: 'Inès', email: 'ines.n@example.com' });
  await toWarehouse(rejected);
  const rejectToken = await propose(rejected, 25000);
  await expectOk(platform.api.post(`/public/buybacks/${rejected}/price-proposal/reject`, { token: rejectToken }));

  const completed = await create({}, 'voucher');
  await toWarehouse(completed);
  await expectOk(warehouse.post(`/buybacks/${completed}/complete`));

  const absorbed = await create();
  await toWarehouse(absorbed);
  await expectOk(warehouse.post(`/buybacks/${absorbed}/absorb`, { controlledPriceInCents: 41000, comment: 'Petite rayure' }));

  // A cart kept in the store, then checked out (the statistics' estimates and their conversion).
  const { customer: cartCustomer, ...device } = await creationBody(seller);
  const cart = await expectOk(seller.post('/carts', { storeId: PARIS, buybacks: [device] }), 201);
  await expectOk(seller.post(`/carts/${cart.cartId}/checkout`, { customer: cartCustomer }));

  // A web pre-declaration dropped in the store.
  const visitor: ApiClient = await platform.anonymous();
  const web = await expectOk(visitor.post('/web/buybacks', await creationBody(visitor, { channel: 'web', circuitType: 'web_drop' })), 201);
  await expectOk(seller.post(`/store/${PARIS}/buybacks/${web.id}/finalize`));
  await expectOk(seller.post(`/buybacks/${web.id}/cancel`, { reason: 'other', comment: 'Device not brought', force: true }));

  // A customer forgotten mid-journey: CustomerForgotten is a broadcast event, and events keep coming after it.
  const forgotten = await create({ lastName: 'Oubli', email: FORGOTTEN_EMAIL });
  await expectOk(seller.post(`/buybacks/${forgotten}/ship`, {}));
  await expectOk(retailer.post('/admin/customers/forget', { email: FORGOTTEN_EMAIL, accountId: DEMO_IDS.accounts.demo }));
  await expectOk(warehouse.post(`/buybacks/${forgotten}/check-in`));

  await warehouseJourneys(platform, { seller, warehouse, create });
  await logisticsJourneys(platform, { seller, warehouse, retailer, create });
  await paymentJourneys(platform.platform, retailer);
  await transferFileJourneys(platform.platform, retailer, seller);
  await userJourney(retailer);
  await entityJourney(retailer);
  await passwordJourney(platform);
  await clientJourney(platform);
  await sftpJourney(retailer);
  await connectorJourney(retailer);
  await ssoJourney(retailer);
  await questionJourney(retailer);
  await productJourney(retailer);
  await categoryJourney(retailer);
  await circuitJourney(platform, retailer);
  await refurbDefinitionJourney(retailer);
  await refurbDiagnosisJourney({ seller, warehouse, create });
}

/** A device checked as declared, its refurbishment diagnosis started, answered in part, then in full, and finalized (RefurbDiagnosisStarted … RefurbDiagnosisFinalized, with the item's events). */
async function refurbDiagnosisJourney({ seller, warehouse, create }: Pick<Awaited<ReturnType<typeof historyActors>>, 'seller' | 'warehouse' | 'create'>) {
  const id = await create();
  await expectOk(seller.post(`/buybacks/${id}/ship`, {}));
  const { identificationNumber } = await expectOk(seller.get(`/buybacks/${id}`));
  const itemId = (await expectOk(warehouse.post('/warehouse/check-ins', { code: identificationNumber }), 201)).id as string;
  const productId = (await expectOk(warehouse.get(`/items/${itemId}`))).product.productId as string;
  const checkQuestions = (await expectOk(warehouse.get(`/products/${productId}/diagnostic-questions`))).items as Array<{ id: string; answers: Array<{ id: string; blocksEstimate: boolean }> }>;
  const responses = checkQuestions.map((q) => ({ questionId: q.id, answerIds: [(q.answers.find((a) => !a.blocksEstimate) ?? q.answers[0])!.id] }));
  await expectOk(warehouse.post(`/items/${itemId}/compliance-checks`, { productId, responses, comment: null, decision: { kind: 'by_rule' } }));
  const diagnosis = await expectOk(warehouse.post('/refurb-diagnoses', { code: identificationNumber }), 201);
  const view = await expectOk(warehouse.get(`/refurb-diagnoses/${diagnosis.id}`));
  const answers = (view.questions as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({ questionId: q.id, answerIds: [q.answers.at(-1)!.id] }));
  await expectOk(warehouse.request('PUT', `/refurb-diagnoses/${diagnosis.id}/answers`, { answers: answers.slice(0, 1) }));
  await expectOk(warehouse.request('PUT', `/refurb-diagnoses/${diagnosis.id}/answers`, { answers }));
  await expectOk(warehouse.post(`/refurb-diagnoses/${diagnosis.id}/finalize`, { stockId: view.item.stockId }));
}

/** A circuit changed, activated and deactivated; a dispatch circuit rule created, changed, its premium connector launched (CircuitChanged … DispatchCircuitRuleConnectorSwitched). */
async function circuitJourney(platform: TestPlatform, retailer: ApiClient): Promise<void> {
  const circuits = DEMO_IDS.circuits.demo;
  await expectOk(retailer.patch(`/circuits/${circuits.web_collect}`, { customerBonusInCents: 200, translations: { 'en-GB': { name: 'Home collection' } } }));
  await expectOk(retailer.post(`/circuits/${circuits.store_drop_label}/activate`, {}));
  await expectOk(retailer.post(`/circuits/${circuits.store_drop_label}/deactivate`, { reason: 'Essai' }));
  const rule = await expectOk(retailer.post('/dispatch-circuit-rules', { circuit: circuits.web_collect, categoryIds: [DEMO_IDS.categories.smartphones] }), 201);
  await expectOk(retailer.patch(`/dispatch-circuit-rules/${rule.id}`, { status: 'disabled' }));
  const admin = await platform.login('admin@demo.test');
  const details = await expectOk(admin.get(`/accounts/${DEMO_IDS.accounts.demo}/organization-root-detail`));
  await expectOk(admin.patch(`/organization-root-details/${DEMO_IDS.accounts.demo}`, { enabledPremiumFeatures: [...details.enabledPremiumFeatures, 'refurb_connector'] }));
  await expectOk(retailer.patch(`/dispatch-circuit-rules/${rule.id}/launch-premium-feature-connector?action=refurb_connector`, { active: true }));
}

/** A category created, changed, given and taken a circuit, archived; another created and deleted; a picture uploaded (CategoryCreated … CategoryDeleted, CategoryImageUploaded). */
async function categoryJourney(retailer: ApiClient): Promise<void> {
  const body = (identifier: string) => ({ parentId: DEMO_IDS.categories.smartphones, label: `Idempotente ${identifier}`, identifier, defaultWeightGrams: 200, absorption: { type: 'none', value: 0 }, buyerId: DEMO_IDS.buyers.demo });
  const kept = await expectOk(retailer.post('/categories', body('idempotente-a')), 201);
  await expectOk(retailer.patch(`/categories/${kept.id}`, { description: 'Changée' }));
  await expectOk(retailer.post(`/categories/${kept.id}/circuits/${DEMO_IDS.circuits.demo.web_post}`));
  await expectOk(retailer.delete(`/categories/${kept.id}/circuits/${DEMO_IDS.circuits.demo.web_post}`));
  await expectOk(retailer.post(`/categories/${kept.id}/archive`, {}));
  const dropped = await expectOk(retailer.post('/categories', body('idempotente-b')), 201);
  await expectOk(retailer.delete(`/categories/${dropped.id}`));
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const upload = await fetch(`${retailer.baseUrl}/api/categories/images`, { method: 'POST', body: png, headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${retailer.token}`, ...(retailer.module ? { 'X-Module': retailer.module } : {}) } });
  expect(upload.status).toBe(201);
}

/** A product created, changed, priced, given a picture, published and unpublished (ProductCreated … ProductUnpublished, ProductImageUploaded). */
async function productJourney(retailer: ApiClient): Promise<void> {
  const created = await expectOk(retailer.post('/products', { label: 'Produit idempotent', brand: 'Apple', categoryId: DEMO_IDS.categories.appleIphone, prices: { grade_a: 10_000 } }), 201);
  await expectOk(retailer.patch(`/products/${created.id}`, { comment: 'Vérifier', prices: { grade_a: 12_000 } }));
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const upload = await fetch(`${retailer.baseUrl}/api/products/${created.id}/images/image`, { method: 'PUT', body: png, headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${retailer.token}`, ...(retailer.module ? { 'X-Module': retailer.module } : {}) } });
  expect(upload.status).toBe(200);
  await expectOk(retailer.post(`/products/${created.id}/publish`));
  await expectOk(retailer.post(`/products/${created.id}/unpublish`));
}

/** A client opened (AccountOpened, ClientDetailsChanged, its root OrganizationRegistered), changed, its root details and home page (HomePageChanged) changed, deactivated, deleted (AccountDeleted, AccountCustomersForgotten). */
async function clientJourney(platform: TestPlatform): Promise<void> {
  const admin = await platform.login('admin@demo.test');
  const created = await expectOk(admin.post('/clients', { commonName: 'Reprise Express', country: 'FR', modules: ['root', 'tim'], siret: '73282932000074', premiumFeatures: ['payment_bonus'] }), 201);
  await expectOk(admin.patch(`/clients/${created.id}`, { address: { city: 'Lyon' }, whiteLabel: { axeptioId: 'ax-1' }, reason: 'Ouverture du site' }));
  await expectOk(admin.patch(`/organization-root-details/${created.id}`, { cartMinValueInCents: 1000, barCodeEnabled: true }));
  // Its design: a logo uploaded (SettingsFileUploaded) and named with a colour (AccountDesignChanged).
  const logo = await fetch(`${platform.baseUrl}/api/settings-files?kind=logo&accountId=${created.id}`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'image/png' }, body: new Uint8Array(demoPng(2, 2, () => [0x15, 0x80, 0x3d])) });
  await expectOk(admin.patch(`/accounts/${created.id}/design`, { mainColor: '#15803D', logoFileId: ((await logo.json()) as { id: string }).id }));
  await expectOk(admin.patch(`/accounts/${created.id}/home-page`, { metaTitle: 'Accueil', metaDescription: 'Reprise de vos appareils', status: 'on', widgets: [{ type: 'html', html: '<p>Bienvenue chez Reprise Express</p>' }] }));
  await expectOk(admin.patch(`/clients/${created.id}`, { status: 'inactive' }));
  await expectOk(admin.delete(`/accounts/${created.id}`));
}

/** The demo retailer's SFTP access enabled (SftpAccessEnabled), its import configured (SftpImportConfigurationChanged), then disabled (SftpAccessDisabled). */
async function sftpJourney(retailer: ApiClient): Promise<void> {
  const base = `/organizations/${DEMO_IDS.organizations.demoRoot}/sftp`;
  await expectOk(retailer.post(`${base}/access`));
  const { revision } = await expectOk(retailer.get(base));
  await expectOk(retailer.patch(`${base}/import-configuration`, { suffix: '-sftp' }, { 'If-Match': `W/"${revision}"` }));
  await expectOk(retailer.delete(`${base}/access`));
}

/** A connector configuration created, changed, activated, deactivated, tested, then deleted (every ConnectorConfiguration* event). */
async function connectorJourney(retailer: ApiClient): Promise<void> {
  const created = await expectOk(
    retailer.post('/connector-organizations', {
      organizationId: DEMO_IDS.organizations.demoOuest,
      connectorId: 'embedded-carrier',
      name: 'Livraison idempotente',
      properties: [{ name: 'carrierName', value: 'Ouest' }],
    }),
    201,
  );
  const path = `/connector-organizations/${created.id}`;
  await expectOk(retailer.patch(path, { name: 'Livraison idempotente 2', active: true }));
  await expectOk(retailer.patch(path, { active: false }));
  await expectOk(retailer.post(`${path}/test`));
  await expectOk(retailer.delete(path));
}

/** A user invited, who sets the first password from the link (UserPasswordSet) and signs in with it (UserSignedIn). */
async function passwordJourney(platform: TestPlatform): Promise<void> {
  await sendInvitation(passwordPortsOf(platform.platform.container), DEMO_IDS.users.analyst, 'en-GB');
  const mail = platform.mailer.sent.filter((m) => m.template === 'user_invitation').at(-1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;
  const set = await expectOk(platform.api.post(`/password/new/${token}`, { password: 'Analyst2026', repeat: 'Analyst2026', acceptTerms: true }));
  await expectOk(platform.api.post('/login', { email: set.email, password: 'Analyst2026' }));
}

/** An entity of the tree created (OrganizationRegistered, its external id reserved), renamed with a new external id, then deactivated (OrganizationChanged). */
/** A diagnostic question created, changed, ordered among its category's and deleted. */
async function questionJourney(retailer: ApiClient): Promise<void> {
  const category = DEMO_IDS.categories.smartwatches;
  const answers = [{ title: 'Oui' }, { title: 'Non' }];
  const first = await expectOk(retailer.post(`/categories/${category}/diagnostic-questions`, { title: 'Le bracelet est-il fourni ?', type: 'unique', answers }), 201);
  const second = await expectOk(retailer.post(`/categories/${category}/diagnostic-questions`, { title: 'L’écran est-il intact ?', type: 'unique', answers }), 201);
  await expectOk(retailer.patch(`/diagnostic-questions/${first.id}`, { description: 'Regardez les attaches.' }));
  const own = (await expectOk(retailer.get(`/categories/${category}/diagnostic-questions`))).own as Array<{ id: string }>;
  await expectOk(retailer.request('PUT', `/categories/${category}/diagnostic-questions/order`, { questionIds: [second.id, ...own.map((q) => q.id).filter((id) => id !== second.id)] }));
  await expectOk(retailer.delete(`/diagnostic-questions/${second.id}`));
}

async function entityJourney(retailer: ApiClient): Promise<void> {
  const created = await expectOk(
    retailer.post('/organizations', { type: 'store', parentOrganizationId: DEMO_IDS.organizations.demoFrance, commonName: 'Demo Store Idempotent', zipCode: '44000', city: 'Nantes', country: 'FR', status: 'active', externalId: 'DR-IDEM-001' }),
    201,
  );
  await expectOk(retailer.patch(`/organizations/${created.id}`, { commonName: 'Demo Store Idempotent Centre', externalId: 'DR-IDEM-002', reason: 'Nouveau nom' }));
  await expectOk(retailer.patch(`/organizations/${created.id}`, { status: 'inactive' }));
}

/** A user created (UserRegistered, then UserInvited by its invitation), renamed then deactivated (UserChanged). */
async function userJourney(retailer: ApiClient): Promise<void> {
  const created = await expectOk(
    retailer.post('/users', { firstname: 'Inès', lastname: 'Nouvelle', email: 'ines.nouvelle@demo.test', modules: { tim: { userType: 'store_seller', organizationId: DEMO_IDS.stores.paris } } }),
    201,
  );
  await expectOk(retailer.patch(`/users/${created.id}`, { lastname: 'Renommée', reason: 'Mariage' }));
  await expectOk(retailer.patch(`/users/${created.id}`, { status: 'inactive' }));
}

/**
 * Dispatch rules written, moved and deleted, the default warehouse chosen;
 * packages filled, emptied, abandoned and closed, their label made and the
 * carrier reporting; a transport's label failing then asked again (the
 * failures written as the label worker records them: the embedded carrier
 * never fails).
 */
async function logisticsJourneys(platform: TestPlatform, actors: Pick<Awaited<ReturnType<typeof historyActors>>, 'seller' | 'warehouse' | 'retailer' | 'create'>) {
  const { seller, warehouse, retailer, create } = actors;
  const RULES = '/warehouse-dispatch-rules';
  const rule = { title: 'Montres très usées', conditions: [{ attribute: 'productState', operator: 'in', values: ['grade_e'] }], warehouseIds: [LYON], nearest: false };
  const created = await expectOk(retailer.post(RULES, rule), 201);
  await expectOk(retailer.request('PUT', `${RULES}/${created.id}`, { ...rule, title: 'Montres usées' }));
  const order = ((await expectOk(retailer.get(`${RULES}?pagination=false`))).items as Array<{ id: string }>).map((r) => r.id);
  await expectOk(retailer.post(`${RULES}/reorder`, { ruleIds: [...order].reverse() }));
  await expectOk(retailer.request('PUT', '/warehouse-dispatch-settings', { defaultWarehouseId: LYON }));
  await expectOk(retailer.request('PUT', '/warehouse-dispatch-settings', { defaultWarehouseId: ORLEANS }));
  await expectOk(retailer.delete(`${RULES}/${created.id}`));

  const codeOf = async (id: string) => (await expectOk(seller.get(`/buybacks/${id}`))).identificationNumber as string;
  const [kept, removed, other] = [await create(), await create(), await create()];
  const pkg = await openPackage(seller);
  await expectOk(scan(seller, pkg.id, await codeOf(kept)));
  await expectOk(scan(seller, pkg.id, await codeOf(removed)));
  await expectOk(seller.delete(`/packages/${pkg.id}/items/${removed}`));
  await expectOk(seller.post(`/packages/${pkg.id}/clear`, {}));
  await expectOk(scan(seller, pkg.id, await codeOf(kept)));
  // A device the warehouse holds though its store never shipped it: reconciled out of the package (item, buyback, package).
  await expectOk(scan(seller, pkg.id, await codeOf(removed)));
  await expectOk(warehouse.post('/warehouse/check-ins', { code: await codeOf(removed), reconcile: true }), 201);
  await expectOk(seller.post(`/packages/${pkg.id}/close`, {}));
  const abandoned = await openPackage(seller);
  await expectOk(scan(seller, abandoned.id, await codeOf(other)));
  await expectOk(seller.post(`/packages/${abandoned.id}/discard`, {}));
  const { label } = await packageWithLabel(seller, pkg.id);
  await expectOk(sendCarrierReport(platform, carrierReport(label.trackingNumber, 'DELIVERY_INIT')));
  // A later report of an earlier status: kept in the transport's history (TransportDeliveryReportSetAside), not applied.
  const setAside = await expectOk(sendCarrierReport(platform, carrierReport(label.trackingNumber, 'ORDER_CREATED')));
  expect(setAside).toEqual({ applied: false, reason: 'not_forward' });

  const transportId = randomUUID();
  const request = {
    transportId,
    kind: 'package' as const,
    reference: 'P999000111',
    accountId: DEMO_IDS.accounts.demo,
    from: { type: 'organization' as const, organizationId: PARIS },
    to: { type: 'organization' as const, organizationId: ORLEANS },
    packageId: null,
    buybackIds: [],
    identificationNumbers: [],
    weightGrams: 400,
    contents: [],
  };
  const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: ORLEANS, userId: null, correlationId: 'label-failures', causationId: null, occurredAt: new Date().toISOString() };
  const later = new Date(Date.now() + 3_600_000).toISOString();
  await platform.platform.eventStore.appendToStream(
    `transport-${transportId}`,
    [
      toNewEvent({ type: 'TransportRequested', data: request }, randomUUID(), metadata),
      toNewEvent({ type: 'TransportLabelAttemptFailed', data: { transportId, attempt: 1, error: 'carrier unreachable', retryAt: later } }, randomUUID(), metadata),
      toNewEvent({ type: 'TransportLabelFailed', data: { transportId, attempt: 2, error: 'refused: ADDRESS_INVALID' } }, randomUUID(), metadata),
    ],
    'no_stream',
  );
  const manager = await platform.login('warehouse-manager@demo.test', 'rps');
  await eventually(() => manager.post(`/transports/${transportId}/retry-label`, {}), (answer) => answer.status < 300);
}

/**
 * Items through the warehouse's own routes (check-in, the check to each
 * outcome, quarantine, release, loss, move, return), stocks and a
 * verification; the refurbishment events, which no route sends yet, through
 * the item's decide as the refurbishment part will.
 */
async function warehouseJourneys(platform: TestPlatform, actors: Pick<Awaited<ReturnType<typeof historyActors>>, 'seller' | 'warehouse' | 'create'>) {
  const { seller, warehouse, create } = actors;
  const manager = await platform.login('warehouse-manager@demo.test', 'rps');
  const shippedItem = async () => {
    const id = await create();
    await expectOk(seller.post(`/buybacks/${id}/ship`, {}));
    const { identificationNumber } = await expectOk(seller.get(`/buybacks/${id}`));
    const lookup = await expectOk(warehouse.get(`/items/by-code/${identificationNumber}`));
    return { buybackId: id, identificationNumber: identificationNumber as string, itemId: lookup.item.id as string };
  };
  const checkedIn = async () => {
    const item = await shippedItem();
    await expectOk(warehouse.post('/warehouse/check-ins', { code: item.identificationNumber }), 201);
    return item;
  };
  const questions = (await expectOk(warehouse.get(`/products/${DEMO_IDS.products.iphone15_128}/diagnostic-questions`))).items as Array<{
    id: string;
    type: string;
    answers: Array<{ id: string; blocksEstimate: boolean }>;
  }>;
  const answers = (pick: (q: (typeof questions)[number]) => number) => questions.map((q) => ({ questionId: q.id, answerIds: [q.answers.filter((a) => !a.blocksEstimate)[pick(q)]!.id] }));
  const asDeclared = answers(() => 0);
  const worn = answers((q) => q.answers.filter((a) => !a.blocksEstimate).length - 1);
  const noBox = answers((q) => (q.type === 'multiple' ? q.answers.filter((a) => !a.blocksEstimate).length - 1 : 0));
  const check = (itemId: string, responses: unknown, decision: object) =>
    expectOk(warehouse.post(`/items/${itemId}/compliance-checks`, { productId: DEMO_IDS.products.iphone15_128, responses, comment: 'Contrôle', decision }));

  const stock = await expectOk(manager.post('/stocks', { name: 'Étagère B', identifier: 'ETG-B', location: 'Allée 2' }), 201);
  await expectOk(manager.patch(`/stocks/${stock.id}`, { name: 'Étagère B (iPhone)', identifier: 'ETG-B', location: 'Allée 2' }));
  const spare = await expectOk(manager.post('/stocks', { name: 'Temporaire' }), 201);
  await expectOk(manager.delete(`/stocks/${spare.id}`));

  // Completed by price, moved to the stock, then refurbished.
  const refurbished = await checkedIn();
  await check(refurbished.itemId, asDeclared, { kind: 'by_rule' });
  await expectOk(warehouse.post(`/items/${refurbished.itemId}/move`, { stockId: stock.id, reason: 'Rangement' }));
  const ports = platform.platform.container.resolve<WarehousePorts>(TOKENS.WarehousePorts);
  for (const type of ['StartRefurbDiagnostic', 'StartRefurb', 'CompleteRefurb'] as const) {
    await appendToItem(ports, { _id: refurbished.itemId, buybackId: refurbished.buybackId }, { type, data: {} }, {
      accountId: DEMO_IDS.accounts.demo,
      organizationId: DEMO_IDS.warehouses.demo,
      userId: null,
      correlationId: 'refurbishment',
      causationId: null,
      occurredAt: new Date().toISOString(),
    });
  }
  await refurbishmentEconomics(platform, refurbished.itemId);

  // With absorption; quarantined, mailed, released then checked; a proposal rejected then returned.
  await check((await checkedIn()).itemId, noBox, { kind: 'by_rule' });
  const held = await checkedIn();
  await expectOk(warehouse.post(`/items/${held.itemId}/quarantine`, { reason: 'account_lock_active', comment: 'iCloud' }));
  await expectOk(manager.post(`/items/${held.itemId}/quarantine-mail`));
  const toApprove = (await expectOk(warehouse.get('/stocks?native=true&itemsPerPage=10'))).items.find((s: { kind: string }) => s.kind === 'to_approve').id;
  await expectOk(warehouse.post(`/items/${held.itemId}/release`, { stockId: toApprove, comment: 'Déverrouillé' }));
  await check(held.itemId, asDeclared, { kind: 'by_rule' });
  const refused = await checkedIn();
  await check(refused.itemId, worn, { kind: 'by_rule', proposalReason: 'Usure' });
  const token = /token=([A-Za-z0-9_-]+)/.exec(platform.mailer.sent.filter((m) => m.template === 'priceProposal').at(-1)?.text ?? '')?.[1] as string;
  await expectOk(platform.api.post(`/public/buybacks/${refused.buybackId}/price-proposal/reject`, { token }));
  await expectOk(warehouse.post(`/items/${refused.itemId}/return`, { trackingNumber: '8R1', comment: null }));

  // Cancelled in transit, its parcel received anyway: it waits in the customer-return stock.
  const late = await shippedItem();
  await expectOk(seller.post(`/buybacks/${late.buybackId}/cancel`, { reason: 'customer_retractation', comment: 'Rétractation' }));
  await expectOk(warehouse.post('/warehouse/check-ins', { code: late.identificationNumber }), 201);

  // Lost in transport: the buyback is completed after the loss.
  await expectOk(manager.post(`/items/${(await shippedItem()).itemId}/lost`, { place: 'transport', comment: 'Colis perdu' }));

  await expectOk(warehouse.post('/verifications', { scope: 'in_transit', fileName: 'liste.csv', content: 'code\n12345678' }), 201);
}

/** The retailer's SSO configuration saved (SsoConfigurationSaved, its secret sealed), then changed without a new secret. */
async function ssoJourney(retailer: ApiClient) {
  const path = `/organizations/${DEMO_IDS.organizations.demoRoot}/sso-configuration`;
  const settings = {
    domains: ['delivery-sso.example'],
    clientId: 'delivery',
    clientSecret: 'delivery-secret',
    discoveryEndpoint: 'https://login.delivery-sso.example/.well-known/openid-configuration',
    scope: 'openid email',
    roleClaim: 'roles',
    entityClaim: null,
    roleMatching: [{ claimValue: 'seller', module: 'tim', userType: 'store_seller' }],
    fieldMatching: { firstname: 'given_name', lastname: 'family_name', email: 'email' },
  };
  await expectOk(retailer.request('PUT', path, settings));
  await expectOk(retailer.request('PUT', path, { ...settings, clientSecret: null, domains: ['delivery-sso.example', 'delivery-sso2.example'] }));
}

/** A refurb step definition created, changed and deleted; a diagnosis question created, changed and deleted (RefurbStepDefined … RefurbDiagnosisQuestionDeleted). */
async function refurbDefinitionJourney(retailer: ApiClient) {
  const stockId = nativeStockIdOf(DEMO_IDS.warehouses.demo);
  const step = await expectOk(retailer.post('/refurb-steps', { name: 'Étape de livraison', stockId, costs: [{ warehouseId: DEMO_IDS.warehouses.demo, costInCents: 700 }] }), 201);
  await expectOk(retailer.patch(`/refurb-steps/${step.id}`, { description: 'Changée', costs: [{ warehouseId: DEMO_IDS.warehouses.demo, costInCents: 900 }] }));
  const question = await expectOk(retailer.post('/refurb-diagnosis-questions', { label: 'Question de livraison', questionType: 'unique', answers: [{ label: 'Oui', stepDefinitionIds: [step.id] }, { label: 'Non', stepDefinitionIds: [] }] }), 201);
  await expectOk(retailer.patch(`/refurb-diagnosis-questions/${question.id}`, { label: 'Question de livraison changée' }));
  await expectOk(retailer.delete(`/refurb-diagnosis-questions/${question.id}`));
  await expectOk(retailer.delete(`/refurb-steps/${step.id}`));
}

/**
 * The refurbishment events the items list follows (its economics): two steps
 * planned for the refurbished item, one worked with a pause and validated,
 * the other cancelled, and a target resale price set then changed, appended
 * as the refurbishment's commands append them.
 */
async function refurbishmentEconomics(platform: TestPlatform, itemId: string): Promise<void> {
  const diagnosisId = refurbDiagnosisIdOf(itemId);
  const [first, second] = [1, 2].map((sequence) => itemRefurbStepIdOf(diagnosisId, sequence)) as [string, string];
  const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });
  const planned = (itemRefurbStepId: string, sequence: number) => ({
    type: 'ItemRefurbStepPlanned',
    data: { itemRefurbStepId, stepDefinitionId: randomUUID(), name: `Étape ${sequence}`, description: null, stockId: randomUUID(), cost: eur(1_000 * sequence), sequence, accountId: DEMO_IDS.accounts.demo, itemId, diagnosisId, warehouseId: DEMO_IDS.warehouses.demo },
  });
  const step = (type: string, itemRefurbStepId: string, extra: object = {}) => ({ type, data: { itemRefurbStepId, itemId, ...extra } });
  const appendOne = async (stream: string, event: { type: string; data: unknown }) => {
    const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId: null, correlationId: 'refurbishment', causationId: null, occurredAt: new Date().toISOString() };
    await platform.platform.eventStore.appendToStreams([{ streamName: stream, events: [toNewEvent(event as never, randomUUID(), metadata)], expectedRevision: 'any' }]);
  };
  const stepStream = (id: string) => REFURBISHMENT_STREAMS.itemRefurbStep.name(id);
  await appendOne(stepStream(first), planned(first, 1));
  await appendOne(stepStream(second), planned(second, 2));
  for (const type of ['ItemRefurbStepStarted', 'ItemRefurbStepPaused', 'ItemRefurbStepResumed']) await appendOne(stepStream(first), step(type, first));
  await appendOne(stepStream(first), step('ItemRefurbStepValidated', first, { comment: null }));
  await appendOne(stepStream(second), step('ItemRefurbStepCancelled', second, { comment: 'Inutile' }));
  for (const cents of [30_000, 32_000]) {
    await appendOne(REFURBISHMENT_STREAMS.itemResaleTarget.name(itemId), { type: 'ItemResaleTargetSet', data: { itemId, accountId: DEMO_IDS.accounts.demo, targetResalePrice: eur(cents) } });
  }
}
