import type { CartDeclaration } from '../../../domain/buybacks/cart.js';
import type { BuybackCommand } from '../../../domain/buybacks/commands.js';
import type { BuybackChannel, BuybackEvent } from '../../../domain/buybacks/events.js';
import { statePathAfter, statusOfPath } from '../../../domain/buybacks/machine.js';
import { buyerOf } from '../../../domain/buybacks/routing.js';
import type { BuybackStatus } from '../../../domain/buybacks/state.js';
import type { Locale } from '../../../domain/organizations/events.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import type { Money } from '../../../domain/shared/money.js';
import { IDENTIFICATION_NUMBER_PREFIX, identificationNumberFrom } from '../../../domain/values/identification-number.js';
import { imeiMatchesTac, parseImei } from '../../../domain/values/imei.js';
import { effectivePaymentModifier, ensureImeiAccepted } from '../../../domain/catalog/pricing/premium-features.js';
import { customerPrice } from '../../../domain/catalog/pricing/customer-price.js';
import { paymentModifierOf } from '../../../domain/payments/modifier.js';
import { WrongExpectedRevisionError, type EventMetadata, type IdempotencyMark, type StoredEvent, type StreamAppend } from '../../ports/event-store.js';
import { toNewEvent } from '../../events/codec.js';
import { replayOf } from '../../commands/command-handler.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../organizations/read-models.js';
import { buybackDecider } from '../buyback-decider.js';
import type { BuybackPorts } from '../buyback-ports.js';
import { validateCustomer, type CustomerInput } from '../customer-validation.js';
import type { CustomerData } from '../read-models.js';
import { BUYBACK_STREAMS } from '../streams.js';
import type { DispatchRequest, WarehouseChoice } from '../warehouse-dispatcher.js';
import { buybackOutcome, type BuybackOutcome } from './buyback-command.js';
import { visibleStore } from './visible-store.js';

/**
 * What registering buybacks takes, shared by one buyback (register-buyback)
 * and a cart of several (check-out-cart): where (the tenant and the store),
 * each declaration checked against the catalogue, the customer validated and
 * sealed once, then one atomic append of every new buyback with its reserved
 * identification number.
 */

/** One device as the customer declared it: the product, the answers, the circuit, shipping and payment chosen (the cart's declaration). */
export type Declaration = CartDeclaration;

export interface Place {
  account: AccountDocument;
  channel: BuybackChannel;
  /** The store registering it (store channel), else the retailer's web organization. */
  organizationId: string | null;
}

/** A declaration checked against the catalogue, priced and routed: everything of a registration but the customer. */
export interface PreparedDeclaration {
  declaration: Declaration;
  data: Omit<Extract<BuybackCommand, { type: 'RegisterBuyback' }>['data'], 'buybackId' | 'identificationNumber' | 'customerSubjectId' | 'customer' | 'customerLocale'>;
  /** For the confirmation e-mail: the price is what the customer is paid (the estimate's total for the chosen mode and circuit). */
  mail: { product: string; price: Money; circuit: string; paymentMode: string; deposit: string };
  /** What chose the warehouse; a web buyback's is chosen again once its customer's address is known (rules by distance). */
  dispatchRequest: DispatchRequest;
  bankTransfer: boolean;
}

/**
 * A registered buyback's outcome. `registeredAt` is when its events say it was
 * registered (not when this answer was made): what a retry answers is then
 * what the first attempt answered, to the documents token signed from it.
 */
export type RegisteredBuyback = BuybackOutcome & { identificationNumber: string; registeredAt: string; replayed?: boolean };

const IDENTIFICATION_NUMBER_ATTEMPTS = 5;

/** The caller's tenant, and the store (a store the caller works for) or the web organization. */
export async function placeOf(deps: BuybackPorts, principal: Principal, channel: BuybackChannel, storeId: string | null): Promise<Place> {
  if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
  const account = await deps.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(principal.accountId);
  if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId: principal.accountId });
  const organizationId = channel === 'store' ? await visibleStore(deps.documents, principal, storeId) : account.webOrganizationId;
  return { account, channel, organizationId };
}

/**
 * The price is the estimate's, never the client's: the device's price
 * (`declaredPrice`, what the check compares) and the parts the customer was
 * shown with it, the payment mode's bonus or malus and the circuit's bonus
 * (`pricing`), recomputed here as `POST /estimates` computes them. The circuit, shipping
 * method and payment mode must be open to the product on the channel; the
 * destination warehouse and the buyer follow the category's routing.
 */
