import { streamCategory } from '../../events/streams.js';

/** The dispatch circuit rules' streams (a circuit's own are the catalogue's `circuit`). */
export const DISPATCH_CIRCUIT_RULE_STREAMS = {
  rule: streamCategory('dispatch_circuit_rule'),
} as const;

/**
 * The rules between an account's circuits (domain/catalog/circuit/activation-guard.ts):
 * one stream per account, appended with every circuit activation or deactivation and every category naming or leaving a circuit.
 */
export const CIRCUIT_GUARD_STREAMS = {
  guard: streamCategory('circuitguard'),
} as const;
