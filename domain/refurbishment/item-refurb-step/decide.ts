import { DomainError } from '../../shared/domain-error.js';
import type { ItemRefurbStepEvent } from '../events.js';
import type { ItemRefurbStepAction, ItemRefurbStepCommand } from './commands.js';
import { evolveItemRefurbStep, initialItemRefurbStep, itemRefurbStepStatus, type ItemRefurbStepSnapshot } from './machine.js';
import { REFURB_COMMENT_MAX } from './state.js';

const ACTION_OF: Record<Exclude<ItemRefurbStepCommand['type'], 'PlanItemRefurbStep'>, ItemRefurbStepAction> = {
  StartItemRefurbStep: 'start',
  PauseItemRefurbStep: 'pause',
  ResumeItemRefurbStep: 'resume',
  CancelItemRefurbStep: 'cancel',
  ValidateItemRefurbStep: 'validate',
};

/**
 * Turns a command and the step's state into events, or refuses with a
 * DomainError whose code the API returns as is. Pure: the state comes from
 * the stored events; who and when go in the events' metadata. Every event is
 * asked of the machine (`snapshot.can`) before it is emitted.
 */
export function decide(command: ItemRefurbStepCommand, state: ItemRefurbStepSnapshot): ItemRefurbStepEvent[] {
  if (command.type === 'PlanItemRefurbStep') {
    if (state.context.itemRefurbStepId !== null) throw new DomainError('ITEM_REFURB_STEP_ALREADY_PLANNED', { itemRefurbStepId: state.context.itemRefurbStepId });
    return [{ type: 'ItemRefurbStepPlanned', data: command.data }];
  }
  const { itemRefurbStepId, itemId } = state.context;
  if (itemRefurbStepId === null || itemId === null) throw new DomainError('ITEM_REFURB_STEP_NOT_FOUND');
  const ids = { itemRefurbStepId, itemId };
  const event = ((): ItemRefurbStepEvent => {
    switch (command.type) {
      case 'StartItemRefurbStep':
        return { type: 'ItemRefurbStepStarted', data: ids };
      case 'PauseItemRefurbStep':
        return { type: 'ItemRefurbStepPaused', data: ids };
      case 'ResumeItemRefurbStep':
        return { type: 'ItemRefurbStepResumed', data: ids };
      case 'CancelItemRefurbStep': {
        const comment = command.data.comment.trim();
        if (!comment) throw new DomainError('REFURB_COMMENT_REQUIRED', { field: 'comment' });
        return { type: 'ItemRefurbStepCancelled', data: { ...ids, comment: bounded(comment) } };
      }
      case 'ValidateItemRefurbStep': {
        const comment = command.data.comment?.trim() || null;
        return { type: 'ItemRefurbStepValidated', data: { ...ids, comment: comment === null ? null : bounded(comment) } };
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  })();
  if (!state.can(event)) {
    throw new DomainError('REFURB_STEP_ACTION_NOT_ALLOWED', { status: itemRefurbStepStatus(state), action: ACTION_OF[command.type] });
  }
  return [event];
}

function bounded(comment: string): string {
  if (comment.length > REFURB_COMMENT_MAX) throw new DomainError('REFURB_COMMENT_TOO_LONG', { field: 'comment', max: REFURB_COMMENT_MAX });
  return comment;
}

/** The step as a decider (handleCommand's shape). */
export const itemRefurbStepDecider = {
  initialState: initialItemRefurbStep,
  evolve: evolveItemRefurbStep,
  decide,
};
