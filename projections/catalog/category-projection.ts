import type { CategoryCreated } from '../../domain/catalog/events.js';
import type { CategoryImageUploaded, CategoryLifeEvent } from '../../domain/catalog/category/category-events.js';
import { CATALOG_COLLECTIONS, type CategoryDocument } from '../../application/catalog/read-models.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import { CATEGORY_IMAGE_COLLECTION, type CategoryImageDocument } from '../../application/catalog/categories/category-read-model.js';
import { CATEGORY_STREAMS } from '../../application/catalog/categories/streams.js';
import { entityProjection } from '../shared/entity-projection.js';

/** One document per category, every change applied; archived it stays (status), deleted it goes. */
export const categoriesProjection = entityProjection<CategoryDocument, CategoryCreated | CategoryLifeEvent>({
  name: 'categories',
  collection: CATALOG_COLLECTIONS.categories,
  stream: CATALOG_STREAMS.category,
  eventTypes: ['CategoryCreated', 'CategoryChanged', 'CategoryArchived', 'CategoryDeleted', 'CategoryCircuitLinked', 'CategoryCircuitUnlinked'],
  indexes: [
    { name: 'by_account_parent', fields: [['accountId', 1], ['parentId', 1], ['label', 1]] },
    { name: 'by_account_identifier', fields: [['accountId', 1], ['identifier', 1]] },
  ],
  fold: (doc, event, stored) => {
    const at = stored.metadata.occurredAt;
    const revision = stored.streamRevision;
    if (event.type === 'CategoryCreated') {
      return { _id: event.data.categoryId, accountId: stored.metadata.accountId, ...event.data, status: 'active', archivedAt: null, createdAt: at, updatedAt: at, revision };
    }
    if (!doc) return null;
    const touched = { ...doc, updatedAt: at, revision };
    switch (event.type) {
      case 'CategoryChanged':
        return { ...touched, ...event.data.changes };
      case 'CategoryArchived':
        return { ...touched, status: 'archived', archivedAt: at };
      case 'CategoryDeleted':
        return null;
      case 'CategoryCircuitLinked':
        return doc.circuitIds.includes(event.data.circuitId) ? touched : { ...touched, circuitIds: [...doc.circuitIds, event.data.circuitId] };
      case 'CategoryCircuitUnlinked':
        return { ...touched, circuitIds: doc.circuitIds.filter((id) => id !== event.data.circuitId) };
    }
  },
});

/** The categories' pictures, served by GET /category-images/{id}. */
export const categoryImagesProjection = entityProjection<CategoryImageDocument, CategoryImageUploaded>({
  name: 'category-images',
  collection: CATEGORY_IMAGE_COLLECTION,
  stream: CATEGORY_STREAMS.image,
  eventTypes: ['CategoryImageUploaded'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.imageId, ...event.data, uploadedAt: stored.metadata.occurredAt }),
});
