import type { LogisticsPorts } from '../../../../application/logistics/logistics-ports.js';
import type { LogisticsQueries } from '../../../../application/logistics/logistics-queries.js';
import type { LabelWorker } from '../../../../application/logistics/label-worker.js';
import { AwaitingShipmentPage, PackagePage, PackageView, PackedBuybackView } from '../../../../application/logistics/logistics-views.js';
import {
  addBuybackToPackage,
  clearPackage,
  closePackage,
  discardPackage,
  openPackage,
  removeBuybackFromPackage,
  visiblePackage,
} from '../../../../application/logistics/commands/packages.js';
import { transportIdOf } from '../../../../application/logistics/logistics-process.js';
import { LABEL_MODES } from '../../../../domain/logistics/packages/events.js';
import { PACKAGE_STATUSES } from '../../../../domain/logistics/packages/state.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult, commandRoute } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { HttpError } from '../../errors.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Type, idParams, noBody, uuid } from '../schemas.js';

/** The UIs ask again after 3, 5, 10 and 15 seconds (the specification's polling): the first wait is the hint. */
export const LABEL_RETRY_AFTER_SECONDS = 3;

export const PACKAGE_SORTS = {
  createdAt: { path: 'createdAt' },
  number: { path: 'number' },
  status: { path: 'status' },
} as const;

const onPackage = idParams('id');
const tag = 'expedition';

