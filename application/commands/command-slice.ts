import type { Locale } from '../../domain/organizations/events.js';
import type { Permission } from '../organizations/permissions.js';
import type { Principal } from '../organizations/principal.js';
import type { IdempotencyMark } from '../ports/event-store.js';

/** Who runs a command, and the request's own facts. */
export interface CommandContext {
  principal: Principal;
  correlationId: string;
  /** From If-Match: the revision the caller last saw; another current revision answers 412. */
  expectedRevision?: number;
  /** The caller's language (Accept-Language, else their profile's). */
  locale: Locale;
  /** The request's Idempotency-Key, hashed with its scope, and the request's hash: recorded on the events it writes. */
  idempotency?: IdempotencyMark;
}

/** What a command on one aggregate answers. */
export interface CommandOutcome<Status extends string | null = string | null> {
  id: string;
  status: Status;
  /** Revision of the aggregate's stream after the command (its ETag). */
  revision: number;
  /** Global position of the last event written: the API waits for the read models to reach it. */
  position: number | null;
}

/**
 * One command, in one small file: its input, who may run it, and `run`,
 * which loads what the decision needs, asks the aggregate's `decide` and
 * appends (through `handleCommand`, the generic read ▸ fold ▸ decide ▸
 * append). The HTTP route that exposes it reads `permission` from here, so
 * "who may" is written once.
 */
export interface CommandSlice<Deps, Input, Output> {
  /** The aggregate's command type (`CancelBuyback`): what views list in `allowedCommands`. */
  readonly name: string;
  /** The permission its caller must hold; null for a command authorised otherwise (a secret link). */
  readonly permission: Permission | null;
  run(deps: Deps, context: CommandContext, input: Input): Promise<Output>;
}

export function defineCommand<Deps, Input, Output>(slice: CommandSlice<Deps, Input, Output>): CommandSlice<Deps, Input, Output> {
  return slice;
}
