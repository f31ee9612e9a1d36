/**
 * The cart of the buyback path, shared by the storefront and the dashboard.
 *
 * Where it is kept (per app and per tenant, so a dashboard cart never shows
 * on the storefront of the same browser, nor one retailer's on another's):
 *
 *   localStorage   `tradein.<app>.cart.<accountId>`
 *                  { version: 1, storedAt, items, draft, submission }: the
 *                  declarations (product, answers, IMEI), their estimated
 *                  prices and the chosen circuit, shipping method and payment
 *                  mode, and the key the cart was registered with. No
 *                  personal data. Expires CART_LIFETIME_MS[app] after its
 *                  last change (storedAt): 30 days on the storefront, 1 day
 *                  on the dashboard; an expired cart is dropped when read.
 *
 *   sessionStorage `tradein.<app>.cart-customer.<accountId>`
 *                  the customer details typed so far (the spec's "temporary
 *                  customer info, kept separately"). They are personal data
 *                  (identity document, IBAN), so they never go to
 *                  localStorage: they last as long as the tab, and a cart
 *                  reset clears them.
 *
 * The storefront restores its cart at start-up with `restoreCart` (the
 * helper of ui/storefront calls it); components read it with `useCart`
 * (use-cart.ts) or `useCartStore`.
 */
// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import { browserStorage, fingerprintOf, type KeyValueStorage } from './browser-storage.js';
import { useSyncExternalStore } from 'react';
import type { ProductStateView } from '@server/application/catalog/catalog-views.js';
import type { MoneyView } from '@server/application/views/schema.js';

export type CartApp = 'storefront' | 'dashboard';

const DAY_MS = 24 * 60 * 60 * 1000;
export const CART_LIFETIME_MS: Record<CartApp, number> = { storefront: 30 * DAY_MS, dashboard: DAY_MS };

/** The specification's maximum: 200 with the multi-product cart premium feature, otherwise 1. */
export const MULTI_PRODUCT_CART_FEATURE = 'multi_product_cart';
export function maxCartItems(enabledPremiumFeatures: readonly string[]): number {
  return enabledPremiumFeatures.includes(MULTI_PRODUCT_CART_FEATURE) ? 200 : 1;
}

/**
 * The first item always fits; another is accepted only while count + 1 stays
 * below the maximum (the specification's rule, taken literally).
 */
export function canAddAnother(count: number, maximum: number): boolean {
  return count === 0 || count + 1 < maximum;
}

export function cartStorageKey(app: CartApp, accountId: string): string {
  return `tradein.${app}.cart.${accountId}`;
}
export function customerStorageKey(app: CartApp, accountId: string): string {
  return `tradein.${app}.cart-customer.${accountId}`;
}

export interface CartDeclaration {
  productId: string;
  product: { label: string; brand: string; imageUrl: string | null };
  /** questionId → the chosen answer ids, in the questions' order. */
  responses: Array<{ questionId: string; answerIds: string[] }>;
  grade: ProductStateView;
  imei: string | null;
  acceptUnknownImei: boolean;
}

export interface CartItem {
  inCartId: string;
  declaration: CartDeclaration;
  estimatedPrice: MoneyView;
  circuit: { id: string; name: string; deposit: string };
  shippingMethod: { id: string; label: string; description: string | null };
  paymentMode: { id: string; label: string; paymentType: string };
}

/** The declaration being made, before it becomes a cart item. */
export interface CartDraft {
  productId: string;
  /** Set when an item of the cart is being changed. */
  editingInCartId: string | null;
  answers: Record<string, string[]>;
  imei: string | null;
  acceptUnknownImei: boolean;
  circuitId: string | null;
  shippingMethodId: string | null;
  paymentModeId: string | null;
}

export interface Cart {
  items: CartItem[];
  draft: CartDraft | null;
  /** Epoch ms of the last change. */
  storedAt: number;
  /**
   * The Idempotency-Key the whole cart was (or is being) registered with
   * (POST /carts), and the body it went with: a retry of the same cart reuses
   * it, so a double click or a lost answer never registers it twice. Absent
   * from carts stored before carts were registered as one.
   */
  submission?: { key: string; fingerprint: string } | null;
}

/** The customer details as typed in the form (strings, so the form can hold anything). */
export interface CustomerDraft {
  firstName: string;
  lastName: string;
  email: string;
  phoneCountry: string;
  phoneNumber: string;
  street: string;
  streetComplement: string;
  zipCode: string;
  city: string;
  country: string;
  iban: string;
  identityType: string;
  identityNumber: string;
  identityAuthority: string;
  identityDeliveryDate: string;
  termsAccepted: boolean;
}

