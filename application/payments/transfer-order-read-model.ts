/**
 * The transfer order settings' read model (a collection of its own, beside
 * the debtor account's): one document per account, its id the account's.
 */
export const TRANSFER_ORDER_COLLECTION = 'payment_transfer_order_settings';

export interface TransferOrderSettingsDocument {
  _id: string;
  accountId: string;
  /** The retailer's own text; null: the default in the customer's language. */
  customText: string | null;
  updatedAt: string;
  /** Revision of the settings stream (shared with the debtor account's events): the ETag. */
  revision: number;
  [key: string]: unknown;
}
