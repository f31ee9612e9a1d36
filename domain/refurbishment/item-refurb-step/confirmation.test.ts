import { describe, expect, it } from 'vitest';
import { domainErrorOf } from '../../shared/test-support.js';
import type { ItemRefurbStepStatus } from '../events.js';
import { ensureRefurbishmentConfirmable, type StepProgress } from './confirmation.js';

const step = (sequence: number, status: ItemRefurbStepStatus): StepProgress => ({ itemRefurbStepId: `s${sequence}`, name: `Step ${sequence}`, sequence, status });

/** Given the item's steps' statuses, then the confirmation is allowed, or refused naming the steps left. */
const TABLE: Array<[string, ItemRefurbStepStatus[], string[] | 'allowed']> = [
  ['no step planned', [], 'allowed'],
  ['every step completed', ['completed', 'completed'], 'allowed'],
  ['every step cancelled', ['cancelled', 'cancelled'], 'allowed'],
  ['completed and cancelled', ['completed', 'cancelled', 'completed'], 'allowed'],
  ['one to do', ['completed', 'to_do'], ['Step 2']],
  ['one in progress', ['in_progress', 'completed'], ['Step 1']],
  ['one paused', ['cancelled', 'paused'], ['Step 2']],
  ['several left, named in order', ['paused', 'completed', 'to_do', 'in_progress'], ['Step 1', 'Step 3', 'Step 4']],
];

describe('confirming an item’s refurbishment', () => {
  for (const [name, statuses, expected] of TABLE) {
    it(`${name}: ${expected === 'allowed' ? 'allowed' : `refused, left ${expected.join(', ')}`}`, () => {
      const steps = statuses.map((status, index) => step(index + 1, status)).reverse();
      if (expected === 'allowed') {
        expect(() => ensureRefurbishmentConfirmable(steps)).not.toThrow();
        return;
      }
      const refusal = domainErrorOf(() => ensureRefurbishmentConfirmable(steps));
      expect(refusal.code).toBe('REFURB_STEPS_NOT_FINISHED');
      const left = (refusal.details as { steps: StepProgress[] }).steps;
      expect(left.map((s) => s.name)).toEqual(expected);
      expect((refusal.details as { names: string }).names).toBe(expected.join(', '));
    });
  }
});
