import { STOCK_SORTS, type WarehouseQueries } from '../../../../application/warehouse/warehouse-queries.js';
import { ReplayTargetView, ReplayView, StockPage, StockView, VerificationJobView, VerificationPage, VerificationView } from '../../../../application/warehouse/warehouse-views.js';
import type { WarehousePorts } from '../../../../application/warehouse/warehouse-ports.js';
import { createStock, deleteStock, updateStock } from '../../../../application/warehouse/commands/stocks.js';
import { verifyCodes, VERIFICATION_INLINE_MAX_ROWS, VERIFICATION_JOB_KIND, VERIFICATION_MAX_BYTES } from '../../../../application/warehouse/commands/verify-codes.js';
import type { JobQueue } from '../../../../application/jobs/job-queue.js';
import { canSeeJob, presentJob, type JobDocument } from '../../../../application/jobs/jobs.js';
import { ApplicationError } from '../../../../application/commands/errors.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { replayBuyback, replayTargetByCode } from '../../../../application/warehouse/queries/replay.js';
import { VERIFICATION_SCOPES } from '../../../../application/warehouse/read-models.js';
import type { Locale } from '../../../../domain/organizations/events.js';
import { STOCK_TEXT_MAX } from '../../../../domain/warehouse/stocks/stocks.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { NullableText, StringEnum, Text, Type, idParams, uuid } from '../schemas.js';

const stockFields = {
  name: Text(STOCK_TEXT_MAX, 1),
  identifier: Type.Optional(NullableText(STOCK_TEXT_MAX)),
  location: Type.Optional(NullableText(STOCK_TEXT_MAX)),
};

/** A job's failure in the caller's language: the message its code has in the API's texts. */
const translatorOf = (texts: Texts) => (locale: Locale) => (code: string, details: Record<string, unknown>) => texts.text(locale, `errors.${code}`, details);

