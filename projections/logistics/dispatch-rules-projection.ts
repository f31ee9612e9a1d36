import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { evolveDispatchRules, NO_DISPATCH_RULES } from '../../domain/logistics/dispatch/aggregate.js';
import { DISPATCH_RULE_EVENT_TYPES, type DispatchRuleEvent } from '../../domain/logistics/dispatch/events.js';
import { LOGISTICS_COLLECTIONS, type DispatchRulesDocument } from '../../application/logistics/read-models.js';
import { LOGISTICS_STREAMS } from '../../application/logistics/streams.js';

/** An account's dispatch rules in order, with each rule's last change: one document per account, its id the account's. */
export const dispatchRulesProjection: Projection<DispatchRulesDocument> = {
  name: 'dispatch-rules',
  collection: LOGISTICS_COLLECTIONS.dispatchRules,
  indexes: [],
  eventTypes: DISPATCH_RULE_EVENT_TYPES,
  targets: (event) => [LOGISTICS_STREAMS.dispatchRules.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<DispatchRuleEvent>(stored);
    const state = evolveDispatchRules(document ?? NO_DISPATCH_RULES, event, { occurredAt: stored.metadata.occurredAt });
    return {
      _id: id,
      accountId: id,
      rules: [...state.rules],
      defaultWarehouseId: state.defaultWarehouseId,
      updatedAt: stored.metadata.occurredAt,
      revision: stored.streamRevision,
    };
  },
};
