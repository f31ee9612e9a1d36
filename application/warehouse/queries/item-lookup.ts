import { parseItemCode } from '../../../domain/warehouse/item-code.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Principal } from '../../organizations/principal.js';
import { itemVisibility } from '../commands/item-command.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../read-models.js';

/** Items a short code may name at once before the answer stops listing them. */
const AMBIGUOUS_LISTED = 10;
/** How many items of one code are read to list the newest (a short code is shared by a few, never by hundreds). */
const CANDIDATES_READ = 100;

/**
 * The item a code names among those the caller may see: by its 13-digit
 * code, or by its 8-character item code, which may name several items (the
 * specification's "several items match": the candidates come with the
 * refusal, so the operator picks one or scans the 13-digit code). A code
 * naming nothing the caller may see (another warehouse's item too) is
 * "not recognised or not assigned to this warehouse".
 */
export async function itemByCode(documents: DocumentStore, principal: Principal, raw: string): Promise<ItemDocument> {
  const code = parseItemCode(raw);
  const byCode = code.kind === 'identification_number' ? { identificationNumber: code.value } : { shortCode: code.value };
  // No sort in the query: with one, the store may walk the warehouse's items in date order rather than use the
  // code's index (seconds on a million items). A code names a handful at most; the newest are listed first.
  const found = (
    await documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items).find({ $and: [byCode, itemVisibility(principal)] }, { limit: CANDIDATES_READ })
  ).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  if (found.length === 0) throw new ApplicationError('ITEM_CODE_NOT_RECOGNISED', { code: code.value });
  if (found.length > 1) {
    throw new ApplicationError('ITEM_CODE_AMBIGUOUS', {
      code: code.value,
      candidates: found.slice(0, AMBIGUOUS_LISTED).map((item) => ({
        id: item._id,
        buybackId: item.buybackId,
        identificationNumber: item.identificationNumber,
        product: item.product.label,
        status: item.status,
      })),
      more: found.length > AMBIGUOUS_LISTED,
    });
  }
  return found[0] as ItemDocument;
}
