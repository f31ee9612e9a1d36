import type { ProductState } from '../../../domain/catalog/estimate.js';
import type { Currency } from '../../../domain/shared/money.js';
import type { CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobFailure } from '../../jobs/jobs.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { LinkSecrets } from '../../ports/link-secrets.js';
import type { LineProblem, ProductValues } from './product-line.js';

/**
 * The catalogue's files: exports (a job writing the file's CSV in chunks,
 * kept a day) and products imports (a job applying a file line by line,
 * with its report). Both are operational state, like jobs: never rebuilt
 * from the events (the products an import writes are the events).
 */
export const CATALOG_EXPORT_CHUNKS_COLLECTION = 'catalog_export_chunks';
export const CATALOG_IMPORTS_COLLECTION = 'catalog_imports';
/** The lines an import ignored, each with its reasons (the report's list, paged). */
export const CATALOG_IMPORT_LINES_COLLECTION = 'catalog_import_lines';
export const CATALOG_IMPORT_JOB = 'catalog_import_products';

export type TransferActor = Pick<CommandContext, 'principal' | 'correlationId'>;

/** A product as an import creates it. */
export interface ImportedProduct {
  productId: string;
  accountId: string;
  fields: ProductValues;
  prices: Record<ProductState, number | null>;
  status: 'draft' | 'published';
  currency: Currency;
}

/** What an import changes on a product: only what differs. */
export interface ImportedChanges {
  fields: Partial<ProductValues>;
  prices: Partial<Record<ProductState, number | null>>;
  status?: 'draft' | 'published';
}

/** The products part's commands (application/catalog/products/product-commands.ts): each line is one of them, applied whole or refused. */
export interface ProductWriter {
  create(product: ImportedProduct, actor: TransferActor): Promise<{ position: number | null }>;
  change(productId: string, changes: ImportedChanges, actor: TransferActor): Promise<{ position: number | null }>;
}

export interface TransferDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  /**
   * The same documents read beneath the reference cache: an export reads
   * every product once, and keeping its batches would only push the
   * requests' answers out of the cache (and hold thousands of documents).
   */
  bulkReads: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  jobs: JobQueue;
  linkSecrets: LinkSecrets;
  products: ProductWriter;
}

export const IMPORT_STATUSES = ['in_progress', 'success', 'success_with_ignored', 'error'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportCounts {
  found: number;
  inserted: number;
  updated: number;
  /** Lines that matched their product as it is: nothing written (a file imported twice). */
  unchanged: number;
  ignored: number;
}

export interface CatalogImportDocument {
  _id: string;
  accountId: string;
  createdBy: string | null;
  fileName: string | null;
  status: ImportStatus;
  counts: ImportCounts;
  error: JobFailure | null;
  createdAt: string;
  queuedAt: string;
  startedAt: string | null;
  endedAt: string | null;
  updatedAt: string;
  /** An SFTP attempt interrupted, then taken over by the attempt of this id (its report). */
  supersededBy?: string;
  [key: string]: unknown;
}

/**
 * How an import started by the SFTP inbox places its lines (its
 * configuration: application/settings/sftp): a suffix appended to each
 * category identifier a line names, and the categories a line may land in
 * (the parent categories and those below them; a line naming another is
 * ignored, `category_outside_parents`). An upload has none.
 */
export interface ImportPolicy {
  categorySuffix: string | null;
  allowedCategoryIds: ReadonlySet<string> | null;
}

/** What an import's starter may choose: its id (the SFTP inbox derives it from the file's content), where the file came from, its policy. */
export interface ImportOptions {
  id?: string;
  source?: 'sftp';
  policy?: ImportPolicy;
}

export interface CatalogImportLineDocument {
  _id: string;
  importId: string;
  line: number;
  /** What names the product on the line (its id, EAN, or brand, model and label), for the reader. */
  product: string;
  reasons: LineProblem[];
  [key: string]: unknown;
}

export const importLineId = (importId: string, line: number) => `${importId}:${String(line).padStart(7, '0')}`;

/** The tenant the caller works for: their own (provider staff act for one: `X-Account-Id`), else 403 ACCOUNT_REQUIRED. */
export function catalogTenantOf(principal: Principal): string {
  if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
  return principal.accountId;
}

/** Whether the caller may see what `accountId` owns: provider staff, or its own tenant. */
export function ownedBy(principal: Principal, accountId: string): boolean {
  return isPlatformStaff(principal) || principal.accountId === accountId;
}
