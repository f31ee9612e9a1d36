// The screens read the shapes the server sends: the API's item views, the domain's statuses, reasons and places.
export type { ItemHistoryView as ItemHistoryEntry, ItemPage, ItemView as Item } from '@server/application/warehouse/warehouse-views';
export type { ItemAction } from '@server/domain/warehouse/items/allowed-commands';
export { ITEM_STATUSES, type ItemStatus } from '@server/domain/warehouse/items/state';
export { LOST_PLACES, QUARANTINE_REASONS, type LostPlace, type QuarantineReason } from '@server/domain/warehouse/items/events';
