import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { storedTypeOf } from '../../application/events/codec.js';
import type { ItemDocument } from '../../application/warehouse/read-models.js';
import { WAREHOUSE_STREAMS } from '../../application/warehouse/streams.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { ITEM_ACTIONS, allowedItemActions, type ItemAction } from '../../domain/warehouse/items/allowed-commands.js';
import type { CheckInRequirement, ItemCommand } from '../../domain/warehouse/items/commands.js';
import { decide } from '../../domain/warehouse/items/decide.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import { foldItem, itemMachine, itemStatus } from '../../domain/warehouse/items/machine.js';
import {
  CUSTOMER_RETURN,
  ITEM_ID,
  SHELF_A,
  SHELF_B,
  TO_APPROVE,
  TO_REFURBISH,
  cancelled,
  checkIn,
  completedByPrice,
  created,
  declareLost,
  droppedInStore,
  leaving,
  lost,
  moveItem,
  movedToStock,
  moving,
  newPriceProposed,
  quarantineItem,
  quarantined,
  recordCheck,
  recordDisputeMail,
  refurbCompleted,
  refurbDiagnosticStarted,
  refurbStarted,
  registeredInWarehouse,
  releaseItem,
  releasedFromQuarantine,
  returnItem,
  returnRequested,
  returned,
  shipped,
} from '../../domain/warehouse/items/test-support.js';
import { itemsProjection } from '../../projections/warehouse/items-projection.js';

/**
 * "The machine decides on screen too", for items: in every state of the item
 * machine, in a stock or not, under every check-in requirement, the actions
 * an item's view offers are exactly those `decide` accepts. The view's
 * inputs are read the way the API reads them (the items projection's
 * document: its status and whether it is in a stock), and `decide` runs on
 * the state folded from the very same events, so a rule about which action
 * is allowed cannot live outside the machine without this test failing.
 */

const RECEIVED = [created(), shipped(), registeredInWarehouse()];
const COMPLETED = [...RECEIVED, completedByPrice()];
const QUARANTINED = [...RECEIVED, quarantined()];
const PROPOSED = [...RECEIVED, newPriceProposed()];

/** One history per state of the machine, and per place (in a stock or not) a status can be in. */
const HISTORIES: Record<string, ItemEvent[]> = {
  item_created: [created()],
  item_awaiting_store_drop: [created({ awaiting: 'store_drop' })],
  'item_awaiting_inventory (from a shop)': [created({ awaiting: 'store_shipment' })],
  'item_awaiting_inventory (dropped in a shop)': [created({ awaiting: 'store_drop' }), droppedInStore()],
  item_in_transit: [created(), shipped()],
  'item_in_transit (received unscanned, pre-declared)': [created({ awaiting: 'store_drop' }), shipped({ implicit: true })],
  item_registered_in_warehouse: RECEIVED,
  'item_registered_in_warehouse (on a shelf)': [...RECEIVED, movedToStock(moving(TO_APPROVE, SHELF_A))],
  item_awaiting_compliancy_tests: PROPOSED,
  item_completed: COMPLETED,
  item_refurb_diagnostic_in_progress: [...COMPLETED, refurbDiagnosticStarted()],
  item_refurb_in_progress: [...COMPLETED, refurbDiagnosticStarted(), refurbStarted()],
  item_refurb_completed: [...COMPLETED, refurbDiagnosticStarted(), refurbStarted(), refurbCompleted()],
  item_in_quarantine: QUARANTINED,
  item_to_reintegrate_to_stock: [...QUARANTINED, releasedFromQuarantine()],
  item_to_return: [...PROPOSED, returnRequested()],
  item_returned: [...PROPOSED, returnRequested(), returned()],
  'item_cancelled (outside the warehouse)': [created(), cancelled()],
  'item_cancelled (in a stock)': [...RECEIVED, cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) })],
  item_lost_store: [created({ awaiting: 'store_shipment' }), lost('store')],
  item_lost_transport: [created(), shipped(), lost('transport')],
  item_lost_warehouse: [...COMPLETED, lost('warehouse', leaving(TO_REFURBISH))],
};

const REQUIREMENTS: readonly CheckInRequirement[] = ['disabled', 'optional', 'mandatory'];

