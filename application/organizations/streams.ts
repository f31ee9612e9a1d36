import { streamCategory } from '../events/streams.js';

export const ORGANIZATION_STREAMS = {
  account: streamCategory('account'),
  organization: streamCategory('organization'),
  user: streamCategory('user'),
} as const;
