import type { BuybackCommand } from '../../../domain/buybacks/commands.js';
import type { BuybackChannel } from '../../../domain/buybacks/events.js';
import { statePathAfter, statusOfPath } from '../../../domain/buybacks/machine.js';
import { buyerOf, destinationWarehouse } from '../../../domain/buybacks/routing.js';
import type { BuybackStatus } from '../../../domain/buybacks/state.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { IDENTIFICATION_NUMBER_PREFIX, identificationNumberFrom } from '../../../domain/values/identification-number.js';
import { imeiMatchesTac, parseImei } from '../../../domain/values/imei.js';
import { WrongExpectedRevisionError, type AppendResult, type EventMetadata, type IdempotencyMark } from '../../ports/event-store.js';
import { toNewEvent } from '../../events/codec.js';
import { defineCommand } from '../../commands/command-slice.js';
import { handleCommand, replayOf } from '../../commands/command-handler.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { ApplicationError } from '../../commands/errors.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../organizations/read-models.js';
import { buybackDecider } from '../buyback-decider.js';
import type { BuybackPorts } from '../buyback-ports.js';
import { validateCustomer, type CustomerInput } from '../customer-validation.js';
import { BUYBACK_STREAMS } from '../streams.js';
import { buybackOutcome, commandMetadata, type BuybackOutcome } from './buyback-command.js';
import { visibleStore } from './visible-store.js';

export interface RegisterBuybackInput {
  channel: BuybackChannel;
  /** The store registering it (channel store); null on the web. */
  storeId: string | null;
  productId: string;
  responses: Array<{ questionId: string; answerIds: string[] }>;
  imei?: string | null;
  /** The seller saw the "unknown IMEI" warning and chose to continue. */
  acceptUnknownImei?: boolean;
  customer: CustomerInput;
  circuitId: string;
  shippingMethodId: string;
  paymentModeId: string;
}

export type RegisteredBuyback = BuybackOutcome & { identificationNumber: string; replayed?: boolean };

const IDENTIFICATION_NUMBER_ATTEMPTS = 5;

/**
 * POST /store/{storeId}/buybacks (a store seller, for a customer in the
 * store) and POST /web/buybacks (a storefront visitor). The price is the
 * estimate's, never the client's; the destination warehouse and the buyer
 * follow the category's routing; the customer's data is sealed with their
 * key before it enters the event. The customer is e-mailed a confirmation.
 */
