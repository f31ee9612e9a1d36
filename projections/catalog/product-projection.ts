import type { ProductEvent } from '../../domain/catalog/product/decide.js';
import { CATALOG_COLLECTIONS, type ProductDocument } from '../../application/catalog/read-models.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import { entityProjection } from '../shared/entity-projection.js';

/** What the regex search (and the search index, when none is registered) reads: label, brand, model, references, EAN. */
function searchTextOf(product: Pick<ProductDocument, 'label' | 'brand' | 'model' | 'ean' | 'reference' | 'buyerReference'>): string {
  return [product.label, product.brand, product.model, product.ean ?? '', product.reference ?? '', product.buyerReference ?? ''].join(' ').toLowerCase();
}

/**
 * One document per product: its creation's fields with every later change,
 * price and status applied, its stream revision (the ETag) and its first and
 * last times. An event at or before the revision held changes nothing.
 */
export const productsProjection = entityProjection<ProductDocument, ProductEvent>({
  name: 'products',
  collection: CATALOG_COLLECTIONS.products,
  stream: CATALOG_STREAMS.product,
  eventTypes: ['ProductCreated', 'ProductChanged', 'ProductPriced', 'ProductPublished', 'ProductUnpublished'],
  indexes: [
    { name: 'by_account_status_label', fields: [['accountId', 1], ['status', 1], ['label', 1]] },
    { name: 'by_account_label', fields: [['accountId', 1], ['label', 1]] },
    { name: 'by_account_category', fields: [['accountId', 1], ['categoryId', 1]] },
    { name: 'by_account_ean', fields: [['accountId', 1], ['ean', 1]] },
  ],
  fold: (doc, event, stored) => {
    const at = stored.metadata.occurredAt;
    if (event.type === 'ProductCreated') {
      if (doc) return doc;
      return { _id: event.data.productId, accountId: stored.metadata.accountId, ...event.data, searchText: searchTextOf(event.data), createdAt: at, updatedAt: at, revision: stored.streamRevision };
    }
    if (!doc || (typeof doc.revision === 'number' && stored.streamRevision <= doc.revision)) return doc;
    const next = { ...doc, updatedAt: at, revision: stored.streamRevision };
    switch (event.type) {
      case 'ProductChanged': {
        const changed = { ...next, ...event.data.changes };
        return { ...changed, searchText: searchTextOf(changed) };
      }
      case 'ProductPriced':
        return { ...next, prices: { ...doc.prices, ...event.data.prices } };
      case 'ProductPublished':
        return { ...next, status: 'published' };
      case 'ProductUnpublished':
        return { ...next, status: 'draft' };
      default:
        return doc;
    }
  },
});
