/**
 * The dispatch circuit rules' read model: what its projection writes and the
 * queries read. Types and collection names only.
 */
import type { DispatchCircuitRuleState } from '../../../domain/catalog/dispatch-circuit-rule/dispatch-circuit-rule.js';

export const DISPATCH_CIRCUIT_RULE_COLLECTION = 'dispatch_circuit_rules';

/** A rule with every change applied; `revision` is its stream's (the ETag of GET /dispatch-circuit-rules/{id}). */
export type DispatchCircuitRuleDocument = NonNullable<DispatchCircuitRuleState> & {
  _id: string;
  accountId: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
};
