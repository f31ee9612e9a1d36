/**
 * What the logistics routes answer: the types the handlers return and the
 * UIs import (types only), and the JSON Schemas of the OpenAPI document.
 */
import { BUYBACK_STATUSES } from '../../domain/buybacks/state.js';
import { INSTRUCTION_TYPES } from '../../domain/catalog/events.js';
import { DISPATCH_ATTRIBUTES, DISPATCH_LIMITS, DISPATCH_OPERATORS } from '../../domain/logistics/dispatch/rules.js';
import { LABEL_MODES } from '../../domain/logistics/packages/events.js';
import { PACKAGE_MAX_BUYBACKS, PACKAGE_STATUSES } from '../../domain/logistics/packages/state.js';
import { DELIVERY_REPORT_SET_ASIDE_REASONS, TRANSPORT_KINDS } from '../../domain/logistics/transports/events.js';
import { DELIVERY_STATUSES } from '../../domain/values/delivery-status.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';

export const PackageStatusView = StringEnum(PACKAGE_STATUSES, { title: 'PackageStatus' });
export const DeliveryStatusView = StringEnum(DELIVERY_STATUSES, { title: 'DeliveryStatus' });
export const LabelStatusView = StringEnum(['none', 'pending', 'ready', 'failed'] as const, { title: 'LabelStatus' });

export const PackedBuybackView = Type.Object(
  {
    buybackId: Uuid,
    identificationNumber: Type.String(),
    productLabel: Type.String(),
    weightGrams: Type.Integer({ minimum: 0 }),
  },
  { title: 'PackedBuyback' },
);

export const PackageView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    number: Type.String(),
    storeId: Type.String(),
    warehouseId: Type.String(),
    labelMode: StringEnum(LABEL_MODES),
    status: PackageStatusView,
    buybacks: Type.Array(PackedBuybackView, { maxItems: PACKAGE_MAX_BUYBACKS }),
    buybackCount: Type.Integer({ minimum: 0 }),
    weightGrams: Type.Integer({ minimum: 0 }),
    /** Its label: `none` for a package the retailer's own transport collects; `pending` while the carrier makes it. */
    labelStatus: LabelStatusView,
    label: Nullable(Type.Object({ carrier: Type.String(), trackingNumber: Type.String(), trackingLink: Nullable(Type.String()) })),
    deliveryStatus: Nullable(DeliveryStatusView),
    /** Who opened it (a name), when, and when it was closed. */
    createdBy: Nullable(Type.String()),
    createdAt: DateTime,
    closedAt: Nullable(DateTime),
    updatedAt: DateTime,
  },
  { title: 'Package' },
);
export type PackageView = Static<typeof PackageView>;
export const PackagePage = ListPage(PackageView, 'PackagePage');
export type PackagePage = Static<typeof PackagePage>;

/** A device of the store waiting to leave: the expedition list. */
export const AwaitingShipmentView = Type.Object(
  {
    buybackId: Uuid,
    identificationNumber: Type.String(),
    productLabel: Type.String(),
    status: StringEnum(BUYBACK_STATUSES),
    warehouseId: Type.String(),
    /** Whether it travels under a carrier's label (its circuit); the package it goes in must agree. */
    needsLabel: Type.Boolean(),
    /** The open package it is in, if any. */
    package: Nullable(Type.Object({ id: Uuid, number: Type.String() })),
    createdAt: DateTime,
  },
  { title: 'AwaitingShipment' },
);
export type AwaitingShipmentView = Static<typeof AwaitingShipmentView>;
export const AwaitingShipmentPage = ListPage(AwaitingShipmentView, 'AwaitingShipmentPage');
export type AwaitingShipmentPage = Static<typeof AwaitingShipmentPage>;

const TRANSPORT_FIELDS = {
  id: Uuid,
  kind: StringEnum(TRANSPORT_KINDS),
  reference: Type.String(),
  packageId: Nullable(Uuid),
  buybackIds: Type.Array(Uuid),
  identificationNumbers: Type.Array(Type.String()),
  storeId: Nullable(Type.String()),
  warehouseId: Nullable(Type.String()),
  weightGrams: Type.Integer({ minimum: 0 }),
  carrier: Nullable(Type.String()),
  trackingNumber: Nullable(Type.String()),
  trackingLink: Nullable(Type.String()),
  labelStatus: StringEnum(['pending', 'ready', 'failed'] as const),
  /** Failed attempts at its label so far, and the last error. */
  attempts: Type.Integer({ minimum: 0 }),
  lastError: Nullable(Type.String()),
  deliveryStatus: Nullable(DeliveryStatusView),
  deliveryAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
};
export const TransportView = Type.Object(TRANSPORT_FIELDS, { title: 'Transport' });
export type TransportView = Static<typeof TransportView>;

