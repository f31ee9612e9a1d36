/**
 * What the warehouse routes answer: the types the handlers return and the
 * UIs import (types only), and the JSON Schemas of the OpenAPI document.
 */
import { ABSORPTION_TYPES } from '../../domain/buybacks/absorption.js';
import { BUYBACK_EVENT_TYPES, PAYMENT_STATUSES } from '../../domain/buybacks/events.js';
import { BUYBACK_STATUSES } from '../../domain/buybacks/state.js';
import { PRODUCT_STATES } from '../../domain/catalog/estimate.js';
import { ITEM_ACTIONS } from '../../domain/warehouse/items/allowed-commands.js';
import { ITEM_EVENT_TYPES, LOST_PLACES, QUARANTINE_REASONS } from '../../domain/warehouse/items/events.js';
import { ITEM_REFURB_STEP_EVENT_TYPES, REFURB_DIAGNOSIS_EVENT_TYPES } from '../../domain/refurbishment/events.js';
import { ITEM_COMPLETIONS, ITEM_STATUSES } from '../../domain/warehouse/items/state.js';
import { NATIVE_STOCK_KINDS } from '../../domain/warehouse/stocks/native-stocks.js';
import { PACKAGE_MAX_BUYBACKS, PACKAGE_STATUSES } from '../../domain/logistics/packages/state.js';
import { DateTime, ListPage, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';
import { VERIFICATION_SCOPES } from './read-models.js';
import { JobView, type JobViewOf } from '../jobs/jobs.js';

export const ItemStatusView = StringEnum(ITEM_STATUSES, { title: 'ItemStatus' });
export const ItemActionView = StringEnum(ITEM_ACTIONS, { title: 'ItemAction' });

const ProductView = Type.Object({
  productId: Type.String(),
  label: Type.String(),
  brand: Type.String(),
  categoryId: Type.String(),
  ean: Nullable(Type.String()),
});

export const AbsorptionRuleView = Type.Object(
  { type: StringEnum(ABSORPTION_TYPES), value: Type.Number(), maxAbsorbedAmountInCents: Nullable(Type.Integer()) },
  { title: 'AbsorptionRule' },
);

/** What the compliance check found (the item's "compliance check" and "diagnosis" tabs). */
export const ComplianceCheckView = Type.Object(
  {
    declaredProduct: ProductView,
    foundProduct: ProductView,
    imei: Nullable(Type.String()),
    imeiMatchesProduct: Nullable(Type.Boolean()),
    serialNumber: Nullable(Type.String()),
    responses: Type.Array(Type.Object({ questionId: Type.String(), answerIds: Type.Array(Type.String()) })),
    grade: StringEnum(PRODUCT_STATES),
    declaredPrice: MoneyView,
    controlledPrice: MoneyView,
    absorption: Type.Object({ rule: AbsorptionRuleView, absorbable: MoneyView }),
    comment: Nullable(Type.String()),
    commentShared: Type.Boolean(),
    at: DateTime,
    by: Nullable(Type.String()),
    /** The user's name. */
    byName: Nullable(Type.String()),
  },
  { title: 'ComplianceCheck' },
);

export const ItemView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    buybackId: Uuid,
    identificationNumber: Type.String(),
    shortCode: Type.String(),
    status: ItemStatusView,
    completion: Nullable(StringEnum(ITEM_COMPLETIONS)),
    storeId: Nullable(Type.String()),
    warehouseId: Type.String(),
    buyerId: Type.String(),
    stockId: Nullable(Type.String()),
    product: ProductView,
    imei: Nullable(Type.String()),
    serialNumber: Nullable(Type.String()),
    /** What is (to be) paid for it: the declared price until the buyback is completed. */
    purchasePrice: MoneyView,
    validatedPrice: Nullable(MoneyView),
    proposedPrice: Nullable(MoneyView),
    /** Refurbishment costs (planned: cancelled steps excluded; completed: validated steps): null until the refurbishment plans steps. */
    plannedRefurbCost: Nullable(MoneyView),
    completedRefurbCost: Nullable(MoneyView),
    /** The price the workshop means to resell it at, and the margin left against it (target less paid price less planned cost); null until a target is set. */
    targetResalePrice: Nullable(MoneyView),
    margin: Nullable(MoneyView),
    receivedAt: Nullable(DateTime),
    /** Whole days since it was received at the warehouse; null before. */
    ageInDays: Nullable(Type.Integer({ minimum: 0 })),
    statusSince: DateTime,
    check: Nullable(ComplianceCheckView),
    quarantine: Nullable(
      Type.Object({ reason: StringEnum(QUARANTINE_REASONS), comment: Type.String(), since: DateTime, by: Nullable(Type.String()), byName: Nullable(Type.String()) }),
    ),
    disputeMail: Nullable(
      Type.Object({ delivered: Type.Boolean(), failure: Nullable(Type.String()), at: DateTime, by: Nullable(Type.String()), byName: Nullable(Type.String()) }),
    ),
    lost: Nullable(Type.Object({ place: StringEnum(LOST_PLACES), comment: Type.String(), at: DateTime, by: Nullable(Type.String()), byName: Nullable(Type.String()) })),
    returned: Nullable(Type.Object({ trackingNumber: Nullable(Type.String()), comment: Nullable(Type.String()), at: DateTime })),
    /** What the caller may do now: the machine allows it and they hold its permission. */
    allowedActions: Type.Array(ItemActionView),
    createdAt: DateTime,
    updatedAt: DateTime,
    /** Revision of the item's stream: the ETag, to send back in If-Match. */
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'Item' },
);
export type ItemView = Static<typeof ItemView>;

