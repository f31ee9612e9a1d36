import { parseItemCode } from '../../../domain/warehouse/item-code.js';
import { IN_WAREHOUSE_STATUSES, type ItemStatus } from '../../../domain/warehouse/items/state.js';
import type { CodesVerified } from '../../../domain/warehouse/verification.js';
import { toNewEvent } from '../../events/codec.js';
import { defineCommand, type CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument, type UserDocument } from '../../organizations/read-models.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import { WAREHOUSE_USERS } from '../../organizations/permissions.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import type { Collection, Filter } from '../../ports/document-store.js';
import type { JobControl, JobQueue } from '../../jobs/job-queue.js';
import type { JobDocument } from '../../jobs/jobs.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import type { VerificationView } from '../warehouse-views.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument, type VerificationScope } from '../read-models.js';
import { WAREHOUSE_STREAMS } from '../streams.js';
import { visibleStock } from './stocks.js';
import { checkFile, readCodes, readCodesInSlices } from './verification-file.js';

export { readCodes, VERIFICATION_MAX_BYTES, VERIFICATION_MAX_ROWS } from './verification-file.js';

/** Codes kept and shown per group (matched, missing, unexpected); the counts are exact. */
export const VERIFICATION_LISTED_CODES = 1_000;
/** Up to this many rows a verification answers at once; a longer list is a job (its progress at GET /verifications/jobs/{id}). */
export const VERIFICATION_INLINE_MAX_ROWS = 500;
export const VERIFICATION_JOB_KIND = 'verification';
/** Codes looked up per query: one slice of the comparison, a few milliseconds. */
const LOOKUP_BATCH = 200;
/** Expected items read per page when listing the missing ones. */
const MISSING_PAGE = 250;

export interface VerifyCodesInput {
  /** The warehouse: a warehouse user's own (naming another is refused), else named. */
  warehouseId?: string | null;
  /** in_transit: what was shipped to the warehouse (a carrier's list); in_warehouse: what it holds (an inventory, a buyer's list). */
  scope: VerificationScope;
  /** With in_warehouse: one stock only. */
  stockId?: string | null;
  fileName: string;
  /** The CSV file's text. */
  content: string;
}

export type VerificationReport = Omit<CodesVerified['data'], 'verificationId'>;

/** A small list's report at once, or a large list's job. */
export type VerificationOutcome =
  | { kind: 'report'; id: string; position: number | null; report: VerificationReport }
  | { kind: 'job'; id: string; job: JobDocument<VerificationView> };

export type VerifyCodesDeps = Pick<WarehousePorts, 'eventStore' | 'documents' | 'clock' | 'ids' | 'mailer'> & {
  jobs: Pick<JobQueue, 'submit'>;
};

interface Plan {
  verificationId: string;
  warehouse: OrganizationDocument;
  scope: VerificationScope;
  stockId: string | null;
  fileName: string;
}

/** Between two slices of the comparison: the event loop's turn, and how much of the list is compared (0 to 1). */
interface Steps {
  pause(): Promise<void>;
  compared(fraction: number): void;
}

/** A list verified at once still gives the event loop its turns; it reports to no one. */
const INLINE: Steps = { pause: () => new Promise<void>((resolve) => setImmediate(resolve)), compared: () => undefined };

/** A job's steps: its progress counts the file's rows, the comparison the first 95 % (the count, the missing codes and the record after). */
const jobSteps = (control: JobControl, rows: number): Steps => ({
  pause: () => control.pause(),
  compared: (fraction) => control.progress(Math.floor(fraction * rows * 0.95)),
});

/**
 * A list of codes (a buyer's or a carrier's CSV) compared with what the
 * platform expects in the warehouse: the codes it expects and finds
 * (matched), expects and does not find (missing), and finds without
 * expecting them (unexpected: unknown, elsewhere, or in another status).
 * The report is recorded (an event, so it stays auditable) and e-mailed to
 * the user. A file that cannot be read changes nothing. A list of more than
 * VERIFICATION_INLINE_MAX_ROWS rows is verified as a job, a slice at a time.
 */
