import type { ItemRefurbStepPlanned } from '../events.js';

/** The actions a technician takes on a step (specification 001: start, resume, pause, cancel, validate). */
export const ITEM_REFURB_STEP_ACTIONS = ['start', 'pause', 'resume', 'cancel', 'validate'] as const;
export type ItemRefurbStepAction = (typeof ITEM_REFURB_STEP_ACTIONS)[number];

export type ItemRefurbStepCommand =
  /** The diagnosis plans the step (appended with its finalization). */
  | { type: 'PlanItemRefurbStep'; data: ItemRefurbStepPlanned['data'] }
  | { type: 'StartItemRefurbStep'; data: Record<string, never> }
  | { type: 'PauseItemRefurbStep'; data: Record<string, never> }
  | { type: 'ResumeItemRefurbStep'; data: Record<string, never> }
  /** The comment is required (1 to 255 characters once trimmed). */
  | { type: 'CancelItemRefurbStep'; data: { comment: string } }
  /** The comment is optional (at most 255 characters). */
  | { type: 'ValidateItemRefurbStep'; data: { comment: string | null } };

/** The command of an action, with its comment (ignored by the actions that take none). */
export function commandOfAction(action: ItemRefurbStepAction, comment: string | null): ItemRefurbStepCommand {
  switch (action) {
    case 'start':
      return { type: 'StartItemRefurbStep', data: {} };
    case 'pause':
      return { type: 'PauseItemRefurbStep', data: {} };
    case 'resume':
      return { type: 'ResumeItemRefurbStep', data: {} };
    case 'cancel':
      return { type: 'CancelItemRefurbStep', data: { comment: comment ?? '' } };
    case 'validate':
      return { type: 'ValidateItemRefurbStep', data: { comment } };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown action ${String(unknown)}`);
    }
  }
}