export const ItemPage = ListPage(ItemView, 'ItemPage');
export type ItemPage = Static<typeof ItemPage>;

/** One event of an item's history, with the name of the user who caused it. */
export const ItemHistoryView = Type.Object(
  {
    eventId: Type.String(),
    revision: Type.Integer(),
    type: StringEnum([...ITEM_EVENT_TYPES, ...REFURB_DIAGNOSIS_EVENT_TYPES, ...ITEM_REFURB_STEP_EVENT_TYPES]),
    at: DateTime,
    userId: Nullable(Type.String()),
    organizationId: Nullable(Type.String()),
    statusBefore: Nullable(ItemStatusView),
    statusAfter: ItemStatusView,
    reason: Nullable(Type.String()),
    comment: Nullable(Type.String()),
    changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
    user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  },
  { title: 'ItemHistoryEntry' },
);
export type ItemHistoryView = Static<typeof ItemHistoryView>;
export const ItemHistoryList = Type.Object({ items: Type.Array(ItemHistoryView) }, { title: 'ItemHistory' });

export const StockView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    warehouseId: Type.String(),
    /** Which native stock it is (its name is this kind's label); null for one of the warehouse's own. */
    kind: Nullable(StringEnum(NATIVE_STOCK_KINDS)),
    name: Nullable(Type.String()),
    identifier: Nullable(Type.String()),
    location: Nullable(Type.String()),
    /** Items in it now. */
    quantity: Type.Integer({ minimum: 0 }),
    /** Their average age in days since they were received at the warehouse; null when empty. */
    averageAgeInDays: Nullable(Type.Number({ minimum: 0 })),
    /** A stock of the warehouse's own that holds nothing: it can be deleted. */
    deletable: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Stock' },
);
export type StockView = Static<typeof StockView>;
export const StockPage = ListPage(StockView, 'StockPage');
export type StockPage = Static<typeof StockPage>;

