import type { UserEvent } from '../../../domain/organizations/events.js';
import { toDomainEvent } from '../../events/codec.js';
import type { JobControl } from '../../jobs/job-queue.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import type { UserActor } from '../users/user-ports.js';
import type { UserImportRow } from './user-import-rows.js';
import { importedUserId, type UserImportDeps, type UserImportDocument } from './user-import-document.js';

/** Why a row was not created: a preview problem (lower case, the row's) or the creation's refusal (its error code). */
export interface UserImportSkipReason {
  code: string;
  field: string | null;
  params: Record<string, string | number>;
}

export interface UserImportReport {
  /** Users this run created. */
  created: number;
  /** Users an earlier run of this import had created (a run after an interruption, or done again): not created twice. */
  alreadyCreated: number;
  /** Invitations this run sent (a user created earlier and not yet invited is invited now). */
  invited: number;
  /** The rows created, by this run or an earlier one. */
  users: Array<{ line: number; email: string; userId: string }>;
  skipped: Array<{ line: number; email: string; reasons: UserImportSkipReason[] }>;
  finishedAt: string;
}

/** A slice of work lasts about this long before the loop is given back. */
const SLICE_MS = 4;

/**
 * Creates each valid row's user under the id its line derives, unless its
 * stream exists (an earlier run created it): a run stopped anywhere (kill -9
 * between two rows, or between a creation and its invitation) and run again
 * creates the rest and invites whoever was not, never anyone twice. A row
 * the creation refuses (its address taken since the preview) is skipped with
 * the refusal's code; a fault stops the run (run it again).
 */
export async function runImport(deps: UserImportDeps, document: UserImportDocument, actor: UserActor, control: JobControl): Promise<UserImportReport> {
  const valid = document.rows.filter((row) => row.errors.length === 0);
  const report: UserImportReport = {
    created: 0,
    alreadyCreated: 0,
    invited: 0,
    users: [],
    skipped: document.rows.filter((row) => row.errors.length > 0).map((row) => ({ line: row.line, email: row.email, reasons: row.errors.map((e) => ({ ...e })) })),
    finishedAt: '',
  };
  const toInvite: UserImportRow[] = [];
  let last: number | null = null;
  let sliceStarted = performance.now();
  const breathe = async (done: number) => {
    if (performance.now() - sliceStarted < SLICE_MS) return;
    control.progress(done);
    await control.pause();
    sliceStarted = performance.now();
  };
  for (const [index, row] of valid.entries()) {
    const userId = importedUserId(document._id, row.line);
    const stream = await deps.eventStore.readStream(ORGANIZATION_STREAMS.user.name(userId));
    if (stream.length > 0) {
      report.alreadyCreated++;
      report.users.push({ line: row.line, email: row.email, userId });
      const invited = stream.some((stored) => toDomainEvent<UserEvent>(stored).type === 'UserInvited');
      if (!invited) toInvite.push(row);
    } else {
      const refusal = await create(deps, document, row, userId, actor);
      if (typeof refusal === 'number' || refusal === null) {
        report.created++;
        report.users.push({ line: row.line, email: row.email, userId });
        toInvite.push(row);
        if (typeof refusal === 'number') last = refusal;
      } else {
        report.skipped.push({ line: row.line, email: row.email, reasons: [refusal] });
      }
    }
    await breathe(index + 1);
  }
  report.skipped.sort((a, b) => a.line - b.line);
  if (deps.invite && toInvite.length > 0) {
    // The invitation reads the user from the read model: it must have applied the creations.
    if (last !== null) await deps.caughtUp(last);
    for (const [index, row] of toInvite.entries()) {
      await deps.invite(importedUserId(document._id, row.line), row.locale, actor);
      report.invited++;
      await breathe(valid.length + index + 1);
    }
  }
  control.progress(valid.length * 2);
  report.finishedAt = deps.clock.now();
  return report;
}

/** Creates the row's user: its event's position, or why it was refused (a refusal with a code; anything else is thrown). */
async function create(deps: UserImportDeps, document: UserImportDocument, row: UserImportRow, userId: string, actor: UserActor): Promise<number | null | UserImportSkipReason> {
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
