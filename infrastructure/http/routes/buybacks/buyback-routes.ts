import type { BuybackService, CommandContext, CommandOutcome, RegisterBuybackInput } from '../../../../application/buybacks/buyback-service.js';
import { BUYBACK_SORTS, type BuybackQueries } from '../../../../application/buybacks/buyback-queries.js';
import type { BuybackView } from '../../../../application/buybacks/buyback-views.js';
import type { Principal } from '../../../../application/organizations/principal.js';
import type { Permission } from '../../../../application/organizations/permissions.js';
import { parseIdentificationNumber } from '../../../../domain/values/identification-number.js';
import { BUYBACK_STATUSES } from '../../../../domain/buybacks/state.js';
import { CANCEL_REASONS, type CancelReason } from '../../../../domain/buybacks/events.js';
import { isForgotten } from '../../../../application/ports/personal-data.js';
import type { BuybackDocument } from '../../../../application/buybacks/read-models.js';
import { etagOf } from '../../app.js';
import type { JsonSchema, Route, RouteContext, RouteResult } from '../../route.js';
import { idParams, listQuery, present, responsesSchema, sortSpec, uuid } from '../schemas.js';
import { buybacksCsv } from './buyback-csv.js';

const text = (max: number, min = 0): JsonSchema => ({ type: 'string', minLength: min, maxLength: max });
const nullableText = (max: number): JsonSchema => ({ type: ['string', 'null'], maxLength: max });
const cents: JsonSchema = { type: 'integer', minimum: 0, maximum: 5_000_000 };

/**
 * The customer object is checked here for shape only: its values are checked
 * by the application's customer rules, which name each field in the error.
 */
const customerSchema: JsonSchema = {
  type: 'object',
  required: ['firstName', 'lastName', 'email', 'phone', 'street', 'city', 'zipCode', 'country'],
  additionalProperties: false,
  properties: {
    firstName: text(1000),
    lastName: text(1000),
    email: text(1000),
    phone: text(100),
    street: text(1000),
    streetComplement: nullableText(1000),
    city: text(1000),
    zipCode: text(100),
    country: text(100),
    iban: nullableText(100),
    identity: {
      type: ['object', 'null'],
      required: ['type', 'number', 'issuingAuthority', 'deliveryDate'],
      additionalProperties: false,
      properties: { type: text(100), number: text(100), issuingAuthority: text(1000), deliveryDate: text(100) },
    },
  },
};

const createSchema: JsonSchema = {
  type: 'object',
  required: ['productId', 'responses', 'customer', 'circuitId', 'shippingMethodId', 'paymentModeId'],
  additionalProperties: false,
  properties: {
    productId: uuid,
    responses: responsesSchema,
    imei: { type: ['string', 'null'], maxLength: 40 },
    acceptUnknownImei: { type: 'boolean' },
    customer: customerSchema,
    circuitId: uuid,
    shippingMethodId: uuid,
    paymentModeId: uuid,
  },
};

const createdSchema: JsonSchema = {
  type: 'object',
  properties: { id: uuid, identificationNumber: { type: 'string' }, status: { type: 'string', enum: [...BUYBACK_STATUSES] } },
};

function commandContext(context: RouteContext): CommandContext {
  return {
    principal: context.principal as Principal,
    correlationId: context.correlationId,
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
  };
}

function commandResult(outcome: CommandOutcome, status = 200): RouteResult {
  return {
    status,
    position: outcome.position,
    headers: { ETag: etagOf(outcome.revision) },
    body: { id: outcome.id, status: outcome.status, revision: outcome.revision },
  };
}

/** The detail as the API shows it: customer data, or `{ forgotten: true }` once the customer was forgotten. */
export function presentBuyback(document: BuybackDocument): BuybackView {
  const body = present(document, ['customerSearch', 'statePath']) as Omit<BuybackView, 'customerForgotten' | 'awaitingCustomerDecision'>;
  return { ...body, customerForgotten: isForgotten(document.customer), awaitingCustomerDecision: document.statePath.endsWith('awaiting_customer_decision') };
}

/** A lifecycle command on one buyback: POST /buybacks/{id}/<action>, If-Match and Idempotency-Key honoured. */
function transition(
  action: string,
  operationId: string,
  summary: string,
  permission: Permission,
  body: JsonSchema | undefined,
  run: (context: CommandContext, id: string, body: Record<string, unknown>, params: Record<string, string>) => Promise<CommandOutcome>,
  path = `/buybacks/{id}/${action}`,
): Route {
  return {
    method: 'post',
    path,
    operationId,
    summary,
    tag: 'buybacks',
    access: { kind: 'authenticated', permission },
    params: idParams(...[...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)),
    ...(body ? { body } : {}),
    idempotent: true,
    conditional: true,
    success: { status: 200, description: 'The buyback’s new status and revision (also in ETag)' },
    async handler(context) {
      const outcome = await run(
        commandContext(context),
        context.params.id as string,
        (context.body ?? {}) as Record<string, unknown>,
        context.params,
      );
      return commandResult(outcome);
    },
  };
}

