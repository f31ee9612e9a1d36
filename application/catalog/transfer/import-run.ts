import { derivedId } from '../../../domain/shared/derived-id.js';
import type { JobControl, JobOutcome } from '../../jobs/job-queue.js';
import { findAll } from '../../lists/paged-query.js';
import type { StoredDocument, WriteOperation } from '../../ports/document-store.js';
import { CATALOG_COLLECTIONS } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';
import { readFileLines, type FileLine } from './import-file.js';
import { createdValues, differences, readProductLine, type LineProblem, type ProductLine } from './product-line.js';
import {
  CATALOG_IMPORTS_COLLECTION,
  CATALOG_IMPORT_LINES_COLLECTION,
  importLineId,
  type CatalogImportDocument,
  type ImportCounts,
  type ImportPolicy,
  type TransferActor,
  type TransferDeps,
} from './transfer-document.js';

/** A slice of work lasts about this long before the event loop is given back. */
const SLICE_MS = 4;

type Outcome = 'inserted' | 'updated' | 'unchanged' | LineProblem[];

interface RunContext {
  deps: TransferDeps;
  accountId: string;
  actor: TransferActor;
  categoryIds: Set<string>;
  categoryByIdentifier: Map<string, string>;
  /** The products the file named so far: a second line for one is ignored. */
  seen: Set<string>;
  position: number | null;
  policy: ImportPolicy | null;
}

/**
 * Applies a products file line by line, each line whole or not at all: one
 * creation or one change of the products part (its own checks refuse a bad
 * value), or nothing. A line names its product by its id (an export's), else
 * by its EAN among the tenant's products, else by an id derived from the
 * tenant and its EAN or its brand, model and label: the same file imported
 * again (or after a crash part-way) finds the products it created and
 * creates only the missing ones. A line whose product already reads as it
 * says is left alone (`unchanged`). Ignored lines are stored with their
 * reasons; the counts are saved as the job goes.
 */
export async function applyImport(
  deps: TransferDeps,
  document: CatalogImportDocument,
  text: string,
  actor: TransferActor,
  control: JobControl,
  policy: ImportPolicy | null = null,
): Promise<JobOutcome<ImportCounts>> {
  const collection = deps.documents.collection<CatalogImportDocument>(CATALOG_IMPORTS_COLLECTION);
  const started: CatalogImportDocument = { ...document, startedAt: deps.clock.now(), updatedAt: deps.clock.now() };
  await collection.upsert(started);
  const context: RunContext = { deps, accountId: document.accountId, actor, categoryIds: new Set(), categoryByIdentifier: new Map(), seen: new Set(), position: null, policy };
  for await (const category of findAll(deps.documents.collection<StoredDocument>(CATALOG_COLLECTIONS.categories), { accountId: document.accountId }, [['_id', 1]])) {
    context.categoryIds.add(category._id);
    if (typeof category.identifier === 'string') context.categoryByIdentifier.set(category.identifier.toLowerCase(), category._id);
  }
  const counts: ImportCounts = { found: document.counts.found, inserted: 0, updated: 0, unchanged: 0, ignored: 0 };
  let done = 0;
  let sliceStarted = performance.now();
  await readFileLines(text, control.pause, async (lines) => {
    const ignored: WriteOperation[] = [];
    for (const line of lines) {
      const outcome = await applyLine(context, line);
      if (Array.isArray(outcome)) {
        counts.ignored++;
        ignored.push({
          kind: 'upsert',
          collection: CATALOG_IMPORT_LINES_COLLECTION,
          document: { _id: importLineId(document._id, line.line), importId: document._id, line: line.line, product: productNamed(line), reasons: outcome },
        });
      } else counts[outcome]++;
      done++;
      if (performance.now() - sliceStarted > SLICE_MS) {
        control.progress(done);
        await control.pause();
        sliceStarted = performance.now();
      }
    }
    if (ignored.length > 0) await deps.documents.writeBatch(ignored);
    await collection.upsert({ ...started, counts: { ...counts }, updatedAt: deps.clock.now() });
  });
  const ended = deps.clock.now();
  await collection.upsert({ ...started, status: counts.ignored > 0 ? 'success_with_ignored' : 'success', counts, endedAt: ended, updatedAt: ended });
  return { result: counts, position: context.position };
}

/** What names a line's product for whoever reads the report. */
function productNamed(line: FileLine): string {
  const id = line.cells.get('id') ?? '';
  if (id !== '') return id.slice(0, 64);
  const ean = line.cells.get('ean') ?? '';
  if (ean !== '') return ean.slice(0, 64);
  return [line.cells.get('brand'), line.cells.get('model'), line.cells.get('label')].filter((part) => part).join(' ').slice(0, 255);
}

