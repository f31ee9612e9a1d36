/**
 * The search projection: what the product search index follows
 * (application/catalog/search-read-model.ts). Pure, as every projection:
 * each product and each category as its events leave it, stamped with the
 * event's global position. The categories are here so the follower can give
 * each product its categories' ancestry and labels, and move a category's
 * products with it, without reading another read model.
 */
import type { StoredEvent } from '../../application/ports/event-store.js';
import type { Projection } from '../../application/ports/projection.js';
import { domainTypeOf, toDomainEvent } from '../../application/events/codec.js';
import {
  SEARCH_COLLECTION,
  SEARCH_PROJECTION,
  searchCategoryDocumentId,
  type SearchCategoryDocument,
  type SearchDocument,
  type SearchProductDocument,
} from '../../application/catalog/search-read-model.js';
import type { Translations } from '../../domain/shared/translations.js';

export const SEARCH_PRODUCT_EVENTS = ['ProductCreated', 'ProductChanged', 'ProductPriced', 'ProductPublished', 'ProductUnpublished'] as const;
export const SEARCH_CATEGORY_EVENTS = ['CategoryCreated', 'CategoryChanged', 'CategoryDeleted'] as const;

/** What this projection reads of a product's fields: the events' own types are the products' and categories' owners'. */
interface ProductFieldsRead {
  productId: string;
  label?: string;
  brand?: string;
  model?: string;
  ean?: string | null;
  categoryId?: string;
  secondaryCategoryIds?: string[];
  status?: 'draft' | 'published';
  prices?: { grade_a?: number | null };
  translations?: Translations | null;
}

interface CategoryFieldsRead {
  categoryId: string;
  parentId?: string | null;
  label?: string;
  translations?: Translations | null;
}

type Read = { productId?: string; categoryId?: string; changes?: Record<string, unknown>; prices?: { grade_a?: number | null } };

function dataOf(stored: StoredEvent): Read {
  return toDomainEvent<{ type: string; data: Read }>(stored).data;
}

function evolveProduct(document: SearchProductDocument | null, type: string, data: Read, stored: StoredEvent): SearchProductDocument | null {
  const base = { position: stored.globalPosition, accountId: stored.metadata.accountId as string };
  if (type === 'ProductCreated') {
    const created = data as ProductFieldsRead;
    return {
      _id: created.productId,
      kind: 'product',
      productId: created.productId,
      label: created.label ?? '',
      brand: created.brand ?? '',
      model: created.model ?? '',
      ean: created.ean ?? null,
      categoryId: created.categoryId ?? '',
      secondaryCategoryIds: created.secondaryCategoryIds ?? [],
      status: created.status ?? 'draft',
      gradeAPrice: created.prices?.grade_a ?? null,
      translations: created.translations ?? null,
      ...base,
    };
  }
  if (!document) return null;
  switch (type) {
    case 'ProductChanged': {
      const changes = (data.changes ?? {}) as Partial<ProductFieldsRead>;
      const next: SearchProductDocument = { ...document, ...base };
      if (changes.label !== undefined) next.label = changes.label;
      if (changes.brand !== undefined) next.brand = changes.brand;
      if (changes.model !== undefined) next.model = changes.model;
      if (changes.ean !== undefined) next.ean = changes.ean;
      if (changes.categoryId !== undefined) next.categoryId = changes.categoryId;
      if (changes.secondaryCategoryIds !== undefined) next.secondaryCategoryIds = changes.secondaryCategoryIds;
      if (changes.translations !== undefined) next.translations = changes.translations;
      return next;
    }
    case 'ProductPriced':
      return data.prices && 'grade_a' in data.prices ? { ...document, ...base, gradeAPrice: data.prices.grade_a ?? null } : { ...document, ...base };
    case 'ProductPublished':
      return { ...document, ...base, status: 'published' };
    case 'ProductUnpublished':
      return { ...document, ...base, status: 'draft' };
    default:
      return document;
  }
}

function evolveCategory(document: SearchCategoryDocument | null, type: string, data: Read, stored: StoredEvent, id: string): SearchCategoryDocument | null {
  const base = { position: stored.globalPosition, accountId: stored.metadata.accountId as string };
  if (type === 'CategoryCreated') {
    const created = data as CategoryFieldsRead;
    return { _id: id, kind: 'category', categoryId: created.categoryId, parentId: created.parentId ?? null, label: created.label ?? '', translations: created.translations ?? null, deleted: false, ...base };
  }
  if (!document) return null;
  if (type === 'CategoryDeleted') return { ...document, ...base, deleted: true };
  if (type === 'CategoryChanged') {
    const changes = (data.changes ?? {}) as Partial<CategoryFieldsRead>;
    const next: SearchCategoryDocument = { ...document, ...base };
    if (changes.parentId !== undefined) next.parentId = changes.parentId;
    if (changes.label !== undefined) next.label = changes.label;
    if (changes.translations !== undefined) next.translations = changes.translations;
    return next;
  }
  return document;
}

const PRODUCT_TYPES: ReadonlySet<string> = new Set(SEARCH_PRODUCT_EVENTS);

export const searchProjection: Projection<SearchDocument> = {
  name: SEARCH_PROJECTION,
  collection: SEARCH_COLLECTION,
  indexes: [{ name: 'by_position', fields: [['position', 1]] }],
  eventTypes: [...SEARCH_PRODUCT_EVENTS, ...SEARCH_CATEGORY_EVENTS],
  targets(event) {
    const data = event.data as Read;
    return PRODUCT_TYPES.has(domainTypeOf(event)) ? [data.productId as string] : [searchCategoryDocumentId(data.categoryId as string)];
  },
  evolve(document, stored, id) {
    const type = domainTypeOf(stored);
    const data = dataOf(stored);
    return PRODUCT_TYPES.has(type)
      ? evolveProduct(document as SearchProductDocument | null, type, data, stored)
      : evolveCategory(document as SearchCategoryDocument | null, type, data, stored, id);
  },
};
