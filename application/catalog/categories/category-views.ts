/** What the categories' routes answer (the OpenAPI schemas; the dashboard imports the types). */
import { ABSORPTION_TYPES } from '../../../domain/buybacks/absorption.js';
import { TRANSLATED_LOCALES } from '../../../domain/shared/translations.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

const Text = Type.String();
export const TranslationsView = Nullable(
  Type.Partial(Type.Object(Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, Type.Record(Type.String(), Type.String())])) as Record<(typeof TRANSLATED_LOCALES)[number], ReturnType<typeof Type.Record>>)),
);

export const CategoryView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    parentId: Nullable(Type.String()),
    identifier: Text,
    label: Text,
    description: Nullable(Text),
    childrenDescription: Nullable(Text),
    highlightedInstruction: Nullable(Text),
    image: Nullable(Type.Object({ url: Text, alt: Nullable(Text) })),
    defaultWeightGrams: Nullable(Type.Integer()),
    defaultHeightCm: Nullable(Type.Integer()),
    defaultLengthCm: Nullable(Type.Integer()),
    defaultWidthCm: Nullable(Type.Integer()),
    absorption: Type.Object({ type: StringEnum(ABSORPTION_TYPES), value: Type.Number(), maxAbsorbedAmountInCents: Nullable(Type.Integer()) }),
    buyerId: Text,
    referentWarehouseIds: Type.Array(Text),
    circuitIds: Type.Array(Text),
    translations: TranslationsView,
    status: StringEnum(['active', 'archived'] as const),
    archivedAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'Category' },
);
export type CategoryView = Static<typeof CategoryView>;

const Count = Type.Integer({ minimum: 0 });
/** A node's products, its descendants' included: all, published, and the published offered on the web and in store (docs/specification-readings.md). */
export const CategoryCountsView = Type.Object(
  { numberOfProducts: Count, numberOfPublishedProducts: Count, numberOfPublishedProductsWeb: Count, numberOfPublishedProductsStore: Count },
  { title: 'CategoryCounts' },
);
export type CategoryCountsView = Static<typeof CategoryCountsView>;

export interface CategoryAdminNode extends CategoryCountsView {
  id: string;
  parentId: string | null;
  identifier: string;
  label: string;
  status: 'active' | 'archived';
  circuitIds: string[];
  children: CategoryAdminNode[];
}

export const CategoryAdminNodeView = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Uuid,
      parentId: Nullable(Type.String()),
      identifier: Text,
      label: Text,
      status: StringEnum(['active', 'archived'] as const),
      circuitIds: Type.Array(Text),
      ...CategoryCountsView.properties,
      children: Type.Array(Self),
    }),
  { $id: 'CategoryAdminNode', title: 'CategoryAdminNode' },
);

export const CategoryAdminTreeView = Type.Object({ items: Type.Array(CategoryAdminNodeView) }, { title: 'CategoryAdminTree' });
export type CategoryAdminTreeView = { items: CategoryAdminNode[] };

export const CategoryChainView = Type.Object(
  { items: Type.Array(Type.Object({ id: Uuid, parentId: Nullable(Type.String()), identifier: Text, label: Text, status: StringEnum(['active', 'archived'] as const) })) },
  { title: 'CategoryChain', description: 'Root first, the category last.' },
);
export type CategoryChainView = Static<typeof CategoryChainView>;

export const CategoryWithProductsView = Type.Object(
  { items: Type.Array(Type.Object({ id: Uuid, identifier: Text, label: Text, parentId: Nullable(Type.String()), numberOfProducts: Count, numberOfPublishedProducts: Count })) },
  { title: 'CategoriesWithProducts' },
);
export type CategoryWithProductsView = Static<typeof CategoryWithProductsView>;

const QuestionRef = Type.Object({ id: Uuid, title: Text, categoryId: Type.String(), categoryLabel: Text });
export const ParentChangeView = Type.Object(
  {
    categoryId: Uuid,
    parentId: Nullable(Type.String()),
    /** Inherited questions the category (and its products) would no longer have. */
    lost: Type.Array(QuestionRef),
    /** Inherited questions it would gain. */
    gained: Type.Array(QuestionRef),
    /** Whether the change names a parent that may hold it (not itself nor below it, found, not archived). */
    allowed: Type.Boolean(),
  },
  { title: 'CategoryParentChange' },
);
export type ParentChangeView = Static<typeof ParentChangeView>;

export const ArchiveCheckpointsView = Type.Object(
  {
    categoryId: Uuid,
    /** Categories below it (archiving hides them from the storefront too). */
    descendants: Count,
    products: Count,
    publishedProducts: Count,
    /** Its own questions and those of its descendants. */
    questions: Count,
    circuits: Count,
    checkpoints: Type.Array(
      Type.Object({ code: StringEnum(['PUBLISHED_PRODUCTS', 'SUB_CATEGORIES', 'QUESTIONS', 'CIRCUITS'] as const), count: Count }),
      { description: 'What archiving affects, each to be acknowledged on the screen; empty: nothing.' },
    ),
  },
  { title: 'CategoryArchiveCheckpoints' },
);
export type ArchiveCheckpointsView = Static<typeof ArchiveCheckpointsView>;

export const CATEGORY_HISTORY_TYPES = ['CategoryCreated', 'CategoryChanged', 'CategoryArchived', 'CategoryDeleted', 'CategoryCircuitLinked', 'CategoryCircuitUnlinked'] as const;
export const CategoryHistoryEntry = Type.Object(
  {
    eventId: Type.String(),
    revision: Type.Integer({ minimum: 0 }),
    type: StringEnum(CATEGORY_HISTORY_TYPES),
    at: DateTime,
    user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
  },
  { title: 'CategoryHistoryEntry' },
);
export type CategoryHistoryEntry = Static<typeof CategoryHistoryEntry>;
export const CategoryHistoryView = Type.Object({ items: Type.Array(CategoryHistoryEntry) }, { title: 'CategoryHistory' });

export const CategoryImageAnswer = Type.Object(
  { id: Uuid, url: Text, contentType: StringEnum(['image/jpeg', 'image/png'] as const), sizeBytes: Count },
  { title: 'CategoryImageUploaded' },
);
