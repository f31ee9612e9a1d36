import type { DocumentsLinks } from '../../../../application/buybacks/documents-token.js';
import type { BuybackPorts } from '../../../../application/buybacks/buyback-ports.js';
import { BuybackSettingsView, CartView, CheckedOutCartView } from '../../../../application/buybacks/buyback-views.js';
import { checkOutCart, createCart, getCart, type CartOutcome } from '../../../../application/buybacks/commands/carts.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../../../application/organizations/read-models.js';
import { cartShownTo, storeShowsCart } from '../../../../application/buybacks/store-cart.js';
import { cartMaxItemsFor, maxCartItems, MAX_CART_ITEMS } from '../../../../domain/buybacks/cart.js';
import { commandContext } from '../../command-route.js';
import { defineRoute, type Route } from '../../route.js';
import { Type, idParams, uuid } from '../schemas.js';
import { createBuybackBody } from './buyback-routes.js';

const declaration = Type.Omit(createBuybackBody, ['customer']);
const customer = createBuybackBody.properties.customer;

/** The cart's answer: its buybacks as each registration answered, in order. */
function cartAnswer(documentsLinks: DocumentsLinks, outcome: CartOutcome) {
  return {
    position: outcome.position,
    body: {
      cartId: outcome.cartId,
      buybacks: createdBuybacks(documentsLinks, outcome.buybacks, 'registration'),
    },
  };
}

/**
 * Each buyback with a documents token signed for it (only the cart's owner gets
 * this answer: application/buybacks/commands/carts.ts): from its registration
 * in the checkout's answer (a retry answers the same), from now when the cart
 * is read again (a fresh token, to resume a checkout).
 */
function createdBuybacks(documentsLinks: DocumentsLinks, buybacks: CartOutcome['buybacks'], signedFrom: 'registration' | 'now') {
  return (
    buybacks?.map((b) => ({
      id: b.id,
      identificationNumber: b.identificationNumber,
      status: b.status,
      revision: b.revision,
      documentsToken: signedFrom === 'registration' ? documentsLinks.tokenFor(b.id, b.registeredAt) : documentsLinks.tokenFor(b.id),
    })) ?? null
  );
}

/**
 * Carts: several devices of one customer, registered as one at checkout (all
 * or none), each cart its creator's alone (another token: 404); the buyback
 * settings a cart follows.
 */
export function cartRoutes(ports: BuybackPorts, documentsLinks: DocumentsLinks): Route[] {
  const access = { kind: 'authenticated', permission: createCart.permission as string, anonymous: true } as const;
  return [
    defineRoute({
      method: 'post',
      path: '/carts',
      operationId: 'createCart',
      summary: "Keeps a customer's devices as a cart; with the customer's details, registers them all at once (all or none)",
      tag: 'buybacks',
      access,
      body: Type.Object(
        {
          storeId: Type.Optional(Type.Union([uuid, Type.Null()], { description: 'Staff: the store registering them; storefront visitors: none.' })),
          buybacks: Type.Array(declaration, { minItems: 1, maxItems: MAX_CART_ITEMS }),
          customer: Type.Optional(customer),
        },
        { additionalProperties: false },
      ),
      idempotent: true,
      personalData: true,
      response: { status: 201, description: 'The cart, and its buybacks when it was checked out at once', schema: CheckedOutCartView },
      async handler(context) {
        const { storeId, buybacks, customer: details } = context.body;
        const outcome = await createCart.run(ports, commandContext(context), {
          storeId: storeId ?? null,
          buybacks,
          ...(details ? { customer: details } : {}),
        });
        return { status: 201, headers: { Location: `/api/carts/${outcome.cartId}` }, ...cartAnswer(documentsLinks, outcome) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/carts/{cartId}',
      operationId: 'getCart',
      summary: 'A cart the caller created (anyone else: 404 CART_NOT_FOUND): its devices, and its buybacks once checked out, each with a fresh documents token (to resume a checkout)',
      tag: 'buybacks',
      access,
      params: idParams('cartId'),
      // Its buybacks' documents tokens open their labels (the customer's address): never cached.
      personalData: true,
      response: { status: 200, description: 'The cart', schema: CartView },
      async handler(context) {
        const cart = await getCart(ports, commandContext(context), context.params.cartId);
        return {
          body: {
            ...cart,
            buybacks: createdBuybacks(documentsLinks, cart.buybacks, 'now'),
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/carts/{cartId}/checkout',
      operationId: 'checkOutCart',
      summary: 'Registers every device of a cart the caller created for the customer in one go (all or none); again, answers what it registered. Anyone else’s token: 404 CART_NOT_FOUND, nothing written',
      tag: 'buybacks',
      access,
      params: idParams('cartId'),
      body: Type.Object({ customer }, { additionalProperties: false }),
      idempotent: true,
      personalData: true,
      response: { status: 200, description: 'The buybacks registered, in the cart’s order', schema: CheckedOutCartView },
      async handler(context) {
        return cartAnswer(documentsLinks, await checkOutCart.run(ports, commandContext(context), { cartId: context.params.cartId, customer: context.body.customer }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buyback-settings',
      operationId: 'getBuybackSettings',
      summary:
        "The settings a cart follows: identity document required, minimum value, most devices (a storefront visitor's guest cart: the fixed settings; a store's staff: one device unless the store shows the cart), and whether the caller's dashboard shows the cart",
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'catalog.read', anonymous: true },
      response: { status: 200, description: 'The settings', schema: BuybackSettingsView },
      async handler({ principal }) {
        const account = principal.accountId
          ? await ports.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(principal.accountId)
          : null;
        const features = account?.settings.enabledPremiumFeatures ?? [];
        // A guest (storefront visitor) cart follows the specification's fixed settings: an identity document, no minimum.
        if (principal.kind === 'anonymous' || !account) {
          return {
            body: { customer_identity_document_required: true, customer_id_collection_enabled: false, cart_min_value: 0, cart_max_items: maxCartItems(features), cart_shown: false },
          };
        }
        // Staff of a store: its cart takes several devices only when the store shows it.
        const inStore = principal.module === 'tim' && principal.organizationId !== null;
        const cartMaxItems = inStore ? cartMaxItemsFor('store', features, await storeShowsCart(ports.documents, principal.organizationId)) : maxCartItems(features);
        return {
          body: {
            customer_identity_document_required: account.settings.customerIdentityDocumentRequired,
            customer_id_collection_enabled: (account.settings as { customerIdCollectionEnabled?: boolean }).customerIdCollectionEnabled === true,
            cart_min_value: account.settings.cartMinValueInCents,
            cart_max_items: cartMaxItems,
            cart_shown: await cartShownTo(ports.documents, principal),
          },
        };
      },
    }),
  ];
}
