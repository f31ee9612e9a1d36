import type { TSchema } from '@sinclair/typebox';
import { ITEM_SORTS, type ItemListFilters, type WarehouseQueries } from '../../../../application/warehouse/warehouse-queries.js';
import {
  CompliancePreviewView,
  ItemHistoryList,
  ItemLookupView,
  ItemPage,
  ItemView,
  PackageCheckInView,
} from '../../../../application/warehouse/warehouse-views.js';
import type { WarehousePorts } from '../../../../application/warehouse/warehouse-ports.js';
import { checkInItem } from '../../../../application/warehouse/commands/check-in-item.js';
import { checkInPackage } from '../../../../application/warehouse/commands/check-in-package.js';
import { previewComplianceCheck, pricesMayHaveChanged, recordComplianceCheck } from '../../../../application/warehouse/commands/record-compliance-check.js';
import { moveItem, quarantineItem, releaseItem, resendDisputeMail } from '../../../../application/warehouse/commands/quarantine.js';
import { declareItemLost, returnItem } from '../../../../application/warehouse/commands/lose-and-return.js';
import { visibleItem } from '../../../../application/warehouse/commands/item-command.js';
import { visibleBuyback } from '../../../../application/buybacks/commands/buyback-command.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { LOST_PLACES, QUARANTINE_REASONS } from '../../../../domain/warehouse/items/events.js';
import { complianceCheckRefusal } from '../../../../domain/warehouse/items/decide.js';
import { ITEM_STATUSES } from '../../../../domain/warehouse/items/state.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult, commandRoute } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes, mapRows } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { MAX_QUERY_VALUES, NullableText, StringEnum, Text, Type, idParams, noBody, responsesSchema, uuid } from '../schemas.js';
import { itemCsv } from './item-csv.js';
import { economicsListFilters } from '../refurbishment/economics-routes.js';

/** A code as typed or scanned: checked by the domain (8 or 13 characters), bounded here. */
const code = Type.String({ maxLength: 64, description: 'A 13-digit buyback code or an 8- or 13-character item code (spaces ignored).' });

const findingsBody = {
  productId: uuid,
  imei: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  acceptUnknownImei: Type.Optional(Type.Boolean()),
  serialNumber: Type.Optional(NullableText(64)),
  responses: responsesSchema,
  comment: Type.Optional(NullableText(255)),
};

const complianceBody = Type.Object(
  {
    ...findingsBody,
    decision: Type.Union([
      Type.Object({ kind: Type.Literal('by_rule'), proposalReason: Type.Optional(NullableText(255)) }, { additionalProperties: false }),
      Type.Object({ kind: Type.Literal('quarantine'), reason: StringEnum(QUARANTINE_REASONS), comment: Text(255, 1) }, { additionalProperties: false }),
    ]),
  },
  { additionalProperties: false },
);

const listFilters = {
  stockId: Type.Optional(Type.Array(uuid, { maxItems: MAX_QUERY_VALUES })),
  status: Type.Optional(Type.Array(StringEnum(ITEM_STATUSES), { maxItems: ITEM_STATUSES.length })),
  warehouseId: Type.Optional(uuid),
  productId: Type.Optional(uuid),
  brand: Type.Optional(Text(255, 0, { description: 'The whole brand, whatever the case.' })),
  categoryId: Type.Optional(Type.String({ format: 'uuid', maxLength: 36, description: 'The category and every category below it.' })),
  code: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9A-Za-z ]*$', description: 'The start of a 13-digit code, or an 8-character item code.' })),
  imei: Type.Optional(Type.String({ maxLength: 17, pattern: '^[0-9]*$' })),
  quarantineReason: Type.Optional(Type.Array(StringEnum(QUARANTINE_REASONS), { maxItems: QUARANTINE_REASONS.length })),
  buybackId: Type.Optional(uuid),
  minAgeDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500, description: 'Received at least this many days ago.' })),
  maxAgeDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500, description: 'Received at most this many days ago.' })),
  ...economicsListFilters,
} satisfies Record<keyof ItemListFilters, TSchema>;

export interface ItemRouteDependencies {
  ports: WarehousePorts;
  queries: WarehouseQueries;
  texts: Texts;
}

