import type { ItemStatus } from './types';

/**
 * The items list's status filter offers these groups (each a caption of its
 * own); the badge names the precise status.
 */
export const ITEM_STATUS_GROUPS = {
  inbound: ['item_created', 'item_awaiting_inventory', 'item_awaiting_store_drop', 'item_in_transit'],
  received: ['item_registered_in_warehouse'],
  awaitingCustomer: ['item_awaiting_compliancy_tests'],
  completed: ['item_completed'],
  refurbishment: ['item_refurb_diagnostic_in_progress', 'item_refurb_in_progress', 'item_refurb_completed'],
  quarantine: ['item_in_quarantine'],
  toReintegrate: ['item_to_reintegrate_to_stock'],
  toReturn: ['item_to_return'],
  returned: ['item_returned'],
  cancelled: ['item_cancelled'],
  lost: ['item_lost_store', 'item_lost_transport', 'item_lost_warehouse'],
} as const satisfies Record<string, readonly ItemStatus[]>;
export type ItemStatusGroup = keyof typeof ITEM_STATUS_GROUPS;
export const ITEM_STATUS_GROUP_NAMES = Object.keys(ITEM_STATUS_GROUPS) as ItemStatusGroup[];

const GROUP_COLOR: Record<ItemStatusGroup, string> = {
  inbound: 'blue',
  received: 'cyan',
  awaitingCustomer: 'orange',
  completed: 'green',
  refurbishment: 'teal',
  quarantine: 'red',
  toReintegrate: 'yellow',
  toReturn: 'purple',
  returned: 'gray',
  cancelled: 'gray',
  lost: 'red',
};

export function statusColor(status: ItemStatus): string {
  const group = ITEM_STATUS_GROUP_NAMES.find((name) => (ITEM_STATUS_GROUPS[name] as readonly ItemStatus[]).includes(status));
  return group ? GROUP_COLOR[group] : 'gray';
}