export async function prepareDeclaration(deps: BuybackPorts, principal: Principal, place: Place, declaration: Declaration): Promise<PreparedDeclaration> {
  // One read of the catalogue: the estimate hands back the category chain the options and the routing need too.
  const { grade, price, product, ancestry } = await deps.catalog.estimate(principal, declaration.productId, declaration.responses);
  const options = await deps.catalog.buybackOptions(principal, product, place.channel, ancestry);
  const circuit = options.circuits.find((c) => c.circuitId === declaration.circuitId);
  if (!circuit) throw new ApplicationError('CIRCUIT_NOT_AVAILABLE', { circuitId: declaration.circuitId });
  if (!circuit.shippingMethodIds.includes(declaration.shippingMethodId)) {
    throw new ApplicationError('BUYBACK_NO_TRANSPORT_MODE', { shippingMethodId: declaration.shippingMethodId });
  }
  const paymentMode = options.paymentModes.find((p) => p._id === declaration.paymentModeId);
  if (!paymentMode || !circuit.paymentModeIds.includes(declaration.paymentModeId)) {
    throw new ApplicationError('BUYBACK_NO_PAYMENT_MODE_FOR_CIRCUIT', { paymentModeId: declaration.paymentModeId });
  }
  // Collecting a device's IMEI is a premium feature: one sent without it is refused, never kept.
  ensureImeiAccepted(declaration.imei, place.account.settings.enabledPremiumFeatures);
  // The estimate's own rule (CatalogService.paymentAmounts): the mode's bonus or malus only with payment_bonus, the circuit's bonus always.
  const paymentModifier = effectivePaymentModifier(paymentModifierOf(paymentMode.modifier), options.features);
  const seen = customerPrice({ diagnosticPrice: price, paymentModifier, circuitBonusInCents: circuit.customerBonusInCents, features: options.features });
  const routing = ancestry.map((c) => ({ categoryId: c._id, referentWarehouseIds: c.referentWarehouseIds, buyerId: c.buyerId }));
  const storeId = place.channel === 'store' ? place.organizationId : null;
  const dispatchRequest: DispatchRequest = {
    accountId: place.account._id,
    brand: product.brand,
    categoryChainRootFirst: routing,
    circuitId: circuit.circuitId,
    productState: grade,
    origin: null,
    storeId,
  };
  const destination = await chooseWarehouse(deps, dispatchRequest);
  return {
    declaration,
    data: {
      channel: place.channel,
      storeId,
      buyerId: buyerOf(routing),
      warehouseId: destination.warehouseId,
      dispatch: destination.dispatch,
      circuit: { id: circuit.circuitId, name: circuit.name, deposit: circuit.deposit },
      shippingMethodId: declaration.shippingMethodId,
      paymentMode: { id: paymentMode._id, type: paymentMode.paymentType, label: paymentMode.label },
      product: { productId: product._id, label: product.label, brand: product.brand, categoryId: product.categoryId, ean: product.ean },
      responses: declaration.responses,
      grade,
      imei: checkImei(declaration, product.tacCodes),
      declaredPrice: price,
      pricing: { paymentModifier, circuitBonus: seen.circuitBonus },
    },
    mail: { product: product.label, price: seen.total, circuit: circuit.name, paymentMode: paymentMode.label, deposit: circuit.deposit },
    bankTransfer: paymentMode.paymentType === 'bank_transfer',
    dispatchRequest,
  };
}

/** The warehouse the dispatcher chooses; none is the specification's "no warehouse matches the category", and nothing is written. */
async function chooseWarehouse(deps: BuybackPorts, request: DispatchRequest): Promise<WarehouseChoice> {
  const choice = await deps.dispatcher.choose(request);
  if (!choice) {
    const categoryId = request.categoryChainRootFirst[request.categoryChainRootFirst.length - 1]?.categoryId ?? null;
    throw new ApplicationError('BUYBACK_NO_WAREHOUSE_FOR_CATEGORY', { categoryId });
  }
  return choice;
}

/** The customer, checked with the specification's rules (an IBAN when any device is paid by bank transfer). */
export function validatedCustomer(deps: BuybackPorts, place: Place, input: CustomerInput, prepared: readonly PreparedDeclaration[]): CustomerData {
  const validation = validateCustomer(input, {
    ibanRequired: prepared.some((p) => p.bankTransfer),
    identityRequired: place.account.settings.customerIdentityDocumentRequired,
    idCollected: (place.account.settings as { customerIdCollectionEnabled?: boolean }).customerIdCollectionEnabled === true,
    today: deps.clock.now().slice(0, 10),
  });
  if ('errors' in validation) throw new ApplicationError('VALIDATION_FAILED', { fields: validation.errors });
  return validation.customer;
}