const LIST_FILTERS: Record<string, JsonSchema> = {
  status: { type: 'array', items: { type: 'string', enum: [...BUYBACK_STATUSES] } },
  channel: { type: 'string', enum: ['store', 'web'] },
  customerName: { type: 'string', maxLength: 255 },
  identificationNumber: { type: 'string', pattern: '^[0-9]{1,13}$' },
  storeId: { type: 'array', items: uuid },
  productId: uuid,
  circuitId: uuid,
  warehouseId: uuid,
  buyerId: uuid,
  categoryId: uuid,
  brand: { type: 'string', maxLength: 255 },
  createdFrom: { type: 'string', format: 'date-time' },
  createdTo: { type: 'string', format: 'date-time' },
};

function listInput(query: Record<string, unknown>) {
  const pick = <T>(name: string) => query[name] as T | undefined;
  return {
    status: pick<string[]>('status'),
    channel: pick<string>('channel'),
    customerName: pick<string>('customerName'),
    identificationNumber: pick<string>('identificationNumber'),
    storeId: pick<string[]>('storeId'),
    productId: pick<string>('productId'),
    circuitId: pick<string>('circuitId'),
    warehouseId: pick<string>('warehouseId'),
    buyerId: pick<string>('buyerId'),
    categoryId: pick<string>('categoryId'),
    brand: pick<string>('brand'),
    createdFrom: pick<string>('createdFrom'),
    createdTo: pick<string>('createdTo'),
    page: query.page as number,
    itemsPerPage: query.itemsPerPage as number,
    pagination: query.pagination as boolean,
    partial: query.partial as boolean | undefined,
    order: sortSpec(query.order, BUYBACK_SORTS),
  };
}

