import { MODULES } from '../modules/index.js';
import { CATALOG_DEMO_IDS } from '../modules/catalog/demo-data.js';
import { DEMO_LOGINS, ORGANIZATION_DEMO_IDS } from '../modules/organizations/demo-data.js';
import type { SeedContext, SeedStream } from './seed-streams.js';

export { DEMO_PASSWORD, PLATFORM_ACCOUNT_ID, seedId, type SeedStream } from './seed-streams.js';
export { DEMO_LOGINS };

/** The demo data's well-known ids, for tests, benchmarks and the README. */
export const DEMO_IDS = { ...ORGANIZATION_DEMO_IDS, ...CATALOG_DEMO_IDS } as const;

/** Every part's demo streams, in the order of the module list (a part's data only names earlier parts' ids). */
export function demoData(context: SeedContext): SeedStream[] {
  return MODULES.flatMap((module) => module.demoData?.(context) ?? []);
}