/** The compliance check's summary before it is recorded: what the findings give. */
export const CompliancePreviewView = Type.Object(
  {
    declaredProduct: ProductView,
    foundProduct: ProductView,
    productChanged: Type.Boolean(),
    imei: Nullable(Type.String()),
    imeiMatchesProduct: Nullable(Type.Boolean()),
    serialNumber: Nullable(Type.String()),
    grade: StringEnum(PRODUCT_STATES),
    declaredPrice: MoneyView,
    controlledPrice: MoneyView,
    /** Declared minus controlled: positive when the device is worth less than declared. */
    deviation: MoneyView,
    absorptionRule: AbsorptionRuleView,
    absorbable: MoneyView,
    outcome: Type.Union([
      Type.Object({ kind: Type.Literal('completed_by_price'), validatedPrice: MoneyView }),
      Type.Object({ kind: Type.Literal('completed_with_absorption'), absorbedAmount: MoneyView, validatedPrice: MoneyView }),
      Type.Object({ kind: Type.Literal('price_proposal'), proposedPrice: MoneyView, absorbedAmount: MoneyView }),
    ]),
    commentRequired: Type.Boolean(),
    commentShared: Type.Boolean(),
    /** The item is not registered yet and the check will register it (not when check-in is mandatory: then it is refused). */
    registersItem: Type.Boolean(),
    /** When the customer declared it; a pre-declaration older than 15 days warns that prices may have changed. */
    declaredAt: DateTime,
    pricesMayHaveChanged: Type.Boolean(),
  },
  { title: 'CompliancePreview' },
);
export type CompliancePreviewView = Static<typeof CompliancePreviewView>;

/** An item found by its code, with what the check needs to know of its buyback. */
export const ItemLookupView = Type.Object(
  {
    item: ItemView,
    checkInRequirement: StringEnum(['disabled', 'optional', 'mandatory'] as const),
    commentRequired: Type.Boolean(),
    commentShared: Type.Boolean(),
    declaredAt: DateTime,
    channel: Type.String(),
    pricesMayHaveChanged: Type.Boolean(),
    /** Why its compliance check cannot start now (the error code the check would answer), or null when it can. */
    checkRefusal: Nullable(StringEnum(['ITEM_NOT_CHECKED_IN', 'ITEM_CHECK_ALREADY_DONE', 'ITEM_CHECK_WRONG_STATUS', 'ITEM_NOT_ELIGIBLE_FOR_CHECK'] as const)),
    /** The buyback's declaration, as the check compares the device with it. */
    declaration: Type.Object({ grade: Type.String(), imei: Nullable(Type.String()), responses: Type.Array(Type.Object({ questionId: Type.String(), answerIds: Type.Array(Type.String()) })) }),
  },
  { title: 'ItemLookup' },
);
export type ItemLookupView = Static<typeof ItemLookupView>;

const CodeGroup = Type.Object({ count: Type.Integer({ minimum: 0 }), codes: Type.Array(Type.String()) });

export const VerificationView = Type.Object(
  {
    id: Uuid,
    warehouseId: Type.String(),
    scope: StringEnum(VERIFICATION_SCOPES),
    stockId: Nullable(Type.String()),
    fileName: Type.String(),
    codesRead: Type.Integer({ minimum: 0 }),
    matched: CodeGroup,
    missing: CodeGroup,
    unexpected: CodeGroup,
    createdAt: DateTime,
  },
  { title: 'Verification' },
);
export type VerificationView = Static<typeof VerificationView>;
export const VerificationPage = ListPage(VerificationView, 'VerificationPage');
/** A large list's verification, run as a job: its progress in rows of the file, then the same report. */
export const VerificationJobView = JobView(VerificationView, 'VerificationJob');
export type VerificationJobView = JobViewOf<VerificationView>;

/** One event of a buyback's or its item's stream, as the auditor's replay tells it. */
export const ReplayEventView = Type.Object(
  {
    index: Type.Integer({ minimum: 0 }),
    position: Type.Integer(),
    stream: StringEnum(['buyback', 'item'] as const),
    type: StringEnum([...BUYBACK_EVENT_TYPES, ...ITEM_EVENT_TYPES]),
    at: DateTime,
    user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    organization: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    /** Caused by another event of the replay (the item following its buyback, or the reverse): its index. */
    causedBy: Nullable(Type.Integer({ minimum: 0 })),
    /** The event's facts, without personal data. */
    data: Type.Record(Type.String(), Type.Unknown()),
    statusAfter: Type.String(),
    /** Before or at the moment shown. */
    applied: Type.Boolean(),
  },
  { title: 'ReplayEvent' },
);

