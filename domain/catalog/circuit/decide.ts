/**
 * A circuit's decisions (specification 000 §3, §5): its configuration, its
 * changes (each field checked, every problem named at once as
 * CIRCUIT_INVALID), its activation and deactivation. The rules between
 * circuits (one store_drop active, web_drop needs it, a used circuit stays
 * active) are the account's circuit guard's (activation-guard.ts), decided
 * and appended with these. Pure.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import type { CircuitConfigured, CircuitType } from '../events.js';
import {
  checkBonus,
  checkCopies,
  checkCountries,
  checkInstructions,
  checkName,
  checkPlainText,
  checkReferences,
  checkTranslations,
  CIRCUIT_LIMITS,
  instructionLabelPath,
  same,
  type CircuitFieldError,
  type TranslatedField,
} from './circuit-fields.js';
import { evolveCircuit, type CircuitEditableFields, type CircuitEvent, type CircuitState } from './circuit-events.js';

/** What each type is: its channel and deposit (the type's name says both). */
export const CIRCUIT_TYPE_SHAPE: Readonly<Record<CircuitType, { channel: 'store' | 'web'; deposit: 'collect' | 'drop' | 'drop_label' | 'post' }>> = {
  store_collect: { channel: 'store', deposit: 'collect' },
  store_drop: { channel: 'store', deposit: 'drop' },
  store_drop_label: { channel: 'store', deposit: 'drop_label' },
  web_collect: { channel: 'web', deposit: 'collect' },
  web_drop: { channel: 'web', deposit: 'drop' },
  web_drop_label: { channel: 'web', deposit: 'drop_label' },
  web_post: { channel: 'web', deposit: 'post' },
};

/** The ids a circuit may name, the tenant's (null: not checked). */
export interface CircuitReferences {
  paymentModeIds: ReadonlySet<string> | null;
  shippingMethodIds: ReadonlySet<string> | null;
}

export type CircuitCommand =
  | { type: 'ConfigureCircuit'; data: { configuration: CircuitConfigured['data']; references: CircuitReferences } }
  | { type: 'ChangeCircuit'; data: { circuitId: string; changes: Partial<CircuitEditableFields>; reason: string | null; references: CircuitReferences } }
  | { type: 'ActivateCircuit'; data: { circuitId: string; reason: string | null } }
  | { type: 'DeactivateCircuit'; data: { circuitId: string; reason: string | null } };

const EDITABLE: ReadonlyArray<keyof CircuitEditableFields> = [
  'name',
  'description',
  'instructions',
  'transferOrderNumberOfCopy',
  'eligibleCountries',
  'paymentModeIds',
  'shippingMethodIds',
  'customerBonusInCents',
  'translations',
];

/** Every field checked; its kept form (trimmed, numbered, blank texts null) or CIRCUIT_INVALID naming each problem. */
export function validateCircuitFields(fields: CircuitEditableFields, references: CircuitReferences): CircuitEditableFields {
  const problems: CircuitFieldError[] = [];
  const instructions = checkInstructions('instructions', fields.instructions, problems);
  const translatedField = (path: string): TranslatedField | null => {
    if (path === 'name') return { kind: 'name' };
    if (path === 'description') return { kind: 'plain', max: CIRCUIT_LIMITS.description.max };
    return instructionLabelPath(path, instructions.length) ? { kind: 'plain', max: CIRCUIT_LIMITS.instructionLabel.max } : null;
  };
  const kept: CircuitEditableFields = {
    name: checkName('name', fields.name, problems),
    description: checkPlainText('description', fields.description, CIRCUIT_LIMITS.description.max, problems),
    instructions,
    transferOrderNumberOfCopy: checkCopies('transferOrderNumberOfCopy', fields.transferOrderNumberOfCopy, problems),
    eligibleCountries: checkCountries('eligibleCountries', fields.eligibleCountries, problems),
    paymentModeIds: checkReferences('paymentModeIds', fields.paymentModeIds, references.paymentModeIds, problems),
    shippingMethodIds: checkReferences('shippingMethodIds', fields.shippingMethodIds, references.shippingMethodIds, problems),
    customerBonusInCents: checkBonus('customerBonusInCents', fields.customerBonusInCents, problems),
    translations: checkTranslations(fields.translations, translatedField, problems),
  };
  if (problems.length > 0) throw new DomainError('CIRCUIT_INVALID', { fields: problems.slice(0, 20) });
  return kept;
}