export const verifyCodes = defineCommand<VerifyCodesDeps, VerifyCodesInput, VerificationOutcome>({
  name: 'VerifyCodes',
  permission: 'item.verify',
  async run(deps, context, input) {
    const { principal } = context;
    const warehouse = await usableWarehouse(deps, principal, input.warehouseId ?? null);
    // With an Idempotency-Key the verification's id (and its job's) derives from it: a retry answers the first report, sends nothing again.
    const verificationId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const earlier = await deps.eventStore.readStream(WAREHOUSE_STREAMS.verification.name(verificationId));
    if (earlier[0]) {
      const { verificationId: _id, ...report } = earlier[0].data as CodesVerified['data'];
      return { kind: 'report', id: verificationId, position: earlier[0].globalPosition, report };
    }
    const stockId = input.scope === 'in_warehouse' ? (input.stockId ?? null) : null;
    const stock = stockId ? await visibleStock(deps, principal, stockId) : null;
    if (stock && stock.warehouseId !== warehouse._id) throw new ApplicationError('STOCK_NOT_FOUND', { stockId });
    const rows = checkFile(input.content);
    const plan: Plan = { verificationId, warehouse, scope: input.scope, stockId, fileName: input.fileName };

    if (rows <= VERIFICATION_INLINE_MAX_ROWS) {
      const { report, position } = await verify(deps, context, plan, readCodes(input.content), INLINE);
      return { kind: 'report', id: verificationId, position, report };
    }
    const { job } = await deps.jobs.submit<VerificationView>(
      {
        id: verificationId,
        kind: VERIFICATION_JOB_KIND,
        owner: { accountId: warehouse.accountId, organizationId: warehouse._id, userId: principal.userId },
        total: rows,
      },
      async (control) => {
        const codes = await readCodesInSlices(input.content, control.pause);
        const { report, position } = await verify(deps, context, plan, codes, jobSteps(control, rows));
        return { result: { id: verificationId, ...report }, position };
      },
    );
    return { kind: 'job', id: verificationId, job };
  },
});

/**
 * The warehouse the verification is for: a warehouse user's own (naming
 * another is refused, WAREHOUSE_NOT_ALLOWED, never silently replaced), else
 * the one named, of the caller's tenant (platform staff: any).
 */
async function usableWarehouse(deps: Pick<WarehousePorts, 'documents'>, principal: Principal, named: string | null): Promise<OrganizationDocument> {
  // As POST /stocks decides it: a warehouse user (in the warehouse module) works in their own warehouse only.
  const own = principal.module === 'rps' && WAREHOUSE_USERS.includes(principal.userType) ? principal.organizationId : null;
  if (own !== null && named !== null && named !== own) throw new ApplicationError('WAREHOUSE_NOT_ALLOWED', { warehouseId: named });
  const warehouseId = own ?? named;
  if (!warehouseId) throw new ApplicationError('VALIDATION_FAILED', { fields: [{ field: 'warehouseId', code: 'required' }] });
  const warehouse = await deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(warehouseId);
  if (!warehouse || warehouse.type !== 'warehouse' || !(isPlatformStaff(principal) || warehouse.accountId === principal.accountId)) {
    throw new ApplicationError('WAREHOUSE_NOT_FOUND', { warehouseId });
  }
  return warehouse;
}

/** Compares the codes with the warehouse, records the report and e-mails it; a slice at a time. */
async function verify(
  deps: VerifyCodesDeps,
  context: CommandContext,
  plan: Plan,
  codes: string[],
  steps: Steps,
): Promise<{ report: VerificationReport; position: number | null }> {
  const { warehouse, verificationId } = plan;
  const items = deps.documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items);
  const scope = scopeFilter(warehouse.accountId, warehouse._id, plan.scope, plan.stockId);
  const matched: string[] = [];
  const unexpected: string[] = [];
  const matchedIds = new Set<string>();
  const total = codes.length;
  for (let start = 0; start < total; start += LOOKUP_BATCH) {
    const batch = codes.slice(start, start + LOOKUP_BATCH);
    const found = await lookUp(items, scope, batch);
    for (const code of batch) {
      const item = found.get(code);
      if (item && !matchedIds.has(item._id)) {
        matchedIds.add(item._id);
        matched.push(code);
      } else if (!item) unexpected.push(code);
    }
    steps.compared((start + batch.length) / total);
    await steps.pause();
  }
  const expected = await items.count(scope, { limit: Number.MAX_SAFE_INTEGER });
  await steps.pause();
  const missing = await missingCodes(items, scope, matchedIds, steps.pause);

  const metadata = commandMetadata(deps, context, warehouse.accountId, context.principal.organizationId ?? warehouse._id);
  const report: VerificationReport = {
    warehouseId: warehouse._id,
    scope: plan.scope,
    stockId: plan.stockId,
    fileName: plan.fileName,
    codesRead: codes.length,
    matched: listed(matched, matched.length),
    missing: listed(missing, expected - matchedIds.size),
    unexpected: listed(unexpected, unexpected.length),
    createdAt: metadata.occurredAt,
  };
  const appended = await deps.eventStore.appendToStream(
    WAREHOUSE_STREAMS.verification.name(verificationId),
    [toNewEvent({ type: 'CodesVerified', data: { verificationId, ...report } } satisfies CodesVerified, deps.ids.uuid(), metadata)],
    'no_stream',
  );
  await mailReport(deps, context.principal.userId, report);
  return { report, position: appended.lastGlobalPosition };
}

