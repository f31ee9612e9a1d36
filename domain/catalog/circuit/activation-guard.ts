/**
 * The rules between an account's circuits (specification 000 §5): only one
 * store_drop circuit active; the web store-drop circuit (web_drop) active
 * only while a store_drop one is; a circuit categories use stays active.
 * They bind several aggregates, so they are decided on one stream per
 * account (its name derived from the account), appended in the same atomic
 * append as every decision they bind, each stream at the revision read: a
 * circuit's activation or deactivation, a category naming a circuit (linked,
 * or created with it) or no longer naming it (unlinked, archived, deleted).
 * Of two such decisions at once exactly one is written; the other decides
 * again on what the first did. Naming a circuit needs it active, so a
 * category linking a circuit and that circuit's deactivation never both win.
 *
 * What the stream never recorded (circuits and categories written before it
 * existed, the demo's seed) is read from the read models and handed in
 * (`known`); what it recorded wins over them. Pure.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import type { CircuitType } from '../events.js';

export type CircuitGuardEvent =
  | { type: 'CircuitActivationRecorded'; data: { accountId: string; circuitId: string; circuitType: CircuitType } }
  | { type: 'CircuitDeactivationRecorded'; data: { accountId: string; circuitId: string; circuitType: CircuitType } }
  | { type: 'CircuitUsesRecorded'; data: { accountId: string; categoryId: string; circuitIds: string[] } }
  | { type: 'CircuitUsesReleased'; data: { accountId: string; categoryId: string; circuitIds: string[] } };

export const CIRCUIT_GUARD_EVENT_TYPES = ['CircuitActivationRecorded', 'CircuitDeactivationRecorded', 'CircuitUsesRecorded', 'CircuitUsesReleased'] as const;

/** A circuit as the read model shows it, for one the stream never recorded. */
export interface KnownCircuit {
  circuitId: string;
  circuitType: CircuitType;
  active: boolean;
}

export type CircuitGuardCommand =
  | { type: 'GuardCircuitActivation'; data: { accountId: string; circuitId: string; circuitType: CircuitType; known: readonly KnownCircuit[] } }
  | {
      type: 'GuardCircuitDeactivation';
      /** `knownUsers`: the active categories the read model shows naming the circuit. */
      data: { accountId: string; circuitId: string; circuitType: CircuitType; known: readonly KnownCircuit[]; knownUsers: readonly string[] };
    }
  | { type: 'RecordCircuitUses'; data: { accountId: string; categoryId: string; circuitIds: readonly string[]; known: readonly KnownCircuit[] } }
  | { type: 'ReleaseCircuitUses'; data: { accountId: string; categoryId: string; circuitIds: readonly string[] } };

export interface CircuitGuardState {
  /** The circuits whose activation or deactivation the stream recorded. */
  circuits: Readonly<Record<string, { circuitType: CircuitType; active: boolean }>>;
  /** Per circuit, per category the stream recorded: whether the category names it now. */
  uses: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
}

function activeCircuits(state: CircuitGuardState, known: readonly KnownCircuit[]): Map<string, CircuitType> {
  const active = new Map<string, CircuitType>();
  for (const circuit of known) if (!(circuit.circuitId in state.circuits) && circuit.active) active.set(circuit.circuitId, circuit.circuitType);
  for (const [circuitId, circuit] of Object.entries(state.circuits)) if (circuit.active) active.set(circuitId, circuit.circuitType);
  return active;
}

function usersOf(state: CircuitGuardState, circuitId: string, knownUsers: readonly string[]): string[] {
  const recorded = state.uses[circuitId] ?? {};
  const users = new Set(Object.entries(recorded).flatMap(([categoryId, uses]) => (uses ? [categoryId] : [])));
  for (const categoryId of knownUsers) if (!(categoryId in recorded)) users.add(categoryId);
  return [...users];
}

