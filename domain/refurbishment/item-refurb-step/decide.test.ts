import { describe, expect, it } from 'vitest';
import { deciderSpecification, givenWhenThen } from '../../shared/test-support.js';
import type { ItemRefurbStepEvent, ItemRefurbStepStatus } from '../events.js';
import { commandOfAction, ITEM_REFURB_STEP_ACTIONS, type ItemRefurbStepAction, type ItemRefurbStepCommand } from './commands.js';
import { itemRefurbStepDecider } from './decide.js';
import { itemRefurbStepStatus, itemRefurbStepStatusAfter, type ItemRefurbStepSnapshot } from './machine.js';
import { allowedStepActions } from './allowed-actions.js';

const ids = { itemRefurbStepId: 'step-1', itemId: 'item-1' };
const planned: ItemRefurbStepEvent = {
  type: 'ItemRefurbStepPlanned',
  data: {
    ...ids,
    accountId: 'acc',
    diagnosisId: 'diag',
    warehouseId: 'wh',
    stepDefinitionId: 'def',
    name: 'Screen replacement',
    description: null,
    stockId: 'stock-screens',
    cost: { amountInCents: 4500, currency: 'EUR' },
    sequence: 1,
  },
};
const started: ItemRefurbStepEvent = { type: 'ItemRefurbStepStarted', data: ids };
const paused: ItemRefurbStepEvent = { type: 'ItemRefurbStepPaused', data: ids };
const resumed: ItemRefurbStepEvent = { type: 'ItemRefurbStepResumed', data: ids };
const cancelled = (comment: string): ItemRefurbStepEvent => ({ type: 'ItemRefurbStepCancelled', data: { ...ids, comment } });
const validated = (comment: string | null): ItemRefurbStepEvent => ({ type: 'ItemRefurbStepValidated', data: { ...ids, comment } });

/** The events that bring a step to each status. */
const HISTORY: Record<ItemRefurbStepStatus, ItemRefurbStepEvent[]> = {
  to_do: [planned],
  in_progress: [planned, started],
  paused: [planned, started, paused],
  cancelled: [planned, cancelled('Part missing')],
  completed: [planned, started, validated(null)],
};

const spec = deciderSpecification(itemRefurbStepDecider);
const given = givenWhenThen(spec, {
  andStatus: (state: ItemRefurbStepSnapshot, status: ItemRefurbStepStatus) => expect(itemRefurbStepStatus(state)).toBe(status),
});

/** Given a step in a status, when an action is taken: its event and the status after, or the refusal. */
const TABLE: Array<[ItemRefurbStepStatus, ItemRefurbStepAction, ItemRefurbStepEvent | null, ItemRefurbStepStatus | null]> = [
  ['to_do', 'start', started, 'in_progress'],
  ['to_do', 'pause', null, null],
  ['to_do', 'resume', null, null],
  ['to_do', 'cancel', cancelled('No part'), 'cancelled'],
  ['to_do', 'validate', null, null],
  ['in_progress', 'start', null, null],
  ['in_progress', 'pause', paused, 'paused'],
  ['in_progress', 'resume', null, null],
  ['in_progress', 'cancel', cancelled('No part'), 'cancelled'],
  ['in_progress', 'validate', validated('No part'), 'completed'],
  ['paused', 'start', null, null],
  ['paused', 'pause', null, null],
  ['paused', 'resume', resumed, 'in_progress'],
  ['paused', 'cancel', cancelled('No part'), 'cancelled'],
  ['paused', 'validate', null, null],
  ['cancelled', 'start', null, null],
  ['cancelled', 'pause', null, null],
  ['cancelled', 'resume', null, null],
  ['cancelled', 'cancel', null, null],
  ['cancelled', 'validate', null, null],
  ['completed', 'start', null, null],
  ['completed', 'pause', null, null],
  ['completed', 'resume', null, null],
  ['completed', 'cancel', null, null],
  ['completed', 'validate', null, null],
];

describe('an item refurb step (given its status, when an action is taken, then)', () => {
  it('the table covers every status and action', () => {
    expect(TABLE).toHaveLength(25);
  });

  for (const [status, action, event, after] of TABLE) {
    if (event && after) {
      it(`${status} + ${action} → ${event.type}, ${after}`, () => {
        given(...HISTORY[status])
          .when(commandOfAction(action, 'No part'))
          .thenEvents([event])
          .andStatus(after);
      });
    } else {
      it(`${status} + ${action} → refused REFURB_STEP_ACTION_NOT_ALLOWED`, () => {
        given(...HISTORY[status]).when(commandOfAction(action, 'No part')).thenRefused('REFURB_STEP_ACTION_NOT_ALLOWED', { status, action });
      });
    }
  }

  it('the allowed actions of each status are the table’s accepted ones', () => {
    for (const status of Object.keys(HISTORY) as ItemRefurbStepStatus[]) {
      const accepted = TABLE.filter(([s, , event]) => s === status && event).map(([, action]) => action);
      expect(allowedStepActions(status)).toEqual(ITEM_REFURB_STEP_ACTIONS.filter((a) => accepted.includes(a)));
    }
  });

  it('the status a read model derives from an event is the machine’s', () => {
    for (const [status, , event, after] of TABLE) if (event) expect(itemRefurbStepStatusAfter(status, event)).toBe(after);
    expect(itemRefurbStepStatusAfter(null, planned)).toBe('to_do');
  });
});

describe('comments', () => {
  const cancel = (comment: string): ItemRefurbStepCommand => ({ type: 'CancelItemRefurbStep', data: { comment } });
  const validate = (comment: string | null): ItemRefurbStepCommand => ({ type: 'ValidateItemRefurbStep', data: { comment } });

  it('a cancellation needs a comment', () => {
    given(planned).when(cancel('   ')).thenRefused('REFURB_COMMENT_REQUIRED', { field: 'comment' });
  });

  it('a cancellation keeps its comment trimmed, up to 255 characters', () => {
    given(planned).when(cancel(`  ${'a'.repeat(255)} `)).thenEvents([cancelled('a'.repeat(255))]).andStatus('cancelled');
    given(planned).when(cancel('a'.repeat(256))).thenRefused('REFURB_COMMENT_TOO_LONG', { max: 255 });
  });

  it('a validation takes an optional comment of at most 255 characters', () => {
    given(planned, started).when(validate(null)).thenEvents([validated(null)]);
    given(planned, started).when(validate('  ')).thenEvents([validated(null)]);
    given(planned, started).when(validate('Screen OK')).thenEvents([validated('Screen OK')]);
    given(planned, started).when(validate('a'.repeat(256))).thenRefused('REFURB_COMMENT_TOO_LONG');
  });

  it('the status is checked after the comment: a bad transition with a good comment is refused for its status', () => {
    given(planned, cancelled('x')).when(cancel('again')).thenRefused('REFURB_STEP_ACTION_NOT_ALLOWED', { status: 'cancelled', action: 'cancel' });
  });
});

describe('planning', () => {
  it('a step is planned once', () => {
    given().when({ type: 'PlanItemRefurbStep', data: planned.data as never }).thenEvents([planned]).andStatus('to_do');
    given(planned).when({ type: 'PlanItemRefurbStep', data: planned.data as never }).thenRefused('ITEM_REFURB_STEP_ALREADY_PLANNED');
  });

  it('an action on a step never planned is refused as not found', () => {
    for (const action of ITEM_REFURB_STEP_ACTIONS) given().when(commandOfAction(action, 'x')).thenRefused('ITEM_REFURB_STEP_NOT_FOUND');
  });
});
