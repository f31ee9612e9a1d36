/** What the SEPA credit-transfer file routes answer (TypeBox): handlers' types, OpenAPI schemas, the dashboard's types. */
import { TRANSFER_FILE_STATUSES } from '../../domain/payments/transfer-file.js';
import { JobView, type JobViewOf } from '../jobs/jobs.js';
import { DateTime, ListPage, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';

export const DebtorAccountView = Type.Object(
  {
    accountId: Uuid,
    configured: Type.Boolean({ description: 'False until the account is set: no file can be built before.' }),
    name: Nullable(Type.String()),
    iban: Nullable(Type.String({ description: 'The retailer’s own account (not personal data), electronic form.' })),
    bic: Nullable(Type.String()),
    updatedAt: Nullable(DateTime),
  },
  { title: 'DebtorAccount' },
);
export type DebtorAccountView = Static<typeof DebtorAccountView>;

export const DebtorAccountInputView = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 70, description: 'The retailer’s name as the bank shows it (spaces collapsed; not blank).' }),
    iban: Type.String({ minLength: 1, maxLength: 64 }),
    bic: Type.Optional(Nullable(Type.String({ maxLength: 16 }))),
  },
  { additionalProperties: false, title: 'DebtorAccountInput' },
);

export const TransferFileView = Type.Object(
  {
    id: Uuid,
    accountId: Uuid,
    number: Type.Integer({ minimum: 1 }),
    messageId: Type.String({ description: 'The pain.001 message id (also its payment-information id).' }),
    fileName: Type.String(),
    status: StringEnum(TRANSFER_FILE_STATUSES, { description: 'ready: built, not downloaded; downloaded: its payments initiated; settled: each completed or failed.' }),
    requestedExecutionDate: Type.String({ format: 'date' }),
    count: Type.Integer({ minimum: 0, description: 'Payments gathered when it was built.' }),
    total: MoneyView,
    leftOutCount: Type.Integer({ minimum: 0, description: 'Due payments left out at build (no valid IBAN of their customer, another currency).' }),
    createdAt: DateTime,
    createdBy: Nullable(Type.String()),
    downloads: Type.Integer({ minimum: 0 }),
    downloadedAt: Nullable(DateTime),
    downloadedBy: Nullable(Type.String()),
    initiatedCount: Nullable(Type.Integer({ minimum: 0, description: 'Payments the first download initiated (those cancelled in between are left out).' })),
    initiatedTotal: Nullable(MoneyView),
    completedCount: Type.Integer({ minimum: 0 }),
    failedCount: Type.Integer({ minimum: 0 }),
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'TransferFile' },
);
export type TransferFileView = Static<typeof TransferFileView>;
export const TransferFilePage = ListPage(TransferFileView, 'TransferFilePage');

export const TransferFileBuiltView = Type.Object(
  {
    id: Uuid,
    number: Type.Integer({ minimum: 1 }),
    messageId: Type.String(),
    count: Type.Integer({ minimum: 1 }),
    total: MoneyView,
    leftOut: Type.Array(Type.Object({ paymentId: Type.String(), reason: Type.String() }), { description: 'At most 100 shown.' }),
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'TransferFileBuilt' },
);
export type TransferFileBuiltView = Static<typeof TransferFileBuiltView>;

export const StatusReportResultView = Type.Object(
  {
    fileId: Uuid,
    reportMessageId: Nullable(Type.String()),
    groupStatus: Nullable(Type.String()),
    completed: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    unchanged: Type.Integer({ minimum: 0, description: 'Named by the report but already settled, or pending at the bank.' }),
    unknown: Type.Array(Type.String(), { description: 'End-to-end ids this file does not carry (at most 100).' }),
  },
  { title: 'StatusReportResult' },
);
export type StatusReportResultView = Static<typeof StatusReportResultView>;

export const MarkCompletedResultView = Type.Object(
  { fileId: Uuid, completed: Type.Integer({ minimum: 0 }), revision: Type.Integer({ minimum: 0 }) },
  { title: 'TransferFileMarkedCompleted' },
);
export type MarkCompletedResultView = Static<typeof MarkCompletedResultView>;

export const StatusReportJobView = JobView(StatusReportResultView, 'StatusReportJob');
export type StatusReportJobView = JobViewOf<StatusReportResultView>;
