import { streamCategory } from '../events/streams.js';

export const LOGISTICS_STREAMS = {
  /** One per package (a store's parcel to a warehouse). */
  package: streamCategory('package'),
  /** One per package number: its reservation, so that two packages never share one. */
  packageNumber: streamCategory('package_number'),
  /** One per transport (a parcel a carrier carries under its label). */
  transport: streamCategory('transport'),
  /** One per account: its warehouse dispatch rules, in order, and its default warehouse. */
  dispatchRules: streamCategory('dispatch_rules'),
} as const;
