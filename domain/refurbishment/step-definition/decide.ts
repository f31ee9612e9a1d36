/**
 * The refurb step definition's decisions: its creation, its changes (only
 * the fields whose value changed), its deletion (refused while items or
 * questions plan it: decided on its usage guard, `usage-guard.ts`); and its name's reservation, one stream per
 * account and normalised name, appended in the same atomic append as the
 * definition's event, so of two definitions created at once with one name
 * exactly one is written (the other is refused REFURB_STEP_NAME_TAKEN).
 */
import type { Decider } from '../../shared/decider.js';
import { derivedId } from '../../shared/derived-id.js';
import { DomainError } from '../../shared/domain-error.js';
import type { RefurbStepDefinitionChanged, RefurbStepDefinitionEvent } from '../events.js';
import {
  evolveStepDefinition,
  initialStepDefinitionState,
  normalizeStepDefinition,
  normalizeStepName,
  type FieldProblem,
  type StepDefinitionData,
  type StepDefinitionFacts,
  type StepDefinitionFields,
  type StepDefinitionState,
} from './step-definition.js';

export interface DefineRefurbStep {
  type: 'DefineRefurbStep';
  data: { stepDefinitionId: string; accountId: string; fields: StepDefinitionFields; facts: StepDefinitionFacts };
}

/** What a merge-patch names (the application merged the translations). */
export interface ChangeRefurbStepDefinition {
  type: 'ChangeRefurbStepDefinition';
  data: { stepDefinitionId: string; changes: Partial<StepDefinitionFields>; facts: StepDefinitionFacts };
}

/** Whether anything plans it is decided on its usage guard stream (`usage-guard.ts`), in the same atomic append. */
export interface DeleteRefurbStepDefinition {
  type: 'DeleteRefurbStepDefinition';
  data: { stepDefinitionId: string };
}

export type StepDefinitionCommand = DefineRefurbStep | ChangeRefurbStepDefinition | DeleteRefurbStepDefinition;

const FIELD_NAMES = ['name', 'description', 'stockId', 'costs', 'translations'] as const satisfies ReadonlyArray<keyof StepDefinitionFields>;

function refuse(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new DomainError('REFURB_STEP_INVALID', { fields: problems });
}

function existing(state: StepDefinitionState, stepDefinitionId: string): StepDefinitionData {
  if (!state.definition) throw new DomainError('REFURB_STEP_NOT_FOUND', { stepDefinitionId });
  return state.definition;
}

export function decideStepDefinition(command: StepDefinitionCommand, state: StepDefinitionState): RefurbStepDefinitionEvent[] {
  switch (command.type) {
    case 'DefineRefurbStep': {
      const { stepDefinitionId, accountId, fields, facts } = command.data;
      if (state.definition || state.deleted) throw new DomainError('REFURB_STEP_ALREADY_EXISTS', { stepDefinitionId });
      const problems: FieldProblem[] = [];
      const normalized = normalizeStepDefinition(fields, facts, problems);
      refuse(problems);
      return [{ type: 'RefurbStepDefined', data: { stepDefinitionId, accountId, ...normalized } }];
    }
    case 'ChangeRefurbStepDefinition': {
      const current = existing(state, command.data.stepDefinitionId);
      const merged: StepDefinitionFields = { ...fieldsOf(current), ...definedOnly(command.data.changes) };
      const problems: FieldProblem[] = [];
      const normalized = normalizeStepDefinition(merged, command.data.facts, problems);
      refuse(problems);
      const changes: Omit<RefurbStepDefinitionChanged['data'], 'stepDefinitionId'> = {};
      const target = changes as Record<string, unknown>;
      for (const name of FIELD_NAMES) {
        if (JSON.stringify(normalized[name]) !== JSON.stringify(current[name])) target[name] = normalized[name];
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'RefurbStepDefinitionChanged', data: { stepDefinitionId: current.stepDefinitionId, ...changes } }];
    }
    case 'DeleteRefurbStepDefinition': {
      const current = existing(state, command.data.stepDefinitionId);
      return [{ type: 'RefurbStepDefinitionDeleted', data: { stepDefinitionId: current.stepDefinitionId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export function fieldsOf(definition: StepDefinitionData): StepDefinitionFields {
  return { name: definition.name, description: definition.description, stockId: definition.stockId, costs: definition.costs, translations: definition.translations };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const stepDefinitionDecider: Decider<StepDefinitionState, StepDefinitionCommand, RefurbStepDefinitionEvent> = {
  initialState: initialStepDefinitionState,
  evolve: evolveStepDefinition,
  decide: decideStepDefinition,
};

// ---------------------------------------------------------------------------
// The name's reservation (stream `refurb_step_name-<derived id>`).
// ---------------------------------------------------------------------------

export interface RefurbStepNameReserved {
  type: 'RefurbStepNameReserved';
  data: { accountId: string; name: string; stepDefinitionId: string };
}

export interface RefurbStepNameReleased {
  type: 'RefurbStepNameReleased';
  data: { accountId: string; name: string; stepDefinitionId: string };
}

export type StepNameEvent = RefurbStepNameReserved | RefurbStepNameReleased;

export type StepNameCommand =
  | { type: 'ReserveRefurbStepName'; data: { accountId: string; name: string; stepDefinitionId: string } }
  | { type: 'ReleaseRefurbStepName'; data: { accountId: string; name: string; stepDefinitionId: string } };

/** The definition holding the name, or null. */
export type StepNameState = string | null;

/** The reservation stream's id: the account and the normalised name. */
export function stepNameKey(accountId: string, name: string): string {
  return derivedId(`refurb_step_name:${accountId}:${normalizeStepName(name)}`);
}

export function decideStepName(command: StepNameCommand, holder: StepNameState): StepNameEvent[] {
  const { stepDefinitionId } = command.data;
  if (command.type === 'ReserveRefurbStepName') {
    if (holder === stepDefinitionId) return [];
    if (holder !== null) throw new DomainError('REFURB_STEP_NAME_TAKEN', { field: 'name', name: command.data.name });
    return [{ type: 'RefurbStepNameReserved', data: command.data }];
  }
  return holder === stepDefinitionId ? [{ type: 'RefurbStepNameReleased', data: command.data }] : [];
}

export const stepNameDecider: Decider<StepNameState, StepNameCommand, StepNameEvent> = {
  initialState: () => null,
  evolve: (holder, event) => (event.type === 'RefurbStepNameReserved' ? event.data.stepDefinitionId : holder === event.data.stepDefinitionId ? null : holder),
  decide: decideStepName,
};
