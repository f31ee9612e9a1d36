import { createHash } from 'node:crypto';
import type { BuybackCommand } from '../../domain/buybacks/commands.js';
import type { BuybackEvent } from '../../domain/buybacks/events.js';
import type { PackageCommand } from '../../domain/logistics/packages/commands.js';
import type { PackageEvent } from '../../domain/logistics/packages/events.js';
import type { TransportEvent, TransportRequested } from '../../domain/logistics/transports/events.js';
import type { TransportCommand, TransportState } from '../../domain/logistics/transports/transport.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { derivedId } from '../../domain/shared/derived-id.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import type { Decider } from '../../domain/shared/decider.js';
import { toDomainEvent, type DomainEvent } from '../events/codec.js';
import { foldStream, handleCommand, type Companion } from '../commands/command-handler.js';
import type { BuybackCompanion } from '../buybacks/registration-companions.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { IdGenerator } from '../ports/clock.js';
import type { ProcessManager } from '../process-managers/process-manager-runner.js';
import { buybackDecider } from '../buybacks/buyback-decider.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../buybacks/read-models.js';
import { packageStatus } from '../../domain/logistics/packages/machine.js';
import { BUYBACK_STREAMS } from '../buybacks/streams.js';
import { WAREHOUSE_STREAMS } from '../warehouse/streams.js';
import { itemDecider } from '../warehouse/item-decider.js';
import { packageDecider, transportDecider } from './deciders.js';
import { LOGISTICS_STREAMS } from './streams.js';
import { weightOfProduct } from './weights.js';

export const LOGISTICS_PROCESS = 'logistics';

/** The transport of a package, of a web buyback's customer parcel, of an item sent back: one each, whoever asks twice. */
export const transportIdOf = {
  package: (packageId: string) => derivedId(`transport:package:${packageId}`),
  customer: (buybackId: string) => derivedId(`transport:customer:${buybackId}`),
  return: (itemId: string) => derivedId(`transport:return:${itemId}`),
};

/** A web customer's own parcel travels under a label they print, unless they drop the device in a shop. */
function customerSendsParcel(event: Extract<BuybackEvent, { type: 'BuybackRegistered' }>): boolean {
  return event.data.channel === 'web' && event.data.circuit.deposit !== 'drop';
}

/**
 * What follows the logistics facts, sent to the aggregates concerned, each
 * follow-up keyed by its cause (a second delivery after a crash writes
 * nothing more):
 * - a package closed: its buybacks are shipped (each with its item, in the
 *   same append), and its transport is requested when it travels under a
 *   carrier's label;
 * - a buyback packed into a package that does not list it (events written
 *   before every event store appended both halves of a scan at once): the
 *   package gets it, or it is freed;
 * - a package emptied or abandoned, a buyback taken out: the buybacks are
 *   free again (already done in the same append by the command; this finds
 *   it written, and repairs events of older versions);
 * - a transport's label ready: its package and its buybacks learn the
 *   tracking number; a carrier's report: their delivery status;
 * - a web buyback whose customer sends the parcel: its transport (their label);
 * - an item to send back to its customer: its return transport.
 */
export class LogisticsProcess implements ProcessManager {
  readonly name = LOGISTICS_PROCESS;
  readonly eventTypes = [
    'PackageClosed',
    'PackageCleared',
    'PackageDiscarded',
    'PackageBuybackRemoved',
    'TransportLabelReady',
    'TransportDeliveryStatusChanged',
    'BuybackRegistered',
    'BuybackPacked',
    'ItemReturnRequested',
    'ItemCancelled',
    'ItemReceivedAfterCancellation',
  ];

  constructor(
    private readonly ports: {
      eventStore: EventStore;
      documents: DocumentStore;
      ids: IdGenerator;
      /** What other parts decide with a buyback's events (its item follows its shipping in the same append). */
      buybackCompanions?: readonly BuybackCompanion[];
    },
  ) {}

  async handle(stored: StoredEvent): Promise<number | null> {
    if (LOGISTICS_STREAMS.package.owns(stored.streamName)) return this.onPackage(stored, toDomainEvent<PackageEvent>(stored));
    if (LOGISTICS_STREAMS.transport.owns(stored.streamName)) return this.onTransport(stored, toDomainEvent<TransportEvent>(stored));
    if (BUYBACK_STREAMS.buyback.owns(stored.streamName)) {
      const event = toDomainEvent<BuybackEvent>(stored);
      if (event.type === 'BuybackPacked') return this.completePacking(stored, event);
      if (event.type !== 'BuybackRegistered' || !customerSendsParcel(event)) return null;
      return this.requestCustomerTransport(stored, event);
    }
    if (WAREHOUSE_STREAMS.item.owns(stored.streamName)) return this.onItem(stored, toDomainEvent<ItemEvent>(stored));
    return null;
  }

