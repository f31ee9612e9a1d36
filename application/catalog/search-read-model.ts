/**
 * The search projection's read model (projections/catalog/search-projection.ts):
 * what the search index follows (infrastructure/search/search-follower.ts).
 * One document per product and per category, each stamped with the global
 * position of the last event that changed it, so the follower reads only
 * what changed since it last looked. A deleted category stays as a tombstone
 * (`deleted`), so the follower learns of it too.
 */
import type { Translations } from '../../domain/shared/translations.js';

export const SEARCH_COLLECTION = 'catalog_search';
export const SEARCH_PROJECTION = 'catalog-search';

interface Followed {
  _id: string;
  accountId: string;
  /** The global position of the last event applied. */
  position: number;
  [key: string]: unknown;
}

export interface SearchProductDocument extends Followed {
  kind: 'product';
  productId: string;
  label: string;
  brand: string;
  model: string;
  ean: string | null;
  categoryId: string;
  secondaryCategoryIds: string[];
  status: 'draft' | 'published';
  gradeAPrice: number | null;
  /** Label in the other languages (found in them too). */
  translations: Translations | null;
}

export interface SearchCategoryDocument extends Followed {
  kind: 'category';
  categoryId: string;
  parentId: string | null;
  label: string;
  translations: Translations | null;
  deleted: boolean;
}

export type SearchDocument = SearchProductDocument | SearchCategoryDocument;

/** A category's document id (products keep their own ids). */
export function searchCategoryDocumentId(categoryId: string): string {
  return `category:${categoryId}`;
}