export function stockRoutes(ports: WarehousePorts, queries: WarehouseQueries, jobs: JobQueue, texts: Texts): Route[] {
  const onStock = idParams('id');
  const translator = translatorOf(texts);
  return [
    ...listRoutes({
      path: '/stocks',
      tag: 'stocks',
      sorts: STOCK_SORTS,
      filters: {
        warehouseId: Type.Optional(uuid),
        name: Type.Optional(Text(STOCK_TEXT_MAX)),
        native: Type.Optional(Type.Boolean({ description: 'true: the native stocks only; false: the warehouse’s own only.' })),
      },
      page: {
        operationId: 'listStocks',
        summary: 'The stocks of the caller’s warehouse (or tenant): native ones and its own, each with its product quantity and average age in days',
        permission: 'stock.list',
        schema: StockPage,
        handler: ({ principal }, query) => queries.listStocks(principal, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/stocks',
      operationId: 'createStock',
      summary: 'Creates a stock in a warehouse (a warehouse user’s own; others name it): its name required, unique there. A warehouse’s own stocks (creating, changing, deleting them) need the advanced_stocks premium feature; the native stocks need none',
      tag: 'stocks',
      access: { kind: 'authenticated', permission: createStock.permission as string },
      body: Type.Object({ ...stockFields, warehouseId: Type.Optional(Type.Union([uuid, Type.Null()])) }, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Created', schema: CommandAnswer },
      otherResponses: { 403: 'The retailer lacks the advanced_stocks premium feature a warehouse’s own stocks need (PREMIUM_FEATURE_NOT_ENABLED)' },
      async handler(context) {
        const outcome = await createStock.run(ports, commandContext(context), context.body);
        return { ...commandResult(outcome, 201), headers: { Location: `/api/stocks/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/stocks/{id}',
      operationId: 'getStock',
      summary: 'One stock, with its product quantity and average age',
      tag: 'stocks',
      access: { kind: 'authenticated', permission: 'stock.list' },
      params: onStock,
      response: { status: 200, description: 'The stock', schema: StockView },
      handler: async ({ principal, params }) => ({ body: await queries.stock(principal, params.id) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/stocks/{id}',
      operationId: 'updateStock',
      summary: 'Renames a stock of the warehouse’s own, or changes its identifier or location (a native stock cannot change); what the body leaves out stays as it was',
      tag: 'stocks',
      access: { kind: 'authenticated', permission: updateStock.permission as string },
      params: onStock,
      body: Type.Object({ ...stockFields, name: Type.Optional(stockFields.name) }, { additionalProperties: false }),
      response: { status: 200, description: 'Updated', schema: CommandAnswer },
      otherResponses: { 403: 'The retailer lacks the advanced_stocks premium feature a warehouse’s own stocks need (PREMIUM_FEATURE_NOT_ENABLED)' },
      async handler(context) {
        return commandResult(await updateStock.run(ports, commandContext(context), { stockId: context.params.id, ...context.body }));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/stocks/{id}',
      operationId: 'deleteStock',
      summary: 'Deletes a stock of the warehouse’s own that holds no item and no refurbishment step (a native stock cannot be deleted)',
      tag: 'stocks',
      access: { kind: 'authenticated', permission: deleteStock.permission as string },
      params: onStock,
      response: { status: 200, description: 'Deleted', schema: CommandAnswer },
      otherResponses: { 403: 'The retailer lacks the advanced_stocks premium feature a warehouse’s own stocks need (PREMIUM_FEATURE_NOT_ENABLED)' },
      async handler(context) {
        return commandResult(await deleteStock.run(ports, commandContext(context), { stockId: context.params.id }));
      },
    }),
    ...listRoutes({
      path: '/verifications',
      tag: 'stocks',
      sorts: { createdAt: { path: 'createdAt' } },
      filters: { warehouseId: Type.Optional(uuid) },
      page: {
        operationId: 'listVerifications',
        summary: 'The verifications of lists of codes made in the caller’s warehouse, newest first',
        permission: 'item.verify',
        schema: VerificationPage,
        handler: ({ principal }, query) => queries.listVerifications(principal, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/verifications',
      operationId: 'verifyCodes',
      summary: `Compares a CSV of codes (a buyer’s or a carrier’s list, one code per row under a \`code\` header) with what the warehouse expects (in transit to it, or in it): matched, missing and unexpected codes, recorded and e-mailed to the caller. Up to ${VERIFICATION_INLINE_MAX_ROWS} rows the report answers at once (201); a longer list is verified in the background: 202 with the job, its Location to poll (GET /verifications/jobs/{id}), whose result is the same report. A file that is not such a CSV, or too large, is refused and nothing changes (a fault found only while reading a long list fails its job with the same code). A warehouse user naming another warehouse is refused (403 WAREHOUSE_NOT_ALLOWED)`,
      tag: 'stocks',
      access: { kind: 'authenticated', permission: verifyCodes.permission as string },
      body: Type.Object(
        {
          warehouseId: Type.Optional(Type.Union([uuid, Type.Null()])),
          scope: StringEnum(VERIFICATION_SCOPES),
          stockId: Type.Optional(Type.Union([uuid, Type.Null()])),
          fileName: Text(255, 1),
          content: Type.String({ maxLength: VERIFICATION_MAX_BYTES, description: 'The CSV file’s text (UTF-8).' }),
        },
        { additionalProperties: false },
      ),
      idempotent: true,
      response: { status: 201, description: 'The report', schema: VerificationView },
      otherResponses: { 202: { description: `A list of more than ${VERIFICATION_INLINE_MAX_ROWS} rows: its job, queued (Location: the job)`, schema: VerificationJobView } },
      async handler(context) {
        const outcome = await verifyCodes.run({ ...ports, jobs }, commandContext(context), context.body);
        if (outcome.kind === 'job') {
          // The 202's body is the job (otherResponses declares its schema); the route's type names the 201's.
          const job = presentJob(outcome.job, translator(context.locale)) satisfies VerificationJobView;
          return { status: 202, headers: { Location: `/api/verifications/jobs/${outcome.id}` }, body: job as unknown as VerificationView };
        }
        return { status: 201, position: outcome.position, headers: { Location: `/api/verifications/${outcome.id}` }, body: { id: outcome.id, ...outcome.report } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/verifications/jobs/{id}',
      operationId: 'getVerificationJob',
      summary:
        'A long list’s verification in the background: queued, running (progress in rows of the file), done (the report, as POST /verifications answers it; also at GET /verifications/{id}) or failed (the error, translated: the file’s fault, or JOB_INTERRUPTED when the server stopped: send the file again). Only its tenant sees it',
      tag: 'stocks',
      access: { kind: 'authenticated', permission: 'item.verify' },
      params: idParams('id'),
      response: { status: 200, description: 'The job', schema: VerificationJobView },
      async handler({ principal, params, locale }) {
        const job = (await jobs.get(params.id)) as JobDocument<VerificationView> | null;
        if (!job || job.kind !== VERIFICATION_JOB_KIND || !canSeeJob(principal, job)) throw new ApplicationError('JOB_NOT_FOUND', { jobId: params.id });
        return { body: presentJob(job, translator(locale)) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/verifications/{id}',
      operationId: 'getVerification',
      summary: 'One verification’s report',
      tag: 'stocks',
      access: { kind: 'authenticated', permission: 'item.verify' },
      params: idParams('id'),
      response: { status: 200, description: 'The report', schema: VerificationView },
      handler: async ({ principal, params }) => ({ body: await queries.verification(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/replay-targets/{code}',
      operationId: 'findReplayTarget',
      summary:
        'The buyback whose replay a code opens: its 13-digit code or the 8-character item code the lists show; 409 ITEM_CODE_AMBIGUOUS lists the devices sharing an 8-character code (each with its buyback), 404 ITEM_CODE_NOT_RECOGNISED, 400 ITEM_CODE_LENGTH or ITEM_CODE_INVALID',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'audit.replay' },
      params: Type.Object(
        { code: Type.String({ maxLength: 64, description: 'A 13-digit code or an 8-character item code (spaces ignored).' }) },
        { additionalProperties: false },
      ),
      response: { status: 200, description: 'The buyback and its device', schema: ReplayTargetView },
      handler: async ({ principal, params }) => ({ body: await replayTargetByCode(ports.documents, principal, params.code) }),
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/{id}/replay',
      operationId: 'replayBuyback',
      summary:
        'What the platform knew of a buyback and its item at a moment (`at`, default now; or the first `upTo` events), folded from the stored events with the same machines, and every event of both, in order, with who, when and why (personal data withheld)',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'audit.replay' },
      params: idParams('id'),
      query: Type.Object(
        {
          at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
          upTo: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        },
        { additionalProperties: false },
      ),
      response: { status: 200, description: 'The state at that moment, and the events', schema: ReplayView },
      async handler({ principal, params, query }) {
        const at = query.at === undefined ? undefined : new Date(query.at).toISOString();
        return { body: await replayBuyback(ports, principal, params.id, { ...(at ? { at } : {}), ...(query.upTo !== undefined ? { upTo: query.upTo } : {}) }, ports.clock.now()) };
      },
    }),
  ];
}