  private async onPackage(stored: StoredEvent, event: PackageEvent): Promise<number | null> {
    const packageId = LOGISTICS_STREAMS.package.idOf(stored.streamName);
    switch (event.type) {
      case 'PackageClosed': {
        let last: number | null = null;
        for (const buybackId of event.data.buybackIds) {
          last = (await this.onBuyback(stored, buybackId, { type: 'ShipBuyback', data: { trackingNumber: null, trackingLink: null } })) ?? last;
        }
        if (event.data.labelMode === 'with_label') last = (await this.requestPackageTransport(stored, packageId, event.data.weightGrams)) ?? last;
        return last;
      }
      case 'PackageCleared':
      case 'PackageDiscarded':
        return this.unpackAll(stored, packageId, event.data.buybackIds);
      case 'PackageBuybackRemoved':
        return this.unpackAll(stored, packageId, [event.data.buybackId]);
      default:
        return null;
    }
  }

  /**
   * A buyback packed whose package does not list it: the scan's second half
   * was lost (EventStoreDB writes the buyback's stream first; a crash came in
   * between). Still packed there, it is added to the package if the package
   * is open, or freed if the package moved on. On SQLite both halves are one
   * append: the package already lists it, nothing is written.
   */
  private async completePacking(stored: StoredEvent, event: Extract<BuybackEvent, { type: 'BuybackPacked' }>): Promise<number | null> {
    const { buybackId, packageId } = event.data;
    const buyback = foldStream(buybackDecider, await this.ports.eventStore.readStream(stored.streamName));
    if (buyback.context.package?.packageId !== packageId) return null;
    const pkg = foldStream(packageDecider, await this.ports.eventStore.readStream(LOGISTICS_STREAMS.package.name(packageId)));
    if (pkg.context.buybacks.some((b) => b.buybackId === buybackId)) return null;
    if (packageStatus(pkg) === 'open') {
      const document = await this.ports.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId);
      // Its read model not written yet: tried again later (the runner retries a failed event, nothing overtakes it).
      if (!document) throw new Error(`buyback ${buybackId} not projected yet`);
      const packed = {
        buybackId,
        identificationNumber: document.identificationNumber,
        productLabel: document.product.label,
        weightGrams: await weightOfProduct(this.ports.documents, document.product.productId),
      };
      return this.onPackageStream(stored, packageId, { type: 'AddBuybackToPackage', data: { buyback: packed } });
    }
    return this.onBuyback(stored, buybackId, { type: 'UnpackBuyback', data: { packageId } });
  }

  private async unpackAll(stored: StoredEvent, packageId: string, buybackIds: readonly string[]): Promise<number | null> {
    let last: number | null = null;
    for (const buybackId of buybackIds) last = (await this.onBuyback(stored, buybackId, { type: 'UnpackBuyback', data: { packageId } })) ?? last;
    return last;
  }

  private async onTransport(stored: StoredEvent, event: TransportEvent): Promise<number | null> {
    if (event.type !== 'TransportLabelReady' && event.type !== 'TransportDeliveryStatusChanged') return null;
    const state = foldStream(transportDecider, await this.ports.eventStore.readStream(stored.streamName));
    const request = state.request;
    if (!request || !state.shipment || request.kind === 'return') return null;
    const { shipment } = state;
    let last: number | null = null;
    if (event.type === 'TransportLabelReady') {
      const label = { transportId: request.transportId, carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, trackingLink: shipment.trackingLink };
      if (request.packageId) last = await this.onPackageStream(stored, request.packageId, { type: 'RecordPackageLabel', data: label });
      for (const buybackId of request.buybackIds) last = (await this.onBuyback(stored, buybackId, { type: 'RecordBuybackShipment', data: label })) ?? last;
      return last;
    }
    const report = { transportId: request.transportId, status: event.data.status, occurredAt: event.data.occurredAt };
    if (request.packageId) last = await this.onPackageStream(stored, request.packageId, { type: 'RecordPackageDelivery', data: report });
    for (const buybackId of request.buybackIds) last = (await this.onBuyback(stored, buybackId, { type: 'RecordBuybackDelivery', data: report })) ?? last;
    return last;
  }

  private async onItem(stored: StoredEvent, event: ItemEvent): Promise<number | null> {
    const inCustomerReturn =
      event.type === 'ItemReturnRequested' ||
      event.type === 'ItemReceivedAfterCancellation' ||
      (event.type === 'ItemCancelled' && event.data.stock.toStockId !== null);
    if (!inCustomerReturn) return null;
    const itemId = WAREHOUSE_STREAMS.item.idOf(stored.streamName);
    const item = foldStream(itemDecider, await this.ports.eventStore.readStream(stored.streamName)).context;
    if (!item.buybackId || !item.warehouseId || !item.identificationNumber) return null;
    const weightGrams = item.product ? await weightOfProduct(this.ports.documents, item.product.productId) : 0;
    return this.request(stored, {
      transportId: transportIdOf.return(itemId),
      kind: 'return',
      // Its own reference ("R" + the code): the customer's parcel (web) is already known to the carrier by the code.
      reference: `R${item.identificationNumber}`,
      accountId: stored.metadata.accountId,
      from: { type: 'organization', organizationId: item.warehouseId },
      to: { type: 'customer', buybackId: item.buybackId },
      packageId: null,
      buybackIds: [item.buybackId],
      identificationNumbers: [item.identificationNumber],
      weightGrams: Math.max(weightGrams, 1),
      contents: [`${item.identificationNumber} · ${item.product?.label ?? ''}`],
    });
  }

  private async requestPackageTransport(stored: StoredEvent, packageId: string, weightGrams: number): Promise<number | null> {
    const pkg = foldStream(packageDecider, await this.ports.eventStore.readStream(stored.streamName)).context;
    if (!pkg.storeId || !pkg.warehouseId || !pkg.number) return null;
    return this.request(stored, {
      transportId: transportIdOf.package(packageId),
      kind: 'package',
      reference: pkg.number,
      accountId: stored.metadata.accountId,
      from: { type: 'organization', organizationId: pkg.storeId },
      to: { type: 'organization', organizationId: pkg.warehouseId },
      packageId,
      buybackIds: pkg.buybacks.map((b) => b.buybackId),
      identificationNumbers: pkg.buybacks.map((b) => b.identificationNumber),
      weightGrams,
      contents: pkg.buybacks.map((b) => `${b.identificationNumber} · ${b.productLabel}`),
    });
  }

  private async requestCustomerTransport(stored: StoredEvent, event: Extract<BuybackEvent, { type: 'BuybackRegistered' }>): Promise<number | null> {
    const d = event.data;
    return this.request(stored, {
      transportId: transportIdOf.customer(d.buybackId),
      kind: 'customer',
      reference: d.identificationNumber,
      accountId: stored.metadata.accountId,
      from: { type: 'customer', buybackId: d.buybackId },
      to: { type: 'organization', organizationId: d.warehouseId },
      packageId: null,
      buybackIds: [d.buybackId],
      identificationNumbers: [d.identificationNumber],
      weightGrams: await weightOfProduct(this.ports.documents, d.product.productId),
      contents: [`${d.identificationNumber} · ${d.product.label}`],
    });
  }

  /** A transport requested once: a second delivery finds it there (its id follows from what it carries). */
  private async request(stored: StoredEvent, data: TransportRequested['data']): Promise<number | null> {
    return this.follow<TransportState, TransportCommand, TransportEvent>(stored, LOGISTICS_STREAMS.transport.name(data.transportId), transportDecider, { type: 'RequestTransport', data }, ['TRANSPORT_ALREADY_EXISTS']);
  }

  private onBuyback(stored: StoredEvent, buybackId: string, command: BuybackCommand): Promise<number | null> {
    // A buyback moved on meanwhile (cancelled before its package left…) refuses, and so does one whose item the
    // warehouse already holds (its item refuses to be shipped, in the same decision): nothing to do for it.
    const companions = (this.ports.buybackCompanions ?? []).map((companionOf) => companionOf(buybackId));
    return this.follow(stored, BUYBACK_STREAMS.buyback.name(buybackId), buybackDecider, command, ['*'], companions);
  }

  private onPackageStream(stored: StoredEvent, packageId: string, command: PackageCommand): Promise<number | null> {
    return this.follow(stored, LOGISTICS_STREAMS.package.name(packageId), packageDecider, command, ['*']);
  }

  /**
   * The follow-up, keyed by its cause and its target: delivered again, it
   * finds its own events and writes nothing. A refusal among `tolerated`
   * ('*': any) means there is nothing left to do.
   */
  private async follow<S, C, E extends DomainEvent>(
    source: StoredEvent,
    stream: string,
    decider: Decider<S, C, E>,
    command: C,
    tolerated: readonly string[],
    companions: readonly Companion<S, E>[] = [],
  ): Promise<number | null> {
    const key = createHash('sha256').update(`${LOGISTICS_PROCESS}:${source.id}:${stream}`).digest('hex');
    try {
      const result = await handleCommand(this.ports.eventStore, stream, decider, command, {
        metadata: { ...source.metadata, causationId: source.id, idempotency: { key, request: key } },
        newEventId: () => this.ports.ids.uuid(),
        companions,
      });
      return result.replayed ? null : result.position;
    } catch (error) {
      if (error instanceof DomainError && (tolerated.includes('*') || tolerated.includes(error.code))) return null;
      throw error;
    }
  }
}
