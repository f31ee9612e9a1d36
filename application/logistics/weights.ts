import type { DocumentStore } from '../ports/document-store.js';
import { CATALOG_COLLECTIONS } from '../catalog/read-models.js';

/** A device whose product and categories name no weight: a smartphone in its box. */
export const DEFAULT_WEIGHT_GRAMS = 400;

interface Weighed {
  [key: string]: unknown;
  _id: string;
  weightGrams?: number | null;
  defaultWeightGrams?: number | null;
  parentId?: string | null;
  categoryId?: string;
}

/**
 * What a device weighs on a label: its product's weight, else its category's
 * default (the nearest category naming one, up to the root), else
 * DEFAULT_WEIGHT_GRAMS (docs/specification-readings.md).
 */
export async function weightOfProduct(documents: DocumentStore, productId: string): Promise<number> {
  const product = await documents.collection<Weighed>(CATALOG_COLLECTIONS.products).get(productId);
  if (product?.weightGrams) return product.weightGrams;
  const categories = documents.collection<Weighed>(CATALOG_COLLECTIONS.categories);
  let categoryId = product?.categoryId ?? null;
  for (let depth = 0; categoryId && depth < 20; depth++) {
    const category = await categories.get(categoryId);
    if (category?.defaultWeightGrams) return category.defaultWeightGrams;
    categoryId = category?.parentId ?? null;
  }
  return DEFAULT_WEIGHT_GRAMS;
}
