/**
 * An organization's data exports and imports (issue 23, specification 002
 * §2 `/exports/{organizationId}` and `/imports/{organizationId}`, §3 "Import
 * and export"): an export of its buybacks, items or payments started as a
 * job (202, polled every 3 s), its list, its file; the list of its account's
 * imports (products by upload or SFTP, users) with their dates and counts.
 */
import { findPage } from '../../../../application/lists/paged-query.js';
import { isPlatformStaff } from '../../../../application/organizations/principal.js';
import { visibleOrganization } from '../../../../application/organizations/entities/entity-lookup.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { dataExports, ensureExportIndexes, exportFile, startDataExport, visibleExport, type DataExportDeps } from '../../../../application/settings/exports/data-exports.js';
import { DATA_EXPORT_KINDS, DATA_EXPORT_PERMISSION, DATA_EXPORT_STATUSES, type DataExportDocument } from '../../../../application/settings/exports/export-document.js';
import { DataExportPage, DataExportView, ImportEntryPage, presentDataExport, presentImportEntry } from '../../../../application/settings/exports/export-views.js';
import { IMPORT_DESTINATIONS, IMPORT_SOURCES, importsOfOrganization } from '../../../../application/settings/exports/import-list.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { transferTranslator } from '../catalog/transfer-routes.js';
import { StringEnum, Text, Type, idParams } from '../schemas.js';

const tag = 'settings: exports and imports';
export const IMPORT_LIST_PERMISSION = 'import.list';
const access = { kind: 'authenticated' as const, permission: DATA_EXPORT_PERMISSION };
const uuid = Type.String({ format: 'uuid', maxLength: 36 });
const TimeZone = Text(64, 1, { pattern: '^[A-Za-z][A-Za-z0-9_+\\-]*(/[A-Za-z0-9_+\\-]+){0,2}$', description: 'IANA time zone the dates are written in (default UTC), e.g. Europe/Paris.' });

function checkedTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

