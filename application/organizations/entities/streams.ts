import { streamCategory } from '../../events/streams.js';

/** The entities' own streams besides the organizations': one reservation per account and external id. */
export const ENTITY_STREAMS = {
  externalId: streamCategory('organization_external_id'),
} as const;
