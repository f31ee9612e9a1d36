import { parse } from 'csv-parse/sync';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { parseItemCode } from '../../../domain/warehouse/item-code.js';
import { IN_WAREHOUSE_STATUSES, type ItemStatus } from '../../../domain/warehouse/items/state.js';
import type { CodesVerified } from '../../../domain/warehouse/verification.js';
import { toNewEvent } from '../../events/codec.js';
import { defineCommand } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument, type UserDocument } from '../../organizations/read-models.js';
import { isPlatformStaff } from '../../organizations/principal.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import type { Filter } from '../../ports/document-store.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument, type VerificationScope } from '../read-models.js';
import { WAREHOUSE_STREAMS } from '../streams.js';
import { visibleStock } from './stocks.js';

/** The largest list a verification reads: rows of codes, and bytes of the file. */
export const VERIFICATION_MAX_ROWS = 10_000;
export const VERIFICATION_MAX_BYTES = 512 * 1024;
/** Codes kept and shown per group (matched, missing, unexpected); the counts are exact. */
export const VERIFICATION_LISTED_CODES = 1_000;
/** The column of the codes, whatever its case; the first column when the file has a single one. */
const CODE_COLUMNS = ['code', 'codes', 'identificationnumber', 'identification_number', 'buyback', 'item'];

export interface VerifyCodesInput {
  /** The warehouse: a warehouse user's own, else named. */
  warehouseId?: string | null;
  /** in_transit: what was shipped to the warehouse (a carrier's list); in_warehouse: what it holds (an inventory, a buyer's list). */
  scope: VerificationScope;
  /** With in_warehouse: one stock only. */
  stockId?: string | null;
  fileName: string;
  /** The CSV file's text. */
  content: string;
}

export type VerificationOutcome = { id: string; position: number | null; report: Omit<CodesVerified['data'], 'verificationId'> };

/**
 * A list of codes (a buyer's or a carrier's CSV) compared with what the
 * platform expects in the warehouse: the codes it expects and finds
 * (matched), expects and does not find (missing), and finds without
 * expecting them (unexpected: unknown, elsewhere, or in another status).
 * The report is recorded (an event, so it stays auditable) and e-mailed to
 * the user. A file that cannot be read changes nothing.
 */
export const verifyCodes = defineCommand<WarehousePorts, VerifyCodesInput, VerificationOutcome>({
  name: 'VerifyCodes',
  permission: 'item.verify',
  async run(deps, context, input) {
    const { principal } = context;
    const warehouseId = principal.module === 'rps' ? principal.organizationId : (input.warehouseId ?? null);
    if (!warehouseId) throw new ApplicationError('VALIDATION_FAILED', { fields: [{ field: 'warehouseId', code: 'required' }] });
    const warehouse = await deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(warehouseId);
    if (!warehouse || warehouse.type !== 'warehouse' || !(isPlatformStaff(principal) || warehouse.accountId === principal.accountId)) {
      throw new ApplicationError('WAREHOUSE_NOT_FOUND', { warehouseId });
    }
    // With an Idempotency-Key the verification's id derives from it: a retry answers the first report, sends nothing again.
    const verificationId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const earlier = await deps.eventStore.readStream(WAREHOUSE_STREAMS.verification.name(verificationId));
    if (earlier[0]) {
      const { verificationId: _id, ...report } = (earlier[0].data as CodesVerified['data']);
      return { id: verificationId, position: earlier[0].globalPosition, report };
    }
    const stockId = input.scope === 'in_warehouse' ? (input.stockId ?? null) : null;
    const stock = stockId ? await visibleStock(deps, principal, stockId) : null;
    if (stock && stock.warehouseId !== warehouseId) throw new ApplicationError('STOCK_NOT_FOUND', { stockId });
    const codes = readCodes(input.content);

    const items = deps.documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items);
    const scope = scopeFilter(warehouse.accountId, warehouseId, input.scope, stockId);
    const matched: string[] = [];
    const unexpected: string[] = [];
    const matchedIds = new Set<string>();
    for (const code of codes) {
      const parsed = parseItemCode(code);
      const byCode = parsed.kind === 'identification_number' ? { identificationNumber: parsed.value } : { shortCode: parsed.value };
      const [found] = await items.find({ $and: [byCode, scope] }, { limit: 1 });
      if (found && !matchedIds.has(found._id)) {
        matchedIds.add(found._id);
        matched.push(code);
      } else if (!found) unexpected.push(code);
    }
    const expected = await items.count(scope, { limit: Number.MAX_SAFE_INTEGER });
    const missing = await missingCodes(items, scope, matchedIds);

    const metadata = commandMetadata(deps, context, warehouse.accountId, principal.organizationId ?? warehouseId);
    const report = {
      warehouseId,
      scope: input.scope,
      stockId,
      fileName: input.fileName,
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
    await mailReport(deps, principal.userId, report);
    return { id: verificationId, position: appended.lastGlobalPosition, report };
  },
});