export function exportsRoutes(deps: DataExportDeps, texts: Texts): Route[] {
  const present = async (document: DataExportDocument, locale: Parameters<typeof transferTranslator>[1]) =>
    presentDataExport(document, document.status === 'in_progress' ? await deps.jobs.get(document.jobId) : null, transferTranslator(texts, locale));
  return [
    defineRoute({
      method: 'post',
      path: '/data-exports',
      operationId: 'createDataExport',
      summary:
        'Starts an export of an organization’s buybacks, items or payments as a CSV file (the lists’ own exports: UTF-8 with a BOM, semicolons, CRLF, in the caller’s language and `timeZone`; no IBAN, no identity number): the buybacks and payments of the organization’s stores (its root: all), the items of its account, as the caller may see them. Written in the background a chunk at a time: 202 with the export, to poll every 3 s until success (its `downloadUrl`) or error; an export whose process stopped is written again from the start. Refusals: the kind’s export permission missing 403 DATA_EXPORT_KIND_FORBIDDEN; another tenant’s organization 404 ENTITY_NOT_FOUND; a warehouse or buyer 422 DATA_EXPORT_ORGANIZATION_UNSUPPORTED; dates on items 422 DATA_EXPORT_FILTER_UNSUPPORTED; createdFrom after createdTo 422 DATA_EXPORT_DATES_INVALID',
      tag,
      access,
      personalData: true,
      body: Type.Object(
        {
          organizationId: uuid,
          kind: StringEnum(DATA_EXPORT_KINDS),
          filters: Type.Optional(
            Type.Object(
              {
                createdFrom: Type.Optional(Type.String({ format: 'date-time', maxLength: 40, description: 'Created at or after (buybacks, payments).' })),
                createdTo: Type.Optional(Type.String({ format: 'date-time', maxLength: 40, description: 'Created at or before (buybacks, payments).' })),
              },
              { additionalProperties: false },
            ),
          ),
          timeZone: Type.Optional(TimeZone),
        },
        { additionalProperties: false },
      ),
      response: { status: 202, description: 'The export, queued (Location: the export)', schema: DataExportView },
      async handler({ principal, body, locale }) {
        const document = await startDataExport(deps, principal, { organizationId: body.organizationId, kind: body.kind, filters: body.filters ?? {}, locale, timeZone: checkedTimeZone(body.timeZone) });
        return { status: 202, headers: { Location: `/api/data-exports/${document._id}` }, body: await present(document, locale) };
      },
    }),
    ...listRoutes({
      path: '/data-exports',
      tag,
      sorts: { createdAt: { path: 'createdAt' } },
      filters: {
        organizationId: uuid,
        kind: Type.Optional(StringEnum(DATA_EXPORT_KINDS)),
        status: Type.Optional(StringEnum(DATA_EXPORT_STATUSES)),
      },
      personalData: true,
      page: {
        operationId: 'listDataExports',
        summary: 'An organization’s data exports, newest first: kind, who asked, status, progress, rows and size (another tenant’s organization: 404 ENTITY_NOT_FOUND)',
        permission: DATA_EXPORT_PERMISSION,
        schema: DataExportPage,
        async handler({ principal, locale }, query) {
          const organization = await visibleOrganization(deps.documents, principal, query.organizationId);
          await ensureExportIndexes(deps);
          const filter = {
            accountId: organization.accountId,
            organizationId: organization._id,
            ...(query.kind ? { kind: query.kind } : {}),
            ...(query.status ? { status: query.status } : {}),
            ...(isPlatformStaff(principal) || principal.userType === 'root_management_unit_manager' ? {} : { createdBy: principal.userId }),
          };
          const page = await findPage(dataExports(deps), filter, query, [['createdAt', -1]]);
          return { ...page, items: await Promise.all(page.items.map((document) => present(document, locale))) };
        },
      },
    }),
    defineRoute({
      method: 'get',
      path: '/data-exports/{id}',
      operationId: 'getDataExport',
      summary: 'A data export as it stands (poll every 3 s while in_progress): progress, then rows, size and the download link, or the error. Only its tenant sees it (another’s: 404 DATA_EXPORT_NOT_FOUND)',
      tag,
      access,
      personalData: true,
      params: idParams('id'),
      response: { status: 200, description: 'The export', schema: DataExportView },
      async handler({ principal, params, locale }) {
        return { body: await present(await visibleExport(deps, principal, params.id), locale), headers: { 'Cache-Control': 'no-store' } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/data-exports/{id}/file',
      operationId: 'downloadDataExport',
      summary:
        'The file of a done data export, streamed from its chunks (only the attempt that finished: never a half file). Only its tenant downloads it (another’s: 404 DATA_EXPORT_NOT_FOUND); not done yet 409 DATA_EXPORT_NOT_READY; without the kind’s export permission 403 DATA_EXPORT_KIND_FORBIDDEN',
      tag,
      access,
      personalData: true,
      params: idParams('id'),
      response: { status: 200, description: 'CSV: UTF-8 with BOM, semicolon-separated, CRLF', contentType: 'text/csv' },
      async handler({ principal, params }) {
        const { fileName, data } = await exportFile(deps, principal, params.id);
        return { headers: { 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' }, raw: { contentType: 'text/csv; charset=utf-8', data } };
      },
    }),
    ...listRoutes({
      path: '/imports',
      tag,
      sorts: { createdAt: { path: 'createdAt' } },
      filters: {
        organizationId: uuid,
        destination: Type.Optional(StringEnum(IMPORT_DESTINATIONS)),
        source: Type.Optional(StringEnum(IMPORT_SOURCES)),
      },
      page: {
        operationId: 'listImports',
        summary:
          'Every import of the organization’s account, newest first (poll every 3 s while one is in_progress): products imports by upload or SFTP, users imports; each with its file, status, who started it, dates (created, queued, started, ended), line counts (read, created, changed, unchanged, refused) and its report’s address. Another tenant’s organization: 404 ENTITY_NOT_FOUND',
        permission: IMPORT_LIST_PERMISSION,
        schema: ImportEntryPage,
        async handler({ principal, locale }, query) {
          const page = await importsOfOrganization(deps, principal, query);
          return { ...page, items: page.items.map((entry) => presentImportEntry(entry, transferTranslator(texts, locale))) };
        },
      },
    }),
  ];
}
