import type { UserEvent } from '../../../domain/organizations/events.js';
import { toDomainEvent } from '../../events/codec.js';
import type { JobControl } from '../../jobs/job-queue.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import type { UserActor } from '../users/user-ports.js';
import type { WriteOperation } from '../../ports/document-store.js';
import { USER_IMPORT_ROWS_COLLECTION, importedUserId, type UserImportDeps, type UserImportDocument, type UserImportRowDocument } from './user-import-document.js';

/** Why a row was not created: a preview problem (lower case, the row's) or the creation's refusal (its error code). */
export interface UserImportSkipReason {
  code: string;
  field: string | null;
  params: Record<string, string | number>;
}

/** What a run did: counts; each row's outcome is on the row (the report's rows are a query of them). */
export interface UserImportReport {
  /** Users this run created. */
  created: number;
  /** Users an earlier run of this import had created (a run after an interruption, or done again): not created twice. */
  alreadyCreated: number;
  /** Invitations this run sent (a user created earlier and not yet invited is invited now). */
  invited: number;
  /** Rows not created: refused by the preview's checks, or by the creation since. */
  skipped: number;
  finishedAt: string;
}

/** A slice of work lasts about this long before the loop is given back. */
const SLICE_MS = 4;
const PAGE = 250;

type Outcome = NonNullable<UserImportRowDocument['outcome']>;

/**
 * Creates each valid row's user under the id its line derives, unless its
 * stream exists (an earlier run created it): a run stopped anywhere (kill -9
 * between two rows, or between a creation and its invitation) and run again
 * creates the rest and invites whoever was not, never anyone twice. A row
 * the creation refuses (its address taken since the preview) is skipped with
 * the refusal's code; a fault stops the run (run it again). Each row's
 * outcome is written on it as the run goes.
 */
export async function runImport(deps: UserImportDeps, document: UserImportDocument, actor: UserActor, control: JobControl): Promise<UserImportReport> {
  const rows = deps.documents.collection<UserImportRowDocument>(USER_IMPORT_ROWS_COLLECTION);
  const report: UserImportReport = { created: 0, alreadyCreated: 0, invited: 0, skipped: 0, finishedAt: '' };
  const toInvite: UserImportRowDocument[] = [];
  let pending: WriteOperation[] = [];
  const record = (row: UserImportRowDocument, outcome: Outcome) => pending.push({ kind: 'upsert', collection: USER_IMPORT_ROWS_COLLECTION, document: { ...row, outcome } });
  const flush = async () => {
    if (pending.length > 0) await deps.documents.writeBatch(pending);
    pending = [];
  };
  let last: number | null = null;
  let done = 0;
  let sliceStarted = performance.now();
  const breathe = async () => {
    if (performance.now() - sliceStarted < SLICE_MS) return;
    await flush();
    control.progress(done);
    await control.pause();
    sliceStarted = performance.now();
  };
  for (let after = 0; ; ) {
    const page = await rows.find({ importId: document._id, line: { $gt: after } }, { sort: [['line', 1]], limit: PAGE });
    for (const row of page) {
      after = row.line;
      if (!row.valid) {
        report.skipped++;
        record(row, { status: 'skipped', userId: null, reasons: row.errors.map((error) => ({ ...error })) });
        continue;
      }
      const userId = importedUserId(document._id, row.line);
      const stream = await deps.eventStore.readStream(ORGANIZATION_STREAMS.user.name(userId));
      if (stream.length > 0) {
        report.alreadyCreated++;
        record(row, { status: 'already_created', userId, reasons: [] });
        if (!stream.some((stored) => toDomainEvent<UserEvent>(stored).type === 'UserInvited')) toInvite.push(row);
      } else {
        const created = await create(deps, document, row, userId, actor);
        if (typeof created === 'number' || created === null) {
          report.created++;
          record(row, { status: 'created', userId, reasons: [] });
          toInvite.push(row);
          if (typeof created === 'number') last = created;
        } else {
          report.skipped++;
          record(row, { status: 'skipped', userId: null, reasons: [created] });
        }
      }
      done++;
      await breathe();
    }
    if (page.length < PAGE) break;
  }
  await flush();
  done = document.counts.valid;
  if (deps.invite && toInvite.length > 0) {
    // The invitation reads the user from the read model: it must have applied the creations.
    if (last !== null) await deps.caughtUp(last);
    for (const row of toInvite) {
      await deps.invite(importedUserId(document._id, row.line), row.locale, actor);
      report.invited++;
      done++;
      await breathe();
    }
  }
  control.progress(document.counts.valid * 2);
  report.finishedAt = deps.clock.now();
  return report;
}

/** Creates the row's user: its event's position, or why it was refused (a refusal with a code; anything else is thrown). */
async function create(deps: UserImportDeps, document: UserImportDocument, row: UserImportRowDocument, userId: string, actor: UserActor): Promise<number | null | UserImportSkipReason> {
  if (row.module === null || row.role === null || row.organizationId === null) return { code: 'field_missing', field: 'role', params: {} };
  try {
    const outcome = await deps.createUser(
      {
        userId,
        accountId: document.accountId,
        email: row.email,
        firstname: row.firstname,
        lastname: row.lastname,
        status: row.status,
        locale: row.locale,
        modules: { [row.module]: { userType: row.role, organizationId: row.organizationId } },
      },
      actor,
    );
    return outcome.position;
  } catch (error) {
    const { code, details } = (error ?? {}) as { code?: unknown; details?: Record<string, unknown> };
    if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) throw error;
    if (code === 'USER_EMAIL_TAKEN') return { code: 'duplicate_in_platform', field: 'email', params: {} };
    const fields = Array.isArray(details?.fields) ? (details.fields as Array<{ field?: unknown; code?: unknown }>) : [];
    const first = fields[0];
    return { code, field: typeof first?.field === 'string' ? first.field : null, params: typeof first?.code === 'string' ? { reason: first.code } : {} };
  }
}