function editableOf(circuit: CircuitConfigured['data']): CircuitEditableFields {
  return {
    name: circuit.name,
    description: circuit.description,
    instructions: circuit.instructions,
    transferOrderNumberOfCopy: circuit.transferOrderNumberOfCopy ?? null,
    eligibleCountries: circuit.eligibleCountries,
    paymentModeIds: circuit.paymentModeIds,
    shippingMethodIds: circuit.shippingMethodIds,
    customerBonusInCents: circuit.customerBonusInCents ?? 0,
    translations: circuit.translations ?? null,
  };
}

function configure(data: Extract<CircuitCommand, { type: 'ConfigureCircuit' }>['data'], state: CircuitState): CircuitEvent[] {
  const { configuration } = data;
  if (state !== null) throw new DomainError('CIRCUIT_ALREADY_EXISTS', { circuitId: configuration.circuitId });
  const shape = CIRCUIT_TYPE_SHAPE[configuration.circuitType];
  if (shape.channel !== configuration.channel || shape.deposit !== configuration.deposit) {
    throw new DomainError('CIRCUIT_INVALID', { fields: [{ field: 'circuitType', code: 'CIRCUIT_TYPE_SHAPE_MISMATCH', ...shape }] });
  }
  const fields = validateCircuitFields(editableOf(configuration), data.references);
  return [{ type: 'CircuitConfigured', data: { ...configuration, ...fields } }];
}

function change(data: Extract<CircuitCommand, { type: 'ChangeCircuit' }>['data'], state: CircuitState): CircuitEvent[] {
  if (state === null) throw new DomainError('CIRCUIT_NOT_FOUND', { circuitId: data.circuitId });
  const before = editableOf(state);
  const asked = Object.fromEntries(Object.entries(data.changes).filter(([, value]) => value !== undefined));
  const after = validateCircuitFields({ ...before, ...asked }, data.references);
  const changes: Partial<CircuitEditableFields> = {};
  for (const name of EDITABLE) if (!same(before[name], after[name])) (changes as Record<string, unknown>)[name] = after[name];
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'CircuitChanged', data: { circuitId: data.circuitId, changes, reason: data.reason } }];
}

function activate(data: Extract<CircuitCommand, { type: 'ActivateCircuit' }>['data'], state: CircuitState): CircuitEvent[] {
  if (state === null) throw new DomainError('CIRCUIT_NOT_FOUND', { circuitId: data.circuitId });
  if (state.status === 'enabled') return [];
  return [{ type: 'CircuitActivated', data: { circuitId: data.circuitId, reason: data.reason } }];
}

function deactivate(data: Extract<CircuitCommand, { type: 'DeactivateCircuit' }>['data'], state: CircuitState): CircuitEvent[] {
  if (state === null) throw new DomainError('CIRCUIT_NOT_FOUND', { circuitId: data.circuitId });
  if (state.status === 'disabled') return [];
  return [{ type: 'CircuitDeactivated', data: { circuitId: data.circuitId, reason: data.reason } }];
}

export function decideCircuit(command: CircuitCommand, state: CircuitState): CircuitEvent[] {
  switch (command.type) {
    case 'ConfigureCircuit':
      return configure(command.data, state);
    case 'ChangeCircuit':
      return change(command.data, state);
    case 'ActivateCircuit':
      return activate(command.data, state);
    case 'DeactivateCircuit':
      return deactivate(command.data, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const circuitDecider: Decider<CircuitState, CircuitCommand, CircuitEvent> = {
  initialState: () => null,
  evolve: evolveCircuit,
  decide: decideCircuit,
};