export function itemRoutes({ ports, queries, texts }: ItemRouteDependencies): Route[] {
  const onItem = idParams('id');
  const lifecycle = { tag: 'items', params: onItem } as const;
  return [
    ...listRoutes({
      path: '/items',
      tag: 'items',
      sorts: ITEM_SORTS,
      filters: listFilters,
      page: {
        operationId: 'listItems',
        summary: 'Items (devices) the caller may see, filtered, sorted and paged: every item of every stock of their warehouse',
        permission: 'item.list',
        schema: ItemPage,
        handler: ({ principal }, query) => queries.listItems(principal, query),
      },
      export: {
        operationId: 'exportItems',
        summary: 'Every item of the filtered list as CSV, streamed (UTF-8 with BOM, semicolon-separated, read as on screen in the caller’s language and timeZone)',
        permission: 'item.export',
        filename: 'items',
        async handler({ principal }, query, format) {
          const stocks = await queries.listStocks(principal, { page: 1, itemsPerPage: 1_000, pagination: false });
          const csv = itemCsv(texts, format, stocks.items, ports.clock.now());
          return { header: csv.header, rows: mapRows(queries.allItems(principal, query), csv.row) };
        },
      },
    }),
    defineRoute({
      method: 'get',
      path: '/items/by-code/{code}',
      operationId: 'getItemByCode',
      summary: 'The item a code names (13-digit buyback code, 8- or 13-character item code), with what the check needs of its buyback; 409 ITEM_CODE_AMBIGUOUS lists the items an 8-character code names',
      tag: 'items',
      access: { kind: 'authenticated', permission: 'item.read' },
      params: Type.Object({ code }, { additionalProperties: false }),
      response: { status: 200, description: 'The item; its ETag is the revision', schema: ItemLookupView },
      async handler({ principal, params }) {
        const { item, settings } = await queries.itemByCode(principal, params.code);
        const buyback = await visibleBuyback(ports, principal, item.buybackId).catch(() => null);
        return {
          headers: { ETag: etagOf(item.revision) },
          body: {
            item,
            checkInRequirement: settings.checkInRequirement,
            commentRequired: settings.commentRequired,
            commentShared: settings.commentShared,
            declaredAt: buyback?.createdAt ?? item.createdAt,
            channel: buyback?.channel ?? 'store',
            pricesMayHaveChanged: buyback?.channel === 'web' && pricesMayHaveChanged(buyback.createdAt, ports.clock.now()),
            checkRefusal: complianceCheckRefusal(item.status, settings.checkInRequirement),
            declaration: { grade: buyback?.grade ?? '', imei: buyback?.imei ?? null, responses: buyback?.responses ?? [] },
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/items/{id}',
      operationId: 'getItem',
      summary: 'One item: its status, stock, check, quarantine, loss and economic data, and the actions the caller may take; its ETag is the revision',
      tag: 'items',
      access: { kind: 'authenticated', permission: 'item.read' },
      params: onItem,
      response: { status: 200, description: 'The item', schema: ItemView },
      async handler({ principal, params }) {
        const item = await queries.item(principal, params.id);
        return { headers: { ETag: etagOf(item.revision) }, body: item };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/items/{id}/history',
      operationId: 'getItemHistory',
      summary: 'Every event of the item: every status and stock change, when, who, why and the values it changed',
      tag: 'items',
      access: { kind: 'authenticated', permission: 'item.read' },
      params: onItem,
      response: { status: 200, description: 'The history, oldest first', schema: ItemHistoryList },
      handler: async ({ principal, params }) => ({ body: await queries.itemHistory(principal, params.id) }),
    }),
    defineRoute({
      method: 'post',
      path: '/warehouse/check-ins',
      operationId: 'checkInItem',
      summary:
        'Registers at the warehouse the parcel a code names (its buyback follows); refused when the retailer’s check-in is disabled, and for a device its store never shipped (409 ITEM_STILL_IN_STORE, naming the store’s package it is in) unless `reconcile` confirms the operator holds it',
      tag: 'items',
      access: { kind: 'authenticated', permission: checkInItem.permission as string },
      body: Type.Object(
        {
          code,
          reconcile: Type.Optional(
            Type.Boolean({
              description:
                'The operator confirms they physically hold a device its store never shipped: it is received from its store (out of the package it waited in, which no longer lists it), never recorded as shipped. Ignored for a device that travelled.',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      idempotent: true,
      response: { status: 201, description: 'Registered: the item’s new status and revision (also in ETag)', schema: CommandAnswer },
      async handler(context) {
        const outcome = await checkInItem.run(ports, commandContext(context), { code: context.body.code, reconcile: context.body.reconcile ?? false });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/items/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/warehouse/package-check-ins',
      operationId: 'checkInPackage',
      summary:
        'Registers at the warehouse every device a store’s package carries, by the package’s number (each device its own check-in, its buyback following): the answer lists each device checked in now, already at the warehouse, or not registered with the reason. Refused as a whole with CHECKIN_PACKAGE_NUMBER_INVALID, CHECKIN_PACKAGE_NOT_FOUND (another tenant’s or warehouse’s too), CHECKIN_PACKAGE_NOT_SHIPPED, WAREHOUSE_CHECKIN_DISABLED',
      tag: 'items',
      access: { kind: 'authenticated', permission: checkInPackage.permission as string },
      body: Type.Object(
        { number: Type.String({ minLength: 1, maxLength: 20, description: 'The package’s number as printed or scanned: "P" and 9 digits (spaces ignored, any case).' }) },
        { additionalProperties: false },
      ),
      response: { status: 200, description: 'What became of each device of the package', schema: PackageCheckInView },
      async handler(context) {
        const { position, ...answer } = await checkInPackage.run(ports, commandContext(context), { number: context.body.number });
        return { status: 200, position, body: answer };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/items/{id}/compliance-checks/preview',
      operationId: 'previewComplianceCheck',
      summary: 'The compliance check’s summary for these findings (grade, controlled price, deviation, absorption, outcome), recording nothing',
      tag: 'items',
      access: { kind: 'authenticated', permission: 'item.check' },
      params: onItem,
      body: Type.Object(findingsBody, { additionalProperties: false }),
      response: { status: 200, description: 'The summary', schema: CompliancePreviewView },
      async handler({ principal, params, body }) {
        const item = await visibleItem(ports, principal, params.id);
        const buyback = await visibleBuyback(ports, principal, item.buybackId);
        return { body: await previewComplianceCheck(ports, principal, item, body, buyback) };
      },
    }),
    commandRoute(recordComplianceCheck, ports, {
      ...lifecycle,
      path: '/items/{id}/compliance-checks',
      operationId: 'recordComplianceCheck',
      summary:
        'Ends the compliance check: completed by price, with absorption, a new price proposed to the customer (e-mailed), or quarantine; registers an item still in transit unless check-in is mandatory',
      body: complianceBody,
      input: ({ params, body }) => ({ itemId: params.id, ...body }),
    }),
    commandRoute(quarantineItem, ports, {
      ...lifecycle,
      path: '/items/{id}/quarantine',
      operationId: 'quarantineItem',
      summary: 'Holds a suspect item in its warehouse’s quarantine stock, with a reason and a comment; its customer is e-mailed why',
      body: Type.Object({ reason: StringEnum(QUARANTINE_REASONS), comment: Text(255, 1) }, { additionalProperties: false }),
      input: ({ params, body }) => ({ itemId: params.id, ...body }),
    }),
    commandRoute(releaseItem, ports, {
      ...lifecycle,
      path: '/items/{id}/release',
      operationId: 'releaseItem',
      summary: 'Lifts the quarantine: the item is to be reintegrated, in the stock it physically moves to',
      body: Type.Object({ stockId: uuid, comment: Type.Optional(NullableText(255)) }, { additionalProperties: false }),
      input: ({ params, body }) => ({ itemId: params.id, ...body }),
    }),
    commandRoute(resendDisputeMail, ports, {
      ...lifecycle,
      path: '/items/{id}/quarantine-mail',
      operationId: 'sendQuarantineMail',
      summary: 'Sends the dispute e-mail of a quarantined item to its customer again; whether it left is recorded on the item',
      body: noBody,
      input: ({ params }) => ({ itemId: params.id }),
    }),
    defineRoute({
      method: 'post',
      path: '/items/{id}/lost',
      operationId: 'declareItemLost',
      summary:
        'Declares the item lost in the store, in transport or in the warehouse (each place needs its own permission: item.declare_lost_store, _transport, _warehouse); its buyback is completed, the customer to be paid',
      tag: 'items',
      access: {
        kind: 'authenticated',
        permission: null,
        permissionNote: 'the place’s: item.declare_lost_store, item.declare_lost_transport or item.declare_lost_warehouse (checked on an item the caller sees)',
      },
      params: onItem,
      body: Type.Object({ place: StringEnum(LOST_PLACES), comment: Text(255, 1) }, { additionalProperties: false }),
      idempotent: true,
      conditional: true,
      response: { status: 200, description: 'The new status and revision (also in ETag)', schema: CommandAnswer },
      async handler(context) {
        return commandResult(await declareItemLost.run(ports, commandContext(context), { itemId: context.params.id, ...context.body }));
      },
    }),
    commandRoute(moveItem, ports, {
      ...lifecycle,
      path: '/items/{id}/move',
      operationId: 'moveItem',
      summary: 'Moves the item to another stock of its warehouse, for a reason its history keeps',
      body: Type.Object({ stockId: uuid, reason: Text(255, 1) }, { additionalProperties: false }),
      input: ({ params, body }) => ({ itemId: params.id, ...body }),
    }),
    commandRoute(returnItem, ports, {
      ...lifecycle,
      path: '/items/{id}/return',
      operationId: 'returnItem',
      summary: 'Records that the item (refused by its customer, or of a cancelled buyback) was shipped back to the customer',
      body: Type.Object({ trackingNumber: Type.Optional(NullableText(64)), comment: Type.Optional(NullableText(255)) }, { additionalProperties: false }),
      input: ({ params, body }) => ({ itemId: params.id, ...body }),
    }),
  ];
}
