export type {
  ArchiveCheckpointsView as ArchiveCheckpoints,
  CategoryAdminNode,
  CategoryChainView,
  CategoryHistoryEntry,
  CategoryView as Category,
  ParentChangeView as ParentChange,
} from '@server/application/catalog/categories/category-views';

export const ABSORPTION_TYPES = ['none', 'value', 'percentage_of_controlled_price', 'percentage_of_declared_price'] as const;
export type AbsorptionType = (typeof ABSORPTION_TYPES)[number];
export const TRANSLATED_LOCALES = ['en-GB', 'nl-BE', 'de-DE'] as const;
export const TRANSLATED_FIELDS = ['label', 'description', 'childrenDescription', 'highlightedInstruction'] as const;

/** What a category's form sends (POST /categories; PATCH sends the same as a merge-patch). */
export interface CategoryBody {
  parentId: string | null;
  label: string;
  identifier: string;
  description: string | null;
  childrenDescription: string | null;
  highlightedInstruction: string | null;
  image: { url: string; alt: string | null } | null;
  defaultWeightGrams: number | null;
  defaultHeightCm: number | null;
  defaultLengthCm: number | null;
  defaultWidthCm: number | null;
  absorption: { type: AbsorptionType; value: number; maxAbsorbedAmountInCents: number | null };
  buyerId: string;
  referentWarehouseIds: string[];
  translations: Partial<Record<(typeof TRANSLATED_LOCALES)[number], Record<string, string>>> | null;
}