export const EMPTY_CUSTOMER: CustomerDraft = {
  firstName: '',
  lastName: '',
  email: '',
  phoneCountry: 'FR',
  phoneNumber: '',
  street: '',
  streetComplement: '',
  zipCode: '',
  city: '',
  country: 'FR',
  iban: '',
  identityType: '',
  identityNumber: '',
  identityAuthority: '',
  identityDeliveryDate: '',
  termsAccepted: false,
};

interface StoredCart extends Cart {
  version: 1;
}

export type { KeyValueStorage };

export interface CartStoreOptions {
  app: CartApp;
  accountId: string;
  local?: KeyValueStorage | null;
  session?: KeyValueStorage | null;
  now?: () => number;
  newId?: () => string;
}

const emptyCart = (now: number): Cart => ({ items: [], draft: null, storedAt: now });
/**
 * The cart when nothing is stored: one object, the very one a server-rendered
 * page was rendered with (useCartStore), so that hydrating it for a visitor
 * with no cart finds nothing changed and renders nothing again.
 */
const NOTHING_STORED: Cart = { items: [], draft: null, storedAt: 0 };

export class CartStore {
  private cart: Cart;
  private customerDraft: CustomerDraft | null;
  private readonly listeners = new Set<() => void>();
  private readonly local: KeyValueStorage | null;
  private readonly session: KeyValueStorage | null;
  private readonly now: () => number;
  private readonly newId: () => string;
  readonly key: string;
  readonly customerKey: string;
  readonly lifetimeMs: number;

  constructor(options: CartStoreOptions) {
    this.local = options.local === undefined ? browserStorage('localStorage') : options.local;
    this.session = options.session === undefined ? browserStorage('sessionStorage') : options.session;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.key = cartStorageKey(options.app, options.accountId);
    this.customerKey = customerStorageKey(options.app, options.accountId);
    this.lifetimeMs = CART_LIFETIME_MS[options.app];
    this.cart = this.readCart();
    this.customerDraft = this.readCustomer();
  }

  // --- reading -------------------------------------------------------------

  getSnapshot = (): Cart => this.cart;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  customer(): CustomerDraft | null {
    return this.customerDraft;
  }

  item(inCartId: string): CartItem | undefined {
    return this.cart.items.find((item) => item.inCartId === inCartId);
  }

  // --- the draft -------------------------------------------------------------

  /** Starts (or resumes) the declaration of a product; an item of the cart is edited when `inCartId` names one. */
  startDraft(productId: string, inCartId: string | null = null): CartDraft {
    const current = this.cart.draft;
    if (current && current.productId === productId && current.editingInCartId === inCartId) return current;
    const item = inCartId ? this.item(inCartId) : undefined;
    const draft: CartDraft = item
      ? {
          productId,
          editingInCartId: item.inCartId,
          answers: Object.fromEntries(item.declaration.responses.map((r) => [r.questionId, r.answerIds])),
          imei: item.declaration.imei,
          acceptUnknownImei: item.declaration.acceptUnknownImei,
          circuitId: item.circuit.id,
          shippingMethodId: item.shippingMethod.id,
          paymentModeId: item.paymentMode.id,
        }
      : newDraft(productId);
    this.write({ ...this.cart, draft });
    return draft;
  }

  updateDraft(change: Partial<Omit<CartDraft, 'productId' | 'editingInCartId'>>): void {
    if (!this.cart.draft) return;
    this.write({ ...this.cart, draft: { ...this.cart.draft, ...change } });
  }

  answer(questionId: string, answerIds: string[]): void {
    if (!this.cart.draft) return;
    this.updateDraft({ answers: { ...this.cart.draft.answers, [questionId]: answerIds } });
  }

  discardDraft(): void {
    if (this.cart.draft) this.write({ ...this.cart, draft: null });
  }

  // --- items -----------------------------------------------------------------

  /**
   * Puts the finished declaration in the cart: it replaces the item it edits,
   * or is added when the cart can take another (a full cart ignores it).
   * Answers the item, or null when it was ignored.
   */
  commitDraft(item: Omit<CartItem, 'inCartId'>, maximum: number): CartItem | null {
    const editing = this.cart.draft?.editingInCartId ?? null;
    const existing = editing ? this.item(editing) : undefined;
    if (existing) {
      const replaced: CartItem = { ...item, inCartId: existing.inCartId };
      this.write({ ...this.cart, draft: null, items: this.cart.items.map((i) => (i.inCartId === existing.inCartId ? replaced : i)) });
      return replaced;
    }
    if (!canAddAnother(this.cart.items.length, maximum)) return null;
    const added: CartItem = { ...item, inCartId: this.newId() };
    this.write({ ...this.cart, draft: null, items: [...this.cart.items, added] });
    return added;
  }

