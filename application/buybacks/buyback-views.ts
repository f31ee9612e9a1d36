/**
 * What the buyback routes answer. Each schema gives the type the handlers
 * return and the UIs import (types only), and the JSON Schema of the OpenAPI
 * document (see application/views/schema.ts).
 */
import { BUYBACK_CHANNELS, BUYBACK_EVENT_TYPES, CANCEL_REASONS, DEPOSIT_TYPES, PAYMENT_STATUSES, PAYMENT_TYPES } from '../../domain/buybacks/events.js';
import { BUYBACK_STATUSES } from '../../domain/buybacks/state.js';
import { EVENT_OF_COMMAND } from '../../domain/buybacks/allowed-commands.js';
import { LOCALES } from '../../domain/organizations/events.js';
import { DateTime, ListPage, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';
import { DELIVERY_STATUSES } from './read-models.js';
import { BuybackPaymentView } from '../payments/payment-views.js';
import { PAYMENT_EVENT_TYPES } from '../../domain/payments/events.js';

export const BuybackStatusView = StringEnum(BUYBACK_STATUSES, { title: 'BuybackStatus' });
export const DeliveryStatusView = StringEnum(DELIVERY_STATUSES, { title: 'DeliveryStatus' });
export const LifecycleCommandView = StringEnum(Object.keys(EVENT_OF_COMMAND) as Array<keyof typeof EVENT_OF_COMMAND>);

/**
 * The customer as a screen may show them. In lists and exports, and in the
 * detail for roles whose work does not need it, the IBAN is masked (country
 * code and last four characters) and the identity document's number is left
 * out (null); `sensitiveShown` says which.
 */
export const CustomerView = Type.Object(
  {
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    street: Type.String(),
    streetComplement: Nullable(Type.String()),
    city: Type.String(),
    zipCode: Type.String(),
    country: Type.String(),
    iban: Nullable(Type.String()),
    identity: Nullable(
      Type.Object({
        type: Type.String(),
        number: Nullable(Type.String()),
        issuingAuthority: Nullable(Type.String()),
        deliveryDate: Nullable(Type.String()),
      }),
    ),
    sensitiveShown: Type.Boolean(),
  },
  { title: 'Customer' },
);
export type CustomerView = Static<typeof CustomerView>;

export const ForgottenCustomerView = Type.Object({ forgotten: Type.Literal(true) }, { title: 'ForgottenCustomer' });

export const BuybackView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    organizationId: Nullable(Type.String()),
    identificationNumber: Type.String(),
    status: BuybackStatusView,
    channel: StringEnum(BUYBACK_CHANNELS),
    storeId: Nullable(Type.String()),
    warehouseId: Type.String(),
    buyerId: Type.String(),
    circuit: Type.Object({ id: Type.String(), name: Type.String(), deposit: StringEnum(DEPOSIT_TYPES) }),
    shippingMethodId: Type.String(),
    paymentMode: Type.Object({ id: Type.String(), type: StringEnum(PAYMENT_TYPES), label: Type.String() }),
    paymentStatus: StringEnum(PAYMENT_STATUSES, { description: 'Its payment\'s status once it has one, else awaiting (or completed for a voucher handed over in store).' }),
    payment: Nullable(BuybackPaymentView),
    product: Type.Object({
      productId: Type.String(),
      label: Type.String(),
      brand: Type.String(),
      categoryId: Type.String(),
      ean: Nullable(Type.String()),
    }),
    grade: Type.String(),
    responses: Type.Array(Type.Object({ questionId: Type.String(), answerIds: Type.Array(Type.String()) })),
    imei: Nullable(Type.String()),
    declaredPrice: MoneyView,
    price: Nullable(
      Type.Object(
        {
          diagnosticPrice: MoneyView,
          paymentAdjustment: MoneyView,
          circuitBonus: MoneyView,
          total: MoneyView,
        },
        {
          description:
            "The price the customer was shown and is paid, and its parts: the device's price (validated once checked, else declared), the payment mode's bonus or malus and the circuit's bonus or cost as registered. Null for a buyback registered before they were kept.",
        },
      ),
    ),
    controlledPrice: Nullable(MoneyView),
    validatedPrice: Nullable(MoneyView),
    absorbedAmount: Nullable(MoneyView),
    proposal: Nullable(
      Type.Object({
        previousPrice: MoneyView,
        proposedPrice: MoneyView,
        reason: Type.String(),
        comment: Nullable(Type.String()),
        decision: StringEnum(['pending', 'accepted', 'rejected'] as const),
        proposedAt: DateTime,
        decidedAt: Nullable(DateTime),
        answerBy: DateTime,
      }),
    ),
    /** The tracking number and link: given at shipment, or by the carrier's label (then with the carrier's name). */
    tracking: Nullable(Type.Object({ number: Nullable(Type.String()), link: Nullable(Type.String()), carrier: Type.Optional(Nullable(Type.String())) })),
    /** The store package it is in, or left in (the logistics part). Always sent; optional for the read model's older documents. */
    package: Type.Optional(Nullable(Type.Object({ id: Type.String(), number: Type.String() }))),
    /** What chose its warehouse: a dispatch rule (its title then), or the default warehouse. Null before dispatch rules. */
    dispatch: Type.Optional(
      Nullable(
        Type.Object({
          by: StringEnum(['rule', 'default'] as const),
          ruleId: Nullable(Type.String()),
          ruleTitle: Nullable(Type.String()),
          nearest: Type.Boolean(),
        }),
      ),
    ),
    /** The carrier's delivery status (filled by the logistics part); null until then. Always sent; optional for the read model's older documents. */
    deliveryStatus: Type.Optional(Nullable(DeliveryStatusView)),
    cancellation: Nullable(
      Type.Object({ reason: StringEnum(CANCEL_REASONS), comment: Type.String(), forced: Type.Boolean(), at: DateTime }),
    ),
    customerSubjectId: Type.String(),
    customer: Type.Union([CustomerView, ForgottenCustomerView]),
    customerForgotten: Type.Boolean(),
    customerLocale: Nullable(StringEnum(LOCALES)),
    /** A new price was proposed and the customer has not answered yet. */
    awaitingCustomerDecision: Type.Boolean(),
    /** Its device is held in quarantine at the warehouse: the check cannot end until it is released. */
    onHold: Type.Boolean(),
    /** The commands the caller may send now: the machine allows them in this state and the caller holds their permission. */
    allowedCommands: Type.Array(LifecycleCommandView),
    createdAt: DateTime,
    createdBy: Nullable(Type.String()),
    updatedAt: DateTime,
    /** Revision of the buyback's stream: the ETag, to send back in If-Match. */
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'Buyback' },
);
export type BuybackView = Static<typeof BuybackView>;

