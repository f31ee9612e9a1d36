/** What the catalogue routes answer (see application/views/schema.ts); the UIs import the types. */
import { PRODUCT_STATES } from '../../domain/catalog/estimate.js';
import { BUYBACK_CHANNELS, DEPOSIT_TYPES, PAYMENT_TYPES } from '../../domain/buybacks/events.js';
import { CURRENCIES } from '../../domain/shared/money.js';
import { PaymentModifierView } from '../payments/payment-views.js';
import { ListPage, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';

export const ProductStateView = StringEnum(PRODUCT_STATES, { title: 'ProductState' });
export type ProductStateView = Static<typeof ProductStateView>;

export const ProductView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    label: Type.String(),
    brand: Type.String(),
    model: Type.String(),
    ean: Nullable(Type.String()),
    tacCodes: Type.Array(Type.String()),
    categoryId: Type.String(),
    status: StringEnum(['draft', 'published'] as const),
    simple: Type.Boolean(),
    currency: StringEnum(CURRENCIES),
    /** Cents per state; null: not bought back in that state. */
    prices: Type.Partial(Type.Record(Type.Union(PRODUCT_STATES.map((state) => Type.Literal(state))), Nullable(Type.Integer())), {
      additionalProperties: false,
    }),
    isCollectingImei: Type.Boolean(),
    imageUrl: Nullable(Type.String()),
    /** The best price the diagnostic can give ("up to" on a product card); null when no answer gives an estimate. */
    maxPrice: Nullable(MoneyView),
  },
  { title: 'Product' },
);
export type ProductView = Static<typeof ProductView>;

/** GET /products counts every page (it has no `partial=true`): its total is never null. */
export const ProductPage = Type.Object(
  { ...ListPage(ProductView, 'ProductPage').properties, totalItems: Type.Integer({ minimum: 0 }) },
  { title: 'ProductPage' },
);
export type ProductPage = Static<typeof ProductPage>;

export const BarcodeSearchView = Type.Object(
  { code: Type.String({ description: 'The GTIN as read.' }), items: Type.Array(ProductView, { description: 'The published products with that EAN/GTIN (at most 100).' }) },
  { title: 'BarcodeSearch' },
);

export const ImeiSearchView = Type.Object(
  { imei: Type.String(), tac: Type.String(), items: Type.Array(ProductView) },
  { title: 'ImeiSearch' },
);

/** One category of GET /api/categories/tree, with its sub-categories. */
export interface CategoryNodeView {
  id: string;
  parentId: string | null;
  label: string;
  identifier: string;
  description: string | null;
  numberOfPublishedProducts: number;
  children: CategoryNodeView[];
}
export const CategoryNodeView = Type.Recursive(
  (node) =>
    Type.Object({
      id: Type.String(),
      parentId: Nullable(Type.String()),
      label: Type.String(),
      identifier: Type.String(),
      description: Nullable(Type.String()),
      numberOfPublishedProducts: Type.Integer({ minimum: 0 }),
      children: Type.Array(node),
    }),
  { title: 'CategoryNode', $id: 'CategoryNode' },
);
export const CategoryTreeView = Type.Object({ items: Type.Array(CategoryNodeView) }, { title: 'CategoryTree' });

export const DiagnosticQuestionView = Type.Object(
  {
    id: Uuid,
    categoryId: Type.String(),
    title: Type.String(),
    howToTest: Nullable(Type.String()),
    description: Nullable(Type.String()),
    type: StringEnum(['unique', 'multiple'] as const),
    answers: Type.Array(
      Type.Object({ id: Type.String(), title: Type.String(), description: Nullable(Type.String()), exclusive: Type.Boolean({ description: 'Excludes the other answers of its question.' }) }),
    ),
  },
  { title: 'DiagnosticQuestion' },
);
export type DiagnosticQuestionView = Static<typeof DiagnosticQuestionView>;
export const DiagnosticQuestionList = Type.Object({ items: Type.Array(DiagnosticQuestionView) }, { title: 'DiagnosticQuestions' });

