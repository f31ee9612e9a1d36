/**
 * Realistic buyback data for the benchmarks: events with the exact shapes of
 * domain/buybacks/events.ts (customer sealed by the real vault), and read-model
 * documents with the BuybackDocument shape. Everything is drawn from a seeded
 * generator, so every run writes the same data.
 */
import { randomBytes } from 'node:crypto';
import type { EventMetadata, NewEvent } from '../application/ports/event-store.js';
import type { DocumentStore } from '../application/ports/document-store.js';
import { toNewEvent } from '../application/events/codec.js';
import { APPLIED_REVISIONS_FIELD } from '../application/ports/projection.js';
import type {
  BuybackCheckedIn,
  BuybackCompletedByPrice,
  BuybackRegistered,
  BuybackShipped,
  DeclarationResponse,
  DepositType,
  PaymentType,
} from '../domain/buybacks/events.js';
import type { BuybackStatus } from '../domain/buybacks/state.js';
import type { Money } from '../domain/shared/money.js';
import { identificationNumberFrom, IDENTIFICATION_NUMBER_PREFIX } from '../domain/values/identification-number.js';
import { SqliteDocumentStore } from '../infrastructure/document-store/sqlite-document-store.js';
import { AesGcmPersonalDataVault } from '../infrastructure/security/aes-gcm-vault.js';
import { DocumentSubjectKeyStore } from '../infrastructure/security/document-subject-key-store.js';
import { DEMO_IDS } from '../infrastructure/seed/demo-data.js';
import type { BuybackDocument, CustomerData } from '../application/buybacks/read-models.js';
import { pick, seededUuid, weighted } from './support.js';
import { BUYBACK_STREAMS } from '../application/buybacks/streams.js';
import { customerNameKeysOf } from '../application/buybacks/customer-name-read-model.js';

type Random = () => number;

// ---------------------------------------------------------------------------
// Tenants: 2 accounts, 10 stores (the demo ones first, so the HTTP API can see them)

export interface Tenant {
  accountId: string;
  weight: number;
  webOrganizationId: string;
  stores: string[];
  warehouseId: string;
  buyerId: string;
  sellers: string[];
  circuits: Array<{ id: string; name: string; deposit: DepositType; channel: 'store' | 'web'; shippingMethodId: string }>;
  paymentModes: Array<{ id: string; type: PaymentType; label: string }>;
}

function tenant(random: Random, accountId: string, weight: number, knownStores: string[], storeCount: number, warehouseId: string, buyerId: string): Tenant {
  const stores = [...knownStores];
  while (stores.length < storeCount) stores.push(seededUuid(random));
  return {
    accountId,
    weight,
    webOrganizationId: seededUuid(random),
    stores,
    warehouseId,
    buyerId,
    sellers: Array.from({ length: storeCount * 3 }, () => seededUuid(random)),
    circuits: [
      { id: seededUuid(random), name: 'Dépôt en magasin', deposit: 'drop', channel: 'store', shippingMethodId: seededUuid(random) },
      { id: seededUuid(random), name: 'Envoi postal', deposit: 'post', channel: 'web', shippingMethodId: seededUuid(random) },
      { id: seededUuid(random), name: 'Collecte à domicile', deposit: 'collect', channel: 'web', shippingMethodId: seededUuid(random) },
      { id: seededUuid(random), name: 'Dépôt en point relais', deposit: 'drop_label', channel: 'web', shippingMethodId: seededUuid(random) },
    ],
    paymentModes: [
      { id: seededUuid(random), type: 'bank_transfer', label: 'Virement bancaire' },
      { id: seededUuid(random), type: 'voucher', label: "Bon d'achat" },
      { id: seededUuid(random), type: 'gift_card', label: 'Carte cadeau' },
    ],
  };
}

export function tenants(random: Random): Tenant[] {
  return [
    tenant(random, DEMO_IDS.accounts.demo, 0.6, [DEMO_IDS.stores.paris, DEMO_IDS.stores.lyon], 6, DEMO_IDS.warehouses.demo, DEMO_IDS.buyers.demo),
    tenant(random, DEMO_IDS.accounts.other, 0.4, [DEMO_IDS.stores.lille], 4, DEMO_IDS.warehouses.other, DEMO_IDS.buyers.other),
  ];
}

// ---------------------------------------------------------------------------
// Catalogue and customers

interface Product {
  productId: string;
  label: string;
  brand: string;
  categoryId: string;
  ean: string | null;
  priceInCents: number;
  questions: Array<{ questionId: string; answers: string[] }>;
}