export const BuybackPage = ListPage(BuybackView, 'BuybackPage');
export type BuybackPage = Static<typeof BuybackPage>;

export const CreatedBuybackView = Type.Object(
  {
    id: Uuid,
    identificationNumber: Type.String(),
    status: Nullable(BuybackStatusView),
    revision: Type.Integer(),
    /** The secret of its documents' links (its shipping label: GET /buybacks/{id}/shipping-label?token=…), for whoever registered it. */
    documentsToken: Type.String(),
  },
  { title: 'CreatedBuyback' },
);
export type CreatedBuybackView = Static<typeof CreatedBuybackView>;

/** One event of a buyback's history, with the name of the user who caused it. */
export const HistoryView = Type.Object(
  {
    eventId: Type.String(),
    revision: Type.Integer(),
    type: StringEnum([...BUYBACK_EVENT_TYPES, ...PAYMENT_EVENT_TYPES]),
    at: DateTime,
    userId: Nullable(Type.String()),
    organizationId: Nullable(Type.String()),
    statusBefore: Nullable(BuybackStatusView),
    statusAfter: BuybackStatusView,
    reason: Nullable(Type.String()),
    comment: Nullable(Type.String()),
    changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
    user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  },
  { title: 'HistoryEntry' },
);
export type HistoryView = Static<typeof HistoryView>;
export const HistoryList = Type.Object({ items: Type.Array(HistoryView) }, { title: 'History' });

/** A name, and the tenant it belongs to (provider staff see several tenants' names, which may be alike). */
const Named = Type.Object({ id: Type.String(), name: Type.String(), accountId: Type.String() });

/** The filters of the buyback list (specification 000, §2), by their query parameter's name, in the order the screen shows them. */
export const BUYBACK_FILTERS = [
  'identificationNumber',
  'customerName',
  'createdFrom',
  'createdTo',
  'channel',
  'circuitId',
  'storeId',
  'warehouseId',
  'buyerId',
  'deliveryStatus',
  'categoryId',
  'productId',
  'brand',
  'status',
] as const;
export type BuybackFilterName = (typeof BUYBACK_FILTERS)[number];
export const BuybackFilterNameView = StringEnum(BUYBACK_FILTERS);

