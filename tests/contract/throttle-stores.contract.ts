import { afterEach, describe, expect, it } from 'vitest';
import type { Throttles } from '../../infrastructure/security/throttle-stores.js';

/** Two handles on one shared store, as two server processes hold (each its own connection), and the failures each reported. */
export interface SharedThrottleStores {
  first: Throttles;
  second: Throttles;
  failures: string[];
  cleanup(): Promise<void>;
}

/**
 * What every shared throttle store must do: the processes sharing it count
 * together, and a store that fails neither lets requests through nor throws.
 */
export function sharedThrottleContract(name: string, open: () => Promise<SharedThrottleStores>): void {
  describe(`Shared throttles: ${name}`, () => {
    const opened: SharedThrottleStores[] = [];
    afterEach(async () => {
      for (const stores of opened.splice(0)) await stores.cleanup();
    });
    const given = async () => {
      const stores = await open();
      opened.push(stores);
      return stores;
    };
    // Each test its own key: a server shared by runs keeps the counts of earlier ones for a minute.
    const keyOf = () => `203.0.113.${Math.floor(Math.random() * 250)}-${Date.now()}-${Math.random()}`;

    it('Given two processes throttling logins at 5 a minute, When 5 failures are counted on either, Then the 6th attempt is refused on the other', async () => {
      const { first, second } = await given();
      const onFirst = first.create('login-test', 5, 60, 60);
      const onSecond = second.create('login-test', 5, 60, 60);
      const key = keyOf();

      for (const throttle of [onFirst, onSecond, onFirst, onSecond]) expect(await throttle.hit(key)).toBeNull();
      expect(await onSecond.blockedFor(key)).toBeNull();
      const fifth = await onFirst.hit(key);

      expect(fifth).toBeGreaterThan(0);
      expect(await onSecond.blockedFor(key)).toBeGreaterThan(0);
      expect(await onSecond.hit(key)).toBeGreaterThan(0);
    });

    it('Given a key blocked by the counts of both processes, When one resets it (a successful login), Then the other lets it try again', async () => {
      const { first, second } = await given();
      const onFirst = first.create('login-test', 2, 60, 60);
      const onSecond = second.create('login-test', 2, 60, 60);
      const key = keyOf();
      await onFirst.hit(key);
      await onSecond.hit(key);
      expect(await onFirst.blockedFor(key)).toBeGreaterThan(0);

      await onSecond.reset(key);

      expect(await onFirst.blockedFor(key)).toBeNull();
    });

    it('Given two throttles of different names, When one key is counted on one, Then the other does not count it', async () => {
      const { first, second } = await given();
      const key = keyOf();
      await first.create('login-test', 1, 60, 60).hit(key);

      expect(await second.create('other-test', 1, 60, 60).blockedFor(key)).toBeNull();
      expect(await second.create('login-test', 1, 60, 60).blockedFor(key)).toBeGreaterThan(0);
    });

    it('Given a store that has failed (closed), When attempts go on, Then they are still counted (in memory), refused past the limit, and the failure reported', async () => {
      const { first, failures } = await given();
      const throttle = first.create('login-test', 3, 60, 60);
      const key = keyOf();
      await first.close();

      expect(await throttle.blockedFor(key)).toBeNull();
      expect(await throttle.hit(key)).toBeNull();
      expect(await throttle.hit(key)).toBeNull();
      expect(await throttle.hit(key)).toBeGreaterThan(0);
      expect(await throttle.blockedFor(key)).toBeGreaterThan(0);
      expect(failures).toEqual(['login-test']);
    });
  });
}