export const registerBuyback = defineCommand<BuybackPorts, RegisterBuybackInput, RegisteredBuyback>({
  name: 'RegisterBuyback',
  permission: null, // the route names buyback.create or buyback.create_web, by channel
  async run(deps, context, input) {
    const { principal } = context;
    // With an Idempotency-Key the new buyback's id derives from it: a retry (after a crash too) finds the
    // first attempt's stream and answers as it did, and two attempts can never both create one.
    const buybackId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const earlier = context.idempotency ? await replayed(deps, buybackId, context.idempotency) : null;
    if (earlier) return earlier;
    if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
    const account = await deps.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(principal.accountId);
    if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId: principal.accountId });
    const organizationId =
      input.channel === 'store' ? await visibleStore(deps.documents, principal, input.storeId) : account.webOrganizationId;

    // One read of the catalogue: the estimate hands back the category chain the options and the routing need too.
    const { grade, price, product, ancestry } = await deps.catalog.estimate(principal, input.productId, input.responses);
    const options = await deps.catalog.buybackOptions(principal, product, input.channel, ancestry);
    const circuit = options.circuits.find((c) => c.circuitId === input.circuitId);
    if (!circuit) throw new ApplicationError('CIRCUIT_NOT_AVAILABLE', { circuitId: input.circuitId });
    if (!circuit.shippingMethodIds.includes(input.shippingMethodId)) {
      throw new ApplicationError('BUYBACK_NO_TRANSPORT_MODE', { shippingMethodId: input.shippingMethodId });
    }
    const paymentMode = options.paymentModes.find((p) => p._id === input.paymentModeId);
    if (!paymentMode || !circuit.paymentModeIds.includes(input.paymentModeId)) {
      throw new ApplicationError('BUYBACK_NO_PAYMENT_MODE_FOR_CIRCUIT', { paymentModeId: input.paymentModeId });
    }
    const imei = checkImei(input, product.tacCodes);
    const validation = validateCustomer(input.customer, {
      ibanRequired: paymentMode.paymentType === 'bank_transfer',
      identityRequired: account.settings.customerIdentityDocumentRequired,
      today: deps.clock.now().slice(0, 10),
    });
    if ('errors' in validation) throw new ApplicationError('VALIDATION_FAILED', { fields: validation.errors });

    const routing = ancestry.map((c) => ({ categoryId: c._id, referentWarehouseIds: c.referentWarehouseIds, buyerId: c.buyerId }));
    const warehouseId = destinationWarehouse(routing);
    const buyerId = buyerOf(routing);

    const customerSubjectId = deps.vault.subjectIdFor(account._id, validation.customer.email);
    const sealed = await deps.vault.seal(customerSubjectId, validation.customer);
    const command = (identificationNumber: string): BuybackCommand => ({
      type: 'RegisterBuyback',
      data: {
        buybackId,
        identificationNumber,
        channel: input.channel,
        storeId: input.channel === 'store' ? organizationId : null,
        buyerId,
        warehouseId,
        circuit: { id: circuit.circuitId, name: circuit.name, deposit: circuit.deposit },
        shippingMethodId: input.shippingMethodId,
        paymentMode: { id: paymentMode._id, type: paymentMode.paymentType, label: paymentMode.label },
        product: { productId: product._id, label: product.label, brand: product.brand, categoryId: product.categoryId, ean: product.ean },
        responses: input.responses,
        grade,
        imei,
        declaredPrice: price,
        customerSubjectId,
        customer: sealed,
        customerLocale: context.locale,
      },
    });
    const metadata = commandMetadata(deps, context, account._id, organizationId);
    const registered = deps.eventStore.appendToStreams
      ? await registerAtomically(deps, buybackId, command, metadata)
      : await registerInTwoSteps(deps, buybackId, command, metadata);
    if (registered.replayed) return registered;

    await deps.mailer.send({
      to: validation.customer.email,
      template: 'buybackConfirmation',
      locale: context.locale,
      subjectId: customerSubjectId,
      params: {
        firstName: validation.customer.firstName,
        code: registered.identificationNumber,
        product: product.label,
        price,
        circuit: circuit.name,
        paymentMode: paymentMode.label,
        nextSteps: { $text: `mail.buybackConfirmation.steps.${input.channel}_${circuit.deposit}` },
      },
    });
    return registered;
  },
});

function checkImei(input: RegisterBuybackInput, tacCodes: readonly string[]): string | null {
  if (input.imei === undefined || input.imei === null || input.imei === '') return null;
  let imei;
  try {
    imei = parseImei(input.imei);
  } catch (error) {
    if (error instanceof DomainError) {
      throw new ApplicationError('VALIDATION_FAILED', { fields: [{ ...error.details, field: 'imei', code: error.code }] });
    }
    throw error;
  }
  if (tacCodes.length > 0 && !imeiMatchesTac(imei, tacCodes) && input.acceptUnknownImei !== true) {
    throw new ApplicationError('IMEI_TAC_MISMATCH', { imei: imei.value, canContinue: true });
  }
  return imei.value;
}

/** The first outcome of a registration whose events carry this key, or null when none was stored. */
async function replayed(deps: BuybackPorts, buybackId: string, mark: IdempotencyMark): Promise<RegisteredBuyback | null> {
  const earlier = replayOf(buybackDecider, await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId)), mark);
  const registered = earlier?.events[0];
  if (!earlier || registered?.type !== 'BuybackRegistered') return null;
  return { ...buybackOutcome(buybackId, earlier), identificationNumber: registered.data.identificationNumber, replayed: true };
}

/** "2" + 11 random digits + GS1 check digit. */
function newIdentificationNumber(deps: BuybackPorts): string {
  return identificationNumberFrom(IDENTIFICATION_NUMBER_PREFIX + deps.ids.digits(11));
}

/**
 * Reserves the identification number and registers the buyback in one
 * atomic multi-stream append: the number's stream and the new buyback stream
 * must both not exist. A number already taken refuses the whole append,
 * nothing is written, and another number is drawn.
 */
