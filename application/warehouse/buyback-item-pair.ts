import type { BuybackEvent } from '../../domain/buybacks/events.js';
import { statePathOf, type BuybackSnapshot } from '../../domain/buybacks/machine.js';
import type { Decider } from '../../domain/shared/decider.js';
import { agree, buybackFollowing, itemFollowing, itemIdOf } from '../../domain/warehouse/buyback-item-sync.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemStatus, type ItemSnapshot } from '../../domain/warehouse/items/machine.js';
import type { Companion } from '../commands/command-handler.js';
import { followEach, followUpMetadataOf } from '../process-managers/follow-ups.js';
import type { DomainEvent } from '../events/codec.js';
import type { EventMetadata, NewEvent, StoredEvent } from '../ports/event-store.js';
import type { IdGenerator } from '../ports/clock.js';
import type { LinkSecrets } from '../ports/link-secrets.js';
import { buybackDecider } from '../buybacks/buyback-decider.js';
import { BUYBACK_STREAMS } from '../buybacks/streams.js';
import { hashSecret } from '../buybacks/commands/propose-new-price.js';
import { itemDecider } from './item-decider.js';
import { WAREHOUSE_STREAMS } from './streams.js';

/** The name the follow-ups are keyed with, here and in the process manager (buyback-item-process.ts). */
export const BUYBACK_ITEM_PROCESS = 'buyback-item';

/** The metadata of the other side's follow-up of an event, keyed as the process manager keys it (follow-ups.ts). */
export function followUpMetadata(source: { id: string; metadata: EventMetadata }): EventMetadata {
  return followUpMetadataOf(BUYBACK_ITEM_PROCESS, source);
}

/**
 * The item's side of a command on a buyback: what the item does after the
 * buyback's events (`itemFollowing`), decided on the item's current state and
 * appended with them (command-handler.ts `Companion`). So a buyback command
 * and an item command racing on one device (a cancellation and a check, a
 * check-in, a loss…) cannot both be written: each decides on both streams at
 * the revisions it read, and the second decides again on what the first did.
 */
export function itemCompanion(buybackId: string, ids: IdGenerator): Companion<BuybackSnapshot, BuybackEvent> {
  return {
    stream: WAREHOUSE_STREAMS.item.name(itemIdOf(buybackId)),
    follow: (events, buybackAfter, itemHistory) =>
      followAll(itemDecider, itemHistory, events, (event, stored) => itemFollowing(event, stored.metadata.occurredAt), (item) => agree(itemStatus(item), statePathOf(buybackAfter), item.context.completion ?? null), ids),
  };
}

/** The buyback's side of a command on an item (the mirror of `itemCompanion`). */
export function buybackCompanion(buybackId: string, ids: IdGenerator, linkSecrets: LinkSecrets): Companion<ItemSnapshot, ItemEvent> {
  return {
    stream: BUYBACK_STREAMS.buyback.name(buybackId),
    follow: (events, itemAfter, buybackHistory) =>
      followAll(
        buybackDecider,
        buybackHistory,
        events,
        // A proposal's link secret derives from the item's event (the process manager mails it from the same event).
        (event, stored) => buybackFollowing(event, () => hashSecret(linkSecrets.secretFor(stored.id))),
        (buyback) => agree(itemStatus(itemAfter), statePathOf(buyback), itemAfter.context.completion ?? null),
        ids,
      ),
  };
}

/**
 * The other side's follow-up of each event (follow-ups.ts `followEach`). A
 * follow-up the other side refuses is nothing to write when the pair already
 * agrees (the other side knew it first: a completed device lost in the
 * warehouse, say); otherwise the refusal refuses the whole command.
 */
function followAll<OtherState, OtherCommand, OtherEvent extends DomainEvent, SourceEvent>(
  decider: Decider<OtherState, OtherCommand, OtherEvent>,
  history: readonly StoredEvent[],
  events: readonly { event: SourceEvent; stored: NewEvent }[],
  following: (event: SourceEvent, stored: NewEvent) => OtherCommand | null,
  agrees: (other: OtherState) => boolean,
  ids: IdGenerator,
): NewEvent[] {
  return followEach({
    process: BUYBACK_ITEM_PROCESS,
    decider,
    history,
    events,
    following,
    refused: (error, _command, state) => {
      if (agrees(state)) return [];
      throw error;
    },
    ids,
  });
}