const PRODUCT_ROWS: ReadonlyArray<readonly [string, string, number]> = [
  ['Apple iPhone 15 128 Go', 'Apple', 42_000],
  ['Apple iPhone 14 128 Go', 'Apple', 33_000],
  ['Apple iPhone 13 128 Go', 'Apple', 24_000],
  ['Samsung Galaxy S23 128 Go', 'Samsung', 29_000],
  ['Samsung Galaxy A54 128 Go', 'Samsung', 12_000],
  ['Google Pixel 7 128 Go', 'Google', 18_000],
  ['Apple iPad Air 5 64 Go', 'Apple', 26_000],
  ['Apple MacBook Air 13" M2 256 Go', 'Apple', 61_000],
  ['Sony PlayStation 5 Standard 825 Go', 'Sony', 21_000],
  ['Apple Watch Series 8 GPS 41 mm', 'Apple', 11_000],
];

export function catalogue(random: Random): Product[] {
  const categories = Array.from({ length: 5 }, () => seededUuid(random));
  const questions = Array.from({ length: 7 }, () => ({
    questionId: seededUuid(random),
    answers: Array.from({ length: 3 }, () => seededUuid(random)),
  }));
  return PRODUCT_ROWS.map(([label, brand, priceInCents], index) => ({
    productId: seededUuid(random),
    label,
    brand,
    categoryId: categories[index % categories.length] as string,
    ean: index % 4 === 3 ? null : String(1_900_000_000_000 + index * 7_919),
    priceInCents,
    questions,
  }));
}

const FIRST_NAMES = ['Camille', 'Lucas', 'Léa', 'Hugo', 'Chloé', 'Louis', 'Manon', 'Gabriel', 'Inès', 'Jules', 'Sarah', 'Adam', 'Emma', 'Nathan', 'Zoé'];
const LAST_NAMES = ['Durand', 'Martin', 'Bernard', 'Petit', 'Robert', 'Richard', 'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Lefebvre', 'Garcia', 'Roux', 'Fournier'];
const CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Paris', '75011'],
  ['Lyon', '69003'],
  ['Lille', '59000'],
  ['Marseille', '13006'],
  ['Bordeaux', '33000'],
  ['Nantes', '44000'],
  ['Toulouse', '31000'],
];

function digits(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += Math.floor(random() * 10);
  return out;
}

export function customer(random: Random, index: number, paymentType: PaymentType): CustomerData {
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const [city, zipCode] = pick(random, CITIES);
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${index}@example.com`,
    phone: `+336${digits(random, 8)}`,
    street: `${1 + Math.floor(random() * 120)} rue de la République`,
    streetComplement: random() < 0.2 ? `Bâtiment ${'ABC'[Math.floor(random() * 3)]}, appartement ${Math.floor(random() * 40)}` : null,
    city,
    zipCode,
    country: 'FR',
    iban: paymentType === 'bank_transfer' ? `FR76${digits(random, 23)}` : null,
    identity: {
      type: 'identity_card',
      number: `X${digits(random, 8)}`,
      issuingAuthority: `Préfecture de ${city}`,
      deliveryDate: `20${10 + Math.floor(random() * 14)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
    },
  };
}

function responses(random: Random, product: Product): DeclarationResponse[] {
  return product.questions.map((q) => ({ questionId: q.questionId, answerIds: [pick(random, q.answers)] }));
}

const euros = (amountInCents: number): Money => ({ amountInCents, currency: 'EUR' });

export function identificationNumber(index: number): string {
  return identificationNumberFrom(IDENTIFICATION_NUMBER_PREFIX + String(index).padStart(11, '0'));
}

// ---------------------------------------------------------------------------
// The real vault, on an in-memory key store

export interface BenchVault {
  vault: AesGcmPersonalDataVault;
  keyDocuments: DocumentStore;
  pepper: Buffer;
}

export function inMemoryVault(): BenchVault {
  const keyDocuments = new SqliteDocumentStore({ path: ':memory:' });
  const pepper = randomBytes(32);
  return { vault: new AesGcmPersonalDataVault(new DocumentSubjectKeyStore(keyDocuments), pepper), keyDocuments, pepper };
}

/** A second vault instance on the same keys, as after a restart (nothing carried over from sealing). */
export function coldVault(bench: BenchVault): AesGcmPersonalDataVault {
  return new AesGcmPersonalDataVault(new DocumentSubjectKeyStore(bench.keyDocuments), bench.pepper);
}

// ---------------------------------------------------------------------------
// Events

export interface TimedEvent {
  at: number;
  streamName: string;
  event: NewEvent;
}

export interface EventFactory {
  /** The four events of a buyback that goes the whole way: registered, shipped, checked in, completed by price. */
  story(index: number, startMs: number): Promise<TimedEvent[]>;
  /** Only the registration (the largest event, ~1.5 kB of data). */
  registration(index: number, atMs: number): Promise<TimedEvent>;
}

const DAY_MS = 86_400_000;

