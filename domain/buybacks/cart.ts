import { DomainError } from '../shared/domain-error.js';
import { addMoney, compareMoney, money, type Money } from '../shared/money.js';
import type { BuybackChannel } from './events.js';
import { maxCartItems, PRICING_FEATURES } from '../catalog/pricing/premium-features.js';

/**
 * A cart: several devices a customer trades in at once, registered as one
 * (all or none) at checkout. Created with its declarations (what each device
 * is, its answers, the circuit, shipping and payment chosen), checked out
 * once with the customer's details; checking it out again answers what the
 * first checkout registered.
 */
export const MULTI_PRODUCT_CART_FEATURE = PRICING_FEATURES.multiProductCart;
/** Devices in one cart: with the multi-product cart premium feature, else one (the rule is the catalogue's pricing rules'). */
export { MAX_CART_ITEMS, maxCartItems } from '../catalog/pricing/premium-features.js';

/**
 * The most devices one cart takes: the storefront's, as the premium feature
 * allows; a store's, only when the store shows the cart (its "show cart"
 * flag), else one, as the dashboard's one-device wizard registers.
 */
export function cartMaxItemsFor(channel: BuybackChannel, enabledPremiumFeatures: readonly string[], storeShowsCart: boolean): number {
  return channel === 'store' && !storeShowsCart ? 1 : maxCartItems(enabledPremiumFeatures);
}

/** The staff whose dashboard shows the cart, in their store's module, when the store's flag is on (specification 002 §6). */
export const CART_USER_TYPES: readonly string[] = ['store_manager', 'store_seller'];

/** One device as the customer declared it: the product, the answers, the circuit, shipping and payment chosen. */
export interface CartDeclaration {
  productId: string;
  responses: Array<{ questionId: string; answerIds: string[] }>;
  imei?: string | null;
  /** The seller saw the "unknown IMEI" warning and chose to continue. */
  acceptUnknownImei?: boolean;
  circuitId: string;
  shippingMethodId: string;
  paymentModeId: string;
}

/**
 * Who created a cart, and so the only one who may read it, check it out or
 * change it: a storefront visitor (their visitor token's pseudonymous id) or
 * a signed-in user. Null for a cart created before carts recorded it (v1).
 */
export type CartOwner = { kind: 'visitor'; visitorId: string } | { kind: 'user'; userId: string };

export interface CartCreated {
  type: 'CartCreated';
  /** v2 records `owner`; a v1 cart's is null. */
  data: { cartId: string; channel: BuybackChannel; storeId: string | null; owner: CartOwner | null; items: CartDeclaration[] };
}

export interface CartCheckedOut {
  type: 'CartCheckedOut';
  data: { cartId: string; buybackIds: string[] };
}

export type CartEvent = CartCreated | CartCheckedOut;

export type CartCommand =
  | {
      type: 'CreateCart';
      /** A new cart always names its owner. */
      data: Omit<CartCreated['data'], 'owner'> & { owner: CartOwner; maxItems: number };
    }
  | {
      type: 'CheckOutCart';
      /** The buybacks the checkout registers, one per item in order, and the estimated value of each. */
      data: { buybackIds: string[]; estimates: Money[]; minimumValue: Money };
    };

export interface CartState {
  cartId: string | null;
  channel: BuybackChannel | null;
  storeId: string | null;
  owner: CartOwner | null;
  items: CartDeclaration[];
  buybackIds: string[] | null;
}

export const EMPTY_CART: CartState = { cartId: null, channel: null, storeId: null, owner: null, items: [], buybackIds: null };

export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartCreated':
      return {
        cartId: event.data.cartId,
        channel: event.data.channel,
        storeId: event.data.storeId,
        owner: event.data.owner ?? null,
        items: event.data.items,
        buybackIds: null,
      };
    case 'CartCheckedOut':
      return { ...state, buybackIds: event.data.buybackIds };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown cart event ${JSON.stringify(unknown)}`);
    }
  }
}

export function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'CreateCart': {
      if (state.cartId !== null) throw new DomainError('CART_ALREADY_EXISTS', { cartId: state.cartId });
      const { maxItems, ...data } = command.data;
      if (data.items.length === 0) throw new DomainError('CART_EMPTY');
      if (data.items.length > maxItems) throw new DomainError('CART_TOO_MANY_ITEMS', { max: maxItems, count: data.items.length });
      return [{ type: 'CartCreated', data }];
    }
    case 'CheckOutCart': {
      if (state.cartId === null) throw new DomainError('CART_NOT_FOUND');
      if (state.buybackIds !== null) throw new DomainError('CART_ALREADY_CHECKED_OUT', { buybackIds: state.buybackIds });
      const { buybackIds, estimates, minimumValue } = command.data;
      if (buybackIds.length !== state.items.length) throw new Error('One buyback per cart item');
      const total = estimates.reduce((sum, estimate) => addMoney(sum, estimate), money(0, minimumValue.currency));
      if (compareMoney(total, minimumValue) < 0) {
        throw new DomainError('CART_BELOW_MINIMUM_VALUE', { total, minimumValue });
      }
      return [{ type: 'CartCheckedOut', data: { cartId: state.cartId, buybackIds } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown cart command ${JSON.stringify(unknown)}`);
    }
  }
}
