import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** What a throttle's store limiter is made from (rate-limiter-flexible's options). */
export interface LimiterOptions {
  points: number;
  duration: number;
  blockDuration: number;
}

/** Makes the limiter counting a throttle's attempts: in memory by default, in a shared store (throttle-stores.ts) when wired. */
export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

const inMemory: LimiterFactory = (options) => new RateLimiterMemory(options);

/**
 * Counts attempts per key (an e-mail, a client address) in a window and
 * blocks the key for a while once the count goes past its limit
 * (rate-limiter-flexible). The wiring takes its throttles from the
 * container's `Throttles` (throttle-stores.ts): their counts live in a store
 * every server process shares (SQLite file or MongoDB), so three API
 * replicas allow what one allows. Built directly, it counts in memory (tests).
 * Keys are stored hashed: the shared store never holds a client's address
 * or an e-mail in clear.
 */
export class Throttle {
  private readonly limiter: RateLimiterAbstract;

  constructor(readonly limit: number, windowSeconds: number, blockSeconds: number, limiterOf: LimiterFactory = inMemory) {
    this.limiter = limiterOf({ points: limit, duration: windowSeconds, blockDuration: blockSeconds });
  }

  /** Seconds until the key may try again, or null when it is not blocked. */
  async blockedFor(key: string): Promise<number | null> {
    const state = await this.limiter.get(hashed(key));
    if (!state || state.consumedPoints < this.limit) return null;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  /** Counts one attempt; answers the wait in seconds when this attempt reached the limit, else null. */
  async hit(key: string): Promise<number | null> {
    try {
      const state = await this.limiter.consume(hashed(key), 1);
      return state.consumedPoints < this.limit ? null : Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(hashed(key));
  }
}

/** 128 bits of the key's SHA-256: no collision in practice, nothing readable at rest. */
function hashed(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}
