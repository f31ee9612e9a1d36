import { createHash } from 'node:crypto';
import type { BuybackEvent } from '../../domain/buybacks/events.js';
import { statePathOf, type BuybackSnapshot } from '../../domain/buybacks/machine.js';
import type { Decider } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { agree, buybackFollowing, itemFollowing, itemIdOf } from '../../domain/warehouse/buyback-item-sync.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemStatus, type ItemSnapshot } from '../../domain/warehouse/items/machine.js';
import { foldStream, type Companion } from '../commands/command-handler.js';
import { toNewEvent, type DomainEvent } from '../events/codec.js';
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

/**
 * The metadata of the other side's follow-up of an event: the event's who,
 * when and why, caused by it, and keyed by it. The same whether the
 * follow-up is decided with the event (a paired command, below) or later by
 * the process manager: whichever comes second finds the first's events by
 * their key and writes nothing.
 */
export function followUpMetadata(source: { id: string; metadata: EventMetadata }): EventMetadata {
  const key = createHash('sha256').update(`${BUYBACK_ITEM_PROCESS}:${source.id}`).digest('hex');
  return {
    accountId: source.metadata.accountId,
    organizationId: source.metadata.organizationId,
    userId: source.metadata.userId,
    correlationId: source.metadata.correlationId,
    causationId: source.id,
    occurredAt: source.metadata.occurredAt,
    idempotency: { key, request: key },
  };
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
 * The other side's follow-up of each event, in order, each decided on the
 * state the previous ones left. A follow-up the other side refuses is
 * nothing to write when the pair already agrees (the other side knew it
 * first: a completed device lost in the warehouse, say); otherwise the
 * refusal refuses the whole command. An other side without history (a
 * buyback written before items existed) is left to the process manager.
 */
function followAll<OtherState, OtherCommand, OtherEvent extends DomainEvent, SourceEvent>(
  decider: Decider<OtherState, OtherCommand, OtherEvent>,
  history: readonly StoredEvent[],
  events: readonly { event: SourceEvent; stored: NewEvent }[],
  following: (event: SourceEvent, stored: NewEvent) => OtherCommand | null,
  agrees: (other: OtherState) => boolean,
  ids: IdGenerator,
): NewEvent[] {
  if (history.length === 0) return [];
  let state = foldStream(decider, history);
  const appended: NewEvent[] = [];
  for (const { event, stored } of events) {
    const command = following(event, stored);
    if (command === null) continue;
    let decided: OtherEvent[];
    try {
      decided = decider.decide(command, state);
    } catch (error) {
      if (error instanceof DomainError && agrees(state)) continue;
      throw error;
    }
    const metadata = followUpMetadata(stored);
    appended.push(...decided.map((e, index) => toNewEvent(e, ids.uuid(), { ...metadata, causationId: index === 0 ? stored.id : metadata.correlationId })));
    state = decided.reduce(decider.evolve, state);
  }
  return appended;
}
