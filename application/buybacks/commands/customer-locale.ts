import type { Locale } from '../../../domain/organizations/events.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../organizations/read-models.js';
import type { BuybackDocument } from '../read-models.js';

/** The language to write to a buyback's customer in: the one they used, else their retailer's. */
export async function customerLocaleOf(documents: DocumentStore, buyback: Pick<BuybackDocument, 'customerLocale' | 'accountId'>): Promise<Locale> {
  if (buyback.customerLocale) return buyback.customerLocale;
  const account = await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(buyback.accountId);
  return account?.language ?? 'fr-FR';
}
