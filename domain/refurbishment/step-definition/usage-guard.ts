/**
 * A step definition's usage guard (stream `refurb_step_usage-<definition id>`):
 * what plans the definition, kept on its own stream so that the deletion and
 * every use of the definition meet on one stream in their atomic appends.
 * Opened with the definition; a finalize appends `RefurbStepUsedByItem`
 * (the item refurb steps it plans from it), a question created or changed
 * appends `RefurbStepPlannedByQuestion` / `RefurbStepUnplannedByQuestion`;
 * the deletion decides "in use" on this state and appends
 * `RefurbStepUsageClosed` at the revision it read. So of a deletion and a
 * use fired together exactly one is written: a use appended first moves the
 * guard and the deletion's append fails (decided again: REFURB_STEP_IN_USE);
 * a deletion appended first closes the guard (a question is then refused)
 * and changes the definition's stream, which the finalize checks. Its events
 * never reach the definition's own stream (its History tab).
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';

export interface RefurbStepUsageOpened {
  type: 'RefurbStepUsageOpened';
  data: { stepDefinitionId: string };
}

export interface RefurbStepUsedByItem {
  type: 'RefurbStepUsedByItem';
  data: { stepDefinitionId: string; itemId: string; diagnosisId: string; itemRefurbStepId: string };
}

export interface RefurbStepPlannedByQuestion {
  type: 'RefurbStepPlannedByQuestion';
  data: { stepDefinitionId: string; questionId: string };
}

export interface RefurbStepUnplannedByQuestion {
  type: 'RefurbStepUnplannedByQuestion';
  data: { stepDefinitionId: string; questionId: string };
}

export interface RefurbStepUsageClosed {
  type: 'RefurbStepUsageClosed';
  data: { stepDefinitionId: string };
}

export type StepUsageEvent = RefurbStepUsageOpened | RefurbStepUsedByItem | RefurbStepPlannedByQuestion | RefurbStepUnplannedByQuestion | RefurbStepUsageClosed;

/** The counts the read models hold: consulted only for a definition older than its guard (whose earlier uses the guard never saw). */
export interface RecordedUsages {
  usages: number;
  questions: number;
}

export type StepUsageCommand =
  | { type: 'OpenRefurbStepUsage'; data: { stepDefinitionId: string } }
  | { type: 'PlanRefurbStepByQuestion'; data: { stepDefinitionId: string; questionId: string; field: string } }
  | { type: 'UnplanRefurbStepByQuestion'; data: { stepDefinitionId: string; questionId: string } }
  | { type: 'CloseRefurbStepUsage'; data: { stepDefinitionId: string; recorded: RecordedUsages } };

export interface StepUsageState {
  /** Opened with the definition: the guard has seen every use since, so it alone decides. */
  opened: boolean;
  closed: boolean;
  itemRefurbSteps: number;
  questionIds: readonly string[];
}

export const initialStepUsageState = (): StepUsageState => ({ opened: false, closed: false, itemRefurbSteps: 0, questionIds: [] });

export function evolveStepUsage(state: StepUsageState, event: StepUsageEvent): StepUsageState {
  switch (event.type) {
    case 'RefurbStepUsageOpened':
      return { ...state, opened: true };
    case 'RefurbStepUsedByItem':
      return { ...state, itemRefurbSteps: state.itemRefurbSteps + 1 };
    case 'RefurbStepPlannedByQuestion':
      return state.questionIds.includes(event.data.questionId) ? state : { ...state, questionIds: [...state.questionIds, event.data.questionId] };
    case 'RefurbStepUnplannedByQuestion':
      return { ...state, questionIds: state.questionIds.filter((id) => id !== event.data.questionId) };
    case 'RefurbStepUsageClosed':
      return { ...state, closed: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decideStepUsage(command: StepUsageCommand, state: StepUsageState): StepUsageEvent[] {
  switch (command.type) {
    case 'OpenRefurbStepUsage':
      return state.opened ? [] : [{ type: 'RefurbStepUsageOpened', data: command.data }];
    case 'PlanRefurbStepByQuestion': {
      const { stepDefinitionId, questionId, field } = command.data;
      // Deleted meanwhile (the read model the question's facts came from had not seen it yet).
      if (state.closed) throw new DomainError('REFURB_QUESTION_INVALID', { fields: [{ field, code: 'REFURB_QUESTION_STEP_UNKNOWN', stepDefinitionId }] });
      return state.questionIds.includes(questionId) ? [] : [{ type: 'RefurbStepPlannedByQuestion', data: { stepDefinitionId, questionId } }];
    }
    case 'UnplanRefurbStepByQuestion':
      return state.questionIds.includes(command.data.questionId) ? [{ type: 'RefurbStepUnplannedByQuestion', data: command.data }] : [];
    case 'CloseRefurbStepUsage': {
      const { stepDefinitionId, recorded } = command.data;
      if (state.closed) return [];
      const usages = state.opened ? state.itemRefurbSteps : Math.max(state.itemRefurbSteps, recorded.usages);
      const questions = state.opened ? state.questionIds.length : Math.max(state.questionIds.length, recorded.questions);
      if (usages > 0 || questions > 0) throw new DomainError('REFURB_STEP_IN_USE', { stepDefinitionId, usages, questions });
      return [{ type: 'RefurbStepUsageClosed', data: { stepDefinitionId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

/** The usage a finalize appends for each definition it plans from (unconditionally: the definition's own stream is what it checks). */
export function usedByItem(step: { stepDefinitionId: string; itemId: string; diagnosisId: string; itemRefurbStepId: string }): RefurbStepUsedByItem {
  const { stepDefinitionId, itemId, diagnosisId, itemRefurbStepId } = step;
  return { type: 'RefurbStepUsedByItem', data: { stepDefinitionId, itemId, diagnosisId, itemRefurbStepId } };
}

export const stepUsageDecider: Decider<StepUsageState, StepUsageCommand, StepUsageEvent> = {
  initialState: initialStepUsageState,
  evolve: evolveStepUsage,
  decide: decideStepUsage,
};
