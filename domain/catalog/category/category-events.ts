/**
 * The category aggregate's events after its creation (`CategoryCreated` stays
 * in ../events.ts, v3 with the fields of specification 000 section 3), its
 * identifier's reservation, and its uploaded images. A change carries only
 * the fields it changed; who and when travel in the event's metadata.
 */
import type { AbsorptionRule } from '../../buybacks/absorption.js';
import type { Translations } from '../../shared/translations.js';

/** A category's picture: where it is served and its alternative text. */
export interface CategoryImage {
  url: string;
  alt: string | null;
}

/** What a catalogue manager writes on a category (its circuits are linked one by one). */
export interface CategoryFields {
  parentId: string | null;
  label: string;
  identifier: string;
  description: string | null;
  childrenDescription: string | null;
  highlightedInstruction: string | null;
  image: CategoryImage | null;
  /** Grams, whole (required for a new category; null on one created before the rule). */
  defaultWeightGrams: number | null;
  /** Centimetres, whole, each optional. */
  defaultHeightCm: number | null;
  defaultLengthCm: number | null;
  defaultWidthCm: number | null;
  absorption: AbsorptionRule;
  buyerId: string;
  referentWarehouseIds: string[];
  /** Per language, per field path (`label`, `description`, `childrenDescription`, `highlightedInstruction`, `image.alt`). */
  translations: Translations | null;
}

export interface CategoryChanged {
  type: 'CategoryChanged';
  data: { categoryId: string; changes: Partial<CategoryFields> };
}

export interface CategoryArchived {
  type: 'CategoryArchived';
  data: { categoryId: string; reason: string | null };
}

export interface CategoryDeleted {
  type: 'CategoryDeleted';
  data: { categoryId: string; identifier: string };
}

export interface CategoryCircuitLinked {
  type: 'CategoryCircuitLinked';
  data: { categoryId: string; circuitId: string };
}

export interface CategoryCircuitUnlinked {
  type: 'CategoryCircuitUnlinked';
  data: { categoryId: string; circuitId: string };
}

export type CategoryLifeEvent = CategoryChanged | CategoryArchived | CategoryDeleted | CategoryCircuitLinked | CategoryCircuitUnlinked;

/** A category identifier taken in an account's catalogue (its reservation stream). */
export interface CategoryIdentifierReserved {
  type: 'CategoryIdentifierReserved';
  data: { accountId: string; identifier: string; categoryId: string };
}

export interface CategoryIdentifierReleased {
  type: 'CategoryIdentifierReleased';
  data: { accountId: string; identifier: string; categoryId: string };
}

export type CategoryIdentifierEvent = CategoryIdentifierReserved | CategoryIdentifierReleased;

/** A picture uploaded for a category (JPG or PNG, its real type checked), kept on its own stream so that a rebuild serves it again. */
export interface CategoryImageUploaded {
  type: 'CategoryImageUploaded';
  data: { imageId: string; accountId: string; contentType: 'image/jpeg' | 'image/png'; sizeBytes: number; base64: string };
}

export const CATEGORY_EVENT_TYPES = [
  'CategoryCreated',
  'CategoryChanged',
  'CategoryArchived',
  'CategoryDeleted',
  'CategoryCircuitLinked',
  'CategoryCircuitUnlinked',
] as const;