const Modifier = Nullable(
  Type.Object({ type: StringEnum(['percentage', 'fixed'] as const), value: Type.Number(), cappedAmountInCents: Nullable(Type.Integer()) }),
);

export const CircuitView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    circuitType: Type.String(),
    channel: StringEnum(BUYBACK_CHANNELS),
    deposit: StringEnum(DEPOSIT_TYPES),
    description: Nullable(Type.String()),
    shippingMethodIds: Type.Array(Type.String()),
    paymentModeIds: Type.Array(Type.String()),
    customerBonusInCents: Nullable(Type.Integer({ description: "The circuit's bonus (positive) or cost (negative) to the customer, in cents; null: none." })),
  },
  { title: 'Circuit' },
);
export type CircuitView = Static<typeof CircuitView>;

export const ShippingMethodView = Type.Object(
  {
    id: Type.String(),
    channel: StringEnum(BUYBACK_CHANNELS),
    label: Type.String(),
    shippingType: Type.String(),
    description: Nullable(Type.String()),
    availableCountries: Type.Array(Type.String()),
    paymentModeIds: Type.Array(Type.String()),
    modifier: Modifier,
  },
  { title: 'ShippingMethod' },
);
export type ShippingMethodView = Static<typeof ShippingMethodView>;

/** A payment mode as the buyback path offers it (the enabled ones only); its bonus or malus in the payments part's shape. */
export const PaymentModeView = Type.Object(
  {
    id: Type.String(),
    paymentType: StringEnum(PAYMENT_TYPES),
    label: Type.String(),
    description: Nullable(Type.String()),
    longDescription: Nullable(Type.String()),
    modifier: PaymentModifierView,
    status: StringEnum(['enabled', 'disabled'] as const),
  },
  { title: 'PaymentMode' },
);
export type PaymentModeView = Static<typeof PaymentModeView>;

export const BuybackOptionsView = Type.Object(
  {
    channel: StringEnum(BUYBACK_CHANNELS),
    circuits: Type.Array(CircuitView),
    shippingMethods: Type.Array(ShippingMethodView),
    paymentModes: Type.Array(PaymentModeView),
  },
  { title: 'BuybackOptions' },
);
export type BuybackOptionsView = Static<typeof BuybackOptionsView>;

/** What the customer would be paid by one payment mode: the estimate with the mode's bonus or malus (never below zero). */
export const PaymentAmountView = Type.Object(
  {
    paymentModeId: Type.String(),
    label: Type.String(),
    paymentType: StringEnum(PAYMENT_TYPES),
    /** What the mode adds (bonus) or takes (malus); zero without the payment_bonus premium feature. */
    adjustment: MoneyView,
    amount: MoneyView,
  },
  { title: 'PaymentAmount' },
);
export type PaymentAmountView = Static<typeof PaymentAmountView>;

export const EstimateView = Type.Object(
  {
    productId: Uuid,
    grade: ProductStateView,
    price: MoneyView,
    /** The grade's own price, before the answers' impacts. */
    basePrice: MoneyView,
    impacts: Type.Array(
      Type.Object({ questionId: Type.String(), answerId: Type.String(), label: Type.String({ description: "The answer's title in the caller's language." }), amount: MoneyView }),
      { description: 'The chosen answers that change the price, and by how much, in the order of the questions.' },
    ),
    /** The chosen circuit's bonus or cost (when the body names one of the options' circuits), included in each payment's amount. */
    circuitBonus: Nullable(MoneyView),
    payments: Type.Array(PaymentAmountView, {
      description: 'Per payment mode open to the product on the channel (enabled ones only, by label): the amount the customer would be paid.',
    }),
  },
  { title: 'Estimate' },
);
export type EstimateView = Static<typeof EstimateView>;
