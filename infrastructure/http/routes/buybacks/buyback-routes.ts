import type { Logger } from 'pino';
import type { TSchema } from '@sinclair/typebox';
import { BUYBACK_SORTS, type BuybackQueries } from '../../../../application/buybacks/buyback-queries.js';
import {
  BuybackPage,
  BuybackReferences,
  BuybackView,
  type BuybackFilterName,
  CreatedBuybackView,
  HistoryList,
} from '../../../../application/buybacks/buyback-views.js';
import type { DocumentsLinks } from '../../../../application/buybacks/documents-token.js';
import type { BuybackPorts } from '../../../../application/buybacks/buyback-ports.js';
import { presentBuyback } from '../../../../application/buybacks/present-buyback.js';
import { registerBuyback, type RegisterBuybackInput } from '../../../../application/buybacks/commands/register-buyback.js';
import { finalizeInStore } from '../../../../application/buybacks/commands/finalize-in-store.js';
import { shipBuyback } from '../../../../application/buybacks/commands/ship-buyback.js';
import { checkInBuyback } from '../../../../application/buybacks/commands/check-in-buyback.js';
import { completeByPrice } from '../../../../application/buybacks/commands/complete-by-price.js';
import { absorbPriceDeviation } from '../../../../application/buybacks/commands/absorb-price-deviation.js';
import { proposeNewPrice } from '../../../../application/buybacks/commands/propose-new-price.js';
import { completeBuyback } from '../../../../application/buybacks/commands/complete-buyback.js';
import { cancelBuyback } from '../../../../application/buybacks/commands/cancel-buyback.js';
import type { Principal } from '../../../../application/organizations/principal.js';
import { BUYBACK_CHANNELS, CANCEL_REASONS } from '../../../../domain/buybacks/events.js';
import { BUYBACK_STATUSES } from '../../../../domain/buybacks/state.js';
import { parseIdentificationNumber } from '../../../../domain/values/identification-number.js';
import { TEXT_BOUNDS } from '../../../../domain/values/text.js';
import { DELIVERY_STATUSES, type BuybackDocument } from '../../../../application/buybacks/read-models.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { commandContext, commandRoute } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes, mapRows } from '../../list-route.js';
import { defineRoute, type Route, type RouteContext } from '../../route.js';
import { MAX_QUERY_VALUES, NullableText, StringEnum, Text, Type, idParams, noBody, responsesSchema, uuid } from '../schemas.js';
import { buybackCsv } from './buyback-csv.js';

/** Who may see the customer's IBAN in full and their identity document's number (docs/permissions.md). */
export const SENSITIVE_CUSTOMER_DATA = 'buyback.read_customer_documents';

const cents = Type.Integer({ minimum: 0, maximum: 5_000_000 });

/**
 * The customer object is checked here for shape and length: its values are
 * checked by the application's customer rules, which name each field in the
 * error. The lengths are the rules' own (TEXT_BOUNDS), so the document says
 * what is accepted.
 */