/** A carrier's report on the transport: applied, or set aside (older than the latest applied, or of a status the transport was past). */
export const DeliveryReportView = Type.Object(
  {
    status: DeliveryStatusView,
    occurredAt: DateTime,
    receivedAt: DateTime,
    applied: Type.Boolean(),
    reason: Nullable(StringEnum(DELIVERY_REPORT_SET_ASIDE_REASONS)),
  },
  { title: 'DeliveryReport' },
);
/** One transport with its history: the carrier's reports, oldest first (the latest 50). */
export const TransportDetailView = Type.Object({ ...TRANSPORT_FIELDS, deliveryReports: Type.Array(DeliveryReportView) }, { title: 'TransportDetail' });
export type TransportDetailView = Static<typeof TransportDetailView>;
export const TransportPage = ListPage(TransportView, 'TransportPage');
export type TransportPage = Static<typeof TransportPage>;

export const InstructionView = Type.Object(
  { sequence: Type.Integer({ minimum: 1 }), type: StringEnum(INSTRUCTION_TYPES), label: Nullable(Type.String()) },
  { title: 'Instruction' },
);
export const InstructionsView = Type.Object(
  {
    buybackId: Uuid,
    circuit: Type.Object({ id: Type.String(), name: Type.String() }),
    /** Whether a label is expected for this buyback (HEAD /buybacks/{id}/shipping-label answers for it). */
    labelExpected: Type.Boolean(),
    items: Type.Array(InstructionView, { maxItems: 6 }),
  },
  { title: 'Instructions' },
);
export type InstructionsView = Static<typeof InstructionsView>;

export const DispatchConditionView = Type.Object(
  {
    attribute: StringEnum(DISPATCH_ATTRIBUTES),
    operator: StringEnum(DISPATCH_OPERATORS),
    // No minimum here: an empty or blank list is the domain's to refuse (DISPATCH_RULE_CONDITION_VALUES_REQUIRED, the form's own message).
    values: Type.Array(Type.String({ maxLength: DISPATCH_LIMITS.valueLength }), { maxItems: DISPATCH_LIMITS.values }),
  },
  { title: 'DispatchCondition', additionalProperties: false },
);

/** What an administrator sends for a rule (created or replaced). */
export const DispatchRuleInputView = Type.Object(
  {
    // The rule's own bound: a longer title is refused here (400 naming title), as the document says; the domain measures it trimmed.
    title: Type.String({ maxLength: DISPATCH_LIMITS.titleLength }),
    conditions: Type.Array(DispatchConditionView, { maxItems: DISPATCH_LIMITS.conditions }),
    warehouseIds: Type.Array(Type.String({ format: 'uuid', maxLength: 36 }), { maxItems: DISPATCH_LIMITS.warehouses }),
    nearest: Type.Boolean(),
    /** Where it goes among the rules (0: first); at the end when left out. */
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: DISPATCH_LIMITS.rules })),
  },
  { title: 'DispatchRuleInput', additionalProperties: false },
);
export type DispatchRuleInputView = Static<typeof DispatchRuleInputView>;

export const DispatchRuleView = Type.Object(
  {
    id: Uuid,
    position: Type.Integer({ minimum: 0 }),
    title: Type.String(),
    conditions: Type.Array(DispatchConditionView),
    warehouseIds: Type.Array(Type.String()),
    nearest: Type.Boolean(),
    updatedAt: DateTime,
  },
  { title: 'DispatchRule' },
);
export type DispatchRuleView = Static<typeof DispatchRuleView>;
export const DispatchRulePage = ListPage(DispatchRuleView, 'DispatchRulePage');
export type DispatchRulePage = Static<typeof DispatchRulePage>;

export const DispatchSettingsView = Type.Object(
  { defaultWarehouseId: Nullable(Type.String()), ruleCount: Type.Integer({ minimum: 0 }), revision: Type.Integer({ minimum: -1 }) },
  { title: 'DispatchSettings' },
);
export type DispatchSettingsView = Static<typeof DispatchSettingsView>;

/** What the dispatch would choose for a device (the rule screen's "try it"). */
export const DispatchTrialView = Type.Object(
  {
    warehouseId: Nullable(Type.String()),
    by: Nullable(StringEnum(['rule', 'default'] as const)),
    ruleId: Nullable(Type.String()),
    ruleTitle: Nullable(Type.String()),
    nearest: Type.Boolean(),
    distanceKm: Nullable(Type.Number()),
  },
  { title: 'DispatchTrial' },
);
export type DispatchTrialView = Static<typeof DispatchTrialView>;
