import { createHash } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import type { DocumentStore } from '../ports/document-store.js';
import type { AppendResult, EventMetadata, EventStore } from '../ports/event-store.js';
import { WrongExpectedRevisionError } from '../ports/event-store.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { Mailer } from '../ports/mailer.js';
import { isForgotten, type PersonalDataVault } from '../ports/personal-data.js';
import { TOKENS } from '../tokens.js';
import { ApplicationError } from '../commands/errors.js';
import { handleCommand, foldStream } from '../commands/command-handler.js';
import { isPlatformStaff, singleBuybackVisibility, type Principal } from '../organizations/principal.js';
import { streamName } from '../events/streams.js';
import { toNewEvent } from '../events/codec.js';
import { CatalogService } from '../catalog/catalog-service.js';
import { buybackDecider } from './buyback-decider.js';
import { validateCustomer, type CustomerInput } from './customer-validation.js';
import type { BuybackCommand } from '../../domain/buybacks/commands.js';
import type { BuybackChannel, CancelReason } from '../../domain/buybacks/events.js';
import {
  buybackStatus,
  isAwaitingCustomerDecision,
  statePathAfter,
  statusOfPath,
  type BuybackSnapshot,
} from '../../domain/buybacks/machine.js';
import { money, type Money } from '../../domain/shared/money.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { parseImei, imeiMatchesTac } from '../../domain/values/imei.js';
import { identificationNumberFrom, IDENTIFICATION_NUMBER_PREFIX } from '../../domain/values/identification-number.js';
import type { BuybackStatus } from '../../domain/buybacks/state.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from './read-models.js';
import { ORGANIZATION_COLLECTIONS } from '../organizations/read-models.js';
import type { AccountDocument, OrganizationDocument } from '../organizations/read-models.js';
import type { AbsorptionRule } from '../../domain/buybacks/absorption.js';

export interface CommandContext {
  principal: Principal;
  correlationId: string;
  /** From If-Match. */
  expectedRevision?: number;
}

export interface CommandOutcome {
  id: string;
  status: BuybackStatus | null;
  revision: number;
  /** Global position of the last event written: the API waits for the read models to reach it. */
  position: number | null;
}

