import { ApplicationError } from '../../../../application/commands/errors.js';
import { idFromIdempotencyKey } from '../../../../application/commands/idempotency.js';
import type { CommandContext } from '../../../../application/commands/command-slice.js';
import type { JobQueue } from '../../../../application/jobs/job-queue.js';
import { canSeeJob, presentJob, type JobDocument } from '../../../../application/jobs/jobs.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { buildTransferFile } from '../../../../application/payments/build-transfer-file.js';
import { downloadTransferFile, importStatusReport, markTransferFileCompleted, openTransferFile } from '../../../../application/payments/settle-transfer-file.js';
import { setDebtorAccount, transferFileName, type TransferFileDeps, type TransferFileQueries } from '../../../../application/payments/transfer-files.js';
import {
  DebtorAccountInputView,
  DebtorAccountView,
  MarkCompletedResultView,
  StatusReportJobView,
  StatusReportResultView,
  TransferFileBuiltView,
  TransferFilePage,
  type StatusReportResultView as StatusReportResult,
} from '../../../../application/payments/transfer-file-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { TRANSFER_FILE_STATUSES } from '../../../../domain/payments/transfer-file.js';
import type { Locale } from '../../../../domain/organizations/events.js';
import { creditTransferFileChunks } from '../../../payments/sepa/credit-transfer-file.js';
import { countStatusLines, readStatusReport } from '../../../payments/sepa/status-report.js';
import { commandContext, commandResult } from '../../command-route.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams, uuid } from '../schemas.js';
import { transferFileTransactions } from './transfer-file-transactions.js';

const tag = 'payment transfer files';
/** Provider staff name the tenant they work for; others work on their own. */
const accountQuery = Type.Object({ accountId: Type.Optional(uuid) }, { additionalProperties: false });
/** Up to this many transactions a status report is imported at once; a longer one is a job. */
export const STATUS_REPORT_INLINE_MAX_LINES = 500;
/** The report's text fits the API's 1 MB body. */
export const STATUS_REPORT_MAX_CHARS = 900_000;
export const STATUS_REPORT_JOB_KIND = 'sepa_status_report';

const translatorOf = (texts: Texts) => (locale: Locale) => (code: string, details: Record<string, unknown>) => texts.text(locale, `errors.${code}`, details);

