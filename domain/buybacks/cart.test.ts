import { describe, it } from 'vitest';
import { money } from '../shared/money.js';
import { deciderSpecification } from '../shared/test-support.js';
import { EMPTY_CART, cartMaxItemsFor, decideCart, evolveCart, maxCartItems, type CartCommand, type CartDeclaration, type CartEvent, type CartState } from './cart.js';
import { expect } from 'vitest';

const spec = deciderSpecification<CartState, CartCommand, CartEvent>({ initialState: () => EMPTY_CART, evolve: evolveCart, decide: decideCart });

const item = (productId: string): CartDeclaration => ({
  productId,
  responses: [{ questionId: 'q', answerIds: ['a'] }],
  circuitId: 'c',
  shippingMethodId: 's',
  paymentModeId: 'p',
});
const VISITOR = { kind: 'visitor', visitorId: 'visitor-1' } as const;
const eur = (cents: number) => money(cents, 'EUR');
const created = (items = [item('phone'), item('tablet')]): CartEvent => ({ type: 'CartCreated', data: { cartId: 'cart-1', channel: 'web', storeId: null, owner: VISITOR, items } });
const create = (items: CartDeclaration[], maxItems = 200): CartCommand => ({ type: 'CreateCart', data: { cartId: 'cart-1', channel: 'web', storeId: null, owner: VISITOR, items, maxItems } });
const checkOut = (estimates = [eur(10_000), eur(5_000)], minimumValue = eur(0)): CartCommand => ({
  type: 'CheckOutCart',
  data: { buybackIds: estimates.map((_, i) => `bb-${i}`), estimates, minimumValue },
});

describe('Given no cart', () => {
  it('when one is created with two devices, then it is created with them', () => {
    spec.given().when(create([item('phone'), item('tablet')])).then([created()]);
  });

  it('when one is created empty, then it is refused', () => {
    spec.given().when(create([])).thenRefused('CART_EMPTY');
  });

  it('when it holds more devices than the retailer allows, then it is refused with the maximum', () => {
    spec.given().when(create([item('phone'), item('tablet')], 1)).thenRefused('CART_TOO_MANY_ITEMS', { max: 1, count: 2 });
  });

  it('when it is checked out, then there is nothing to check out', () => {
    spec.given().when(checkOut()).thenRefused('CART_NOT_FOUND');
  });
});

describe('Given a cart of two devices', () => {
  it('when it is checked out, then it records the two buybacks it registers', () => {
    spec.given(created()).when(checkOut()).then([{ type: 'CartCheckedOut', data: { cartId: 'cart-1', buybackIds: ['bb-0', 'bb-1'] } }]);
  });

  it('when its total is below the retailer’s minimum value, then the checkout is refused with both amounts', () => {
    spec.given(created()).when(checkOut([eur(10_000), eur(5_000)], eur(20_000))).thenRefused('CART_BELOW_MINIMUM_VALUE', {
      total: eur(15_000),
      minimumValue: eur(20_000),
    });
  });

  it('when it is folded, then it knows who created it (the only one who may use it)', () => {
    expect([created()].reduce(evolveCart, EMPTY_CART).owner).toEqual(VISITOR);
  });

  it('when it is created again, then it is refused', () => {
    spec.given(created()).when(create([item('phone')])).thenRefused('CART_ALREADY_EXISTS');
  });
});

describe('Given a cart already checked out', () => {
  it('when it is checked out again, then it is refused, naming the buybacks it registered', () => {
    const checkedOut: CartEvent = { type: 'CartCheckedOut', data: { cartId: 'cart-1', buybackIds: ['bb-0', 'bb-1'] } };
    spec.given(created(), checkedOut).when(checkOut()).thenRefused('CART_ALREADY_CHECKED_OUT', { buybackIds: ['bb-0', 'bb-1'] });
  });
});

describe('the most devices a cart takes', () => {
  it('is 200 with the multi-product cart premium feature, else one', () => {
    expect(maxCartItems(['multi_product_cart'])).toBe(200);
    expect(maxCartItems(['absorption'])).toBe(1);
  });
});

describe('The most devices a cart takes', () => {
  const FEATURES = ['multi_product_cart'];
  it('on the storefront, follows the premium feature alone', () => {
    expect(cartMaxItemsFor('web', FEATURES, false)).toBe(200);
    expect(cartMaxItemsFor('web', [], false)).toBe(1);
  });
  it('in a store, needs both the store’s "show cart" flag and the premium feature to take more than one', () => {
    expect(cartMaxItemsFor('store', FEATURES, true)).toBe(200);
    expect(cartMaxItemsFor('store', FEATURES, false)).toBe(1);
    expect(cartMaxItemsFor('store', [], true)).toBe(1);
  });
});
