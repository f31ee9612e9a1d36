/**
 * An item's economic data (issue 22): GET /items/{id}/economics, its target
 * resale price, and the economics' filters of the items list (the list's
 * route and CSV are the warehouse's, GET /items). Reads need item.read, and
 * the account's refurbishment (403 PREMIUM_FEATURE_NOT_ENABLED).
 */
import type { TSchema } from '@sinclair/typebox';
import { itemEconomicsView, setResaleTarget, type EconomicsPorts } from '../../../../application/refurbishment/economics/item-economics.js';
import { ItemEconomicsView } from '../../../../application/refurbishment/economics/economics-views.js';
import type { ItemListFilters } from '../../../../application/warehouse/warehouse-queries.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { defineRoute, type Route } from '../../route.js';
import { Type, idParams } from '../schemas.js';

/** A margin bound, in cents (±10 million euros). */
const MARGIN_BOUND = 1_000_000_000;
/** The highest target resale price, in cents (100,000.00). */
export const MAX_RESALE_PRICE_IN_CENTS = 10_000_000;

/** The economics' filters of GET /items and its export. */
export const economicsListFilters = {
  marginMin: Type.Optional(Type.Integer({ minimum: -MARGIN_BOUND, maximum: MARGIN_BOUND, description: 'Margin (target resale price less paid price and planned refurbishment cost) at least this many cents; items without a margin are left out.' })),
  marginMax: Type.Optional(Type.Integer({ minimum: -MARGIN_BOUND, maximum: MARGIN_BOUND, description: 'Margin at most this many cents; items without a margin are left out.' })),
  hasRefurbishment: Type.Optional(Type.Boolean({ description: 'true: only the items the refurbishment planned steps for; false: only the others.' })),
} satisfies Partial<Record<keyof ItemListFilters, TSchema>>;

const premium = { 403: 'The account has no refurbishment (PREMIUM_FEATURE_NOT_ENABLED), or the caller lacks the permission' };
const notFound = { 404: 'No such item among those the caller may see (ITEM_NOT_FOUND)' };

export function economicsRoutes(ports: EconomicsPorts): Route[] {
  const onItem = idParams('id');
  return [
    defineRoute({
      method: 'get',
      path: '/items/{id}/economics',
      operationId: 'getItemEconomics',
      summary:
        'An item’s economic data: the paid price (validated after the check, else the purchase price), the planned refurbishment cost (cancelled steps excluded), the completed steps’ cost, each step’s working time (start to validation, pauses excluded) and the margin left against its target resale price',
      tag: 'refurbishment-economics',
      access: { kind: 'authenticated', permission: 'item.read' },
      params: onItem,
      response: { status: 200, description: 'The item’s economics (the resale target’s revision to send back in If-Match)', schema: ItemEconomicsView },
      otherResponses: { ...premium, ...notFound },
      async handler({ principal, params }) {
        return { body: await itemEconomicsView(ports, principal, params.id) };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/items/{id}/resale-target',
      operationId: 'setItemResaleTarget',
      summary:
        'Sets the price the workshop means to resell the item at (in the currency it was paid in), against which its margin is counted; null clears it. If-Match: the resaleTargetRevision of GET /items/{id}/economics',
      tag: 'refurbishment-economics',
      access: { kind: 'authenticated', permission: setResaleTarget.permission as string },
      params: onItem,
      body: Type.Object(
        { targetResalePriceInCents: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_RESALE_PRICE_IN_CENTS }), Type.Null()]) },
        { additionalProperties: false },
      ),
      idempotent: true,
      conditional: true,
      response: { status: 200, description: 'Recorded (the resale target’s revision in ETag)', schema: CommandAnswer },
      otherResponses: { ...premium, ...notFound },
      async handler(context) {
        return commandResult(await setResaleTarget.run(ports, commandContext(context), { itemId: context.params.id, amountInCents: context.body.targetResalePriceInCents }));
      },
    }),
  ];
}