function withUses(state: CircuitGuardState, categoryId: string, circuitIds: readonly string[], uses: boolean): CircuitGuardState {
  const next = { ...state.uses };
  for (const circuitId of circuitIds) next[circuitId] = { ...next[circuitId], [categoryId]: uses };
  return { ...state, uses: next };
}

export function evolveCircuitGuard(state: CircuitGuardState, event: CircuitGuardEvent): CircuitGuardState {
  switch (event.type) {
    case 'CircuitActivationRecorded':
    case 'CircuitDeactivationRecorded': {
      const { circuitId, circuitType } = event.data;
      return { ...state, circuits: { ...state.circuits, [circuitId]: { circuitType, active: event.type === 'CircuitActivationRecorded' } } };
    }
    case 'CircuitUsesRecorded':
      return withUses(state, event.data.categoryId, event.data.circuitIds, true);
    case 'CircuitUsesReleased':
      return withUses(state, event.data.categoryId, event.data.circuitIds, false);
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function decideCircuitGuard(command: CircuitGuardCommand, state: CircuitGuardState): CircuitGuardEvent[] {
  switch (command.type) {
    case 'GuardCircuitActivation': {
      const { accountId, circuitId, circuitType, known } = command.data;
      const active = activeCircuits(state, known);
      if (active.has(circuitId)) return [];
      const others = [...active.values()];
      if (circuitType === 'store_drop' && others.includes('store_drop')) throw new DomainError('CIRCUIT_STORE_DROP_ALREADY_ACTIVE', { circuitId });
      if (circuitType === 'web_drop' && !others.includes('store_drop')) throw new DomainError('CIRCUIT_STORE_DROP_REQUIRED', { circuitId });
      return [{ type: 'CircuitActivationRecorded', data: { accountId, circuitId, circuitType } }];
    }
    case 'GuardCircuitDeactivation': {
      const { accountId, circuitId, circuitType, known, knownUsers } = command.data;
      const active = activeCircuits(state, known);
      if (!active.has(circuitId)) return [];
      const users = usersOf(state, circuitId, knownUsers);
      if (users.length > 0) throw new DomainError('CIRCUIT_USED_BY_CATEGORIES', { circuitId, categoryCount: users.length });
      active.delete(circuitId);
      const others = [...active.values()];
      // The web store-drop circuit needs the store one: the last active store_drop stays while web_drop is active.
      if (circuitType === 'store_drop' && others.includes('web_drop') && !others.includes('store_drop')) {
        throw new DomainError('CIRCUIT_NEEDED_BY_WEB_DROP', { circuitId });
      }
      return [{ type: 'CircuitDeactivationRecorded', data: { accountId, circuitId, circuitType } }];
    }
    case 'RecordCircuitUses': {
      const { accountId, categoryId, circuitIds, known } = command.data;
      const active = activeCircuits(state, known);
      const inactive = circuitIds.find((circuitId) => !active.has(circuitId));
      if (inactive !== undefined) throw new DomainError('CATEGORY_CIRCUIT_INACTIVE', { circuitId: inactive });
      const added = [...new Set(circuitIds)].filter((circuitId) => state.uses[circuitId]?.[categoryId] !== true);
      return added.length === 0 ? [] : [{ type: 'CircuitUsesRecorded', data: { accountId, categoryId, circuitIds: added } }];
    }
    case 'ReleaseCircuitUses': {
      const { accountId, categoryId, circuitIds } = command.data;
      // Released also when never recorded: a category the seed wrote no longer counts, whatever the read model still says.
      const released = [...new Set(circuitIds)].filter((circuitId) => state.uses[circuitId]?.[categoryId] !== false);
      return released.length === 0 ? [] : [{ type: 'CircuitUsesReleased', data: { accountId, categoryId, circuitIds: released } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const circuitGuardDecider: Decider<CircuitGuardState, CircuitGuardCommand, CircuitGuardEvent> = {
  initialState: () => ({ circuits: {}, uses: {} }),
  evolve: evolveCircuitGuard,
  decide: decideCircuitGuard,
};