async function registerAtomically(
  deps: BuybackPorts,
  buybackId: string,
  command: (identificationNumber: string) => BuybackCommand,
  metadata: EventMetadata,
): Promise<RegisteredBuyback> {
  const appendToStreams = deps.eventStore.appendToStreams?.bind(deps.eventStore);
  if (!appendToStreams) throw new Error('The event store has no multi-stream append');
  const buybackStream = BUYBACK_STREAMS.buyback.name(buybackId);
  for (let attempt = 0; attempt < IDENTIFICATION_NUMBER_ATTEMPTS; attempt++) {
    const identificationNumber = newIdentificationNumber(deps);
    const numberStream = BUYBACK_STREAMS.identificationNumber.name(identificationNumber);
    // A brand-new stream: its state is the initial one, nothing to read.
    const events = buybackDecider.decide(command(identificationNumber), initialSnapshot());
    const reservation = toNewEvent({ type: 'IdentificationNumberReserved', data: { buybackId, identificationNumber } }, deps.ids.uuid(), metadata);
    try {
      const [, registered] = await appendToStreams([
        { streamName: numberStream, events: [reservation], expectedRevision: 'no_stream' },
        {
          streamName: buybackStream,
          // As handleCommand does: the first event is caused by the command's cause, the others by the request.
          events: events.map((event, index) =>
            toNewEvent(event, deps.ids.uuid(), { ...metadata, causationId: index === 0 ? metadata.causationId : metadata.correlationId }),
          ),
          expectedRevision: 'no_stream',
        },
      ]);
      const result = registered as AppendResult;
      // The status after the events, asked of the machine through its remembered transitions (as the read model does).
      const path = events.reduce<string | null>((current, event) => statePathAfter(current, event), null);
      return {
        id: buybackId,
        status: path === null ? null : (statusOfPath(path) as BuybackStatus),
        revision: result.nextExpectedRevision,
        position: result.lastGlobalPosition,
        identificationNumber,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (error.streamName !== numberStream) {
        // The same request running twice at once: the other attempt registered it; answer as it did.
        const winner = metadata.idempotency ? await replayed(deps, buybackId, metadata.idempotency) : null;
        if (winner) return winner;
        throw new ApplicationError('CONCURRENT_MODIFICATION', { stream: buybackStream, expectedRevision: -1 });
      }
      // The number is taken: draw another.
    }
  }
  throw new ApplicationError('IDENTIFICATION_NUMBER_EXHAUSTED');
}

/** An event store without multi-stream appends: reserve the number (creating its stream), then register. */
async function registerInTwoSteps(
  deps: BuybackPorts,
  buybackId: string,
  command: (identificationNumber: string) => BuybackCommand,
  metadata: EventMetadata,
): Promise<RegisteredBuyback> {
  for (let attempt = 0; attempt < IDENTIFICATION_NUMBER_ATTEMPTS; attempt++) {
    const number = newIdentificationNumber(deps);
    try {
      await deps.eventStore.appendToStream(
        BUYBACK_STREAMS.identificationNumber.name(number),
        [toNewEvent({ type: 'IdentificationNumberReserved', data: { buybackId, identificationNumber: number } }, deps.ids.uuid(), metadata)],
        'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) continue;
      throw error;
    }
    const result = await handleCommand(deps.eventStore, BUYBACK_STREAMS.buyback.name(buybackId), buybackDecider, command(number), {
      metadata,
      newEventId: () => deps.ids.uuid(),
    });
    const registered = result.events[0];
    const identificationNumber = registered?.type === 'BuybackRegistered' ? registered.data.identificationNumber : number;
    return { ...buybackOutcome(buybackId, result), identificationNumber, ...(result.replayed ? { replayed: true } : {}) };
  }
  throw new ApplicationError('IDENTIFICATION_NUMBER_EXHAUSTED');
}

/** The machine's initial snapshot, made once: snapshots are immutable, and making one is not free. */
let initial: ReturnType<typeof buybackDecider.initialState> | null = null;
function initialSnapshot() {
  initial ??= buybackDecider.initialState();
  return initial;
}

