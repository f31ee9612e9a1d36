import { BUYBACK_EVENT_TYPES, type BuybackEvent } from '../../domain/buybacks/events.js';
import { statePathOf } from '../../domain/buybacks/machine.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { ITEM_EVENT_TYPES, type ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemStatus } from '../../domain/warehouse/items/machine.js';
import { agree, buybackFollowing, itemFollowing, itemIdOf } from '../../domain/warehouse/buyback-item-sync.js';
import type { Decider } from '../../domain/shared/decider.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { Mailer } from '../ports/mailer.js';
import type { LinkSecrets } from '../ports/link-secrets.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import { toDomainEvent, type DomainEvent } from '../events/codec.js';
import { foldStream, handleCommand } from '../commands/command-handler.js';
import { ApplicationError } from '../commands/errors.js';
import { PROCESS_MANAGER_CONFLICTS, type ProcessManager, type ProcessManagerLogger } from '../process-managers/process-manager-runner.js';
import { buybackDecider } from '../buybacks/buyback-decider.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../buybacks/read-models.js';
import { BUYBACK_STREAMS } from '../buybacks/streams.js';
import { hashSecret, mailPriceProposal } from '../buybacks/commands/propose-new-price.js';
import { itemDecider } from './item-decider.js';
import { WAREHOUSE_STREAMS } from './streams.js';
import { BUYBACK_ITEM_PROCESS, followUpMetadata } from './buyback-item-pair.js';

export { BUYBACK_ITEM_PROCESS };

export interface BuybackItemProcessPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  mailer: Mailer;
  linkSecrets: LinkSecrets;
  publicBaseUrl: string;
  clock: Clock;
  ids: IdGenerator;
  logger: ProcessManagerLogger;
}

/**
 * Keeps each buyback and its item in step (domain/warehouse/buyback-item-sync.ts
 * says what follows what). The commands on either decide the other's
 * follow-up in the same append (buyback-item-pair.ts), keyed as this process
 * would key it: here those follow-ups are found written and nothing is done.
 * This process makes the other side follow what is written on one side
 * alone (the parcel's facts: a closed package ships its buybacks). For each event of either, it sends the other the
 * command that follows, recorded as caused by that event (causation id), on
 * behalf of the same user, at the same moment, and marked with a key derived
 * from the event: delivered again after a crash, the command finds its own
 * events and writes nothing. A follow-up the other's machine refuses is
 * nothing to do when the two already agree, or when either has moved on since
 * (a later event's follow-up judges the pair then); when the event is the
 * pair's latest and they disagree (two people acted at once on both sides),
 * the conflict is kept (PROCESS_MANAGER_CONFLICTS, counted in /api/health)
 * and logged.
 */
export class BuybackItemProcess implements ProcessManager {
  readonly name = BUYBACK_ITEM_PROCESS;
  readonly eventTypes = [...BUYBACK_EVENT_TYPES, ...ITEM_EVENT_TYPES];

  constructor(private readonly ports: BuybackItemProcessPorts) {}

  async handle(stored: StoredEvent): Promise<number | null> {
    if (BUYBACK_STREAMS.buyback.owns(stored.streamName)) {
      const event = toDomainEvent<BuybackEvent>(stored);
      const command = itemFollowing(event, stored.metadata.occurredAt);
      if (command === null) return null;
      const buybackId = BUYBACK_STREAMS.buyback.idOf(stored.streamName);
      return this.follow(stored, WAREHOUSE_STREAMS.item.name(itemIdOf(buybackId)), itemDecider, command, buybackId);
    }
    const event = toDomainEvent<ItemEvent>(stored);
    const buybackId = await this.buybackOfItem(stored);
    if (buybackId === null) return null;
    const tokenHash = () => hashSecret(this.ports.linkSecrets.secretFor(stored.id));
    const command = buybackFollowing(event, tokenHash);
    if (command === null) return null;
    const appended = await this.follow(stored, BUYBACK_STREAMS.buyback.name(buybackId), buybackDecider, command, buybackId);
    if (event.type === 'ItemNewPriceProposed' && (await this.proposalHash(buybackId)) === tokenHash()) await this.mailProposal(stored, event, buybackId);
    return appended;
  }

