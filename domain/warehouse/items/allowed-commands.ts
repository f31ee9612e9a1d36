import { DomainError } from '../../shared/domain-error.js';
import type { CheckInRequirement, ItemCommand } from './commands.js';
import { decide } from './decide.js';
import { itemMachine } from './machine.js';
import { EMPTY_ITEM, type ItemStatus } from './state.js';

/**
 * What staff can do to an item from a screen, each the command it sends.
 * Losses are one action per place: each place has its own permission.
 * The other item commands follow the buyback (the process manager sends
 * them) or belong to the refurbishment, which has no screen yet.
 */
export const ITEM_ACTIONS = [
  'CheckInItem',
  'RecordComplianceCheck',
  'QuarantineItem',
  'ReleaseItem',
  'SendDisputeMail',
  'MoveItem',
  'ReturnItem',
  'DeclareItemLostInStore',
  'DeclareItemLostInTransport',
  'DeclareItemLostInWarehouse',
] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

const WAREHOUSE = 'the-warehouse';
const STOCK = 'a-stock-of-the-warehouse';
const OTHER_STOCK = 'another-stock-of-the-warehouse';
const EUR = { amountInCents: 10_000, currency: 'EUR' as const };
const PRODUCT = { productId: 'p', label: 'p', brand: 'b', categoryId: 'c', ean: null };

/** A command of each action, whose input `decide` accepts: only the item's status can refuse it. */
function probeOf(action: ItemAction, requirement: CheckInRequirement): ItemCommand {
  switch (action) {
    case 'CheckInItem':
      return { type: 'CheckInItem', data: { warehouseId: WAREHOUSE, at: '2026-01-01T00:00:00.000Z' } };
    case 'RecordComplianceCheck':
      return {
        type: 'RecordComplianceCheck',
        data: {
          warehouseId: WAREHOUSE,
          findings: {
            foundProduct: PRODUCT,
            imei: null,
            imeiMatchesProduct: null,
            serialNumber: null,
            responses: [],
            grade: 'grade_a',
            controlledPrice: EUR,
            comment: null,
            commentShared: false,
            absorptionRule: { type: 'none', value: 0, maxAbsorbedAmountInCents: null },
          },
          decision: { kind: 'by_rule', proposalReason: null },
          checkInRequirement: requirement,
          commentRequired: false,
          at: '2026-01-01T00:00:00.000Z',
        },
      };
    case 'QuarantineItem':
      return { type: 'QuarantineItem', data: { reason: 'other', comment: 'probe' } };
    case 'ReleaseItem':
      return { type: 'ReleaseItem', data: { stockId: OTHER_STOCK, comment: null } };
    case 'SendDisputeMail':
      return { type: 'RecordDisputeMail', data: { delivered: true, failure: null } };
    case 'MoveItem':
      return { type: 'MoveItem', data: { stockId: OTHER_STOCK, reason: 'probe' } };
    case 'ReturnItem':
      return { type: 'ReturnItem', data: { trackingNumber: null, comment: null } };
    case 'DeclareItemLostInStore':
      return { type: 'DeclareItemLost', data: { place: 'store', comment: 'probe' } };
    case 'DeclareItemLostInTransport':
      return { type: 'DeclareItemLost', data: { place: 'transport', comment: 'probe' } };
    case 'DeclareItemLostInWarehouse':
      return { type: 'DeclareItemLost', data: { place: 'warehouse', comment: 'probe' } };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown action ${String(unknown)}`);
    }
  }
}

const cache = new Map<string, ItemAction[]>();

/**
 * The actions `decide` accepts for an item in this status (in a stock or
 * not; under this check-in requirement), in a stable order: lists and
 * details say what can be done without reading the events.
 */
export function allowedItemActions(status: ItemStatus, inWarehouse: boolean, requirement: CheckInRequirement): ItemAction[] {
  const key = `${status}|${inWarehouse}|${requirement}`;
  let allowed = cache.get(key);
  if (!allowed) {
    const state = itemMachine.resolveState({
      value: status,
      context: { ...EMPTY_ITEM, itemId: 'item', warehouseId: WAREHOUSE, stockId: inWarehouse ? STOCK : null, product: PRODUCT, purchasePrice: EUR },
    });
    allowed = ITEM_ACTIONS.filter((action) => accepts(() => decide(probeOf(action, requirement), state)));
    cache.set(key, allowed);
  }
  return allowed;
}

function accepts(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}
