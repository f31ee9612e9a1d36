import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import { TOKENS } from '../../../application/tokens.js';
import type { JobQueue } from '../../../application/jobs/job-queue.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { Texts } from '../../../application/ports/texts.js';
import { PLATFORM_STAFF, ROOT_MANAGERS } from '../../../application/organizations/permissions.js';
import type { DataExportDeps } from '../../../application/settings/exports/data-exports.js';
import { DATA_EXPORT_PERMISSION } from '../../../application/settings/exports/export-document.js';
import { ExportResumer } from '../../../application/settings/exports/export-resumer.js';
import type { AppConfig } from '../../config.js';
import { exportsRoutes, IMPORT_LIST_PERMISSION } from '../../http/routes/settings/exports-routes.js';
import type { ModulePiece } from '../module-pieces.js';
import { csvRecords, exportSourcesOf } from './export-sources.js';

const EXPORT_RESUMER = Symbol.for('DataExportResumer');

export function dataExportDepsOf(container: DependencyContainer): DataExportDeps {
  return {
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    jobs: container.resolve<JobQueue>(TOKENS.Jobs),
    sources: exportSourcesOf(container),
    csv: csvRecords,
  };
}

/**
 * The settings part's exports and imports pages (issue 23, specification
 * 002 §2 `/exports/{organizationId}`, `/imports/{organizationId}`): an
 * organization's data exports as jobs (with the resumer that writes an
 * interrupted one again), and the list of its account's imports.
 */
export const exportsPiece: ModulePiece = {
  permissions: {
    [DATA_EXPORT_PERMISSION]: {
      description: 'Export an organization’s buybacks, items or payments as a file (each kind also needs its list’s export permission), and see and download its exports',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS],
    },
    [IMPORT_LIST_PERMISSION]: { description: 'See every import of the retailer (products by upload or SFTP, users) with its dates and line counts', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
  },
  errors: {
    DATA_EXPORT_NOT_FOUND: 404,
    DATA_EXPORT_NOT_READY: 409,
    DATA_EXPORT_KIND_FORBIDDEN: 403,
    DATA_EXPORT_ORGANIZATION_UNSUPPORTED: 422,
    DATA_EXPORT_FILTER_UNSUPPORTED: 422,
    DATA_EXPORT_DATES_INVALID: 422,
  },
  menu: [
    { section: 'settings', key: 'dataExports', path: '/exports', permission: DATA_EXPORT_PERMISSION },
    { section: 'settings', key: 'imports', path: '/imports', permission: IMPORT_LIST_PERMISSION },
  ],
  register(container) {
    const config = container.resolve<AppConfig>(TOKENS.Config);
    const resumer = new ExportResumer(dataExportDepsOf(container), container.resolve<Logger>(TOKENS.Logger), { intervalMs: config.jobs.heartbeatMs, staleMs: config.jobs.staleMs });
    container.register(EXPORT_RESUMER, { useValue: resumer });
  },
  workers: (container) => [container.resolve<ExportResumer>(EXPORT_RESUMER)],
  routes: (container) => exportsRoutes(dataExportDepsOf(container), container.resolve<Texts>(TOKENS.Texts)),
};
