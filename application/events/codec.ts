import type { Modifier } from '../../domain/catalog/events.js';
import { paymentModifierOf } from '../../domain/payments/modifier.js';
import { homePageOf } from '../../domain/organizations/account/home-page.js';
import type { NewEvent, EventMetadata, StoredEvent } from '../ports/event-store.js';

/**
 * Domain events are `{ type, data }` with a plain past-tense type. In the
 * store the type carries a schema version (`BuybackRegistered.v1`), so an
 * event whose shape changes gets a `.v2` and an upcaster here, and stored
 * history never has to be rewritten.
 */
export interface DomainEvent {
  type: string;
  data: object;
}

const VERSIONED = /^(?<type>[A-Za-z]+)\.v(?<version>\d+)$/;

/** The current version of each event type whose shape changed; every other type is at v1. */
const CURRENT_VERSIONS: Readonly<Record<string, number>> = {
  BuybackRegistered: 4,
  BuybackShipped: 2,
  BuybackNewPriceProposed: 2,
  AccountOpened: 2,
  ClientDetailsChanged: 2,
  CategoryCreated: 3,
  ProductCreated: 3,
  CircuitConfigured: 3,
  DiagnosticQuestionCreated: 2,
  CartCreated: 2,
  PaymentModeConfigured: 2,
  PaymentCreated: 2,
  OrganizationRegistered: 4,
  UserRegistered: 2,
};

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;
/** `${type}.v${n}` → function turning v(n) data into v(n+1) data. */
const UPCASTERS: Readonly<Record<string, Upcaster>> = {
  // v2 records the language the customer used (their e-mails are written in it); older buybacks did not know it.
  'BuybackRegistered.v1': (data) => ({ ...data, customerLocale: null }),
  // v3 says what chose its warehouse (a dispatch rule, the default warehouse); before, its category did.
  'BuybackRegistered.v2': (data) => ({ ...data, dispatch: null }),
  // v4 records the circuit's bonus and the payment mode's bonus or malus the customer was shown; before, neither was kept.
  'BuybackRegistered.v3': (data) => ({ ...data, pricing: null }),
  // v2 pays the circuit's bonus or cost its buyback registered; a payment created before paid none.
  'PaymentCreated.v1': (data) => ({ ...data, circuitBonus: { amountInCents: 0, currency: (data.validatedPrice as { currency: string }).currency } }),
  // v2 tells a device the customer sent straight to the warehouse (a pre-declaration received there) from a shipment.
  'BuybackShipped.v1': (data) => ({ ...data, direct: false }),
  // v2 records what the check found the device worth; a v1 proposal was made without it, at the price it proposed.
  'BuybackNewPriceProposed.v1': (data) => ({ ...data, controlledPrice: data.proposedPrice }),
  // v2 adds the weights labels print, and a circuit's instructions; the catalogue's earlier events named neither.
  'CategoryCreated.v1': (data) => ({ ...data, defaultWeightGrams: null }),
  'ProductCreated.v1': (data) => ({ ...data, weightGrams: null }),
  // v3 carries every product field of specification 000 §3; a product created before had none of these.
  'ProductCreated.v2': (data) => ({
    reference: null,
    buyerReference: null,
    secondaryCategoryIds: [],
    comment: null,
    heightCm: null,
    lengthCm: null,
    widthCm: null,
    nominalHeightCm: null,
    nominalLengthCm: null,
    nominalWidthCm: null,
    nominalWeightGrams: null,
    imageHdUrl: null,
    translations: null,
    ...data,
  }),
  // v3 carries every category field of specification 000 section 3; a category created before had none of these.
  'CategoryCreated.v2': (data) => ({
    childrenDescription: null,
    highlightedInstruction: null,
    image: null,
    defaultHeightCm: null,
    defaultLengthCm: null,
    defaultWidthCm: null,
    translations: null,
    ...data,
  }),
  'CircuitConfigured.v1': (data) => ({ ...data, instructions: [] }),
  // v3 adds the circuit's copies of the transfer order, the customer's bonus or cost and its translations (none before).
  'CircuitConfigured.v2': (data) => ({ transferOrderNumberOfCopy: null, customerBonusInCents: 0, translations: null, ...data }),
  // v2 adds the answers' exclusive flag and the translations; a question created before had neither.
  'DiagnosticQuestionCreated.v1': (data) => ({
    ...data,
    answers: ((data.answers ?? []) as Array<Record<string, unknown>>).map((answer) => ({ exclusive: false, ...answer })),
    translations: null,
  }),
  // v2 records who created the cart (the only one who may use it); a v1 cart's owner is unknown (docs/specification-readings.md).
  'CartCreated.v1': (data) => ({ ...data, owner: null }),
  // v2 is the payment mode's whole configuration (docs/specification-readings.md, Payments): a v1 mode had no long description,
  // mail content nor provider (a bank transfer went by the SEPA file, anything else by hand), and the catalogue's modifier shape.
  'PaymentModeConfigured.v1': (data) => ({
    ...data,
    longDescription: null,
    mailContent: null,
    provider: data.paymentType === 'bank_transfer' ? 'bank_transfer_file' : 'manual',
    modifier: paymentModifierOf((data.modifier ?? null) as Modifier | null),
  }),
  // v2 adds the entity's fields of specification 002 (address complement, e-mail, SIRET, capital, coordinates, buyer, stock).
  'OrganizationRegistered.v1': (data) => ({
    streetComplement: null,
    email: null,
    siret: null,
    capitalInCents: null,
    latitude: null,
    longitude: null,
    manualGeocoding: false,
    buyerId: null,
    stock: null,
    ...data,
  }),
  // v3 adds the store's "show cart" flag (the dashboard's multi-device cart); an organization registered before shows none.
  'OrganizationRegistered.v2': (data) => ({ showCart: false, ...data }),
  // v4 adds a store's opening hours (the storefront's /stores); an organization registered before has none given.
  'OrganizationRegistered.v3': (data) => ({ openingHours: null, ...data }),
  // v2 adds the force-SSO flag; users registered before sign in with their password.
  'UserRegistered.v1': (data) => ({ ...data, forceSso: false }),
  // v2's home page has typed widgets in order (html, products, search); a v1 home page's HTML widgets come first, then its products, then its search.
  'ClientDetailsChanged.v1': (data) => {
    const changes = (data.changes ?? {}) as Record<string, unknown>;
    if (changes.homePage === undefined) return data;
    return { ...data, changes: { ...changes, homePage: homePageOf(changes.homePage as Parameters<typeof homePageOf>[0]) } };
  },
  // v2 adds the warehouse comment settings of the compliance check; accounts opened before keep the defaults.
  'AccountOpened.v1': (data) => ({
    ...data,
    settings: { isWarehouseCommentMandatory: false, isWarehouseCommentSharedToClient: false, ...(data.settings as object) },
  }),
};

