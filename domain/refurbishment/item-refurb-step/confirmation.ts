import { DomainError } from '../../shared/domain-error.js';
import type { ItemRefurbStepStatus } from '../events.js';
import { FINISHED_STEP_STATUSES } from './state.js';

/** What the confirmation rule reads of each step of the item. */
export interface StepProgress {
  itemRefurbStepId: string;
  name: string;
  sequence: number;
  status: ItemRefurbStepStatus;
}

/** The steps not yet completed nor cancelled, in their order. */
export function stepsLeft(steps: readonly StepProgress[]): StepProgress[] {
  return steps.filter((step) => !FINISHED_STEP_STATUSES.includes(step.status)).sort((a, b) => a.sequence - b.sequence);
}

/**
 * Specification 001: "All steps must be completed or canceled before the
 * item's refurbishment can be confirmed." Refuses with
 * REFURB_STEPS_NOT_FINISHED naming the steps left (id, name, sequence,
 * status); an item whose diagnosis planned no step may be confirmed.
 */
export function ensureRefurbishmentConfirmable(steps: readonly StepProgress[]): void {
  const left = stepsLeft(steps);
  if (left.length > 0) {
    throw new DomainError('REFURB_STEPS_NOT_FINISHED', {
      steps: left.map(({ itemRefurbStepId, name, sequence, status }) => ({ itemRefurbStepId, name, sequence, status })),
      names: left.map((step) => step.name).join(', '),
    });
  }
}