const problem = (code: string, field: string | null, params: Record<string, string | number> = {}): LineProblem[] => [{ code, field, params }];

async function applyLine(context: RunContext, fileLine: FileLine): Promise<Outcome> {
  const { line, problems } = readProductLine(fileLine.cells);
  if (problems.length > 0) return problems;
  if (context.policy?.categorySuffix && line.categoryIdentifier !== null) line.categoryIdentifier = `${line.categoryIdentifier.trim()}${context.policy.categorySuffix}`;
  const categoryProblem = resolveCategory(context, line);
  if (categoryProblem) return categoryProblem;
  const allowed = context.policy?.allowedCategoryIds ?? null;
  if (allowed && typeof line.fields.categoryId === 'string' && !allowed.has(line.fields.categoryId)) {
    return problem('category_outside_parents', line.categoryIdentifier !== null ? 'categoryIdentifier' : 'categoryId');
  }
  const products = context.deps.documents.collection<StoredDocument>(CATALOG_COLLECTIONS.products);
  let stored: StoredDocument | null = null;
  let productId: string;
  if (line.id !== null) {
    stored = await products.get(line.id);
    if (!stored || stored.accountId !== context.accountId) return problem('product_not_found', 'id');
    productId = line.id;
  } else {
    const ean = typeof line.fields.ean === 'string' ? line.fields.ean : null;
    if (ean !== null) [stored = null] = await products.find({ accountId: context.accountId, ean }, { limit: 1 });
    productId = stored?._id ?? derivedId(`catalog-import:${context.accountId}:${naturalKey(line, ean)}`);
    stored ??= await products.get(productId);
  }
  if (context.seen.has(productId)) return problem('duplicate_in_file', line.id !== null ? 'id' : null);
  context.seen.add(productId);
  try {
    if (stored) return await change(context, productId, line, stored);
    // Created by an earlier import whose read model is not there yet (a crash between the append and the projection).
    if ((await context.deps.eventStore.readStream(CATALOG_STREAMS.product.name(productId))).length > 0) return 'unchanged';
    return await create(context, productId, line);
  } catch (error) {
    return refusalOf(error);
  }
}

/** A line without an id names its product by its EAN, else its brand, model and label (case and spaces aside). */
function naturalKey(line: ProductLine, ean: string | null): string {
  if (ean !== null) return `ean:${ean}`;
  const words = [line.fields.brand, line.fields.model, line.fields.label].map((part) => String(part ?? '').trim().toLowerCase().replace(/\s+/g, ' '));
  return `name:${words.join('|')}`;
}

/** The category a line names: its id (one of the tenant's), else its identifier. */
function resolveCategory(context: RunContext, line: ProductLine): LineProblem[] | null {
  const id = line.fields.categoryId;
  if (typeof id === 'string') return context.categoryIds.has(id) ? null : problem('category_unknown', 'categoryId');
  if (line.categoryIdentifier !== null) {
    const found = context.categoryByIdentifier.get(line.categoryIdentifier.trim().toLowerCase());
    if (!found) return problem('category_unknown', 'categoryIdentifier');
    line.fields.categoryId = found;
  }
  return null;
}

async function create(context: RunContext, productId: string, line: ProductLine): Promise<Outcome> {
  if (typeof line.fields.categoryId !== 'string') return problem('field_missing', 'categoryId');
  for (const field of ['label', 'brand'] as const) if (!line.fields[field]) return problem('field_missing', field);
  const values = createdValues(line);
  const { position } = await context.deps.products.create({ productId, accountId: context.accountId, ...values }, context.actor);
  if (position !== null) context.position = position;
  return 'inserted';
}

async function change(context: RunContext, productId: string, line: ProductLine, stored: StoredDocument): Promise<Outcome> {
  if (line.currency !== undefined && line.currency !== stored.currency) return problem('currency_unchangeable', 'currency', { currency: String(stored.currency) });
  const changes = differences(line, stored);
  if (Object.keys(changes.fields).length === 0 && Object.keys(changes.prices).length === 0 && changes.status === undefined) return 'unchanged';
  const { position } = await context.deps.products.change(productId, changes, context.actor);
  if (position !== null) context.position = position;
  return 'updated';
}

/** A refusal of the products part (an error with a code): the line is ignored with it, its first field's own code as a param; anything else stops the import. */
function refusalOf(error: unknown): LineProblem[] {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: Record<string, unknown> };
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) throw error;
  const fields = Array.isArray(details?.fields) ? (details.fields as Array<{ field?: unknown; code?: unknown }>) : [];
  if (fields.length === 0) return problem(code, null);
  return fields.slice(0, 10).map((item): LineProblem => ({ code, field: typeof item.field === 'string' ? item.field : null, params: typeof item.code === 'string' ? { reason: item.code } : {} }));
}
