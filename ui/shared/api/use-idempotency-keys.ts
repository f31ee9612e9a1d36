import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from './client';

/**
 * One Idempotency-Key per distinct request of a form: sending the same body
 * again (a retry after a network failure) reuses its key, so the API replays
 * the first answer; a changed body is a new request with a new key. `reset`
 * forgets them all (the form was reopened).
 */
export function useIdempotencyKeys(): { keyFor(body: unknown): string; reset(): void } {
  const keys = useRef(new Map<string, string>());
  // The same object on every render: it can sit in an effect's dependencies.
  return useMemo(
    () => ({
      keyFor(body: unknown) {
        const signature = JSON.stringify(body);
        const key = keys.current.get(signature) ?? newIdempotencyKey();
        keys.current.set(signature, key);
        return key;
      },
      reset() {
        keys.current = new Map();
      },
    }),
    [],
  );
}