const customerSchema = Type.Object(
  {
    firstName: Text(TEXT_BOUNDS.default.max),
    lastName: Text(TEXT_BOUNDS.default.max),
    email: Text(1000),
    phone: Text(100),
    street: Text(TEXT_BOUNDS.address.max),
    streetComplement: Type.Optional(NullableText(TEXT_BOUNDS.address.max)),
    city: Text(TEXT_BOUNDS.city.max),
    zipCode: Text(100),
    country: Text(100),
    iban: Type.Optional(NullableText(100)),
    identity: Type.Optional(
      Type.Union([
        Type.Object(
          {
            type: Text(100),
            number: Text(100),
            // Not asked when only the customer ID (type and number) is collected: the general setting customerIdCollectionEnabled.
            issuingAuthority: Type.Optional(NullableText(1000)),
            deliveryDate: Type.Optional(NullableText(100)),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);

export const createBuybackBody = Type.Object(
  {
    productId: uuid,
    responses: responsesSchema,
    imei: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    acceptUnknownImei: Type.Optional(Type.Boolean()),
    customer: customerSchema,
    circuitId: uuid,
    shippingMethodId: uuid,
    paymentModeId: uuid,
  },
  { additionalProperties: false },
);

/** The list's filters (BUYBACK_FILTERS): arrays as `name[]=value`. */
const listFilters = {
  status: Type.Optional(Type.Array(StringEnum(BUYBACK_STATUSES), { maxItems: BUYBACK_STATUSES.length })),
  channel: Type.Optional(StringEnum(BUYBACK_CHANNELS)),
  customerName: Type.Optional(Text(255)),
  identificationNumber: Type.Optional(Type.String({ pattern: '^[0-9]{1,13}$', maxLength: 13 })),
  storeId: Type.Optional(Type.Array(uuid, { maxItems: MAX_QUERY_VALUES })),
  productId: Type.Optional(uuid),
  circuitId: Type.Optional(uuid),
  warehouseId: Type.Optional(uuid),
  buyerId: Type.Optional(uuid),
  categoryId: Type.Optional(Type.String({ format: 'uuid', maxLength: 36, description: 'The category and every category below it.' })),
  brand: Type.Optional(Text(255, 0, { description: 'The whole brand, whatever the case.' })),
  deliveryStatus: Type.Optional(Type.Array(StringEnum(DELIVERY_STATUSES), { maxItems: DELIVERY_STATUSES.length })),
  createdFrom: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  createdTo: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
} satisfies Record<BuybackFilterName, TSchema>;

export interface BuybackRouteDependencies {
  ports: BuybackPorts;
  queries: BuybackQueries;
  logger: Logger;
  /** The API's texts: the export's header line and captions. */
  texts: Texts;
  /** The documents tokens a registration answers (application/buybacks/documents-token.ts). */
  documentsLinks: DocumentsLinks;
}

export function buybackRoutes({ ports, queries, logger, texts, documentsLinks }: BuybackRouteDependencies): Route[] {
  /** The detail, with the customer's documents shown to the roles that need them; each such read is logged. */
  const detail = (principal: Principal, document: BuybackDocument, correlationId: string) => {
    const sensitive = principal.permissions.has(SENSITIVE_CUSTOMER_DATA);
    if (sensitive) {
      logger.info(
        { audit: 'customer_documents_read', buybackId: document._id, userId: principal.userId, accountId: document.accountId, correlationId },
        'customer documents shown',
      );
    }
    return presentBuyback(document, principal, { sensitive });
  };

  const register = (channel: 'store' | 'web') =>
    async function handler(context: RouteContext<unknown, undefined, typeof createBuybackBody, { kind: 'authenticated'; permission: string; anonymous?: boolean }>) {
      const input: RegisterBuybackInput = {
        ...context.body,
        channel,
        storeId: channel === 'store' ? ((context.params as { storeId?: string }).storeId ?? null) : null,
      };
      const outcome = await registerBuyback.run(ports, commandContext(context), input);
      return {
        status: 201,
        position: outcome.position,
        headers: { ETag: etagOf(outcome.revision), Location: `/api/buybacks/${outcome.id}` },
        body: {
          id: outcome.id,
          identificationNumber: outcome.identificationNumber,
          status: outcome.status,
          revision: outcome.revision,
          documentsToken: documentsLinks.tokenFor(outcome.id, outcome.registeredAt),
        },
      };
    };

  const onBuyback = idParams('id');
  const lifecycle = { tag: 'buybacks', params: onBuyback } as const;

  return [
    defineRoute({
      method: 'post',
      path: '/store/{storeId}/buybacks',
      operationId: 'createStoreBuyback',
      summary: 'A store seller registers a buyback for a customer in their store',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.create' },
      params: idParams('storeId'),
      body: createBuybackBody,
      idempotent: true,
      response: { status: 201, description: 'Registered', schema: CreatedBuybackView },
      handler: register('store'),
    }),
    defineRoute({
      method: 'post',
      path: '/web/buybacks',
      operationId: 'createWebBuyback',
      summary: "A storefront visitor registers a buyback on the retailer's white-label site",
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.create_web', anonymous: true },
      body: createBuybackBody,
      idempotent: true,
      response: { status: 201, description: 'Registered', schema: CreatedBuybackView },
      handler: register('web'),
    }),
    ...listRoutes({
      path: '/buybacks',
      tag: 'buybacks',
      sorts: BUYBACK_SORTS,
      filters: listFilters,
      personalData: true,
      page: {
        operationId: 'listBuybacks',
        summary: 'Buybacks the caller may see, filtered, sorted and paged (IBANs masked, no identity numbers)',
        permission: 'buyback.list',
        schema: BuybackPage,
        async handler({ principal }, query) {
          const page = await queries.list(principal, query);
          return { ...page, items: page.items.map((b) => presentBuyback(b, principal, { sensitive: false })) };
        },
      },
      export: {
        operationId: 'exportBuybacks',
        summary:
          'Every buyback of the filtered list as CSV, streamed (UTF-8 with BOM, semicolon-separated, dates, amounts and statuses as the dashboard shows them in the caller’s language and timeZone; no IBAN, no identity number)',
        permission: 'buyback.export',
        filename: 'buybacks',
        async handler({ principal }, query, format) {
          const csv = buybackCsv(texts, format, await queries.references(principal));
          return { header: csv.header, rows: mapRows(queries.all(principal, query), csv.row) };
        },
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buyback-references',
      operationId: 'getBuybackReferences',
      summary: 'Names of the stores, warehouses, buyers, circuits, categories and shipping methods the buyback screens show and filter by',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.list' },
      response: { status: 200, description: 'The names', schema: BuybackReferences },
      async handler({ principal }) {
        return { body: await queries.references(principal) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/by-identification-number/{identificationNumber}',
      operationId: 'getBuybackByIdentificationNumber',
      summary: 'A buyback by its 13-digit identification number',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.read' },
      params: Type.Object({ identificationNumber: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'The buyback; its ETag is the revision', schema: BuybackView },
      async handler({ principal, params, correlationId }) {
        const document = await queries.byIdentificationNumber(principal, parseIdentificationNumber(params.identificationNumber));
        return { headers: { ETag: etagOf(document.revision) }, body: detail(principal, document, correlationId) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/{id}',
      operationId: 'getBuyback',
      summary: 'One buyback; its ETag is the revision to send back in If-Match',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.read' },
      params: onBuyback,
      personalData: true,
      response: { status: 200, description: 'The buyback', schema: BuybackView },
      async handler({ principal, params, correlationId }) {
        const document = await queries.byId(principal, params.id);
        return { headers: { ETag: etagOf(document.revision) }, body: detail(principal, document, correlationId) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/{id}/history',
      operationId: 'getBuybackHistory',
      summary: 'Every event of the buyback: what, when, who, why and the values it changed',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.read' },
      params: onBuyback,
      response: { status: 200, description: 'The history, oldest first', schema: HistoryList },
      async handler({ principal, params }) {
        return { body: await queries.history(principal, params.id) };
      },
    }),
    commandRoute(finalizeInStore, ports, {
      path: '/store/{storeId}/buybacks/{id}/finalize',
      operationId: 'finalizeStoreBuyback',
      summary: 'A store seller finalizes a web pre-declared buyback dropped in their store',
      tag: 'buybacks',
      params: idParams('storeId', 'id'),
      body: noBody,
      input: ({ params }) => ({ buybackId: params.id, storeId: params.storeId }),
    }),
    commandRoute(shipBuyback, ports, {
      ...lifecycle,
      path: '/buybacks/{id}/ship',
      operationId: 'shipBuyback',
      summary: 'The device leaves for the warehouse',
      body: Type.Object(
        {
          trackingNumber: Type.Optional(NullableText(100)),
          trackingLink: Type.Optional(Type.Union([Type.String({ format: 'uri', maxLength: 2000 }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
      input: ({ params, body }) => ({ buybackId: params.id, ...body }),
    }),
    commandRoute(checkInBuyback, ports, {
      ...lifecycle,
      path: '/buybacks/{id}/check-in',
      operationId: 'checkInBuyback',
      summary: 'The warehouse registers the device',
      body: noBody,
      input: ({ params }) => ({ buybackId: params.id }),
    }),
    commandRoute(completeByPrice, ports, {
      ...lifecycle,
      path: '/buybacks/{id}/complete-by-price',
      operationId: 'completeBuybackByPrice',
      summary: 'The check confirms the declaration: the declared price is validated',
      body: Type.Object(
        { controlledPriceInCents: Type.Optional(Type.Union([cents, Type.Null()])), comment: Type.Optional(NullableText(255)) },
        { additionalProperties: false },
      ),
      input: ({ params, body }) => ({ buybackId: params.id, ...body }),
    }),
    commandRoute(absorbPriceDeviation, ports, {
      ...lifecycle,
      path: '/buybacks/{id}/absorb',
      operationId: 'absorbPriceDeviation',
      summary: "The retailer's absorption rule covers the deviation found at the check",
      body: Type.Object({ controlledPriceInCents: cents, comment: Type.Optional(NullableText(255)) }, { additionalProperties: false }),
      input: ({ params, body }) => ({ buybackId: params.id, ...body }),
    }),
    commandRoute(proposeNewPrice, ports, {
      ...lifecycle,
      path: '/buybacks/{id}/propose-new-price',
      operationId: 'proposeNewPrice',
      summary: 'Proposes a lower price after the check; the customer is e-mailed a link to accept or reject it',
      body: Type.Object(
        { proposedPriceInCents: cents, reason: Text(255, 2), comment: Type.Optional(NullableText(255)) },
        { additionalProperties: false },
      ),
      input: ({ params, body }) => ({ buybackId: params.id, ...body }),
    }),
    commandRoute(completeBuyback, ports, {
      ...lifecycle,
      path: '/buybacks/{id}/complete',
      operationId: 'completeBuyback',
      summary: 'Completes a received buyback without a compliance check',
      body: noBody,
      input: ({ params }) => ({ buybackId: params.id }),
    }),
    commandRoute(cancelBuyback, ports, {
      ...lifecycle,
      path: '/buybacks/{id}/cancel',
      operationId: 'cancelBuyback',
      summary: 'Cancels the buyback (irreversible); `force` when the payment can no longer be cancelled',
      body: Type.Object(
        { reason: StringEnum(CANCEL_REASONS), comment: Type.Optional(NullableText(255)), force: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
      input: ({ params, body }) => ({ buybackId: params.id, ...body }),
    }),
  ];
}