  private async follow<S, C, E extends DomainEvent>(source: StoredEvent, stream: string, decider: Decider<S, C, E>, command: C, buybackId: string): Promise<number | null> {
    try {
      const result = await handleCommand(this.ports.eventStore, stream, decider, command, {
        metadata: followUpMetadata(source),
        newEventId: () => this.ports.ids.uuid(),
      });
      return result.replayed ? null : result.position;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'ITEM_ALREADY_EXISTS') return null;
      const { itemStatus: item, completion, buybackStatePath: buyback, lastPosition } = await this.statesOf(buybackId);
      // The pair's story goes on after this event: the later events' follow-ups will judge it (this one was overtaken).
      if (lastPosition > source.globalPosition) return null;
      if (agree(item, buyback, completion)) return null;
      await this.recordConflict(source, stream, error, item, buyback);
      return null;
    }
  }

  private async buybackOfItem(stored: StoredEvent): Promise<string | null> {
    if ((stored.data as { buybackId?: string }).buybackId) return (stored.data as { buybackId: string }).buybackId;
    const [created] = await this.ports.eventStore.readStream(stored.streamName);
    return created ? ((created.data as { buybackId?: string }).buybackId ?? null) : null;
  }

  /** The hash of the secret of the buyback's current proposal: this event's proposal when it is the one the buyback holds. */
  private async proposalHash(buybackId: string): Promise<string | null> {
    const history = await this.ports.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId));
    return foldStream(buybackDecider, history).context.proposal?.decisionTokenHash ?? null;
  }

  private async statesOf(buybackId: string) {
    const [buybackHistory, itemHistory] = await Promise.all([
      this.ports.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId)),
      this.ports.eventStore.readStream(WAREHOUSE_STREAMS.item.name(itemIdOf(buybackId))),
    ]);
    const item = itemHistory.length === 0 ? null : foldStream(itemDecider, itemHistory);
    return {
      itemStatus: item && itemStatus(item),
      completion: item?.context.completion ?? null,
      buybackStatePath: buybackHistory.length === 0 ? null : statePathOf(foldStream(buybackDecider, buybackHistory)),
      /** The newest event of either. */
      lastPosition: Math.max(0, ...[buybackHistory.at(-1), itemHistory.at(-1)].map((e) => e?.globalPosition ?? 0)),
    };
  }

  private async recordConflict(source: StoredEvent, target: string, error: DomainError, item: string | null, buyback: string | null): Promise<void> {
    const conflict = {
      _id: source.id,
      manager: this.name,
      accountId: source.metadata.accountId,
      sourceStream: source.streamName,
      sourceType: source.type,
      targetStream: target,
      code: error.code,
      details: error.details,
      itemStatus: item,
      buybackState: buyback,
      at: this.ports.clock.now(),
    };
    await this.ports.documents.collection(PROCESS_MANAGER_CONFLICTS).upsert(conflict);
    this.ports.logger.error(conflict, 'buyback and item disagree: a follow-up was refused');
  }

  /**
   * The customer's e-mail for a proposal made at the check: its link's secret
   * derives from the item's event (only its hash is stored, on the buyback),
   * and it is sent once, whatever the deliveries.
   */
  private async mailProposal(stored: StoredEvent, event: Extract<ItemEvent, { type: 'ItemNewPriceProposed' }>, buybackId: string): Promise<void> {
    const buyback = await this.ports.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId);
    if (!buyback) throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });
    await mailPriceProposal(
      this.ports,
      buyback,
      { proposedPrice: event.data.proposedPrice, reason: event.data.reason, comment: event.data.sharedComment, proposedAt: stored.metadata.occurredAt },
      this.ports.linkSecrets.secretFor(stored.id),
      stored.id,
    );
  }
}