export const ReplayView = Type.Object(
  {
    buybackId: Uuid,
    identificationNumber: Type.String(),
    /** The moment shown. */
    at: DateTime,
    /** Events up to the moment (the state folds exactly these), of `events.length`. */
    applied: Type.Integer({ minimum: 0 }),
    state: Type.Object({
      buyback: Type.Object({
        status: Nullable(StringEnum(BUYBACK_STATUSES)),
        statePath: Nullable(Type.String()),
        declaredPrice: Nullable(MoneyView),
        controlledPrice: Nullable(MoneyView),
        validatedPrice: Nullable(MoneyView),
        proposal: Nullable(
          Type.Object({ previousPrice: MoneyView, proposedPrice: MoneyView, reason: Type.String(), decision: StringEnum(['pending', 'accepted', 'rejected'] as const) }),
        ),
        paymentStatus: Nullable(StringEnum(PAYMENT_STATUSES)),
        /** What the customer is to be paid now: the validated price of a completed buyback whose payment is pending. */
        paymentDue: Nullable(MoneyView),
      }),
      item: Nullable(
        Type.Object({
          status: Nullable(ItemStatusView),
          completion: Nullable(StringEnum(ITEM_COMPLETIONS)),
          warehouseId: Nullable(Type.String()),
          /** The stock it was in then: a native one by its kind, one of the warehouse's own by the name it had then. */
          stock: Nullable(Type.Object({ id: Type.String(), name: Nullable(Type.String()), kind: Nullable(StringEnum(NATIVE_STOCK_KINDS)) })),
          /** What the check found it worth (the buyback's own controlled price is the price it proposed). */
          controlledPrice: Nullable(MoneyView),
          validatedPrice: Nullable(MoneyView),
          proposedPrice: Nullable(MoneyView),
          quarantineReason: Nullable(StringEnum(QUARANTINE_REASONS)),
          lostPlace: Nullable(StringEnum(LOST_PLACES)),
        }),
      ),
    }),
    events: Type.Array(ReplayEventView),
  },
  { title: 'Replay' },
);
export type ReplayView = Static<typeof ReplayView>;
export type ReplayEventView = Static<typeof ReplayEventView>;

/** One device of a package checked in by its number: checked in now, already at the warehouse, or not registered (and why). */
export const PackageCheckInDeviceView = Type.Object(
  {
    buybackId: Uuid,
    itemId: Nullable(Uuid),
    identificationNumber: Type.String(),
    shortCode: Type.String(),
    product: Type.String(),
    result: StringEnum(['checked_in', 'already_checked_in', 'not_checked_in'] as const),
    itemStatus: Nullable(StringEnum(ITEM_STATUSES)),
    /** Why a device was not registered: the refusal's code (`api:errors.<code>`) and the item's status. */
    refusal: Nullable(Type.Object({ code: Type.String(), status: Nullable(StringEnum(ITEM_STATUSES)) })),
  },
  { title: 'PackageCheckInDevice' },
);

/** A package checked in by its number: every device it carries, what arrived now, what was already here, what is missing. */
export const PackageCheckInView = Type.Object(
  {
    packageId: Uuid,
    number: Type.String(),
    packageStatus: StringEnum(PACKAGE_STATUSES),
    checkedIn: Type.Integer({ minimum: 0 }),
    alreadyCheckedIn: Type.Integer({ minimum: 0 }),
    missing: Type.Integer({ minimum: 0 }),
    devices: Type.Array(PackageCheckInDeviceView, { maxItems: PACKAGE_MAX_BUYBACKS }),
  },
  { title: 'PackageCheckIn' },
);
export type PackageCheckInView = Static<typeof PackageCheckInView>;

/** The buyback a code names, for the auditor's replay. */
export const ReplayTargetView = Type.Object(
  { buybackId: Uuid, itemId: Uuid, identificationNumber: Type.String(), shortCode: Type.String(), product: Type.String() },
  { title: 'ReplayTarget' },
);
export type ReplayTargetView = Static<typeof ReplayTargetView>;
