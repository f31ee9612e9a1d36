/**
 * The Idempotency-Key of a kept cart's checkout, one per cart and body:
 *
 *   sessionStorage `tradein.storefront.cart-checkout.<cartId>`
 *                  { key, fingerprint }: the key, and a hash of the body it
 *                  went with (the body holds the customer's details, so it
 *                  is never stored itself).
 *
 * The same details sent again (a double click, a retry after a lost answer,
 * a reload of the tab) reuse the key, so the API answers the first
 * checkout's buybacks and registers nothing more; other details are another
 * request, with another key. A refusal registered nothing: its key may be
 * forgotten, so that the same details, once the cause is gone, are sent
 * afresh rather than answered the kept refusal.
 */
// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import { browserStorage, fingerprintOf, type KeyValueStorage } from '../../../shared/buyback-path/browser-storage.js';

export function checkoutKeyStorageKey(cartId: string): string {
  return `tradein.storefront.cart-checkout.${cartId}`;
}

export class CheckoutKeys {
  /** Kept here too: storage may be refused, and a retry in this page must still find its key. */
  private readonly memory = new Map<string, { key: string; fingerprint: string }>();

  constructor(
    private readonly storage: KeyValueStorage | null = browserStorage('sessionStorage'),
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  private read(cartId: string): { key: string; fingerprint: string } | null {
    try {
      const raw = this.storage?.getItem(checkoutKeyStorageKey(cartId));
      const stored = raw ? (JSON.parse(raw) as { key?: unknown; fingerprint?: unknown }) : null;
      if (stored && typeof stored.key === 'string' && typeof stored.fingerprint === 'string') return { key: stored.key, fingerprint: stored.fingerprint };
    } catch {
      // Unreadable: the one in memory, if any.
    }
    return this.memory.get(cartId) ?? null;
  }

  /** The key to send `body` to the cart's checkout with: the same one while the body is the same. */
  keyFor(cartId: string, body: unknown): string {
    const fingerprint = fingerprintOf(JSON.stringify(body));
    const kept = this.read(cartId);
    if (kept && kept.fingerprint === fingerprint) return kept.key;
    const entry = { key: this.newId(), fingerprint };
    this.memory.set(cartId, entry);
    try {
      this.storage?.setItem(checkoutKeyStorageKey(cartId), JSON.stringify(entry));
    } catch {
      // Storage refused: the key lasts for this page.
    }
    return entry.key;
  }

  /** After a refusal (nothing was registered) or once checked out. */
  forget(cartId: string): void {
    this.memory.delete(cartId);
    try {
      this.storage?.removeItem(checkoutKeyStorageKey(cartId));
    } catch {
      // Nothing stored.
    }
  }
}

/** The page's one set of keys. */
export const checkoutKeys = new CheckoutKeys();