export interface RegisterBuybackInput {
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

const IDENTIFICATION_NUMBER_ATTEMPTS = 5;

/** The machine's initial snapshot, made once: snapshots are immutable, and making one is not free. */
let initial: BuybackSnapshot | null = null;
function initialSnapshot(): BuybackSnapshot {
  initial ??= buybackDecider.initialState();
  return initial;
}

/** The buyback's write side: every command of the lifecycle, each one event stream append. */
@injectable()
export class BuybackService {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.DocumentStore) private readonly documents: DocumentStore,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.PersonalDataVault) private readonly vault: PersonalDataVault,
    @inject(TOKENS.Mailer) private readonly mailer: Mailer,
    @inject(TOKENS.CatalogService) private readonly catalog: CatalogService,
  ) {}

  /** POST /store/{storeId}/buybacks (channel store) and POST /web/buybacks (channel web, anonymous visitor). */
  async register(
    context: CommandContext,
    channel: BuybackChannel,
    storeId: string | null,
    input: RegisterBuybackInput,
  ): Promise<CommandOutcome & { identificationNumber: string }> {
    const { principal } = context;
    const accountId = principal.accountId;
    if (accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
    const account = await this.account(accountId);
    const organizationId = channel === 'store' ? await this.visibleStore(principal, storeId) : account.webOrganizationId;

    // One read of the catalogue: the estimate hands back the category chain the options and the routing need too.
    const { grade, price, product, ancestry: chain } = await this.catalog.estimate(principal, input.productId, input.responses);

    const options = await this.catalog.buybackOptions(principal, product, channel, chain);
    const circuit = options.circuits.find((c) => c.circuitId === input.circuitId);
    if (!circuit) throw new ApplicationError('CIRCUIT_NOT_AVAILABLE', { circuitId: input.circuitId });
    if (!circuit.shippingMethodIds.includes(input.shippingMethodId)) {
      throw new ApplicationError('BUYBACK_NO_TRANSPORT_MODE', { shippingMethodId: input.shippingMethodId });
    }
    const paymentMode = options.paymentModes.find((p) => p._id === input.paymentModeId);
    if (!paymentMode || !circuit.paymentModeIds.includes(input.paymentModeId)) {
      throw new ApplicationError('BUYBACK_NO_PAYMENT_MODE_FOR_CIRCUIT', { paymentModeId: input.paymentModeId });
    }

    const imei = this.checkImei(input, product.tacCodes);

    const validation = validateCustomer(input.customer, {
      ibanRequired: paymentMode.paymentType === 'bank_transfer',
      identityRequired: account.settings.customerIdentityDocumentRequired,
      today: this.clock.now().slice(0, 10),
    });
    if ('errors' in validation) throw new ApplicationError('VALIDATION_FAILED', { fields: validation.errors });

    const nearest = [...chain].reverse();
    const warehouseId = nearest.find((c) => c.referentWarehouseIds.length > 0)?.referentWarehouseIds[0];
    if (!warehouseId) throw new ApplicationError('BUYBACK_NO_WAREHOUSE_FOR_CATEGORY', { categoryId: product.categoryId });
    const buyerId = nearest.find((c) => c.buyerId)?.buyerId;
    if (!buyerId) throw new ApplicationError('BUYBACK_BUYER_UNREACHABLE', { categoryId: product.categoryId });

    const buybackId = this.ids.uuid();
    const metadata = this.metadata(context, accountId, organizationId);
    const customerSubjectId = this.vault.subjectIdFor(accountId, validation.customer.email);
    const sealed = await this.vault.seal(customerSubjectId, validation.customer);

    const command = (identificationNumber: string): BuybackCommand => ({
      type: 'RegisterBuyback',
      data: {
        buybackId,
        identificationNumber,
        channel,
        storeId: channel === 'store' ? organizationId : null,
        buyerId,
        warehouseId,
        circuit: { id: circuit.circuitId, name: circuit.name, deposit: circuit.deposit },
        shippingMethodId: input.shippingMethodId,
        paymentMode: { id: paymentMode._id, type: paymentMode.paymentType, label: paymentMode.label },
        product: {
          productId: product._id,
          label: product.label,
          brand: product.brand,
          categoryId: product.categoryId,
          ean: product.ean,
        },
        responses: input.responses,
        grade,
        imei,
        declaredPrice: price,
        customerSubjectId,
        customer: sealed,
      },
    });

    if (this.eventStore.appendToStreams) return this.registerAtomically(buybackId, command, metadata);

    // An event store without multi-stream appends: reserve the number, then register.
    const identificationNumber = await this.reserveIdentificationNumber(buybackId, metadata);
    const result = await handleCommand(this.eventStore, streamName('buyback', buybackId), buybackDecider, command(identificationNumber), {
      metadata,
      newEventId: () => this.ids.uuid(),
    });
    return { ...this.outcome(buybackId, result), identificationNumber };
  }

  /**
   * Reserves the identification number and registers the buyback in one
   * atomic multi-stream append (one commit): the number's stream
   * `buyback-number-<n>` and the new buyback stream must both not exist. A
   * number already taken refuses the whole append, nothing is written, and
   * another number is drawn; a registration is never left half done.
   */
  private async registerAtomically(
    buybackId: string,
    command: (identificationNumber: string) => BuybackCommand,
    metadata: EventMetadata,
  ): Promise<CommandOutcome & { identificationNumber: string }> {
    const appendToStreams = this.eventStore.appendToStreams?.bind(this.eventStore);
    if (!appendToStreams) throw new Error('The event store has no multi-stream append');
    const buybackStream = streamName('buyback', buybackId);
    for (let attempt = 0; attempt < IDENTIFICATION_NUMBER_ATTEMPTS; attempt++) {
      const identificationNumber = this.newIdentificationNumber();
      const numberStream = streamName('identificationNumber', identificationNumber);
      // A brand-new stream: its state is the initial one, nothing to read.
      const events = buybackDecider.decide(command(identificationNumber), initialSnapshot());
      const reservation = toNewEvent(
        { type: 'IdentificationNumberReserved', data: { buybackId, identificationNumber } },
        this.ids.uuid(),
        metadata,
      );
      try {
        const [, registered] = await appendToStreams([
          { streamName: numberStream, events: [reservation], expectedRevision: 'no_stream' },
          {
            streamName: buybackStream,
            // As handleCommand does: the first event is caused by the command's cause, the others by the request.
            events: events.map((event, index) =>
              toNewEvent(event, this.ids.uuid(), {
                ...metadata,
                causationId: index === 0 ? metadata.causationId : metadata.correlationId,
              }),
            ),
            expectedRevision: 'no_stream',
          },
        ]);
        const result = registered as AppendResult;
        // The status after the events, asked of the machine through its remembered transitions (as the read model does).
        const path = events.reduce<string | null>((current, event) => statePathAfter(current, event), null);
        return {
          id: buybackId,
          status: path === null ? null : statusOfPath(path),
          revision: result.nextExpectedRevision,
          position: result.lastGlobalPosition,
          identificationNumber,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (error.streamName !== numberStream) {
          throw new ApplicationError('CONCURRENT_MODIFICATION', { stream: buybackStream, expectedRevision: -1 });
        }
        // The number is taken: draw another.
      }
    }
    throw new ApplicationError('IDENTIFICATION_NUMBER_EXHAUSTED');
  }

  finalizeInStore(context: CommandContext, buybackId: string, storeId: string): Promise<CommandOutcome> {
    return this.execute(context, buybackId, async () => {
      await this.visibleStore(context.principal, storeId);
      return { type: 'FinalizeBuybackInStore', data: { storeId } };
    });
  }

  ship(context: CommandContext, buybackId: string, tracking: { trackingNumber?: string | null; trackingLink?: string | null }) {
    return this.execute(context, buybackId, async () => ({
      type: 'ShipBuyback',
      data: { trackingNumber: tracking.trackingNumber ?? null, trackingLink: tracking.trackingLink ?? null },
    }));
  }

  checkIn(context: CommandContext, buybackId: string) {
    return this.execute(context, buybackId, async (buyback) => ({
      type: 'CheckInBuyback',
      // A warehouse user checks in at their warehouse; provider staff at the buyback's destination.
      data: { warehouseId: context.principal.module === 'rps' ? (context.principal.organizationId as string) : buyback.warehouseId },
    }));
  }

  completeByPrice(context: CommandContext, buybackId: string, input: { controlledPriceInCents?: number | null; comment?: string | null }) {
    return this.execute(context, buybackId, async (buyback) => ({
      type: 'CompleteBuybackByPrice',
      data: {
        controlledPrice: input.controlledPriceInCents == null ? null : money(input.controlledPriceInCents, buyback.declaredPrice.currency),
        comment: input.comment ?? null,
      },
    }));
  }

  absorb(context: CommandContext, buybackId: string, input: { controlledPriceInCents: number; comment?: string | null }) {
    return this.execute(context, buybackId, async (buyback) => ({
      type: 'AbsorbPriceDeviation',
      data: {
        controlledPrice: money(input.controlledPriceInCents, buyback.declaredPrice.currency),
        rule: await this.absorptionRule(buyback),
        comment: input.comment ?? null,
      },
    }));
  }

  /** Records the proposal and e-mails the customer a link carrying a secret only its hash is stored of. */
  async proposeNewPrice(
    context: CommandContext,
    buybackId: string,
    input: { proposedPriceInCents: number; reason: string; comment?: string | null },
    publicBaseUrl: string,
  ): Promise<CommandOutcome> {
    const secret = this.ids.secret();
    let proposedPrice: Money | null = null;
    let customerEmail: string | null = null;
    const outcome = await this.execute(context, buybackId, async (buyback) => {
      proposedPrice = money(input.proposedPriceInCents, buyback.declaredPrice.currency);
      customerEmail = isForgotten(buyback.customer) ? null : buyback.customer.email;
      return {
        type: 'ProposeNewPrice',
        data: { proposedPrice, reason: input.reason, comment: input.comment ?? null, decisionTokenHash: hashSecret(secret) },
      };
    });
    if (customerEmail && proposedPrice) {
      const link = `${publicBaseUrl}/buyback/${buybackId}/accept?token=${secret}`;
      await this.mailer.send({
        to: customerEmail,
        template: 'price-proposal',
        subject: 'Nouvelle proposition de prix pour votre reprise',
        text: `Une nouvelle proposition de prix vous est faite. Acceptez ou refusez-la ici : ${link}`,
      });
    }
    return outcome;
  }

  completeWithoutControl(context: CommandContext, buybackId: string) {
    return this.execute(context, buybackId, async () => ({ type: 'CompleteBuyback', data: {} }));
  }

  cancel(context: CommandContext, buybackId: string, input: { reason: CancelReason; comment?: string | null; force?: boolean }) {
    return this.execute(context, buybackId, async () => ({
      type: 'CancelBuyback',
      data: { reason: input.reason, comment: input.comment ?? '', force: input.force === true },
    }));
  }

  /** The customer's side of a proposal, read with the link's secret (no login). */
  async proposalForCustomer(buybackId: string, secret: string) {
    const { state, document } = await this.proposalState(buybackId, secret);
    const proposal = state.context.proposal;
    if (!proposal) throw new ApplicationError('PRICE_PROPOSAL_NOT_FOUND');
    const status = buybackStatus(state);
    return {
      buybackId,
      identificationNumber: state.context.identificationNumber,
      productLabel: document?.product.label ?? null,
      previousPrice: proposal.previousPrice,
      proposedPrice: proposal.proposedPrice,
      reason: proposal.reason,
      comment: document?.proposal?.comment ?? null,
      decision: status === 'bb_cancelled' ? ('cancelled' as const) : proposal.decision,
      alreadyResolved: !isAwaitingCustomerDecision(state),
    };
  }

  async decideProposal(buybackId: string, secret: string, decision: 'accept' | 'reject', correlationId: string): Promise<CommandOutcome> {
    const { document } = await this.proposalState(buybackId, secret);
    const accountId = document?.accountId;
    if (!accountId) throw new ApplicationError('BUYBACK_NOT_FOUND');
    const command: BuybackCommand =
      decision === 'accept'
        ? { type: 'AcceptNewPrice', data: { decisionTokenHash: hashSecret(secret) } }
        : { type: 'RejectNewPrice', data: { decisionTokenHash: hashSecret(secret) } };
    const result = await this.handle(buybackId, command, {
      accountId,
      organizationId: document.organizationId,
      userId: null,
      correlationId,
      causationId: null,
      occurredAt: this.clock.now(),
    });
    return this.outcome(buybackId, result);
  }

  private async proposalState(buybackId: string, secret: string) {
    const history = await this.eventStore.readStream(streamName('buyback', buybackId));
    const state = foldStream(buybackDecider, history);
    const hash = hashSecret(secret);
    // Unknown buyback and wrong secret answer alike, so a link cannot be guessed.
    if (state.context.proposal?.decisionTokenHash !== hash) throw new ApplicationError('PRICE_PROPOSAL_NOT_FOUND');
    const document = await this.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId);
    return { state, document };
  }

  /** Loads the buyback as the caller may see it (404 otherwise), builds the command, appends. */
  private async execute(
    context: CommandContext,
    buybackId: string,
    build: (buyback: BuybackDocument) => Promise<BuybackCommand>,
  ): Promise<CommandOutcome> {
    const buyback = await this.visibleBuyback(context.principal, buybackId);
    const command = await build(buyback);
    const metadata = this.metadata(context, buyback.accountId, context.principal.organizationId ?? buyback.organizationId);
    const result = await this.handle(buybackId, command, metadata, context.expectedRevision);
    return this.outcome(buybackId, result);
  }

  private async handle(buybackId: string, command: BuybackCommand, metadata: EventMetadata, expectedRevision?: number) {
    return handleCommand(this.eventStore, streamName('buyback', buybackId), buybackDecider, command, {
      metadata,
      ...(expectedRevision === undefined ? {} : { expectedRevision }),
      newEventId: () => this.ids.uuid(),
    });
  }

  private outcome(id: string, result: { state: Parameters<typeof buybackStatus>[0]; revision: number; position: number | null }): CommandOutcome {
    return { id, status: buybackStatus(result.state), revision: result.revision, position: result.position };
  }

  async visibleBuyback(principal: Principal, buybackId: string): Promise<BuybackDocument> {
    const [buyback] = await this.documents
      .collection<BuybackDocument>(BUYBACKS_COLLECTION)
      .find({ $and: [singleBuybackVisibility(principal), { _id: buybackId }] }, { limit: 1 });
    if (!buyback) throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });
    return buyback;
  }

  private metadata(context: CommandContext, accountId: string, organizationId: string | null): EventMetadata {
    return {
      accountId,
      organizationId,
      userId: context.principal.userId,
      correlationId: context.correlationId,
      causationId: null,
      occurredAt: this.clock.now(),
    };
  }

  private async account(accountId: string): Promise<AccountDocument> {
    const account = await this.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
    if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId });
    return account;
  }

  /** A store of the caller's tenant that the caller works for (a store user: their own store). */
  private async visibleStore(principal: Principal, storeId: string | null): Promise<string> {
    const store = storeId ? await this.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(storeId) : null;
    const inTenant = store && store.type === 'store' && (isPlatformStaff(principal) || store.accountId === principal.accountId);
    if (!store || !inTenant) throw new ApplicationError('STORE_NOT_FOUND', { storeId });
    const ownStoreOnly = principal.module === 'tim';
    if (ownStoreOnly && principal.organizationId !== store._id) throw new ApplicationError('STORE_NOT_FOUND', { storeId });
    if (principal.visibleStoreIds && !principal.visibleStoreIds.includes(store._id)) {
      throw new ApplicationError('STORE_NOT_FOUND', { storeId });
    }
    return store._id;
  }

  private checkImei(input: RegisterBuybackInput, tacCodes: readonly string[]): string | null {
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

  /** "2" + 11 random digits + GS1 check digit. */
  private newIdentificationNumber(): string {
    return identificationNumberFrom(IDENTIFICATION_NUMBER_PREFIX + this.ids.digits(11));
  }

  private async absorptionRule(buyback: BuybackDocument): Promise<AbsorptionRule> {
    const chain = await this.catalog.ancestry(buyback.accountId, buyback.product.categoryId);
    return [...chain].reverse().find((c) => c.absorption.type !== 'none')?.absorption ?? {
      type: 'none',
      value: 0,
      maxAbsorbedAmountInCents: null,
    };
  }

  /**
   * A unique 13-digit number: "2" + 11 random digits + GS1 check digit,
   * claimed by creating the stream `buyback-number-<n>`; a collision retries.
   */
  private async reserveIdentificationNumber(buybackId: string, metadata: EventMetadata): Promise<string> {
    for (let attempt = 0; attempt < IDENTIFICATION_NUMBER_ATTEMPTS; attempt++) {
      const number = this.newIdentificationNumber();
      try {
        await this.eventStore.appendToStream(
          streamName('identificationNumber', number),
          [toNewEvent({ type: 'IdentificationNumberReserved', data: { buybackId, identificationNumber: number } }, this.ids.uuid(), metadata)],
          'no_stream',
        );
        return number;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new ApplicationError('IDENTIFICATION_NUMBER_EXHAUSTED');
  }
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
