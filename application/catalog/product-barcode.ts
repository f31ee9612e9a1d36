import { DomainError } from '../../domain/shared/domain-error.js';
import { GTIN_LENGTHS, parseGtin } from '../../domain/values/gtin.js';
import { ApplicationError } from '../commands/errors.js';
import { tenantFilter, type Principal } from '../organizations/principal.js';
import type { DocumentStore } from '../ports/document-store.js';
import { requirePremiumFeature } from './premium-features.js';
import { CATALOG_COLLECTIONS, type ProductDocument } from './read-models.js';

/**
 * The published products whose EAN/GTIN is the scanned code (the scan
 * search bar: premium feature scan_searchbar, PREMIUM_FEATURE_NOT_ENABLED
 * without it). Codes equal once padded to 14 digits name the same product
 * (a UPC-A is an EAN-13 with a leading 0). A code that is not a GTIN is a
 * field error on `code`.
 */
export async function findProductsByBarcode(documents: DocumentStore, principal: Principal, raw: string): Promise<{ code: string; items: ProductDocument[] }> {
  if (principal.accountId !== null) await requirePremiumFeature(documents, principal.accountId, 'scan_searchbar');
  let code: string;
  try {
    code = parseGtin(raw);
  } catch (error) {
    if (error instanceof DomainError) throw new ApplicationError('VALIDATION_FAILED', { fields: [{ ...error.details, field: 'code', code: error.code }] });
    throw error;
  }
  const core = code.replace(/^0+/, '');
  const spellings = GTIN_LENGTHS.filter((length) => length >= core.length).map((length) => core.padStart(length, '0'));
  const items = await documents
    .collection<ProductDocument>(CATALOG_COLLECTIONS.products)
    .find({ $and: [tenantFilter(principal), { status: 'published' }, { ean: { $in: spellings } }] }, { sort: [['label', 1]], limit: 100 });
  return { code, items };
}
