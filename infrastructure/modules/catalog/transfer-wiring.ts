import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { JobQueue } from '../../../application/jobs/job-queue.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { LinkSecrets } from '../../../application/ports/link-secrets.js';
import type { Texts } from '../../../application/ports/texts.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, type PermissionTable } from '../../../application/organizations/permissions.js';
import { changeProduct, createProduct, type CreateProductInput, type ProductChangeInput } from '../../../application/catalog/products/product-commands.js';
import {
  CATALOG_EXPORT_CHUNKS_COLLECTION,
  CATALOG_IMPORTS_COLLECTION,
  CATALOG_IMPORT_LINES_COLLECTION,
  type TransferDeps,
} from '../../../application/catalog/transfer/transfer-document.js';
import { transferRoutes } from '../../http/routes/catalog/transfer-routes.js';

/**
 * The catalogue's files (issue 21, "Bulk import and export"): exports of
 * products, categories and questions, and the products import, with their
 * permissions, refusals, menu entries, collections (operational state, not
 * read models) and routes. Each line of an import is the products part's
 * own creation or change (application/catalog/products/product-commands.ts).
 */
export const transferCollections = [CATALOG_EXPORT_CHUNKS_COLLECTION, CATALOG_IMPORTS_COLLECTION, CATALOG_IMPORT_LINES_COLLECTION];

export const transferPermissions: PermissionTable = {
  'catalog.export': { description: 'Export the products, categories and diagnostic questions as CSV files', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
  'catalog.import': { description: 'Import products from a CSV file (created or changed line by line) and read the imports’ reports', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
};

export const transferErrors = {
  CATALOG_EXPORT_NOT_FOUND: 404,
  CATALOG_EXPORT_LINK_INVALID: 404,
  CATALOG_EXPORT_LINK_EXPIRED: 410,
  CATALOG_IMPORT_NOT_FOUND: 404,
  CATALOG_IMPORT_FILE_MISSING: 400,
  CATALOG_IMPORT_FILE_TOO_LARGE: 413,
  CATALOG_IMPORT_FILE_INVALID: 422,
  CATALOG_IMPORT_TOO_MANY_ROWS: 422,
} as const;

/** The screens live under the tenant (`/accounts/{accountId}/…`); these paths send the user to their own. */
export const transferMenu: MenuEntry[] = [
  { section: 'catalog', key: 'catalogExport', path: '/catalog-export', permission: 'catalog.export' },
  { section: 'catalog', key: 'catalogImports', path: '/catalog-imports', permission: 'catalog.import' },
];

export function transferDepsOf(container: DependencyContainer): TransferDeps {
  const ports = {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  return {
    ...ports,
    bulkReads: (ports.documents as DocumentStore & { uncached?: DocumentStore }).uncached ?? ports.documents,
    jobs: container.resolve<JobQueue>(TOKENS.Jobs),
    linkSecrets: container.resolve<LinkSecrets>(TOKENS.LinkSecrets),
    products: {
      create: ({ productId, accountId, fields, prices, status }, actor) =>
        createProduct(ports, { ...(fields as unknown as CreateProductInput), productId, accountId, prices, status }, actor),
      change: (productId, { fields, prices, status }, actor) =>
        changeProduct(ports, productId, { ...(fields as unknown as ProductChangeInput), ...(Object.keys(prices).length > 0 ? { prices } : {}), ...(status ? { status } : {}) }, actor),
    },
  };
}

/** Declared before the catalogue's other routes: `/products/exports` and `/products/imports` must not be read as `/products/{id}`. */
export function transferRoutesOf(container: DependencyContainer) {
  return transferRoutes(transferDepsOf(container), container.resolve<Texts>(TOKENS.Texts));
}
