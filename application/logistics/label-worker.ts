import type { TransportParty } from '../../domain/logistics/transports/events.js';
import { labelRetryDelaySeconds, type TransportCommand, type TransportState } from '../../domain/logistics/transports/transport.js';
import type { BackgroundWorker, WorkerStatus } from '../ports/background-worker.js';
import { isForgotten } from '../ports/personal-data.js';
import { CarrierRefusedError, CarrierUnavailableError, type LabelAddress, type ShipmentRequest } from '../ports/transport.js';
import { foldStream, handleCommand } from '../commands/command-handler.js';
import { ApplicationError } from '../commands/errors.js';
import { BUYBACKS_COLLECTION, type BuybackDocument, type CustomerData } from '../buybacks/read-models.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../organizations/read-models.js';
import { transportDecider } from './deciders.js';
import type { LogisticsPorts } from './logistics-ports.js';
import { LOGISTICS_COLLECTIONS, type TransportDocument } from './read-models.js';
import { LOGISTICS_STREAMS } from './streams.js';

export interface LabelWorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}


/** Carrier errors say what failed, never a secret: they are recorded in events and shown in health. */
function describe(error: unknown): string {
  if (error instanceof CarrierRefusedError) return `${error.code}: ${error.message}`.slice(0, 300);
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return String(error).slice(0, 300);
}

/**
 * Makes the labels (the label queue): a transport whose label is pending and
 * due is asked of the carrier (a shipment, then its label). Each attempt's
 * outcome is an event on the transport (ready, not ready yet, failed with a
 * retry time), so the queue survives a restart and its history is
 * auditable. The transports read model is where due labels are found; the
 * decision is always taken on the transport's own stream (the read model may
 * lag), and appended at the revision read, so two workers (two processes)
 * never record one attempt twice; the carrier answers the same shipment for
 * the same reference, so asking twice costs nothing.
 */
export class LabelWorker implements BackgroundWorker {
  readonly name = 'labels';
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  constructor(
    private readonly ports: LogisticsPorts,
    private readonly logger: LabelWorkerLogger,
    private readonly options: { intervalMs: number; batchSize: number } = { intervalMs: 1000, batchSize: 10 },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Makes the labels due now; answers how many transports it worked on. Used by the loop, and by tests. */
  async runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Labels pending (retrying among them), failed for good, and how long the oldest pending one has waited. */
  async status(): Promise<WorkerStatus> {
    const transports = this.ports.documents.collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports);
    const [pending, retrying, failed, [oldest]] = await Promise.all([
      transports.count({ labelStatus: 'pending' }),
      transports.count({ labelStatus: 'pending', attempts: { $gt: 0 } }),
      transports.count({ labelStatus: 'failed' }),
      transports.find({ labelStatus: 'pending' }, { sort: [['createdAt', 1]], limit: 1 }),
    ]);
    const oldestSeconds = oldest ? Math.max(0, Math.round((Date.parse(this.ports.clock.now()) - Date.parse(oldest.createdAt)) / 1000)) : 0;
    return { backlog: pending, retrying, failed, oldestSeconds };
  }

