import { describe, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import { stepUsageDecider, usedByItem, type StepUsageCommand, type StepUsageEvent } from './usage-guard.js';

const spec = deciderSpecification(stepUsageDecider);
const ID = 'screen';
const opened: StepUsageEvent = { type: 'RefurbStepUsageOpened', data: { stepDefinitionId: ID } };
const used = usedByItem({ stepDefinitionId: ID, itemId: 'item-1', diagnosisId: 'diag-1', itemRefurbStepId: 'step-1' });
const planned = (questionId: string): StepUsageEvent => ({ type: 'RefurbStepPlannedByQuestion', data: { stepDefinitionId: ID, questionId } });
const unplanned = (questionId: string): StepUsageEvent => ({ type: 'RefurbStepUnplannedByQuestion', data: { stepDefinitionId: ID, questionId } });
const closed: StepUsageEvent = { type: 'RefurbStepUsageClosed', data: { stepDefinitionId: ID } };
const close = (usages = 0, questions = 0): StepUsageCommand => ({ type: 'CloseRefurbStepUsage', data: { stepDefinitionId: ID, recorded: { usages, questions } } });
const plan = (questionId: string): StepUsageCommand => ({ type: 'PlanRefurbStepByQuestion', data: { stepDefinitionId: ID, questionId, field: 'answers.1.stepDefinitionIds' } });
const unplan = (questionId: string): StepUsageCommand => ({ type: 'UnplanRefurbStepByQuestion', data: { stepDefinitionId: ID, questionId } });

describe('a step definition’s usage guard', () => {
  it('Given a guard opened with its definition and nothing since, when the definition is deleted, then it closes', () => {
    spec.given(opened).when(close()).then([closed]);
  });

  it('Given an item refurb step planned from it, when the definition is deleted, then REFURB_STEP_IN_USE counts it', () => {
    spec.given(opened, used).when(close()).thenRefused('REFURB_STEP_IN_USE', { usages: 1, questions: 0 });
  });

  it('Given a question planning it, then unplanning it, the deletion is refused and then allowed', () => {
    spec.given(opened, planned('q1')).when(close()).thenRefused('REFURB_STEP_IN_USE', { usages: 0, questions: 1 });
    spec.given(opened, planned('q1'), unplanned('q1')).when(close()).then([closed]);
  });

  it('Given a guard opened with its definition, the read models’ counts (which lag) are not what decides', () => {
    spec.given(opened).when(close(3, 2)).then([closed]);
  });

  it('Given a definition older than its guard, the read models’ counts also refuse (the guard never saw its earlier uses)', () => {
    spec.given().when(close(2, 0)).thenRefused('REFURB_STEP_IN_USE', { usages: 2 });
    spec.given().when(close(0, 1)).thenRefused('REFURB_STEP_IN_USE', { questions: 1 });
    spec.given().when(close()).then([closed]);
  });

  it('records a question once, forgets one that no longer plans it, and refuses a question once closed, the field named', () => {
    spec.given(opened).when(plan('q1')).then([planned('q1')]);
    spec.given(opened, planned('q1')).when(plan('q1')).then([]);
    spec.given(opened, planned('q1')).when(unplan('q1')).then([unplanned('q1')]);
    spec.given(opened).when(unplan('q1')).then([]);
    spec.given(opened, closed).when(plan('q1')).thenRefused('REFURB_QUESTION_INVALID', { fields: [{ field: 'answers.1.stepDefinitionIds', code: 'REFURB_QUESTION_STEP_UNKNOWN', stepDefinitionId: ID }] });
  });

  it('is opened once', () => {
    spec.given().when({ type: 'OpenRefurbStepUsage', data: { stepDefinitionId: ID } }).then([opened]);
    spec.given(opened).when({ type: 'OpenRefurbStepUsage', data: { stepDefinitionId: ID } }).then([]);
  });
});