/** A valid input of each action: what a caller allowed to take it would send, into a stock no history puts the item in. */
function commandOf(action: ItemAction, requirement: CheckInRequirement): ItemCommand {
  switch (action) {
    case 'CheckInItem':
      return checkIn();
    case 'RecordComplianceCheck':
      return recordCheck({ checkInRequirement: requirement });
    case 'QuarantineItem':
      return quarantineItem();
    case 'ReleaseItem':
      return releaseItem(SHELF_B);
    case 'SendDisputeMail':
      return recordDisputeMail();
    case 'MoveItem':
      return moveItem(SHELF_B);
    case 'ReturnItem':
      return returnItem();
    case 'DeclareItemLostInStore':
      return declareLost('store');
    case 'DeclareItemLostInTransport':
      return declareLost('transport');
    case 'DeclareItemLostInWarehouse':
      return declareLost('warehouse');
    default: {
      const unknown: never = action;
      throw new Error(`Unknown action ${String(unknown)}`);
    }
  }
}

function accepted(history: readonly ItemEvent[], requirement: CheckInRequirement): ItemAction[] {
  const state = foldItem(history);
  return ITEM_ACTIONS.filter((action) => {
    try {
      decide(commandOf(action, requirement), state);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  });
}

/** The read model's document after the history, as the projection writes it. */
function documentAfter(history: readonly ItemEvent[]): ItemDocument {
  let document: ItemDocument | null = null;
  history.forEach((event, revision) => {
    const stored: StoredEvent = {
      id: `event-${revision}`,
      type: storedTypeOf(event.type),
      data: event.data as unknown as Record<string, unknown>,
      metadata: {
        accountId: 'account',
        organizationId: null,
        userId: null,
        correlationId: 'c',
        causationId: null,
        occurredAt: `2026-11-0${revision + 1}T10:00:00.000Z`,
      },
      streamName: WAREHOUSE_STREAMS.item.name(ITEM_ID),
      streamRevision: revision,
      globalPosition: revision + 1,
    };
    document = itemsProjection.evolve(document, stored, ITEM_ID);
  });
  if (!document) throw new Error('no document');
  return document;
}

function offered(history: readonly ItemEvent[], requirement: CheckInRequirement): ItemAction[] {
  const document = documentAfter(history);
  return allowedItemActions(document.status, document.stockId !== null, requirement);
}

interface Node {
  key: string;
  states: Record<string, Node>;
}

function leafStates(node: Node = itemMachine.root as unknown as Node): string[] {
  const children = Object.values(node.states);
  return children.length === 0 ? [node.key] : children.flatMap((child) => leafStates(child));
}

describe('allowed item actions, in every state of the item machine', () => {
  it('every state but the initial one has a history here (a new state must be added to this table)', () => {
    const statuses = Object.values(HISTORIES).map((history) => itemStatus(foldItem(history)));
    expect(new Set(statuses)).toEqual(new Set(leafStates().filter((state) => state !== 'unregistered')));
  });

  it('a status an item can have both in a stock and outside one has a history of each', () => {
    const places = Object.values(HISTORIES)
      .map(foldItem)
      .filter((state) => itemStatus(state) === 'item_cancelled')
      .map((state) => state.context.stockId !== null);
    expect(new Set(places)).toEqual(new Set([true, false]));
  });

  it.each(Object.entries(HISTORIES))('the document of %s says what the folded events say', (_title, history) => {
    const document = documentAfter(history);
    const folded = foldItem(history);
    expect(document.status).toBe(itemStatus(folded));
    expect(document.stockId).toBe(folded.context.stockId);
  });

  describe.each(Object.entries(HISTORIES))('given an item %s', (_title, history) => {
    it.each(REQUIREMENTS)('then with check-in %s its view offers exactly the actions decide accepts', (requirement) => {
      expect(offered(history, requirement)).toEqual(accepted(history, requirement));
    });
  });

  it('given an item in transit, then check-in, the check and a loss in transport are offered, and with check-in mandatory not the check', () => {
    const history = HISTORIES.item_in_transit as ItemEvent[];
    expect(offered(history, 'optional')).toEqual(['CheckInItem', 'RecordComplianceCheck', 'DeclareItemLostInTransport']);
    expect(offered(history, 'mandatory')).toEqual(['CheckInItem', 'DeclareItemLostInTransport']);
  });

  it('given a quarantined item, then its release, the dispute e-mail and a loss in the warehouse are offered, and no move', () => {
    expect(offered(QUARANTINED, 'optional')).toEqual(['ReleaseItem', 'SendDisputeMail', 'DeclareItemLostInWarehouse']);
  });

  it('given a cancelled item, then sending it back, moving it and declaring it lost are offered in a stock only; outside, receiving its parcel', () => {
    expect(offered(HISTORIES['item_cancelled (in a stock)'] as ItemEvent[], 'optional')).toEqual(['MoveItem', 'ReturnItem', 'DeclareItemLostInWarehouse']);
    expect(offered(HISTORIES['item_cancelled (outside the warehouse)'] as ItemEvent[], 'optional')).toEqual(['CheckInItem']);
  });
});
