import { DateTime, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';
import { ITEM_REFURB_STEP_STATUSES } from '../../../domain/refurbishment/events.js';
import { ITEM_REFURB_STEP_ACTIONS } from '../../../domain/refurbishment/item-refurb-step/commands.js';

const Actor = Nullable(Type.Object({ userId: Nullable(Type.String()), name: Nullable(Type.String()) }, { description: 'Who (their name, null when the user no longer exists)' }));

export const StepActionView = Type.Object(
  {
    action: StringEnum(ITEM_REFURB_STEP_ACTIONS),
    at: DateTime,
    by: Actor,
    comment: Nullable(Type.String()),
  },
  { title: 'ItemRefurbStepAction' },
);

export const ItemRefurbStepView = Type.Object(
  {
    id: Uuid,
    itemId: Uuid,
    sequence: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    description: Nullable(Type.String()),
    stock: Type.Object({ id: Type.String(), name: Nullable(Type.String()) }, { description: 'The stock the item goes to when the step starts' }),
    cost: MoneyView,
    status: StringEnum(ITEM_REFURB_STEP_STATUSES),
    allowedActions: Type.Array(StringEnum(ITEM_REFURB_STEP_ACTIONS), { description: 'What may be done in this status' }),
    plannedAt: DateTime,
    startedAt: Nullable(DateTime),
    validatedAt: Nullable(DateTime),
    validationComment: Nullable(Type.String()),
    cancelledAt: Nullable(DateTime),
    cancellationComment: Nullable(Type.String()),
    timeSpentMs: Type.Integer({ minimum: 0, description: 'Worked from start to validation, pauses excluded (the running part not included)' }),
    runningSince: Nullable(DateTime),
    actions: Type.Array(StepActionView),
    revision: Type.Integer({ minimum: 0, description: 'Send it back in If-Match with an action (also the ETag)' }),
  },
  { title: 'ItemRefurbStep' },
);
export type ItemRefurbStepView = Static<typeof ItemRefurbStepView>;

/** The item whose steps these are. */
export const RefurbItemSummaryView = Type.Object(
  {
    id: Uuid,
    identificationNumber: Type.String(),
    shortCode: Type.String(),
    status: Type.String(),
    productLabel: Type.String(),
    revision: Type.Integer({ minimum: -1 }),
  },
  { title: 'RefurbItemSummary' },
);

export const ItemRefurbStepsView = Type.Object(
  {
    item: RefurbItemSummaryView,
    steps: Type.Array(ItemRefurbStepView),
    stepsLeft: Type.Array(Type.Object({ id: Uuid, name: Type.String(), sequence: Type.Integer(), status: StringEnum(ITEM_REFURB_STEP_STATUSES) }), {
      description: 'The steps not completed nor cancelled: the refurbishment may be confirmed when empty',
    }),
    confirmable: Type.Boolean({ description: 'Every step completed or cancelled and the item’s refurbishment in progress' }),
  },
  { title: 'ItemRefurbSteps' },
);
export type ItemRefurbStepsView = Static<typeof ItemRefurbStepsView>;