export function currentVersionOf(domainType: string): number {
  return CURRENT_VERSIONS[domainType] ?? 1;
}

export function storedTypeOf(domainType: string): string {
  return `${domainType}.v${currentVersionOf(domainType)}`;
}

export function toNewEvent(event: DomainEvent, id: string, metadata: EventMetadata): NewEvent {
  return { id, type: storedTypeOf(event.type), data: event.data as Record<string, unknown>, metadata };
}

/** Parsed stored types: a replay parses the same few types for every event. */
const parsedTypes = new Map<string, Readonly<{ type: string; version: number }>>();
const PARSED_TYPES_KEPT = 1_000;

export function parseStoredType(storedType: string): Readonly<{ type: string; version: number }> {
  let parsed = parsedTypes.get(storedType);
  if (parsed) return parsed;
  const match = VERSIONED.exec(storedType);
  if (!match?.groups) throw new Error(`Unversioned event type ${storedType}`);
  parsed = Object.freeze({ type: match.groups.type as string, version: Number(match.groups.version) });
  if (parsedTypes.size >= PARSED_TYPES_KEPT) parsedTypes.clear();
  parsedTypes.set(storedType, parsed);
  return parsed;
}

/** The domain event of a stored event, upcast to the current version. */
export function toDomainEvent<E extends DomainEvent = DomainEvent>(stored: StoredEvent): E {
  const { type } = parseStoredType(stored.type);
  let { version } = parseStoredType(stored.type);
  let data = stored.data;
  const current = currentVersionOf(type);
  while (version < current) {
    const upcast = UPCASTERS[`${type}.v${version}`];
    if (!upcast) throw new Error(`No upcaster for ${type}.v${version}`);
    data = upcast(data);
    version += 1;
  }
  return { type, data } as unknown as E;
}

/** The plain domain type of a stored event (`BuybackRegistered.v1` → `BuybackRegistered`). */
export function domainTypeOf(stored: Pick<StoredEvent, 'type'>): string {
  return parseStoredType(stored.type).type;
}
