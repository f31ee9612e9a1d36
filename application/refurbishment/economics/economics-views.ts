/** What the economics routes answer (GET /items/{id}/economics): the handlers' return type and the OpenAPI schema. */
import { ITEM_REFURB_STEP_STATUSES } from '../../../domain/refurbishment/events.js';
import { DateTime, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

export const ItemEconomicsStepView = Type.Object(
  {
    itemRefurbStepId: Uuid,
    name: Type.String(),
    sequence: Type.Integer({ minimum: 1 }),
    status: StringEnum(ITEM_REFURB_STEP_STATUSES),
    /** Its cost as planned (a later change of its definition never rewrites it). */
    cost: MoneyView,
    /** Working time from start to validation, pauses excluded; a step in progress counts up to now. */
    spentSeconds: Type.Integer({ minimum: 0 }),
    completedAt: Nullable(DateTime),
  },
  { title: 'ItemEconomicsStep' },
);

export const ItemEconomicsView = Type.Object(
  {
    itemId: Uuid,
    /** The price validated after the check, else the purchase price declared. */
    paidPrice: MoneyView,
    /** The planned steps' costs, cancelled ones excluded; null when no step was planned. */
    plannedRefurbCost: Nullable(MoneyView),
    /** The validated steps' costs; null when no step was planned. */
    completedRefurbCost: Nullable(MoneyView),
    targetResalePrice: Nullable(MoneyView),
    /** Target resale price less the paid price and the planned cost (negative: a loss); null without a target. */
    margin: Nullable(MoneyView),
    steps: Type.Array(ItemEconomicsStepView, { maxItems: 200 }),
    totalSpentSeconds: Type.Integer({ minimum: 0 }),
    /** Revision of the item's target resale price stream (-1: never set): send it back in If-Match to change it. */
    resaleTargetRevision: Type.Integer({ minimum: -1 }),
    /** When the figures were computed (the steps in progress count up to then). */
    at: DateTime,
  },
  { title: 'ItemEconomics' },
);
export type ItemEconomicsView = Static<typeof ItemEconomicsView>;
