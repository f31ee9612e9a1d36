import { streamCategory } from '../../events/streams.js';

/** The dispatch circuit rules' streams (a circuit's own are the catalogue's `circuit`). */
export const DISPATCH_CIRCUIT_RULE_STREAMS = {
  rule: streamCategory('dispatch_circuit_rule'),
} as const;
