import type { BuybackEvent, BuybackRegistered } from '../../domain/buybacks/events.js';
import type { BuybackSnapshot } from '../../domain/buybacks/machine.js';
import type { Companion } from '../commands/command-handler.js';
import type { EventMetadata, StreamAppend } from '../ports/event-store.js';

/**
 * What another part appends with every new buyback, in the same append (the
 * warehouse part's item: "an item is created with its buyback"). Registered
 * by that part in the container (TOKENS.RegistrationCompanions); the buyback
 * part knows nothing else of it. Each companion's stream must not exist yet.
 */
export type RegistrationCompanion = (registered: BuybackRegistered['data'], metadata: EventMetadata, newEventId: () => string) => StreamAppend;

/**
 * What another part decides with every later command on a buyback, in the
 * same atomic append (the warehouse part's item follows its buyback's
 * cancellation, check-in, completion…: application/warehouse/buyback-item-pair.ts).
 * Registered by that part in the container (TOKENS.BuybackCompanions).
 */
export type BuybackCompanion = (buybackId: string) => Companion<BuybackSnapshot, BuybackEvent>;
