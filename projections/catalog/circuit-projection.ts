/**
 * The circuits' and the dispatch circuit rules' read models: each document
 * is its aggregate folded by the domain's own `evolve`, with its tenant, its
 * first and last times and its stream revision (the ETag).
 */
import { CATALOG_COLLECTIONS, type CircuitDocument } from '../../application/catalog/read-models.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import { DISPATCH_CIRCUIT_RULE_COLLECTION, type DispatchCircuitRuleDocument } from '../../application/catalog/circuits/circuit-read-models.js';
import { DISPATCH_CIRCUIT_RULE_STREAMS } from '../../application/catalog/circuits/streams.js';
import { CIRCUIT_EVENT_TYPES, evolveCircuit, type CircuitEvent } from '../../domain/catalog/circuit/circuit-events.js';
import {
  DISPATCH_CIRCUIT_RULE_EVENT_TYPES,
  evolveDispatchCircuitRule,
  type DispatchCircuitRuleEvent,
} from '../../domain/catalog/dispatch-circuit-rule/dispatch-circuit-rule.js';
import { entityProjection } from '../shared/entity-projection.js';

export const circuitsProjection = entityProjection<CircuitDocument, CircuitEvent>({
  name: 'circuits',
  collection: CATALOG_COLLECTIONS.circuits,
  stream: CATALOG_STREAMS.circuit,
  eventTypes: [...CIRCUIT_EVENT_TYPES],
  indexes: [
    { name: 'by_account_channel', fields: [['accountId', 1], ['channel', 1]] },
    { name: 'by_account_name', fields: [['accountId', 1], ['name', 1]] },
  ],
  fold: (doc, event, stored) => {
    const circuit = evolveCircuit(doc, event);
    if (circuit === null) return doc;
    return {
      ...circuit,
      _id: circuit.circuitId,
      accountId: doc?.accountId ?? stored.metadata.accountId,
      createdAt: doc?.createdAt ?? stored.metadata.occurredAt,
      updatedAt: stored.metadata.occurredAt,
      revision: stored.streamRevision,
    };
  },
});

export const dispatchCircuitRulesProjection = entityProjection<DispatchCircuitRuleDocument, DispatchCircuitRuleEvent>({
  name: 'dispatch-circuit-rules',
  collection: DISPATCH_CIRCUIT_RULE_COLLECTION,
  stream: DISPATCH_CIRCUIT_RULE_STREAMS.rule,
  eventTypes: [...DISPATCH_CIRCUIT_RULE_EVENT_TYPES],
  indexes: [{ name: 'by_account_circuit', fields: [['accountId', 1], ['circuitId', 1]] }],
  fold: (doc, event, stored) => {
    const rule = evolveDispatchCircuitRule(doc, event);
    if (rule === null) return doc;
    return {
      ...rule,
      _id: rule.ruleId,
      accountId: doc?.accountId ?? stored.metadata.accountId,
      createdAt: doc?.createdAt ?? stored.metadata.occurredAt,
      updatedAt: stored.metadata.occurredAt,
      revision: stored.streamRevision,
    };
  },
});
