/** What the product routes answer (GET /products, /products/{id}/detail, price history, history); the dashboard imports the types. */
import { PRODUCT_STATES } from '../../../domain/catalog/estimate.js';
import { CURRENCIES } from '../../../domain/shared/money.js';
import { ProductView } from '../catalog-views.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

const Price = Nullable(Type.Integer());
const Prices = Type.Object(
  { functional: Price, grade_a: Price, grade_b: Price, grade_c: Price, grade_d: Price, grade_e: Price },
  { additionalProperties: false, description: 'Cents per state; null: not bought back in that state.' },
);
const Translated = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()));

/** One product of GET /products: the storefront's card, with its category's label for the dashboard's list. */
export const ProductListItem = Type.Composite([ProductView, Type.Object({ categoryLabel: Nullable(Type.String()) })], { title: 'ProductListItem' });
export type ProductListItem = Static<typeof ProductListItem>;

export const ProductListPage = Type.Object(
  { ...ListPage(ProductListItem, 'ProductListPage').properties, totalItems: Type.Integer({ minimum: 0 }) },
  { title: 'ProductListPage' },
);
export type ProductListPage = Static<typeof ProductListPage>;

/** Every field of a product, as its form edits it (its ETag: `revision`). */
export const ProductDetailView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    label: Type.String(),
    brand: Type.String(),
    model: Type.String(),
    reference: Nullable(Type.String()),
    buyerReference: Nullable(Type.String()),
    ean: Nullable(Type.String()),
    tacCodes: Type.Array(Type.String()),
    categoryId: Type.String(),
    categoryLabel: Nullable(Type.String()),
    secondaryCategoryIds: Type.Array(Type.String()),
    comment: Nullable(Type.String()),
    simple: Type.Boolean(),
    isCollectingImei: Type.Boolean(),
    buybackZeroNotAllowed: Type.Boolean(),
    heightCm: Nullable(Type.Integer()),
    lengthCm: Nullable(Type.Integer()),
    widthCm: Nullable(Type.Integer()),
    weightGrams: Nullable(Type.Integer()),
    nominalHeightCm: Nullable(Type.Integer()),
    nominalLengthCm: Nullable(Type.Integer()),
    nominalWidthCm: Nullable(Type.Integer()),
    nominalWeightGrams: Nullable(Type.Integer()),
    imageUrl: Nullable(Type.String()),
    imageHdUrl: Nullable(Type.String()),
    translations: Nullable(Translated),
    status: StringEnum(['draft', 'published'] as const),
    currency: StringEnum(CURRENCIES),
    prices: Prices,
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'ProductDetail' },
);
export type ProductDetailView = Static<typeof ProductDetailView>;

const Who = Nullable(Type.Object({ id: Type.String(), name: Type.String() }));

/** One change of a product's prices: who, when, and each state's price before and after (cents; null: not bought back). */
export const PriceHistoryEntry = Type.Object(
  {
    eventId: Type.String(),
    at: DateTime,
    user: Who,
    changes: Type.Array(Type.Object({ state: StringEnum(PRODUCT_STATES), before: Nullable(Type.Integer()), after: Nullable(Type.Integer()) })),
  },
  { title: 'ProductPriceHistoryEntry' },
);
export type PriceHistoryEntry = Static<typeof PriceHistoryEntry>;
export const PriceHistory = Type.Object({ items: Type.Array(PriceHistoryEntry) }, { title: 'ProductPriceHistory' });
export type PriceHistory = Static<typeof PriceHistory>;

export const PRODUCT_HISTORY_TYPES = ['ProductCreated', 'ProductChanged', 'ProductPriced', 'ProductPublished', 'ProductUnpublished'] as const;

/** One event of a product: what, when, who, and each value it changed (from, to). */
export const ProductHistoryEntry = Type.Object(
  {
    eventId: Type.String(),
    revision: Type.Integer({ minimum: 0 }),
    type: StringEnum(PRODUCT_HISTORY_TYPES),
    at: DateTime,
    user: Who,
    changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
  },
  { title: 'ProductHistoryEntry' },
);
export type ProductHistoryEntry = Static<typeof ProductHistoryEntry>;
export const ProductHistory = Type.Object({ items: Type.Array(ProductHistoryEntry) }, { title: 'ProductHistory' });
export type ProductHistory = Static<typeof ProductHistory>;