/** The registrations of prepared declarations for one customer, their data sealed with the customer's key. */
export async function registrations(
  deps: BuybackPorts,
  place: Place,
  customer: CustomerData,
  locale: Locale,
  items: ReadonlyArray<{ buybackId: string; prepared: PreparedDeclaration }>,
): Promise<Registration[]> {
  const customerSubjectId = deps.vault.subjectIdFor(place.account._id, customer.email);
  const sealed = await deps.vault.seal(customerSubjectId, customer);
  const origin = { zipCode: customer.zipCode, country: customer.country };
  const routed = await Promise.all(
    items.map(async (item) =>
      // A web buyback leaves from its customer's address: the rules may send it to the nearest warehouse.
      place.channel === 'web' ? { ...item.prepared.data, ...(await chooseWarehouse(deps, { ...item.prepared.dispatchRequest, origin })) } : item.prepared.data,
    ),
  );
  return items.map(({ buybackId, prepared }, index) => ({
    buybackId,
    prepared,
    customerSubjectId,
    command: (identificationNumber) => ({
      type: 'RegisterBuyback',
      data: { ...(routed[index] ?? prepared.data), buybackId, identificationNumber, customerSubjectId, customer: sealed, customerLocale: locale },
    }),
  }));
}

export interface Registration {
  buybackId: string;
  prepared: PreparedDeclaration;
  customerSubjectId: string;
  command(identificationNumber: string): BuybackCommand;
}

/**
 * Reserves an identification number per buyback and registers them all in
 * one atomic multi-stream append, with `also` (e.g. the cart's own event):
 * every number's stream and every buyback's stream must not exist. A number
 * already taken refuses the whole append, nothing is written, and new
 * numbers are drawn. All or none.
 */
export async function appendRegistrations(
  deps: BuybackPorts,
  items: readonly Registration[],
  metadata: EventMetadata,
  also: readonly StreamAppend[] = [],
): Promise<RegisteredBuyback[]> {
  for (let attempt = 0; attempt < IDENTIFICATION_NUMBER_ATTEMPTS; attempt++) {
    const numbers = items.map(() => newIdentificationNumber(deps));
    const appends: StreamAppend[] = [];
    /** Where each buyback's own append is in `appends`: its result is the buyback's. */
    const buybackAppends: number[] = [];
    const decided = items.map((item, index) => {
      const identificationNumber = numbers[index] as string;
      // A brand-new stream: its state is the initial one, nothing to read.
      const events = buybackDecider.decide(item.command(identificationNumber), initialSnapshot());
      appends.push(
        {
          streamName: BUYBACK_STREAMS.identificationNumber.name(identificationNumber),
          events: [toNewEvent({ type: 'IdentificationNumberReserved', data: { buybackId: item.buybackId, identificationNumber } }, deps.ids.uuid(), metadata)],
          expectedRevision: 'no_stream',
        },
      );
      buybackAppends.push(appends.length);
      appends.push(
        {
          streamName: BUYBACK_STREAMS.buyback.name(item.buybackId),
          // As handleCommand does: the first event is caused by the command's cause, the others by the request.
          events: events.map((event, i) =>
            toNewEvent(event, deps.ids.uuid(), { ...metadata, causationId: i === 0 ? metadata.causationId : metadata.correlationId }),
          ),
          expectedRevision: 'no_stream',
        },
        ...companionsOf(deps, events, metadata),
      );
      return { item, identificationNumber, events };
    });
    try {
      const results = await deps.eventStore.appendToStreams([...appends, ...also]);
      return decided.map(({ item, identificationNumber, events }, index) => {
        const result = results[buybackAppends[index] as number];
        if (!result) throw new Error('The event store answered fewer results than appends');
        // The status after the events, asked of the machine through its remembered transitions (as the read model does).
        const path = events.reduce<string | null>((current, event) => statePathAfter(current, event), null);
        return {
          id: item.buybackId,
          status: path === null ? null : (statusOfPath(path) as BuybackStatus),
          revision: result.nextExpectedRevision,
          position: result.lastGlobalPosition,
          identificationNumber,
          registeredAt: metadata.occurredAt,
        };
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (!error.streamName.startsWith(`${BUYBACK_STREAMS.identificationNumber.category}-`)) {
        // A buyback stream or the cart's exists: the same request ran already (or runs at once); answer as it did.
        const winners = metadata.idempotency ? await replayAll(deps, items, metadata.idempotency) : null;
        if (winners) return winners;
        throw new ApplicationError('CONCURRENT_MODIFICATION', { stream: error.streamName, expectedRevision: -1 });
      }
      // A number is taken: draw new ones.
    }
  }
  throw new ApplicationError('IDENTIFICATION_NUMBER_EXHAUSTED');
}

/** What the other parts append with these new buybacks' events (the warehouse's item of each). */
function companionsOf(deps: BuybackPorts, events: readonly BuybackEvent[], metadata: EventMetadata): StreamAppend[] {
  return events.flatMap((event) =>
    event.type === 'BuybackRegistered' ? deps.companions.map((companion) => companion(event.data, metadata, () => deps.ids.uuid())) : [],
  );
}

/** The first outcome of a registration whose events carry this key, or null when none was stored. */
export async function replayedRegistration(deps: BuybackPorts, buybackId: string, mark: IdempotencyMark): Promise<RegisteredBuyback | null> {
  const history = await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId));
  const earlier = replayOf(buybackDecider, history, mark);
  const registered = earlier?.events[0];
  if (!earlier || registered?.type !== 'BuybackRegistered') return null;
  const registeredAt = (history[0] as StoredEvent).metadata.occurredAt;
  return { ...buybackOutcome(buybackId, earlier), identificationNumber: registered.data.identificationNumber, registeredAt, replayed: true };
}