export function transferFileRoutes(deps: TransferFileDeps, queries: TransferFileQueries, jobs: JobQueue, texts: Texts): Route[] {
  const translator = translatorOf(texts);
  const onFile = idParams('id');
  return [
    defineRoute({
      method: 'get',
      path: '/settings/payments',
      operationId: 'getPaymentSettings',
      summary: 'The debtor account of the tenant’s SEPA credit-transfer files (the retailer’s name, IBAN and BIC); `configured` is false until it is set',
      tag,
      access: { kind: 'authenticated', permission: 'payment_settings.manage' },
      query: accountQuery,
      response: { status: 200, description: 'The debtor account', schema: DebtorAccountView },
      handler: async ({ principal, query }) => ({ body: await queries.debtorAccount(principal, query.accountId) }),
    }),
    defineRoute({
      method: 'put',
      path: '/settings/payments',
      operationId: 'setPaymentSettings',
      summary:
        'Sets the debtor account of the transfer files: a name (1 to 70 characters), an IBAN checked as the customers’ are (IBAN_* codes), an optional BIC of 8 or 11 characters (SEPA_DEBTOR_INVALID naming the field)',
      tag,
      access: { kind: 'authenticated', permission: setDebtorAccount.permission as string },
      query: accountQuery,
      body: DebtorAccountInputView,
      response: { status: 200, description: 'Saved (the settings stream’s revision)', schema: CommandAnswer },
      async handler(context) {
        return commandResult(await setDebtorAccount.run(deps, commandContext(context), { ...context.body, ...accountOf(context.query) }));
      },
    }),
    ...listRoutes({
      path: '/payments/transfer-files',
      tag,
      sorts: { number: { path: 'number' }, createdAt: { path: 'createdAt' } },
      filters: { accountId: Type.Optional(uuid), status: Type.Optional(StringEnum(TRANSFER_FILE_STATUSES)) },
      page: {
        operationId: 'listTransferFiles',
        summary: 'The tenant’s SEPA credit-transfer files, newest first: their numbers, totals, downloads and how far the bank’s answer settled them',
        permission: 'payment.transfer_file',
        schema: TransferFilePage,
        handler: ({ principal }, query) => queries.list(principal, query),
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payments/transfer-files/due',
      operationId: 'countDueTransfers',
      summary: 'How many bank transfers wait for the next file',
      tag,
      access: { kind: 'authenticated', permission: 'payment.transfer_file' },
      query: accountQuery,
      response: { status: 200, description: 'The count', schema: Type.Object({ count: Type.Integer({ minimum: 0 }) }, { title: 'DueTransfers' }) },
      handler: async ({ principal, query }) => ({ body: { count: await queries.dueCount(principal, query.accountId) } }),
    }),
    defineRoute({
      method: 'post',
      path: '/payments/transfer-files',
      operationId: 'buildTransferFile',
      summary:
        'Builds the next SEPA credit-transfer file (pain.001.001.03) of the tenant’s due bank transfers: one transaction per payment, the buyback code as end-to-end id, at most 10,000 (the rest wait for the next file). Payments whose customer has no valid IBAN are left out and named. Nothing due: 409 SEPA_FILE_EMPTY; no debtor account: 409 SEPA_DEBTOR_MISSING. Two builds at once never share a payment',
      tag,
      access: { kind: 'authenticated', permission: buildTransferFile.permission as string },
      query: accountQuery,
      body: Type.Object(
        { requestedExecutionDate: Type.Optional(Type.String({ format: 'date', maxLength: 10, description: 'Today or later; the next working day when not given.' })) },
        { additionalProperties: false },
      ),
      idempotent: true,
      response: { status: 201, description: 'The file (Location: its XML)', schema: TransferFileBuiltView },
      async handler(context) {
        const outcome = await buildTransferFile.run(deps, commandContext(context), { ...context.body, ...accountOf(context.query) });
        return {
          status: 201,
          position: outcome.position,
          headers: { Location: `/api/payments/transfer-files/${outcome.id}` },
          body: {
            id: outcome.id,
            number: outcome.number,
            messageId: outcome.messageId,
            count: outcome.count,
            total: { amountInCents: outcome.totalInCents, currency: 'EUR' as const },
            leftOut: outcome.leftOut,
            revision: outcome.revision,
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payments/transfer-files/{id}',
      operationId: 'downloadTransferFile',
      summary:
        'The file’s XML (ISO 20022 pain.001.001.03, streamed, as an attachment). The first download initiates its payments (the buyback code as provider reference); a payment cancelled or relaunched since the build, or whose customer’s IBAN is no longer valid, is left out of the file and stays as it is. Later downloads give the same payments. Every download is recorded',
      tag,
      access: { kind: 'authenticated', permission: 'payment.transfer_file' },
      params: onFile,
      personalData: true,
      response: { status: 200, description: 'The XML file', contentType: 'application/xml' },
      async handler(context) {
        const started = performance.now();
        const downloaded = await downloadTransferFile(deps, commandContext(context), context.params.id);
        const initiation = performance.now() - started;
        const { built } = downloaded;
        const chunks = creditTransferFileChunks({
          messageId: built.messageId,
          createdAt: deps.clock.now(),
          requestedExecutionDate: built.requestedExecutionDate,
          debtor: built.debtor,
          transactions: () => transferFileTransactions(deps.documents, downloaded.payments, downloaded.creditors),
        });
        // No read-your-writes wait: the XML does not read the read models, and 10,000 initiations take the projections a while.
        return {
          // How long the download's decision took (the first one initiates the payments), before the XML.
          headers: { 'Content-Disposition': `attachment; filename="${transferFileName(built)}"`, 'Server-Timing': `initiation;dur=${initiation.toFixed(1)}` },
          raw: { contentType: 'application/xml; charset=utf-8', data: chunks },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/payments/transfer-files/{id}/status-report',
      operationId: 'importTransferFileStatusReport',
      summary: `Imports the bank’s status report of a downloaded file (ISO 20022 pain.002): each accepted transaction (ACSC, ACCP…) completes its payment, each rejected one (RJCT) fails it with the bank’s reason code; a group status without transactions applies to every payment. Up to ${STATUS_REPORT_INLINE_MAX_LINES} transactions it answers at once (200); a longer report is imported in the background: 202 with the job (GET /payments/transfer-files/status-reports/jobs/{id}). Not a report: 422 SEPA_REPORT_INVALID; another file’s: 422 SEPA_REPORT_MISMATCH; not downloaded yet: 409 TRANSFER_FILE_NOT_DOWNLOADED`,
      tag,
      access: { kind: 'authenticated', permission: 'payment.transfer_file' },
      params: onFile,
      body: Type.Object(
        { fileName: Type.Optional(Text(255, 1)), content: Type.String({ minLength: 1, maxLength: STATUS_REPORT_MAX_CHARS, description: 'The report’s XML text.' }) },
        { additionalProperties: false },
      ),
      idempotent: true,
      response: { status: 200, description: 'What the report changed', schema: StatusReportResultView },
      otherResponses: { 202: { description: `A report of more than ${STATUS_REPORT_INLINE_MAX_LINES} transactions: its job, queued (Location: the job)`, schema: StatusReportJobView } },
      async handler(context) {
        const command = commandContext(context);
        const fileId = context.params.id;
        const { built } = await openTransferFile(deps, command, fileId);
        const lines = countStatusLines(context.body.content);
        if (lines <= STATUS_REPORT_INLINE_MAX_LINES) {
          const { position, ...result } = await importStatusReport(deps, command, fileId, readStatusReport(context.body.content));
          return { position, body: result };
        }
        const jobId = command.idempotency ? idFromIdempotencyKey(command.idempotency.key) : deps.ids.uuid();
        const { job } = await jobs.submit<StatusReportResult>(
          { id: jobId, kind: STATUS_REPORT_JOB_KIND, owner: { accountId: built.accountId, organizationId: null, userId: command.principal.userId }, total: lines },
          async (control) => {
            await control.pause();
            const report = readStatusReport(context.body.content);
            let done = 0;
            const { position, ...result } = await importStatusReport(deps, jobContext(command), fileId, report, async () => {
              done = Math.min(lines, done + 200);
              control.progress(done);
              await control.pause();
            });
            return { result, position };
          },
        );
        const body = presentJob(job, translator(context.locale)) satisfies StatusReportJobView;
        return { status: 202, headers: { Location: `/api/payments/transfer-files/status-reports/jobs/${jobId}` }, body: body as unknown as StatusReportResult };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payments/transfer-files/status-reports/jobs/{id}',
      operationId: 'getStatusReportJob',
      summary: 'A long status report’s import in the background: queued, running (progress in transactions), done (what it changed) or failed (the error, translated). Only its tenant sees it',
      tag,
      access: { kind: 'authenticated', permission: 'payment.transfer_file' },
      params: idParams('id'),
      response: { status: 200, description: 'The job', schema: StatusReportJobView },
      async handler({ principal, params, locale }) {
        const job = (await jobs.get(params.id)) as JobDocument<StatusReportResult> | null;
        if (!job || job.kind !== STATUS_REPORT_JOB_KIND || !canSeeJob(principal, job)) throw new ApplicationError('JOB_NOT_FOUND', { jobId: params.id });
        return { body: presentJob(job, translator(locale)) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/payments/transfer-files/{id}/mark-completed',
      operationId: 'markTransferFileCompleted',
      summary: 'An operator says the bank paid the whole downloaded file: every payment it initiated that is still initiated is completed (those already completed or failed stay as they are). Not downloaded yet: 409 TRANSFER_FILE_NOT_DOWNLOADED',
      tag,
      access: { kind: 'authenticated', permission: 'payment.transfer_file' },
      params: onFile,
      idempotent: true,
      response: { status: 200, description: 'How many payments it completed', schema: MarkCompletedResultView },
      async handler(context) {
        const { position, ...result } = await markTransferFileCompleted(deps, commandContext(context), context.params.id);
        return { position, body: result };
      },
    }),
  ];
}

/** A job runs after the request: its events carry no Idempotency-Key (the job's id is the request's). */
function jobContext(context: CommandContext): CommandContext {
  const { idempotency: _key, ...rest } = context;
  return rest;
}

function accountOf(query: { accountId?: string | undefined }): { accountId?: string } {
  return query.accountId ? { accountId: query.accountId } : {};
}