/** The names the buyback screens show next to ids, and the choices of the list filters. */
export const BuybackReferences = Type.Object(
  {
    /** The tenants the names below belong to: the caller's, or every tenant for provider staff. */
    accounts: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    /** The stores whose buybacks the caller may list (one for a store user). */
    stores: Type.Array(Named),
    warehouses: Type.Array(Named),
    buyers: Type.Array(Named),
    circuits: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), channel: Type.String(), accountId: Type.String() })),
    categories: Type.Array(
      Type.Object({ id: Type.String(), label: Type.String(), parentId: Nullable(Type.String()), accountId: Type.String() }),
    ),
    shippingMethods: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), accountId: Type.String() })),
    /** The list filters offered to the caller (none that their visibility already fixes: a store user's store…). */
    filters: Type.Array(BuybackFilterNameView),
  },
  { title: 'BuybackReferences' },
);
export type BuybackReferences = Static<typeof BuybackReferences>;

/** A new price proposal as the customer sees it, from the link they were e-mailed. */
export const PriceProposalView = Type.Object(
  {
    buybackId: Uuid,
    identificationNumber: Type.String(),
    productLabel: Nullable(Type.String()),
    previousPrice: MoneyView,
    proposedPrice: MoneyView,
    reason: Type.String(),
    comment: Nullable(Type.String()),
    /** The date the customer is asked to answer by (informative). */
    answerBy: Nullable(DateTime),
    decision: StringEnum(['pending', 'accepted', 'rejected', 'cancelled'] as const),
    alreadyResolved: Type.Boolean(),
  },
  { title: 'PriceProposal' },
);
export type PriceProposalView = Static<typeof PriceProposalView>;

export const ProposalDecisionView = Type.Object({ id: Uuid, status: Nullable(BuybackStatusView) }, { title: 'ProposalDecision' });

export const ForgetCustomerView = Type.Object(
  { subjectId: Type.String(), keyDeleted: Type.Boolean(), messagesErased: Type.Integer({ minimum: 0 }) },
  { title: 'ForgottenCustomerResult' },
);

export type { ListPage } from '../views/schema.js';

/** A cart: the devices declared, and once checked out, the buybacks registered (in the cart's order). */
export const CartView = Type.Object(
  {
    cartId: Uuid,
    channel: StringEnum(BUYBACK_CHANNELS),
    items: Type.Array(
      Type.Object({
        productId: Type.String(),
        responses: Type.Array(Type.Object({ questionId: Type.String(), answerIds: Type.Array(Type.String()) })),
        imei: Type.Optional(Nullable(Type.String())),
        acceptUnknownImei: Type.Optional(Type.Boolean()),
        circuitId: Type.String(),
        shippingMethodId: Type.String(),
        paymentModeId: Type.String(),
      }),
    ),
    buybacks: Nullable(Type.Array(CreatedBuybackView)),
  },
  { title: 'Cart' },
);
export type CartView = Static<typeof CartView>;

/** The checkout's answer: the cart and its buybacks. */
export const CheckedOutCartView = Type.Object(
  { cartId: Uuid, buybacks: Nullable(Type.Array(CreatedBuybackView)) },
  { title: 'CheckedOutCart' },
);

/** GET /api/buyback-settings, named as the specification names them (cents for the minimum value). */
export const BuybackSettingsView = Type.Object(
  {
    customer_identity_document_required: Type.Boolean(),
    customer_id_collection_enabled: Type.Boolean({ description: 'The identity document\'s type and number are asked (general setting "customer ID collection"); the whole document when customer_identity_document_required.' }),
    cart_min_value: Type.Integer({ minimum: 0, description: 'Minimum total of a cart, in cents.' }),
    cart_max_items: Type.Integer({ minimum: 1, description: 'The most devices one cart takes: 200 with multi_product_cart, else 1; a store’s staff: 1 unless their store shows the cart.' }),
    cart_shown: Type.Boolean({
      description: 'The dashboard shows the cart to the caller: a store seller or manager in the store module whose store’s "show cart" flag is on (storefront visitors: false).',
    }),
  },
  { title: 'BuybackSettings' },
);