/** The items of the scope the batch's codes name, by code as written: two queries on the codes' indexes. */
async function lookUp(items: Collection<ItemDocument>, scope: Filter, batch: string[]): Promise<Map<string, ItemDocument>> {
  const parsed = batch.map((code) => [code, parseItemCode(code)] as const);
  const numbers = parsed.filter(([, p]) => p.kind === 'identification_number').map(([, p]) => p.value);
  const shortCodes = parsed.filter(([, p]) => p.kind === 'short_code').map(([, p]) => p.value);
  const [byNumber, byShortCode] = await Promise.all([
    numbers.length > 0 ? items.find({ $and: [{ identificationNumber: { $in: [...new Set(numbers)] } }, scope] }) : [],
    shortCodes.length > 0 ? items.find({ $and: [{ shortCode: { $in: [...new Set(shortCodes)] } }, scope] }) : [],
  ]);
  const numberIndex = new Map(byNumber.map((item) => [item.identificationNumber, item]));
  const shortIndex = new Map<string, ItemDocument>();
  for (const item of byShortCode) if (!shortIndex.has(item.shortCode)) shortIndex.set(item.shortCode, item);
  const found = new Map<string, ItemDocument>();
  for (const [code, p] of parsed) {
    const item = p.kind === 'identification_number' ? numberIndex.get(p.value) : shortIndex.get(p.value);
    if (item) found.set(code, item);
  }
  return found;
}

function scopeFilter(accountId: string, warehouseId: string, scope: VerificationScope, stockId: string | null): Filter {
  const statuses: readonly ItemStatus[] = scope === 'in_transit' ? ['item_in_transit'] : IN_WAREHOUSE_STATUSES;
  return {
    accountId,
    warehouseId,
    status: { $in: [...statuses] },
    ...(stockId ? { stockId } : {}),
  };
}

/** The first expected items the file does not name, by their code, newest reception first. */
async function missingCodes(items: Collection<ItemDocument>, scope: Filter, matched: ReadonlySet<string>, pause: () => Promise<void>): Promise<string[]> {
  const missing: string[] = [];
  for (let skip = 0; missing.length < VERIFICATION_LISTED_CODES; skip += MISSING_PAGE) {
    const page = await items.find(scope, { sort: [['receivedAt', -1], ['_id', -1]], skip, limit: MISSING_PAGE });
    for (const item of page) if (!matched.has(item._id) && missing.length < VERIFICATION_LISTED_CODES) missing.push(item.identificationNumber);
    if (page.length < MISSING_PAGE) break;
    await pause();
  }
  return missing;
}

function listed(codes: string[], count: number): { count: number; codes: string[] } {
  return { count, codes: codes.slice(0, VERIFICATION_LISTED_CODES) };
}

async function mailReport(deps: Pick<WarehousePorts, 'documents' | 'mailer'>, userId: string | null, report: VerificationReport): Promise<void> {
  if (!userId) return;
  const user = await deps.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).get(userId);
  if (!user) return;
  await deps.mailer.send({
    to: user.email,
    template: 'verificationReport',
    locale: user.locale,
    params: {
      firstName: user.firstname,
      fileName: report.fileName,
      codesRead: report.codesRead,
      matched: report.matched.count,
      missing: report.missing.count,
      unexpected: report.unexpected.count,
      missingCodes: report.missing.codes.slice(0, 50).join(', ') || '—',
      unexpectedCodes: report.unexpected.codes.slice(0, 50).join(', ') || '—',
      at: report.createdAt,
    },
  });
}
