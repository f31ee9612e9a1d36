// The screens read the shapes the server sends: the API's client views, the domain's lists.
export type {
  ClientView as Client,
  ClientPage,
  ClientListItemView as ClientListItem,
  ClientHistoryEntryView as ClientHistoryEntry,
  LinkedBuyersView as LinkedBuyers,
  CatalogueReindexView as CatalogueReindex,
  AccountDeletionResultView as AccountDeletionResult,
} from '@server/application/organizations/clients/client-views.js';
export { ACCOUNT_STATUSES, PREMIUM_FEATURES, SHIPPING_TYPES } from '@server/domain/organizations/account/account-events.js';
export { CLIENT_LIMITS } from '@server/domain/organizations/account/client-rules.js';
export { CIRCUIT_TYPES } from '@server/domain/catalog/events.js';
export { PAYMENT_TYPES } from '@server/domain/buybacks/events.js';
export { LOCALES, MODULE_TYPES } from '@server/domain/organizations/events.js';
export { CURRENCIES } from '@server/domain/shared/money.js';
