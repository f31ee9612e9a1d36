import { describe, expect, it } from 'vitest';
import {
  canAddAnother,
  CartStore,
  cartStorageKey,
  customerStorageKey,
  EMPTY_CUSTOMER,
  maxCartItems,
  type CartApp,
  type CartItem,
  type KeyValueStorage,
} from '../../ui/shared/buyback-path/cart-store.js';

/** A storage kept in memory, as the browser's localStorage and sessionStorage behave. */
class MemoryStorage implements KeyValueStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  /** Everything stored, for checking what never is. */
  dump(): string {
    return [...this.values.values()].join('\n');
  }
}

const ACCOUNT = 'account-1';
const DAY = 24 * 60 * 60 * 1000;

function setup(app: CartApp = 'storefront') {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  let now = Date.UTC(2026, 0, 10);
  let ids = 0;
  const open = () => new CartStore({ app, accountId: ACCOUNT, local, session, now: () => now, newId: () => `id-${++ids}` });
  return {
    local,
    session,
    open,
    later: (ms: number) => {
      now += ms;
    },
  };
}

const ITEM: Omit<CartItem, 'inCartId'> = {
  declaration: {
    productId: 'p1',
    product: { label: 'Apple iPhone 15 128 Go', brand: 'Apple', imageUrl: null },
    responses: [{ questionId: 'q1', answerIds: ['a1'] }],
    grade: 'grade_a',
    imei: null,
    acceptUnknownImei: false,
  },
  estimatedPrice: { amountInCents: 42_000, currency: 'EUR' },
  circuit: { id: 'c1', name: 'Envoi postal', deposit: 'post' },
  shippingMethod: { id: 's1', label: 'Envoi par La Poste', description: null },
  paymentMode: { id: 'm1', label: 'Virement bancaire', paymentType: 'bank_transfer' },
};

describe('Given the cart of the buyback path', () => {
  it('Then it is kept per app and per tenant under documented keys, personal data only in the session', () => {
    const { local, session, open } = setup();
    const store = open();
    store.startDraft('p1');
    store.commitDraft(ITEM, 1);
    store.saveCustomer({ ...EMPTY_CUSTOMER, lastName: 'Durand', iban: 'FR7630006000011234567890189' });

    expect(cartStorageKey('storefront', ACCOUNT)).toBe('tradein.storefront.cart.account-1');
    expect(local.getItem('tradein.storefront.cart.account-1')).toContain('Apple iPhone 15 128 Go');
    expect(local.getItem('tradein.storefront.cart.account-1')).not.toContain('Durand');
    expect(session.getItem(customerStorageKey('storefront', ACCOUNT))).toContain('Durand');
  });

  it('When the page is opened again, then the cart and the draft answers are restored', () => {
    const { open } = setup();
    const first = open();
    first.startDraft('p1');
    first.answer('q1', ['a2']);

    const restored = open();
    expect(restored.getSnapshot().draft?.answers).toEqual({ q1: ['a2'] });
  });

  it.each([
    ['storefront', 30 * DAY],
    ['dashboard', DAY],
  ] as const)('When the %s cart is older than its lifetime, then it is dropped at start-up', (app, lifetime) => {
    const { local, open, later } = setup(app);
    const store = open();
    store.startDraft('p1');
    store.commitDraft(ITEM, 1);

    later(lifetime);
    expect(open().getSnapshot().items).toHaveLength(1);
    later(1);
    expect(open().getSnapshot().items).toEqual([]);
    expect(local.getItem(cartStorageKey(app, ACCOUNT))).toBeNull();
  });

  it('When the cart is full, then another declaration is ignored; the item it edits is replaced', () => {
    const { open } = setup();
    const store = open();
    store.startDraft('p1');
    const first = store.commitDraft(ITEM, 1) as CartItem;

    store.startDraft('p2');
    expect(store.commitDraft({ ...ITEM, estimatedPrice: { amountInCents: 1, currency: 'EUR' } }, 1)).toBeNull();
    expect(store.getSnapshot().items.map((i) => i.estimatedPrice.amountInCents)).toEqual([42_000]);

    store.startDraft('p1', first.inCartId);
    store.commitDraft({ ...ITEM, estimatedPrice: { amountInCents: 39_000, currency: 'EUR' } }, 1);
    expect(store.getSnapshot().items.map((i) => [i.inCartId, i.estimatedPrice.amountInCents])).toEqual([[first.inCartId, 39_000]]);
  });

  it('Then the maximum is 200 with the multi-product cart feature, else 1, and another item fits while count + 1 stays below it', () => {
    expect(maxCartItems([])).toBe(1);
    expect(maxCartItems(['multi_product_cart'])).toBe(200);
    expect(canAddAnother(0, 1)).toBe(true);
    expect(canAddAnother(1, 1)).toBe(false);
    expect(canAddAnother(198, 200)).toBe(true);
    expect(canAddAnother(199, 200)).toBe(false);
  });

  it('When the cart’s registration is retried with the same body, then it carries the same idempotency key (a reload too); another body gets a new one', () => {
    const { open } = setup();
    const store = open();
    store.startDraft('p1');
    store.commitDraft(ITEM, 1);

    const key = store.cartSubmissionKey({ customer: 'a' });
    expect(store.cartSubmissionKey({ customer: 'a' })).toBe(key);
    expect(open().cartSubmissionKey({ customer: 'a' })).toBe(key);
    expect(store.cartSubmissionKey({ customer: 'b' })).not.toBe(key);
  });

  it('When the cart’s registration key is kept, then the customer’s details in its body are not', () => {
    const { local, open } = setup();
    const store = open();
    store.startDraft('p1');
    store.commitDraft(ITEM, 1);
    store.cartSubmissionKey({ customer: { email: 'kept.secret@example.com', iban: 'FR7630006000011234567890189' } });
    const stored = local.dump();
    expect(stored).toContain('submission');
    expect(stored).not.toContain('kept.secret@example.com');
    expect(stored).not.toContain('FR7630006000011234567890189');
  });

  it('When the last item is removed, then the cart is reset and the customer details are forgotten', () => {
    const { session, open } = setup();
    const store = open();
    store.startDraft('p1');
    const item = store.commitDraft(ITEM, 1) as CartItem;
    store.saveCustomer({ ...EMPTY_CUSTOMER, lastName: 'Durand' });

    store.removeItem(item.inCartId);

    expect(store.getSnapshot().items).toEqual([]);
    expect(store.customer()).toBeNull();
    expect(session.getItem(customerStorageKey('storefront', ACCOUNT))).toBeNull();
  });
});