/** The codes of the file, one per row, trimmed; refused whole when it is not a CSV of codes. */
export function readCodes(content: string): string[] {
  if (Buffer.byteLength(content, 'utf8') > VERIFICATION_MAX_BYTES) {
    throw new ApplicationError('VERIFICATION_FILE_TOO_LARGE', { maxBytes: VERIFICATION_MAX_BYTES, maxRows: VERIFICATION_MAX_ROWS });
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(content)) throw new ApplicationError('VERIFICATION_FILE_NOT_CSV');
  const text = content.replace(/^\uFEFF/, '');
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // One separator per file, the header line's (a French list writes 425,00 in a semicolon-separated file).
    rows = parse(text, { delimiter: separatorOf(text), skip_empty_lines: true, trim: true, relax_column_count: true, info: true }) as unknown as typeof rows;
  } catch {
    throw new ApplicationError('VERIFICATION_FILE_NOT_CSV');
  }
  const [first, ...records] = rows;
  if (!first) throw new ApplicationError('VERIFICATION_FILE_EMPTY');
  const header = first.record;
  const names = header.map((name) => name.toLowerCase().replace(/[\s-]/g, ''));
  const column = names.length === 1 && CODE_COLUMNS.includes(names[0] as string) ? 0 : names.findIndex((name) => CODE_COLUMNS.includes(name));
  if (column < 0) throw new ApplicationError('VERIFICATION_FILE_COLUMNS', { expected: 'code', found: header.slice(0, 10).map((name) => name.slice(0, 40)) });
  if (records.length === 0) throw new ApplicationError('VERIFICATION_FILE_EMPTY');
  if (records.length > VERIFICATION_MAX_ROWS) {
    throw new ApplicationError('VERIFICATION_FILE_TOO_LARGE', { maxBytes: VERIFICATION_MAX_BYTES, maxRows: VERIFICATION_MAX_ROWS });
  }
  const codes: string[] = [];
  records.forEach(({ record, info }) => {
    const value = (record[column] ?? '').replace(/\s+/g, '');
    if (value === '') return;
    try {
      parseItemCode(value);
    } catch (error) {
      // `info.lines`: the file's line the record ends on (blank lines counted).
      if (error instanceof DomainError) throw new ApplicationError('VERIFICATION_CODE_INVALID', { line: info.lines, value: value.slice(0, 40), reason: error.code });
      throw error;
    }
    if (!codes.includes(value)) codes.push(value);
  });
  if (codes.length === 0) throw new ApplicationError('VERIFICATION_FILE_EMPTY');
  return codes;
}

/** The separator of the file's first line: the most frequent of semicolon, comma and tab (a single column: any). */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((separator) => [separator, header.split(separator).length - 1] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
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
async function missingCodes(items: ReturnType<WarehousePorts['documents']['collection']>, scope: Filter, matched: ReadonlySet<string>): Promise<string[]> {
  const missing: string[] = [];
  for (let skip = 0; missing.length < VERIFICATION_LISTED_CODES; skip += 500) {
    const page = (await items.find(scope, { sort: [['receivedAt', -1], ['_id', -1]], skip, limit: 500 })) as ItemDocument[];
    for (const item of page) if (!matched.has(item._id) && missing.length < VERIFICATION_LISTED_CODES) missing.push(item.identificationNumber);
    if (page.length < 500) break;
  }
  return missing;
}

function listed(codes: string[], count: number): { count: number; codes: string[] } {
  return { count, codes: codes.slice(0, VERIFICATION_LISTED_CODES) };
}

async function mailReport(deps: WarehousePorts, userId: string | null, report: VerificationOutcome['report']): Promise<void> {
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