  /**
   * The label's PDF, asked of the carrier again (nothing personal is kept at
   * rest); null while it is not ready, or while the carrier does not answer
   * (the caller says "ask again shortly", as for a label being made).
   */
  async labelPdf(transportId: string): Promise<Buffer | null> {
    const state = await this.stateOf(transportId);
    if (!state.request || !state.shipment || state.labelStatus !== 'ready') return null;
    try {
      const answer = await this.ports.transport.fetchLabel(state.shipment, await this.shipmentRequest(state));
      return answer.status === 'ready' ? answer.pdf : null;
    } catch (error) {
      if (!(error instanceof CarrierUnavailableError)) throw error;
      this.logger.warn({ transportId, error: describe(error) }, 'label download: the carrier did not answer');
      return null;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'label worker failed'))
        .finally(() => this.schedule(this.options.intervalMs));
    }, delayMs);
    this.timer.unref?.();
  }

  private async work(): Promise<number> {
    const now = this.ports.clock.now();
    const due = await this.ports.documents
      .collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports)
      .find({ labelStatus: 'pending', nextAttemptAt: { $lte: now } }, { sort: [['nextAttemptAt', 1]], limit: this.options.batchSize });
    let worked = 0;
    for (const transport of due) {
      if (this.stopped && worked > 0) break;
      try {
        if (await this.attempt(transport._id)) worked++;
      } catch (error) {
        // Another worker recorded this attempt first: it is theirs.
        if (error instanceof ApplicationError && error.code === 'CONCURRENT_MODIFICATION') continue;
        this.logger.error({ err: error, transportId: transport._id }, 'label attempt could not be recorded');
      }
    }
    return worked;
  }

  /** One attempt on one transport, decided on its own stream. False when there was nothing to do. */
  private async attempt(transportId: string): Promise<boolean> {
    const state = await this.stateOf(transportId);
    const now = this.ports.clock.now();
    if (!state.request || state.labelStatus !== 'pending') return false;
    if (state.nextAttemptAt !== null && state.nextAttemptAt > now) return false;
    try {
      const request = await this.shipmentRequest(state);
      let shipment = state.shipment;
      if (!shipment) {
        shipment = await this.ports.transport.createShipment(request);
        await this.record(state, { type: 'RecordShipment', data: { shipment } });
      }
      const answer = await this.ports.transport.fetchLabel(shipment, request);
      if (answer.status === 'ready') {
        await this.record(state, { type: 'RecordLabelReady', data: {} });
        this.logger.info({ transportId, trackingNumber: shipment.trackingNumber }, 'label ready');
      } else {
        const now = this.ports.clock.now();
        await this.record(state, { type: 'RecordLabelAttempt', data: { error: 'not ready', refused: false, notReady: true, retryAt: this.retryAt(state, true, now) } }, now);
      }
    } catch (error) {
      const refused = error instanceof CarrierRefusedError || (error instanceof ApplicationError && error.code === 'TRANSPORT_ADDRESS_UNKNOWN');
      if (!refused && !(error instanceof CarrierUnavailableError)) this.logger.warn({ err: error, transportId }, 'label attempt failed unexpectedly');
      const now = this.ports.clock.now();
      await this.record(state, { type: 'RecordLabelAttempt', data: { error: describe(error), refused, notReady: false, retryAt: this.retryAt(state, false, now) } }, now);
      this.logger.warn({ transportId, error: describe(error), refused }, 'label attempt failed');
    }
    return true;
  }

  /** When the next attempt is due: the failure's moment (the one its event records) plus the domain's delay for this state. */
  private retryAt(state: TransportState, notReady: boolean, now: string): string {
    return new Date(Date.parse(now) + labelRetryDelaySeconds(state, notReady) * 1000).toISOString();
  }

  private async stateOf(transportId: string): Promise<TransportState> {
    return foldStream(transportDecider, await this.ports.eventStore.readStream(LOGISTICS_STREAMS.transport.name(transportId)));
  }

  /** Appends on the transport's stream at its current revision (read again: the attempt may have appended already). */
  private async record(state: TransportState, command: TransportCommand, occurredAt = this.ports.clock.now()): Promise<void> {
    const request = state.request;
    if (!request) return;
    await handleCommand(this.ports.eventStore, LOGISTICS_STREAMS.transport.name(request.transportId), transportDecider, command, {
      metadata: {
        accountId: request.accountId,
        organizationId: null,
        userId: null,
        correlationId: this.ports.ids.uuid(),
        causationId: null,
        occurredAt,
      },
      newEventId: () => this.ports.ids.uuid(),
    });
  }

  /** The carrier's request: the parties' addresses as they are now (a customer's from their buyback). */
  private async shipmentRequest(state: TransportState): Promise<ShipmentRequest> {
    const request = state.request;
    if (!request) throw new ApplicationError('TRANSPORT_NOT_FOUND');
    const [sender, recipient] = await Promise.all([this.addressOf(request.from), this.addressOf(request.to)]);
    const organization = [request.from, request.to].find((party) => party.type === 'organization');
    const shipper = { accountId: request.accountId, organizationId: organization?.type === 'organization' ? organization.organizationId : null };
    return { reference: request.reference, kind: request.kind, sender, recipient, weightGrams: Math.max(1, request.weightGrams), contents: request.contents, shipper };
  }

  private async addressOf(party: TransportParty): Promise<LabelAddress> {
    if (party.type === 'organization') {
      const organization = await this.ports.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(party.organizationId);
      if (!organization?.street || !organization.zipCode || !organization.city) {
        throw new ApplicationError('TRANSPORT_ADDRESS_UNKNOWN', { organizationId: party.organizationId });
      }
      return {
        name: organization.commonName,
        attention: organization.corporateName,
        street: organization.street,
        streetComplement: null,
        zipCode: organization.zipCode,
        city: organization.city,
        country: organization.country,
        phone: null,
      };
    }
    const buyback = await this.ports.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(party.buybackId);
    if (!buyback || isForgotten(buyback.customer)) throw new ApplicationError('TRANSPORT_ADDRESS_UNKNOWN', { buybackId: party.buybackId });
    const customer = buyback.customer as CustomerData;
    return {
      name: `${customer.firstName} ${customer.lastName}`,
      attention: null,
      street: customer.street,
      streetComplement: customer.streetComplement,
      zipCode: customer.zipCode,
      city: customer.city,
      country: customer.country,
      phone: customer.phone,
    };
  }
}
