/**
 * The shared throttles against MongoDB (the production store), at
 * MONGODB_URL. Without it the suite is skipped visibly, and the title says why.
 */
import { describe, it } from 'vitest';
import { Throttles } from '../../infrastructure/security/throttle-stores.js';
import { sharedThrottleContract } from './throttle-stores.contract.js';

const url = process.env.MONGODB_URL;
const DATABASE = process.env.MONGODB_CONTRACT_DB ?? 'throttle_contract';

if (!url) {
  const reason = 'MongoDB throttles skipped: MONGODB_URL is not set';
  console.warn(reason);
  describe.skip(reason, () => {
    it.skip(reason, () => undefined);
  });
} else {
  // Two clients on one database: what two server processes hold.
  sharedThrottleContract('MongoDB', async () => {
    const failures: string[] = [];
    const first = await Throttles.mongodb(url, DATABASE, (name) => failures.push(name));
    const second = await Throttles.mongodb(url, DATABASE, (name) => failures.push(name));
    return {
      first,
      second,
      failures,
      async cleanup() {
        for (const throttles of [first, second]) await throttles.close();
      },
    };
  });
}