export function eventFactory(random: Random, vault: AesGcmPersonalDataVault): EventFactory {
  const accounts = tenants(random);
  const products = catalogue(random);
  const uuid = () => seededUuid(random);

  const metadata = (t: Tenant, organizationId: string | null, userId: string | null, atMs: number): EventMetadata => ({
    accountId: t.accountId,
    organizationId,
    userId,
    correlationId: uuid(),
    causationId: null,
    occurredAt: new Date(atMs).toISOString(),
  });

  async function registered(index: number) {
    const t = weighted(random, accounts.map((a) => [a, a.weight] as const));
    const channel = random() < 0.75 ? 'store' : 'web';
    const circuit = pick(random, t.circuits.filter((c) => c.channel === channel));
    const paymentMode = pick(random, t.paymentModes);
    const product = pick(random, products);
    const storeId = channel === 'store' ? pick(random, t.stores) : null;
    const person = customer(random, index, paymentMode.type);
    const customerSubjectId = vault.subjectIdFor(t.accountId, person.email);
    const buybackId = uuid();
    const declared = euros(Math.round(product.priceInCents * (0.6 + random() * 0.4)));
    const event: BuybackRegistered = {
      type: 'BuybackRegistered',
      data: {
        buybackId,
        identificationNumber: identificationNumber(index),
        channel,
        storeId,
        buyerId: t.buyerId,
        warehouseId: t.warehouseId,
        circuit: { id: circuit.id, name: circuit.name, deposit: circuit.deposit },
        shippingMethodId: circuit.shippingMethodId,
        paymentMode,
        paymentStatus: 'awaiting_payment',
        product: { productId: product.productId, label: product.label, brand: product.brand, categoryId: product.categoryId, ean: product.ean },
        responses: responses(random, product),
        grade: pick(random, ['grade_a', 'grade_b', 'grade_c']),
        imei: product.brand === 'Sony' ? null : `35${digits(random, 13)}`,
        declaredPrice: declared,
        customerSubjectId,
        customer: await vault.seal(customerSubjectId, person),
        customerLocale: 'fr-FR',
      dispatch: null,
      pricing: null,
      },
    };
    const organizationId = storeId ?? t.webOrganizationId;
    const userId = channel === 'store' ? pick(random, t.sellers) : null;
    return { t, buybackId, declared, organizationId, userId, event };
  }

  return {
    async registration(index, atMs) {
      const r = await registered(index);
      return {
        at: atMs,
        streamName: BUYBACK_STREAMS.buyback.name(r.buybackId),
        event: toNewEvent(r.event, uuid(), metadata(r.t, r.organizationId, r.userId, atMs)),
      };
    },
    async story(index, startMs) {
      const r = await registered(index);
      const stream = BUYBACK_STREAMS.buyback.name(r.buybackId);
      const shippedAt = startMs + (0.5 + random() * 3) * DAY_MS;
      const checkedInAt = shippedAt + (1 + random() * 4) * DAY_MS;
      const completedAt = checkedInAt + (0.2 + random() * 6) * DAY_MS;
      const shipped: BuybackShipped = {
        type: 'BuybackShipped',
        data: { buybackId: r.buybackId, trackingNumber: `6A${digits(random, 11)}`, trackingLink: `https://www.laposte.fr/outils/suivre-vos-envois?code=6A${digits(random, 11)}`, direct: false },
      };
      const checkedIn: BuybackCheckedIn = { type: 'BuybackCheckedIn', data: { buybackId: r.buybackId, warehouseId: r.t.warehouseId } };
      const controlled = euros(Math.round(r.declared.amountInCents * (random() < 0.8 ? 1 : 0.9)));
      const completed: BuybackCompletedByPrice = {
        type: 'BuybackCompletedByPrice',
        data: { buybackId: r.buybackId, controlledPrice: controlled, validatedPrice: controlled, comment: random() < 0.3 ? 'Rayures légères sur la coque' : null },
      };
      const operator = uuid();
      return [
        { at: startMs, streamName: stream, event: toNewEvent(r.event, uuid(), metadata(r.t, r.organizationId, r.userId, startMs)) },
        { at: shippedAt, streamName: stream, event: toNewEvent(shipped, uuid(), metadata(r.t, r.organizationId, r.userId, shippedAt)) },
        { at: checkedInAt, streamName: stream, event: toNewEvent(checkedIn, uuid(), metadata(r.t, r.t.warehouseId, operator, checkedInAt)) },
        { at: completedAt, streamName: stream, event: toNewEvent(completed, uuid(), metadata(r.t, r.t.warehouseId, operator, completedAt)) },
      ];
    },
  };
}

// ---------------------------------------------------------------------------
// Read-model documents

