/**
 * A circuit's changes after its configuration (`CircuitConfigured`, in
 * events.ts, the whole configuration at creation): each carries only the
 * fields it changed, and why; who and when are the event's metadata.
 */
import type { CircuitConfigured } from '../events.js';

/** What a retailer may change of a circuit: its type, channel and deposit are fixed (they say what the circuit is). */
export type CircuitEditableFields = Pick<
  CircuitConfigured['data'],
  | 'name'
  | 'description'
  | 'instructions'
  | 'transferOrderNumberOfCopy'
  | 'eligibleCountries'
  | 'paymentModeIds'
  | 'shippingMethodIds'
  | 'customerBonusInCents'
  | 'translations'
>;

export interface CircuitChanged {
  type: 'CircuitChanged';
  data: { circuitId: string; changes: Partial<CircuitEditableFields>; reason: string | null };
}

export interface CircuitActivated {
  type: 'CircuitActivated';
  data: { circuitId: string; reason: string | null };
}

export interface CircuitDeactivated {
  type: 'CircuitDeactivated';
  data: { circuitId: string; reason: string | null };
}

export type CircuitAggregateChange = CircuitChanged | CircuitActivated | CircuitDeactivated;
export type CircuitEvent = CircuitConfigured | CircuitAggregateChange;
export const CIRCUIT_EVENT_TYPES = ['CircuitConfigured', 'CircuitChanged', 'CircuitActivated', 'CircuitDeactivated'] as const;

/** The circuit after its events (null before its configuration): the projection and the decider fold the same way. */
export type CircuitState = CircuitConfigured['data'] | null;

export function evolveCircuit(state: CircuitState, event: CircuitEvent): CircuitState {
  switch (event.type) {
    case 'CircuitConfigured':
      return { ...event.data };
    case 'CircuitChanged':
      return state === null ? null : { ...state, ...event.data.changes };
    case 'CircuitActivated':
      return state === null ? null : { ...state, status: 'enabled' };
    case 'CircuitDeactivated':
      return state === null ? null : { ...state, status: 'disabled' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
