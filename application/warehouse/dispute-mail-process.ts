import { createHash } from 'node:crypto';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemStatus } from '../../domain/warehouse/items/machine.js';
import { toDomainEvent } from '../events/codec.js';
import { foldStream, handleCommand } from '../commands/command-handler.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { Mailer } from '../ports/mailer.js';
import type { IdGenerator } from '../ports/clock.js';
import type { ProcessManager } from '../process-managers/process-manager-runner.js';
import { itemDecider } from './item-decider.js';
import { disputeMail } from './commands/quarantine.js';
import { WAREHOUSE_STREAMS } from './streams.js';

export const DISPUTE_MAIL_PROCESS = 'dispute-mail';

/**
 * When an item goes into quarantine (directly, or as its check's outcome),
 * its customer is e-mailed why, and whether the e-mail left is recorded on
 * the item. Delivered again after a crash, the e-mail is not sent twice
 * (its deduplication key is the quarantine's event) and nothing more is
 * recorded (the record is keyed by it too). An item released meanwhile gets
 * no e-mail.
 */
export class DisputeMailProcess implements ProcessManager {
  readonly name = DISPUTE_MAIL_PROCESS;
  readonly eventTypes = ['ItemQuarantined'];

  constructor(private readonly ports: { eventStore: EventStore; documents: DocumentStore; mailer: Mailer; ids: IdGenerator }) {}

  async handle(stored: StoredEvent): Promise<number | null> {
    const event = toDomainEvent<ItemEvent>(stored);
    if (event.type !== 'ItemQuarantined') return null;
    const history = await this.ports.eventStore.readStream(stored.streamName);
    const state = foldStream(itemDecider, history);
    const key = createHash('sha256').update(`${DISPUTE_MAIL_PROCESS}:${stored.id}`).digest('hex');
    // Recorded already (a second delivery), or released since: nothing to send.
    if (history.some((e) => e.metadata.idempotency?.key === key)) return null;
    if (itemStatus(state) !== 'item_in_quarantine' || !this.lastQuarantineIs(history, stored)) return null;
    const delivery = await disputeMail(this.ports, {
      buybackId: state.context.buybackId as string,
      product: state.context.product?.label ?? '',
      identificationNumber: state.context.identificationNumber as string,
      reason: event.data.reason,
      comment: event.data.comment,
      deduplicationKey: stored.id,
    });
    const result = await handleCommand(
      this.ports.eventStore,
      WAREHOUSE_STREAMS.item.name(WAREHOUSE_STREAMS.item.idOf(stored.streamName)),
      itemDecider,
      { type: 'RecordDisputeMail', data: delivery },
      {
        metadata: { ...stored.metadata, causationId: stored.id, idempotency: { key, request: key } },
        newEventId: () => this.ports.ids.uuid(),
      },
    );
    return result.replayed ? null : result.position;
  }

  /** Whether this quarantine is the item's latest one (a later one sends its own e-mail). */
  private lastQuarantineIs(history: readonly StoredEvent[], stored: StoredEvent): boolean {
    return history.filter((e) => e.type.startsWith('ItemQuarantined.')).at(-1)?.id === stored.id;
  }
}
