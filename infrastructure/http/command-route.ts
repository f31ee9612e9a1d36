import type { TSchema } from '@sinclair/typebox';
import type { CommandContext, CommandOutcome, CommandSlice } from '../../application/commands/command-slice.js';
import { CommandAnswer } from '../../application/views/schema.js';
import { etagOf } from './etag.js';
import { defineRoute, type Route, type RouteContext, type RouteResult } from './route.js';

type Authenticated = { kind: 'authenticated'; permission: string | null };

/** The command context of an authenticated request. */
export function commandContext(context: RouteContext<unknown, unknown, unknown, Authenticated>): CommandContext {
  return {
    principal: context.principal,
    correlationId: context.correlationId,
    locale: context.locale,
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    ...(context.idempotency ? { idempotency: context.idempotency } : {}),
  };
}

/** A command's answer: its new status and revision, the revision again as the ETag, and the position to wait for. */
export function commandResult(outcome: CommandOutcome, status = 200): RouteResult<typeof CommandAnswer> {
  return {
    status,
    position: outcome.position,
    headers: { ETag: etagOf(outcome.revision) },
    body: { id: outcome.id, status: outcome.status, revision: outcome.revision },
  };
}

/**
 * Exposes a command on one aggregate as `POST <path>`: the permission is the
 * slice's own, If-Match and Idempotency-Key are honoured, and the answer is
 * the aggregate's new status and revision.
 */
export function commandRoute<Deps, Input, P extends TSchema | undefined, B extends TSchema | undefined>(
  slice: CommandSlice<Deps, Input, CommandOutcome>,
  deps: Deps,
  spec: {
    path: string;
    operationId: string;
    summary: string;
    tag: string;
    params: P;
    body?: B;
    input(context: RouteContext<P, undefined, B, Authenticated>): Input;
  },
): Route {
  if (slice.permission === null) throw new Error(`${slice.name} names no permission: expose it with its own route`);
  return defineRoute({
    method: 'post',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    tag: spec.tag,
    access: { kind: 'authenticated', permission: slice.permission } as Authenticated,
    params: spec.params,
    ...(spec.body ? { body: spec.body } : {}),
    idempotent: true,
    conditional: true,
    response: { status: 200, description: 'The new status and revision (also in ETag)', schema: CommandAnswer },
    async handler(context) {
      const outcome = await slice.run(deps, commandContext(context), spec.input(context));
      return commandResult(outcome);
    },
  });
}
