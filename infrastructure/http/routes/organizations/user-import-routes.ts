import type { JobQueue } from '../../../../application/jobs/job-queue.js';
import type { Texts } from '../../../../application/ports/texts.js';
import type { Locale } from '../../../../domain/organizations/events.js';
import { USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS } from '../../../../application/organizations/user-import/user-import-file.js';
import type { UserImportDeps } from '../../../../application/organizations/user-import/user-import-document.js';
import { importRowsPage, runUserImport, startUserImport, visibleImport } from '../../../../application/organizations/user-import/user-imports.js';
import { USER_IMPORT_ROW_FILTERS, UserImportView, presentUserImport } from '../../../../application/organizations/user-import/user-import-views.js';
import { userImportProcedurePdf, userImportTemplate } from '../../../modules/organizations/user-import-documents.js';
import { commandContext } from '../../command-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams } from '../schemas.js';
import { uploadedFile } from './uploaded-file.js';

const tag = 'users import';
const PERMISSION = 'user.import';
const MAX_PAGE_ROWS = 500;

const EXAMPLE_FILE = [
  'email;firstname;lastname;module;role;entity;status;locale',
  'jeanne.dupont@example.com;Jeanne;Dupont;tim;store_seller;DR-PAR-001;active;fr-FR',
  'not-an-email;Piet;Peeters;;warehouse_operator;Nowhere;;nl-BE',
].join('\r\n');

/** A row problem's text (`userImport.rowErrors.<code>`), or an error code's (`errors.<CODE>`). */
export const importTranslator = (texts: Texts, locale: Locale) => (code: string, params: Record<string, unknown>) =>
  texts.text(locale, /^[a-z_]+$/.test(code) ? `userImport.rowErrors.${code}` : `errors.${code}`, params);

const pageQuery = Type.Object(
  {
    filter: Type.Optional(StringEnum(USER_IMPORT_ROW_FILTERS, { description: 'Which rows: all (default), valid or invalid (the preview), created or skipped (the last run).' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: USER_IMPORT_MAX_ROWS, description: 'Rows skipped (default 0).' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_ROWS, description: `Rows answered (default 100, at most ${MAX_PAGE_ROWS}).` })),
  },
  { additionalProperties: false },
);
type PageQuery = { filter?: (typeof USER_IMPORT_ROW_FILTERS)[number]; offset?: number; limit?: number };
const pageOf = (query: PageQuery) => ({ filter: query.filter ?? 'all', offset: query.offset ?? 0, limit: query.limit ?? 100 });

export function userImportRoutes(deps: UserImportDeps, jobs: JobQueue, texts: Texts): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/users/imports/template.csv',
      operationId: 'getUserImportTemplate',
      summary: 'The users import’s template: a CSV file (UTF-8 with a BOM, semicolons) with its header line (email, firstname, lastname, module, role, entity, status, locale) and two example rows',
      tag,
      access: { kind: 'authenticated', permission: PERMISSION },
      response: { status: 200, description: 'The template', contentType: 'text/csv' },
      handler: async () => ({
        headers: { 'Content-Disposition': 'attachment; filename="users-import-template.csv"' },
        raw: { contentType: 'text/csv; charset=utf-8', data: userImportTemplate() },
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/users/imports/procedure.pdf',
      operationId: 'getUserImportProcedure',
      summary: 'The users import’s procedure, an A4 PDF in the caller’s language (Accept-Language): the steps, each column and its values, the roles of each module, the limits',
      tag,
      access: { kind: 'authenticated', permission: PERMISSION },
      response: { status: 200, description: 'The procedure', contentType: 'application/pdf' },
      handler: async ({ locale }) => ({
        headers: { 'Content-Disposition': `attachment; filename="users-import-procedure-${locale}.pdf"` },
        raw: { contentType: 'application/pdf', data: await userImportProcedurePdf(texts, locale) },
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/users/imports',
      operationId: 'startUserImport',
      summary: `Uploads a users CSV file (the body itself as text/csv, its name in ?fileName=, or the \`file\` field of a multipart form): UTF-8 (a BOM is accepted), separated by ; or ,, at most ${USER_IMPORT_MAX_ROWS} rows and ${USER_IMPORT_MAX_BYTES} bytes. Checked at once: no file 400 USER_IMPORT_FILE_MISSING, too large 413 USER_IMPORT_FILE_TOO_LARGE, not UTF-8, binary or without the required columns 422 USER_IMPORT_FILE_INVALID, too many rows 422 USER_IMPORT_TOO_MANY_ROWS. Then every row is checked in the background (missing field, bad e-mail, unknown module, role or entity, role not allowed at the entity, duplicate in the file or on the platform): 202 with the import, to poll until it is ready (the preview) or failed (a CSV broken part-way: its line)`,
      tag,
      access: { kind: 'authenticated', permission: PERMISSION },
      query: Type.Object({ fileName: Type.Optional(Text(255, 1)) }, { additionalProperties: false }),
      upload: {
        contentTypes: ['text/csv', 'text/plain', 'multipart/form-data'],
        maxBytes: USER_IMPORT_MAX_BYTES,
        description: 'The users CSV file (see GET /users/imports/template.csv and the procedure).',
        example: EXAMPLE_FILE,
      },
      response: { status: 202, description: 'The import, its rows being checked (Location: the import)', schema: UserImportView },
      async handler(context) {
        const file = uploadedFile(context.request, context.query.fileName);
        const { document, job } = await startUserImport(deps, commandContext(context), file);
        return {
          status: 202,
          headers: { Location: `/api/users/imports/${document._id}` },
          body: presentUserImport(document, job, { ...pageOf({}), total: 0, items: [] }, importTranslator(texts, context.locale)),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/users/imports/{id}',
      operationId: 'getUserImport',
      summary:
        'An import as it stands: its status, the counts, a page of its rows (each with its problems, translated), the job at work and its progress, and once run the report (users created, rows skipped and why). Only its tenant sees it',
      tag,
      access: { kind: 'authenticated', permission: PERMISSION },
      params: idParams('id'),
      query: pageQuery,
      personalData: true,
      response: { status: 200, description: 'The import', schema: UserImportView },
      async handler({ principal, params, query, locale }) {
        const document = await visibleImport(deps, principal, params.id);
        const [job, rows] = await Promise.all([jobs.get(document.jobId), importRowsPage(deps, document._id, pageOf(query))]);
        return { body: presentUserImport(document, job, rows, importTranslator(texts, locale)) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/users/imports/{id}/run',
      operationId: 'runUserImport',
      summary:
        'Creates the valid rows’ users (without a password) and sends each an invitation, in the background: 202 with the import (poll it for the progress and the report). Each row’s user id derives from the import and the row, so a run done again (after an interruption, or once finished) creates only what is missing, never a user twice. Not checked yet or refused: 409 USER_IMPORT_NOT_READY; already running: 409 USER_IMPORT_RUNNING; no valid row: 409 USER_IMPORT_NOTHING_TO_IMPORT',
      tag,
      access: { kind: 'authenticated', permission: PERMISSION },
      params: idParams('id'),
      response: { status: 202, description: 'The import, its run queued (Location: the import)', schema: UserImportView },
      async handler(context) {
        const { document, job } = await runUserImport(deps, commandContext(context), context.params.id);
        return {
          status: 202,
          headers: { Location: `/api/users/imports/${document._id}` },
          body: presentUserImport(document, job, { ...pageOf({}), total: 0, items: [] }, importTranslator(texts, context.locale)),
        };
      },
    }),
  ];
}