const STATUS_WEIGHTS: ReadonlyArray<readonly [BuybackStatus, number]> = [
  ['bb_completed_by_price', 30],
  ['bb_completed', 15],
  ['bb_cancelled', 10],
  ['bb_awaiting_inventory', 8],
  ['bb_completed_with_absorption', 8],
  ['bb_completed_with_negociation', 7],
  ['bb_in_processing', 7],
  ['bb_in_transit', 6],
  ['bb_not_completed', 5],
  ['bb_awaiting_store_drop', 4],
];

export const TWO_YEARS_MS = 2 * 365 * DAY_MS;

export interface DocumentFactory {
  tenants: Tenant[];
  document(index: number): BuybackDocument;
}

/**
 * BuybackDocuments as the projection writes them (customer in clear,
 * bookkeeping field included); document `index` of `total` is created at the
 * matching point of the two years before `endMs`, so they come in creation order.
 */
export function documentFactory(random: Random, endMs: number, total: number): DocumentFactory {
  const accounts = tenants(random);
  const products = catalogue(random);
  const uuid = () => seededUuid(random);
  const pool = accounts.map((a) => [a, a.weight] as const);

  return {
    tenants: accounts,
    document(index) {
      const t = weighted(random, pool);
      const status = weighted(random, STATUS_WEIGHTS);
      const channel = status === 'bb_awaiting_store_drop' || random() >= 0.75 ? 'web' : 'store';
      const circuit = status === 'bb_awaiting_store_drop' ? (t.circuits[0] as Tenant['circuits'][number]) : pick(random, t.circuits.filter((c) => c.channel === channel));
      const paymentMode = pick(random, t.paymentModes);
      const product = pick(random, products);
      const storeId = channel === 'store' ? pick(random, t.stores) : null;
      const createdMs = endMs - TWO_YEARS_MS + Math.floor(((index + random()) / total) * TWO_YEARS_MS);
      const createdAt = new Date(createdMs).toISOString();
      const updatedAt = new Date(createdMs + Math.floor(random() * 10 * DAY_MS)).toISOString();
      const declared = euros(Math.round(product.priceInCents * (0.6 + random() * 0.4)));
      const person = customer(random, index, paymentMode.type);
      const controlled = ['bb_completed_by_price', 'bb_completed_with_absorption', 'bb_completed_with_negociation'].includes(status) ? euros(Math.round(declared.amountInCents * 0.9)) : null;
      const shipped = !['bb_awaiting_inventory', 'bb_awaiting_store_drop', 'bb_cancelled'].includes(status);
      const revision = ({ bb_awaiting_store_drop: 0, bb_awaiting_inventory: 0, bb_in_transit: 1, bb_in_processing: 2, bb_cancelled: 1 } as Partial<Record<BuybackStatus, number>>)[status] ?? 3;
      const id = uuid();
      return {
        _id: id,
        accountId: t.accountId,
        organizationId: storeId ?? t.webOrganizationId,
        identificationNumber: identificationNumber(index),
        status,
        statePath: status === 'bb_in_processing' ? 'bb_in_processing.checking' : status,
        channel,
        storeId,
        warehouseId: t.warehouseId,
        buyerId: t.buyerId,
        circuit: { id: circuit.id, name: circuit.name, deposit: circuit.deposit },
        shippingMethodId: circuit.shippingMethodId,
        paymentMode,
        paymentStatus: status === 'bb_cancelled' ? 'payment_cancelled' : status.startsWith('bb_completed') ? 'payment_completed' : 'awaiting_payment',
        product: { productId: product.productId, label: product.label, brand: product.brand, categoryId: product.categoryId, ean: product.ean },
        grade: pick(random, ['grade_a', 'grade_b', 'grade_c']),
        responses: responses(random, product),
        imei: product.brand === 'Sony' ? null : `35${digits(random, 13)}`,
        declaredPrice: declared,
        controlledPrice: controlled,
        validatedPrice: controlled ?? (status === 'bb_completed' ? declared : null),
        absorbedAmount: status === 'bb_completed_with_absorption' ? euros(1_000) : null,
        proposal: null,
        tracking: shipped ? { number: `6A${digits(random, 11)}`, link: null } : null,
        cancellation: status === 'bb_cancelled' ? { reason: 'customer_retractation', comment: '', forced: false, at: updatedAt } : null,
        customerSubjectId: uuid().replaceAll('-', ''),
        customer: person,
        customerSearch: `${person.firstName} ${person.lastName}`.toLowerCase(),
        ...customerNameKeysOf(person),
        customerLocale: 'fr-FR',
        createdAt,
        createdBy: channel === 'store' ? pick(random, t.sellers) : null,
        updatedAt,
        revision,
        [APPLIED_REVISIONS_FIELD]: { [BUYBACK_STREAMS.buyback.name(id)]: revision },
      };
    },
  };
}
