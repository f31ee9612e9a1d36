import type { StoredEvent } from '../../application/ports/event-store.js';
import { ITEM_REFURB_STEP_COLLECTIONS, type ItemRefurbStepDocument, type StepActionRecord } from '../../application/refurbishment/item-refurb-steps/read-model.js';
import { REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import type { ItemRefurbStepEvent } from '../../domain/refurbishment/events.js';
import { itemRefurbStepStatusAfter } from '../../domain/refurbishment/item-refurb-step/machine.js';
import { addAction, type TimedAction } from '../../domain/refurbishment/item-refurb-step/time-spent.js';
import { entityProjection } from '../shared/entity-projection.js';

export const ITEM_REFURB_STEP_EVENT_TYPES: Array<ItemRefurbStepEvent['type']> = [
  'ItemRefurbStepPlanned',
  'ItemRefurbStepStarted',
  'ItemRefurbStepPaused',
  'ItemRefurbStepResumed',
  'ItemRefurbStepCancelled',
  'ItemRefurbStepValidated',
];

const ACTION_OF = {
  ItemRefurbStepStarted: 'start',
  ItemRefurbStepPaused: 'pause',
  ItemRefurbStepResumed: 'resume',
  ItemRefurbStepCancelled: 'cancel',
  ItemRefurbStepValidated: 'validate',
} as const;

const TIMED_OF = {
  ItemRefurbStepStarted: 'started',
  ItemRefurbStepPaused: 'paused',
  ItemRefurbStepResumed: 'resumed',
  ItemRefurbStepCancelled: 'cancelled',
  ItemRefurbStepValidated: 'validated',
} as const;

/** One document per item refurb step: its plan, status, every action with who and when, and the time worked (pauses excluded). */
export const itemRefurbStepsProjection = entityProjection<ItemRefurbStepDocument, ItemRefurbStepEvent>({
  name: 'refurb-item-steps',
  collection: ITEM_REFURB_STEP_COLLECTIONS.steps,
  stream: REFURBISHMENT_STREAMS.itemRefurbStep,
  eventTypes: ITEM_REFURB_STEP_EVENT_TYPES,
  indexes: [
    { name: 'by_item', fields: [['itemId', 1], ['sequence', 1]] },
    { name: 'by_account_status', fields: [['accountId', 1], ['status', 1]] },
  ],
  fold: (document, event, stored, id) => foldStep(document, event, stored, id),
});

function foldStep(document: ItemRefurbStepDocument | null, event: ItemRefurbStepEvent, stored: StoredEvent, id: string): ItemRefurbStepDocument | null {
  const at = stored.metadata.occurredAt;
  const by = stored.metadata.userId;
  if (event.type === 'ItemRefurbStepPlanned') {
    const d = event.data;
    return {
      _id: id,
      accountId: d.accountId,
      itemId: d.itemId,
      diagnosisId: d.diagnosisId,
      warehouseId: d.warehouseId,
      stepDefinitionId: d.stepDefinitionId,
      name: d.name,
      description: d.description,
      stockId: d.stockId,
      cost: d.cost,
      sequence: d.sequence,
      status: 'to_do',
      plannedAt: at,
      plannedBy: by,
      startedAt: null,
      startedBy: null,
      validatedAt: null,
      validatedBy: null,
      validationComment: null,
      cancelledAt: null,
      cancelledBy: null,
      cancellationComment: null,
      timeSpentMs: 0,
      runningSince: null,
      actions: [],
      updatedAt: at,
      revision: stored.streamRevision,
    };
  }
  if (document === null) return null;
  const comment = event.type === 'ItemRefurbStepCancelled' ? event.data.comment : event.type === 'ItemRefurbStepValidated' ? event.data.comment : null;
  const action: StepActionRecord = { action: ACTION_OF[event.type], at, userId: by, comment };
  const timed: TimedAction = { type: TIMED_OF[event.type], atMs: Date.parse(at) };
  const spent = addAction({ ms: document.timeSpentMs, runningSinceMs: document.runningSince === null ? null : Date.parse(document.runningSince) }, timed);
  return {
    ...document,
    status: itemRefurbStepStatusAfter(document.status, event) ?? document.status,
    ...(event.type === 'ItemRefurbStepStarted' && document.startedAt === null ? { startedAt: at, startedBy: by } : {}),
    ...(event.type === 'ItemRefurbStepValidated' ? { validatedAt: at, validatedBy: by, validationComment: event.data.comment } : {}),
    ...(event.type === 'ItemRefurbStepCancelled' ? { cancelledAt: at, cancelledBy: by, cancellationComment: event.data.comment } : {}),
    timeSpentMs: spent.ms,
    runningSince: spent.runningSinceMs === null ? null : new Date(spent.runningSinceMs).toISOString(),
    actions: [...document.actions, action],
    updatedAt: at,
    revision: stored.streamRevision,
  };
}
