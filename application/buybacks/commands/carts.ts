import { createHash } from 'node:crypto';
import type { BuybackEvent } from '../../../domain/buybacks/events.js';
import { cartMaxItemsFor, decideCart, EMPTY_CART, evolveCart, type CartCommand, type CartEvent, type CartOwner, type CartState } from '../../../domain/buybacks/cart.js';
import { money } from '../../../domain/shared/money.js';
import type { Decider } from '../../../domain/shared/decider.js';
import { foldStream, handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { toDomainEvent, toNewEvent } from '../../events/codec.js';
import { buybackDecider } from '../buyback-decider.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import type { StoredEvent } from '../../ports/event-store.js';
import type { BuybackPorts } from '../buyback-ports.js';
import type { CustomerInput } from '../customer-validation.js';
import { BUYBACK_STREAMS } from '../streams.js';
import { storeShowsCart } from '../store-cart.js';
import { buybackOutcome, commandMetadata } from './buyback-command.js';
import {
  appendRegistrations,
  placeOf,
  prepareDeclaration,
  registrations,
  sendConfirmations,
  validatedCustomer,
  type Declaration,
  type PreparedDeclaration,
  type RegisteredBuyback,
} from './registration.js';

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = { initialState: () => EMPTY_CART, evolve: evolveCart, decide: decideCart };

export interface CreateCartInput {
  /** Staff register in a store; a storefront visitor's cart is the web's. */
  storeId: string | null;
  buybacks: Declaration[];
  /** With the customer, the cart is checked out at once. */
  customer?: CustomerInput;
}

export interface CartOutcome {
  cartId: string;
  /** The registered buybacks, in the cart's order, once checked out. */
  buybacks: RegisteredBuyback[] | null;
  position: number | null;
}

/** The id of a buyback a cart's checkout registers: from the cart and the item, so a retried checkout finds it. */
export function cartBuybackId(cartId: string, index: number): string {
  return idFromIdempotencyKey(createHash('sha256').update(`cart:${cartId}:${index}`).digest('hex'));
}

/**
 * POST /carts: a customer's devices, checked one by one against the catalogue
 * (as a registration would be) and kept as a cart, whose checkout registers
 * them all at once. Given the customer too, it is checked out at once.
 */
export const createCart = defineCommand<BuybackPorts, CreateCartInput, CartOutcome>({
  name: 'CreateCart',
  permission: 'buyback.cart',
  async run(deps, context, input) {
    const channel = context.principal.kind === 'anonymous' ? 'web' : 'store';
    const place = await placeOf(deps, context.principal, channel, input.storeId);
    // A store's cart takes several devices only when the store shows the cart (its "show cart" flag).
    const showsCart = channel === 'store' && (await storeShowsCart(deps.documents, place.organizationId));
    const maxItems = cartMaxItemsFor(channel, place.account.settings.enabledPremiumFeatures, showsCart);
    if (input.buybacks.length > maxItems) throw new ApplicationError('CART_TOO_MANY_ITEMS', { max: maxItems, count: input.buybacks.length });
    for (const declaration of input.buybacks) await prepareDeclaration(deps, context.principal, place, declaration);
    const cartId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const result = await handleCommand(
      deps.eventStore,
      BUYBACK_STREAMS.cart.name(cartId),
      cartDecider,
      {
        type: 'CreateCart',
        data: { cartId, channel, storeId: channel === 'store' ? place.organizationId : null, owner: ownerOf(context.principal), items: input.buybacks, maxItems },
      },
      { metadata: commandMetadata(deps, context, place.account._id, place.organizationId), newEventId: () => deps.ids.uuid() },
    );
    if (!input.customer) return { cartId, buybacks: result.state.buybackIds ? [] : null, position: result.position };
    return checkOut(deps, context, cartId, input.customer);
  },
});

export interface CheckOutCartInput {
  cartId: string;
  customer: CustomerInput;
}

/**
 * POST /carts/{cartId}/checkout: registers every device of the cart for the
 * customer in one atomic append (all or none), the cart's checkout with
 * them. The prices are estimated again now. Checking out a cart already
 * checked out answers the buybacks it registered.
 */
export const checkOutCart = defineCommand<BuybackPorts, CheckOutCartInput, CartOutcome>({
  name: 'CheckOutCart',
  permission: 'buyback.cart',
  run: (deps, context, input) => checkOut(deps, context, input.cartId, input.customer),
});

async function checkOut(deps: BuybackPorts, context: CommandContext, cartId: string, customerInput: CustomerInput): Promise<CartOutcome> {
  const stream = BUYBACK_STREAMS.cart.name(cartId);
  const history = await deps.eventStore.readStream(stream);
  const cart = visibleCart(context, cartId, history);
  const buybackIds = cart.items.map((_, index) => cartBuybackId(cartId, index));
  if (cart.buybackIds) {
    // Checked out already (a retried request, or the cart resumed): the buybacks it registered.
    return { cartId, buybacks: await registeredBuybacks(deps, cart.buybackIds), position: null };
  }
  const place = await placeOf(deps, context.principal, cart.channel ?? 'web', cart.storeId);
  const prepared: PreparedDeclaration[] = [];
  for (const declaration of cart.items) prepared.push(await prepareDeclaration(deps, context.principal, place, declaration));
  const currency = prepared[0]?.data.declaredPrice.currency ?? place.account.currency;
  const [checkedOut] = cartDecider.decide(
    {
      type: 'CheckOutCart',
      data: { buybackIds, estimates: prepared.map((p) => p.data.declaredPrice), minimumValue: money(place.account.settings.cartMinValueInCents, currency) },
    },
    cart,
  );
  const customer = validatedCustomer(deps, place, customerInput, prepared);
  const items = await registrations(deps, place, customer, context.locale, buybackIds.map((buybackId, i) => ({ buybackId, prepared: prepared[i]! })));
  const metadata = commandMetadata(deps, context, place.account._id, place.organizationId);
  const registered = await appendRegistrations(deps, items, metadata, [
    { streamName: stream, events: [toNewEvent(checkedOut as CartEvent, deps.ids.uuid(), metadata)], expectedRevision: history.length - 1 },
  ]);
  await sendConfirmations(deps, customer, context.locale, items, registered);
  return { cartId, buybacks: registered, position: Math.max(...registered.map((r) => r.position ?? 0)) };
}

/** Who a new cart is bound to: the storefront visitor (their token's pseudonymous id) or the signed-in user. */
function ownerOf(principal: Principal): CartOwner {
  if (principal.kind === 'anonymous') {
    if (!principal.visitorId) throw new Error('A storefront visitor without a visitor id');
    return { kind: 'visitor', visitorId: principal.visitorId };
  }
  if (!principal.userId) throw new Error('A signed-in principal without a user id');
  return { kind: 'user', userId: principal.userId };
}

/**
 * Who a cart is bound to, from its events: the owner its creation recorded;
 * for a cart created before carts recorded it (CartCreated.v1), the user
 * its creation's metadata names, and nobody for a storefront visitor's
 * (docs/specification-readings.md).
 */
function cartOwner(cart: CartState, created: StoredEvent | undefined): CartOwner | null {
  if (cart.owner) return cart.owner;
  const userId = created?.metadata.userId;
  return userId ? { kind: 'user', userId } : null;
}

function isOwner(owner: CartOwner | null, principal: Principal): boolean {
  if (!owner) return false;
  return owner.kind === 'visitor'
    ? principal.kind === 'anonymous' && !!principal.visitorId && principal.visitorId === owner.visitorId
    : principal.kind === 'user' && principal.userId === owner.userId;
}

/**
 * The cart, when the caller created it (and, as before, it is of their
 * tenant and channel); CART_NOT_FOUND otherwise, as if it did not exist:
 * another visitor's token, or another user, learns nothing of it.
 */
function visibleCart(context: CommandContext, cartId: string, history: readonly StoredEvent[]): CartState {
  const { principal } = context;
  const cart = foldStream(cartDecider, history);
  const created = history[0];
  if (cart.cartId === null || (!isPlatformStaff(principal) && created?.metadata.accountId !== principal.accountId)) throw new ApplicationError('CART_NOT_FOUND', { cartId });
  if (principal.kind === 'anonymous' ? cart.channel !== 'web' : cart.channel !== 'store') throw new ApplicationError('CART_NOT_FOUND', { cartId });
  if (!isOwner(cartOwner(cart, created), principal)) throw new ApplicationError('CART_NOT_FOUND', { cartId });
  return cart;
}

/** What the checkout answered for each of its buybacks: their registration (status and revision then). */
async function registeredBuybacks(deps: BuybackPorts, buybackIds: readonly string[]): Promise<RegisteredBuyback[]> {
  return Promise.all(
    buybackIds.map(async (id) => {
      const [first] = await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(id));
      if (!first) throw new Error(`The cart's buyback ${id} has no events`);
      const registration = toDomainEvent<BuybackEvent>(first);
      const identificationNumber = registration.type === 'BuybackRegistered' ? registration.data.identificationNumber : '';
      return {
        ...buybackOutcome(id, { state: foldStream(buybackDecider, [first]), revision: first.streamRevision, position: first.globalPosition }),
        identificationNumber,
        registeredAt: first.metadata.occurredAt,
        replayed: true,
      };
    }),
  );
}

/** GET /carts/{cartId}: the cart, to the one who created it. */
export async function getCart(deps: BuybackPorts, context: CommandContext, cartId: string) {
  const history = await deps.eventStore.readStream(BUYBACK_STREAMS.cart.name(cartId));
  const cart = visibleCart(context, cartId, history);
  return {
    cartId,
    channel: cart.channel ?? 'web',
    items: cart.items,
    buybacks: cart.buybackIds ? await registeredBuybacks(deps, cart.buybackIds) : null,
  };
}