async function replayAll(deps: BuybackPorts, items: readonly Registration[], mark: IdempotencyMark): Promise<RegisteredBuyback[] | null> {
  const outcomes = await Promise.all(items.map((item) => replayedRegistration(deps, item.buybackId, mark)));
  return outcomes.every((o): o is RegisteredBuyback => o !== null) ? outcomes : null;
}

/** The confirmation e-mail of each new buyback, in the language the customer used, with the links to its documents and its tracking page. */
export async function sendConfirmations(
  deps: BuybackPorts,
  customer: CustomerData,
  locale: Locale,
  items: readonly Registration[],
  registered: readonly RegisteredBuyback[],
): Promise<void> {
  for (const [index, item] of items.entries()) {
    const outcome = registered[index];
    if (!outcome || outcome.replayed) continue;
    const { mail } = item.prepared;
    await deps.mailer.send({
      to: customer.email,
      template: 'buybackConfirmation',
      locale,
      subjectId: item.customerSubjectId,
      params: {
        firstName: customer.firstName,
        code: outcome.identificationNumber,
        product: mail.product,
        price: mail.price,
        circuit: mail.circuit,
        paymentMode: mail.paymentMode,
        nextSteps: { $text: `mail.buybackConfirmation.steps.${item.prepared.data.channel}_${mail.deposit}` },
        // Signed and expiring, each its own token: the documents (name, address, label) and the journey (no personal data; answers a price proposal).
        documentsLink: deps.customerLinks.documentsUrl(outcome.id),
        trackingLink: deps.customerLinks.trackingUrl(outcome.id),
      },
    });
  }
}

function checkImei(declaration: Declaration, tacCodes: readonly string[]): string | null {
  if (declaration.imei === undefined || declaration.imei === null || declaration.imei === '') return null;
  let imei;
  try {
    imei = parseImei(declaration.imei);
  } catch (error) {
    if (error instanceof DomainError) {
      throw new ApplicationError('VALIDATION_FAILED', { fields: [{ ...error.details, field: 'imei', code: error.code }] });
    }
    throw error;
  }
  if (tacCodes.length > 0 && !imeiMatchesTac(imei, tacCodes) && declaration.acceptUnknownImei !== true) {
    throw new ApplicationError('IMEI_TAC_MISMATCH', { imei: imei.value, canContinue: true });
  }
  return imei.value;
}

/** "2" + 11 random digits + GS1 check digit. */
function newIdentificationNumber(deps: BuybackPorts): string {
  return identificationNumberFrom(IDENTIFICATION_NUMBER_PREFIX + deps.ids.digits(11));
}

/** The machine's initial snapshot, made once: snapshots are immutable, and making one is not free. */
let initial: ReturnType<typeof buybackDecider.initialState> | null = null;
function initialSnapshot() {
  initial ??= buybackDecider.initialState();
  return initial;
}