  /** Removes an item; removing the last one resets the cart (customer details included). */
  removeItem(inCartId: string): void {
    const items = this.cart.items.filter((item) => item.inCartId !== inCartId);
    if (items.length === 0) this.reset();
    else this.write({ ...this.cart, items });
  }

  /**
   * The key to register the whole cart with: the same one as long as its
   * body is the same. The body holds the customer's details, so only a hash
   * of it is kept (localStorage holds no personal data).
   */
  cartSubmissionKey(body: unknown): string {
    const fingerprint = fingerprintOf(JSON.stringify(body));
    if (this.cart.submission && this.cart.submission.fingerprint === fingerprint) return this.cart.submission.key;
    const key = this.newId();
    this.write({ ...this.cart, submission: { key, fingerprint } });
    return key;
  }

  /** Empties the cart and forgets the customer details. */
  reset(): void {
    this.customerDraft = null;
    try {
      this.session?.removeItem(this.customerKey);
    } catch {
      // Nothing stored.
    }
    this.write(emptyCart(this.now()));
  }

  saveCustomer(customer: CustomerDraft): void {
    this.customerDraft = customer;
    try {
      this.session?.setItem(this.customerKey, JSON.stringify(customer));
    } catch {
      // Storage refused: the details last for this page only.
    }
    this.emit();
  }

  // --- storage -------------------------------------------------------------

  private readCart(): Cart {
    const now = this.now();
    try {
      const raw = this.local?.getItem(this.key);
      if (!raw) return NOTHING_STORED;
      const stored = JSON.parse(raw) as Partial<StoredCart>;
      const valid =
        stored.version === 1 && typeof stored.storedAt === 'number' && Array.isArray(stored.items) && now - stored.storedAt <= this.lifetimeMs;
      if (!valid) {
        this.local?.removeItem(this.key);
        return NOTHING_STORED;
      }
      return { items: stored.items as CartItem[], draft: stored.draft ?? null, storedAt: stored.storedAt as number, submission: stored.submission ?? null };
    } catch {
      return NOTHING_STORED;
    }
  }

  private readCustomer(): CustomerDraft | null {
    try {
      const raw = this.session?.getItem(this.customerKey);
      return raw ? { ...EMPTY_CUSTOMER, ...(JSON.parse(raw) as Partial<CustomerDraft>) } : null;
    } catch {
      return null;
    }
  }

  private write(cart: Cart): void {
    this.cart = { ...cart, storedAt: this.now() };
    try {
      if (this.cart.items.length === 0 && !this.cart.draft) this.local?.removeItem(this.key);
      else this.local?.setItem(this.key, JSON.stringify({ version: 1, ...this.cart } satisfies StoredCart));
    } catch {
      // Storage full or refused: the cart lasts for this page only.
    }
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}

const stores = new Map<string, CartStore>();

/** The one store of this app and tenant in this page. */
export function cartStoreFor(app: CartApp, accountId: string): CartStore {
  const key = cartStorageKey(app, accountId);
  let store = stores.get(key);
  if (!store) {
    store = new CartStore({ app, accountId });
    stores.set(key, store);
  }
  return store;
}

/**
 * Start-up: reads the stored cart (dropping it when older than the app's
 * lifetime) so the header and the tunnel show it from the first render.
 */
export function restoreCart(app: CartApp, accountId: string): CartStore {
  return cartStoreFor(app, accountId);
}

/** A declaration of `productId` begun, nothing answered yet. */
export function newDraft(productId: string): CartDraft {
  return { productId, editingInCartId: null, answers: {}, imei: null, acceptUnknownImei: false, circuitId: null, shippingMethodId: null, paymentModeId: null };
}

/** The cart a server-rendered page shows (the server has no visitor's storage), and the browser while it hydrates that page. */
const serverCart = () => NOTHING_STORED;

/** The cart of the running app (from the app environment), re-rendering on every change. */
export function useCartStore(app: CartApp, accountId: string): { store: CartStore; cart: Cart } {
  const store = cartStoreFor(app, accountId);
  // Hydrating a server-rendered storefront page: first the server's empty cart, then at once the visitor's (a
  // render again only when the visitor has one: React compares the two objects).
  const cart = useSyncExternalStore(store.subscribe, store.getSnapshot, serverCart);
  return { store, cart };
}

/** The items' total, in the currency of the first (a cart is in the tenant's one currency). */
export function cartTotal(items: readonly CartItem[], currency: MoneyView['currency']): MoneyView {
  return { amountInCents: items.reduce((sum, item) => sum + item.estimatedPrice.amountInCents, 0), currency: items[0]?.estimatedPrice.currency ?? currency };
}