export function buybackRoutes(buybacks: BuybackService, queries: BuybackQueries, publicBaseUrl: string): Route[] {
  const register = (channel: 'store' | 'web') => async (context: RouteContext): Promise<RouteResult> => {
    const storeId = channel === 'store' ? (context.params.storeId as string) : null;
    const outcome = await buybacks.register(commandContext(context), channel, storeId, context.body as RegisterBuybackInput);
    return {
      status: 201,
      position: outcome.position,
      headers: { ETag: etagOf(outcome.revision), Location: `/api/buybacks/${outcome.id}` },
      body: { id: outcome.id, identificationNumber: outcome.identificationNumber, status: outcome.status, revision: outcome.revision },
    };
  };

  return [
    {
      method: 'post',
      path: '/store/{storeId}/buybacks',
      operationId: 'createStoreBuyback',
      summary: 'A store seller registers a buyback for a customer in their store',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.create' },
      params: idParams('storeId'),
      body: createSchema,
      idempotent: true,
      success: { status: 201, description: 'Created', schema: createdSchema },
      handler: register('store'),
    },
    {
      method: 'post',
      path: '/web/buybacks',
      operationId: 'createWebBuyback',
      summary: "A storefront visitor registers a buyback on the retailer's white-label site",
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.create_web', anonymous: true },
      body: createSchema,
      idempotent: true,
      success: { status: 201, description: 'Created', schema: createdSchema },
      handler: register('web'),
    },
    {
      method: 'get',
      path: '/buybacks',
      operationId: 'listBuybacks',
      summary: 'Buybacks the caller may see, filtered, sorted and paged',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.list' },
      query: listQuery(Object.keys(BUYBACK_SORTS), LIST_FILTERS),
      async handler({ principal, query }) {
        const page = await queries.list(principal as Principal, listInput(query));
        return { body: { ...page, items: page.items.map((b) => presentBuyback(b as BuybackDocument)) } };
      },
    },
    {
      method: 'get',
      path: '/buybacks/export',
      operationId: 'exportBuybacks',
      summary: 'The filtered list as CSV (UTF-8 with BOM, semicolon-separated for spreadsheet software in French)',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.export' },
      query: listQuery(Object.keys(BUYBACK_SORTS), LIST_FILTERS),
      async handler({ principal, query, locale }) {
        const page = await queries.list(principal as Principal, { ...listInput(query), pagination: false, partial: true });
        return {
          // The export stops at EXPORT_LIMIT rows; the header says when rows were left out.
          headers: { 'Content-Disposition': 'attachment; filename="buybacks.csv"', 'X-Export-Truncated': String(page.hasNextPage) },
          raw: { contentType: 'text/csv; charset=utf-8', data: buybacksCsv(page.items as BuybackDocument[], locale) },
        };
      },
    },
    {
      method: 'get',
      path: '/buyback-references',
      operationId: 'getBuybackReferences',
      summary: 'Names of the stores, warehouses, buyers, circuits, categories and shipping methods the buyback screens show and filter by',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.list' },
      async handler({ principal }) {
        return { body: await queries.references(principal as Principal) };
      },
    },
    {
      method: 'get',
      path: '/buybacks/by-identification-number/{identificationNumber}',
      operationId: 'getBuybackByIdentificationNumber',
      summary: 'A buyback by its 13-digit identification number',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.read' },
      params: { type: 'object', required: ['identificationNumber'], properties: { identificationNumber: { type: 'string' } } },
      async handler({ principal, params }) {
        const number = parseIdentificationNumber(params.identificationNumber ?? '');
        const document = await queries.byIdentificationNumber(principal as Principal, number);
        return { headers: { ETag: etagOf((document as BuybackDocument).revision) }, body: presentBuyback(document as BuybackDocument) };
      },
    },
    {
      method: 'get',
      path: '/buybacks/{id}',
      operationId: 'getBuyback',
      summary: 'One buyback; its ETag is the revision to send back in If-Match',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.read' },
      params: idParams('id'),
      async handler({ principal, params }) {
        const document = await queries.byId(principal as Principal, params.id as string);
        return { headers: { ETag: etagOf((document as BuybackDocument).revision) }, body: presentBuyback(document as BuybackDocument) };
      },
    },
    {
      method: 'get',
      path: '/buybacks/{id}/history',
      operationId: 'getBuybackHistory',
      summary: 'Every event of the buyback: what, when, who, why and the values it changed',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.read' },
      params: idParams('id'),
      async handler({ principal, params }) {
        return { body: await queries.history(principal as Principal, params.id as string) };
      },
    },
    transition(
      'finalize',
      'finalizeStoreBuyback',
      'A store seller finalizes a web pre-declared buyback dropped in their store',
      'buyback.finalize',
      undefined,
      (context, id, _body, params) => buybacks.finalizeInStore(context, id, params.storeId as string),
      '/store/{storeId}/buybacks/{id}/finalize',
    ),
    transition(
      'ship',
      'shipBuyback',
      'The device leaves for the warehouse',
      'buyback.ship',
      {
        type: 'object',
        additionalProperties: false,
        properties: { trackingNumber: nullableText(100), trackingLink: { type: ['string', 'null'], format: 'uri', maxLength: 2000 } },
      },
      (context, id, body) => buybacks.ship(context, id, body as { trackingNumber?: string | null; trackingLink?: string | null }),
    ),
    transition('check-in', 'checkInBuyback', 'The warehouse registers the device', 'buyback.check_in', undefined, (context, id) =>
      buybacks.checkIn(context, id),
    ),
    transition(
      'complete-by-price',
      'completeBuybackByPrice',
      'The check confirms the declaration: the declared price is validated',
      'buyback.control',
      {
        type: 'object',
        additionalProperties: false,
        properties: { controlledPriceInCents: { ...cents, type: ['integer', 'null'] }, comment: nullableText(255) },
      },
      (context, id, body) => buybacks.completeByPrice(context, id, body as { controlledPriceInCents?: number | null; comment?: string | null }),
    ),
    transition(
      'absorb',
      'absorbPriceDeviation',
      "The retailer's absorption rule covers the deviation found at the check",
      'buyback.control',
      {
        type: 'object',
        required: ['controlledPriceInCents'],
        additionalProperties: false,
        properties: { controlledPriceInCents: cents, comment: nullableText(255) },
      },
      (context, id, body) => buybacks.absorb(context, id, body as { controlledPriceInCents: number; comment?: string | null }),
    ),
    transition(
      'propose-new-price',
      'proposeNewPrice',
      'Proposes a lower price after the check; the customer is e-mailed a link to accept or reject it',
      'buyback.control',
      {
        type: 'object',
        required: ['proposedPriceInCents', 'reason'],
        additionalProperties: false,
        properties: { proposedPriceInCents: cents, reason: text(255, 2), comment: nullableText(255) },
      },
      (context, id, body) =>
        buybacks.proposeNewPrice(context, id, body as { proposedPriceInCents: number; reason: string; comment?: string | null }, publicBaseUrl),
    ),
    transition('complete', 'completeBuyback', 'Completes a received buyback without a compliance check', 'buyback.control', undefined, (context, id) =>
      buybacks.completeWithoutControl(context, id),
    ),
    transition(
      'cancel',
      'cancelBuyback',
      'Cancels the buyback (irreversible); `force` when the payment can no longer be cancelled',
      'buyback.cancel',
      {
        type: 'object',
        required: ['reason'],
        additionalProperties: false,
        properties: { reason: { type: 'string', enum: [...CANCEL_REASONS] }, comment: nullableText(255), force: { type: 'boolean' } },
      },
      (context, id, body) => buybacks.cancel(context, id, body as { reason: CancelReason; comment?: string | null; force?: boolean }),
    ),
  ];
}
