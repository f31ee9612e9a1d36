/**
 * A product's events after its creation (ProductCreated stays in
 * ../events.ts, its v3 carrying every field of specification 000 §3). Each
 * carries only what changed; who and when are the events' metadata.
 */
import type { Translations } from '../../shared/translations.js';
import type { ProductState } from '../estimate.js';

/** Prices in cents per state; null: not bought back in that state. */
export type ProductPrices = Record<ProductState, number | null>;

/** What a product's form edits, besides its prices and status. */
export interface ProductFields {
  label: string;
  brand: string;
  /** The manufacturer's model ("modele"); '' when unknown. */
  model: string;
  reference: string | null;
  buyerReference: string | null;
  ean: string | null;
  tacCodes: string[];
  categoryId: string;
  secondaryCategoryIds: string[];
  /** For the seller, at most 500 characters. */
  comment: string | null;
  simple: boolean;
  isCollectingImei: boolean;
  buybackZeroNotAllowed: boolean;
  /** Effective dimensions (cm) and weight (g): the weight is what labels print. */
  heightCm: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  weightGrams: number | null;
  /** The manufacturer's nominal dimensions (cm) and weight (g). */
  nominalHeightCm: number | null;
  nominalLengthCm: number | null;
  nominalWidthCm: number | null;
  nominalWeightGrams: number | null;
  imageUrl: string | null;
  imageHdUrl: string | null;
  /** en-GB, nl-BE, de-DE texts of `label` and `comment` (French is the field). */
  translations: Translations | null;
}

export type ProductChanges = Partial<ProductFields>;

export interface ProductChanged {
  type: 'ProductChanged';
  data: { productId: string; changes: ProductChanges };
}

/** The states whose price changed, each with its new price (the previous one is the stream's before it). */
export interface ProductPriced {
  type: 'ProductPriced';
  data: { productId: string; prices: Partial<ProductPrices> };
}

export interface ProductPublished {
  type: 'ProductPublished';
  data: { productId: string };
}

export interface ProductUnpublished {
  type: 'ProductUnpublished';
  data: { productId: string };
}

export type ProductLaterEvent = ProductChanged | ProductPriced | ProductPublished | ProductUnpublished;
