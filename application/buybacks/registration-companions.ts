import type { BuybackRegistered } from '../../domain/buybacks/events.js';
import type { EventMetadata, StreamAppend } from '../ports/event-store.js';

/**
 * What another part appends with every new buyback, in the same append (the
 * warehouse part's item: "an item is created with its buyback"). Registered
 * by that part in the container (TOKENS.RegistrationCompanions); the buyback
 * part knows nothing else of it. Each companion's stream must not exist yet.
 */
export type RegistrationCompanion = (registered: BuybackRegistered['data'], metadata: EventMetadata, newEventId: () => string) => StreamAppend;
