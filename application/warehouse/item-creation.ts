import type { BuybackRegistered } from '../../domain/buybacks/events.js';
import { itemFollowing } from '../../domain/warehouse/buyback-item-sync.js';
import { decide } from '../../domain/warehouse/items/decide.js';
import { initialItem } from '../../domain/warehouse/items/machine.js';
import { toNewEvent } from '../events/codec.js';
import type { RegistrationCompanion } from '../buybacks/registration-companions.js';
import { WAREHOUSE_STREAMS } from './streams.js';

/**
 * The item of a new buyback, appended with it (same append, same metadata):
 * the device exists for the warehouse from the buyback's first moment (every
 * event store appends both at once). A buyback registered without its item
 * (events of an older version) gets it from the process manager, which
 * creates it from the buyback's registration.
 */
export const itemCreation: RegistrationCompanion = (registered, metadata, newEventId) => {
  const command = itemFollowing({ type: 'BuybackRegistered', data: registered } satisfies BuybackRegistered, metadata.occurredAt);
  if (command?.type !== 'CreateItem') throw new Error('A registration is followed by its item’s creation');
  const events = decide(command, initialItem());
  return {
    streamName: WAREHOUSE_STREAMS.item.name(command.data.itemId),
    events: events.map((event) => toNewEvent(event, newEventId(), metadata)),
    expectedRevision: 'no_stream',
  };
};