export function packageRoutes(ports: LogisticsPorts, queries: LogisticsQueries, labels: LabelWorker): Route[] {
  return [
    ...listRoutes({
      path: '/packages',
      tag,
      sorts: PACKAGE_SORTS,
      filters: {
        status: Type.Optional(Type.Array(StringEnum(PACKAGE_STATUSES), { maxItems: PACKAGE_STATUSES.length })),
        storeId: Type.Optional(uuid),
        warehouseId: Type.Optional(uuid),
        number: Type.Optional(Type.String({ maxLength: 20 })),
      },
      page: {
        operationId: 'listPackages',
        summary: 'The packages the caller may see (their store’s, or those bound for their warehouse), newest first',
        permission: 'package.read',
        schema: PackagePage,
        handler: ({ principal }, query) => queries.listPackages(principal, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/packages',
      operationId: 'openPackage',
      summary: 'Opens a package at a store (a store user’s own; others name it), bound for a warehouse of the tenant, under a carrier’s label or for the retailer’s own collection',
      tag,
      access: { kind: 'authenticated', permission: openPackage.permission as string },
      body: Type.Object({ warehouseId: uuid, labelMode: StringEnum(LABEL_MODES), storeId: Type.Optional(Type.Union([uuid, Type.Null()])) }, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Opened', schema: CommandAnswer },
      async handler(context) {
        const outcome = await openPackage.run(ports, commandContext(context), context.body);
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/packages/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/packages/{id}',
      operationId: 'getPackage',
      summary: 'A package: its devices, its weight, its label and its delivery',
      tag,
      access: { kind: 'authenticated', permission: 'package.read' },
      params: onPackage,
      response: { status: 200, description: 'The package (ETag: its revision)', schema: PackageView },
      async handler({ principal, params }) {
        const found = await visiblePackage(queries, principal, params.id);
        return { body: await queries.package(principal, params.id), headers: { ETag: etagOf(found.revision) } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/packages/{id}/items',
      operationId: 'addBuybackToPackage',
      summary:
        'Scans a buyback into an open package by its 13-digit code. Refused with BB_DOES_NOT_EXIST, BB_ALREADY_PROCESSED, BB_EXPEDITION_NOT_NEEDED, BB_ALREADY_FILLED, SHIPMENT_ERROR, BB_NEEDS_LABEL or BB_LABEL_NOT_NEEDED; of two packages taking one buyback at once, exactly one succeeds',
      tag,
      access: { kind: 'authenticated', permission: addBuybackToPackage.permission as string },
      params: onPackage,
      body: Type.Object({ code: Type.String({ maxLength: 64, description: 'The buyback’s 13-digit code, as scanned (spaces ignored).' }) }, { additionalProperties: false }),
      idempotent: true,
      response: {
        status: 200,
        description: 'The package’s new status and revision (also in ETag), and the device it took',
        schema: Type.Object({ ...CommandAnswer.properties, buyback: PackedBuybackView }, { title: 'PackageScanAnswer' }),
      },
      async handler(context) {
        const outcome = await addBuybackToPackage.run(ports, commandContext(context), { packageId: context.params.id, code: context.body.code });
        return { ...commandResult(outcome), body: { id: outcome.id, status: outcome.status, revision: outcome.revision, buyback: outcome.buyback } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/packages/{id}/items/{buybackId}',
      operationId: 'removeBuybackFromPackage',
      summary: 'Takes a buyback out of an open package: it is free to go in another',
      tag,
      access: { kind: 'authenticated', permission: removeBuybackFromPackage.permission as string },
      params: idParams('id', 'buybackId'),
      conditional: true,
      response: { status: 200, description: 'The package’s new status and revision (also in ETag)', schema: CommandAnswer },
      async handler(context) {
        return commandResult(await removeBuybackFromPackage.run(ports, commandContext(context), { packageId: context.params.id, buybackId: context.params.buybackId }));
      },
    }),
    commandRoute(clearPackage, ports, {
      path: '/packages/{id}/clear',
      operationId: 'clearPackage',
      summary: 'Empties an open package (the expedition list cleared): its buybacks are free again; the package stays open',
      tag,
      params: onPackage,
      body: noBody,
      input: ({ params }) => ({ packageId: params.id }),
    }),
    commandRoute(discardPackage, ports, {
      path: '/packages/{id}/discard',
      operationId: 'discardPackage',
      summary: 'Abandons an open package: its buybacks are free again',
      tag,
      params: onPackage,
      body: noBody,
      input: ({ params }) => ({ packageId: params.id }),
    }),
    commandRoute(closePackage, ports, {
      path: '/packages/{id}/close',
      operationId: 'closePackage',
      summary:
        'Closes a package, confirmed and irreversible: its content is fixed, its buybacks and their devices are shipped (in transit), and its label is asked of the carrier; PACKAGE_CANNOT_BE_CLOSED when it is empty or not open',
      tag,
      params: onPackage,
      body: noBody,
      input: ({ params }) => ({ packageId: params.id }),
    }),
    defineRoute({
      method: 'get',
      path: '/packages/{id}/label',
      operationId: 'getPackageLabel',
      summary: 'The package’s transport label (a 10 × 15 cm PDF): 425 while the carrier makes it, 404 for a package the retailer’s own transport collects',
      tag,
      access: { kind: 'authenticated', permission: 'package.read' },
      params: onPackage,
      response: { status: 200, description: 'The label', contentType: 'application/pdf' },
      otherResponses: { 425: 'The label is being made (SHIPPING_LABEL_NOT_READY): ask again after Retry-After' },
      async handler({ principal, params }) {
        const found = await visiblePackage(queries, principal, params.id);
        if (found.labelMode === 'without_label') throw new HttpError('PACKAGE_LABEL_NOT_EXPECTED', { number: found.number });
        const pdf = found.status === 'open' ? null : await labels.labelPdf(transportIdOf.package(found._id));
        if (!pdf) throw new HttpError('SHIPPING_LABEL_NOT_READY', { retryAfterSeconds: LABEL_RETRY_AFTER_SECONDS }, { 'Retry-After': String(LABEL_RETRY_AFTER_SECONDS) });
        return { raw: { contentType: 'application/pdf', data: pdf }, headers: { 'Content-Disposition': `inline; filename="label-${found.number}.pdf"` } };
      },
    }),
    ...listRoutes({
      path: '/expedition/buybacks',
      tag,
      sorts: { createdAt: { path: 'createdAt' } },
      filters: { storeId: Type.Optional(uuid) },
      page: {
        operationId: 'listAwaitingShipment',
        summary: 'The devices of the caller’s store waiting to leave (the expedition list): each with whether it travels under a label, and its open package',
        permission: 'package.read',
        schema: AwaitingShipmentPage,
        handler: ({ principal }, query) => queries.awaitingShipment(principal, query),
      },
    }),
  ];
}
