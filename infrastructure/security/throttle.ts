import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Counts attempts per key (an e-mail, a client address) in a window and
 * blocks the key for a while once the count goes past its limit. In memory,
 * per process (rate-limiter-flexible): the embedded default runs one process;
 * several servers would share a store (the library's Mongo or Redis limiters
 * behind the same calls).
 */
export class Throttle {
  private readonly limiter: RateLimiterMemory;

  constructor(readonly limit: number, windowSeconds: number, blockSeconds: number) {
    this.limiter = new RateLimiterMemory({ points: limit, duration: windowSeconds, blockDuration: blockSeconds });
  }

  /** Seconds until the key may try again, or null when it is not blocked. */
  async blockedFor(key: string): Promise<number | null> {
    const state = await this.limiter.get(key);
    if (!state || state.consumedPoints < this.limit) return null;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  /** Counts one attempt; answers the wait in seconds when this attempt reached the limit, else null. */
  async hit(key: string): Promise<number | null> {
    try {
      const state = await this.limiter.consume(key, 1);
      return state.consumedPoints < this.limit ? null : Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
