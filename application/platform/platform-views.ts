/** What the platform's operations routes answer (see application/views/schema.ts). */
import { DateTime, StringEnum, Type, type Static } from '../views/schema.js';

export const ProjectionStatusView = Type.Object({ name: Type.String(), position: Type.Integer(), lag: Type.Integer({ minimum: 0 }) });

/** A process manager: how far it has reacted, how far behind the log it is, and what it found the two sides disagreeing on. */
export const ProcessManagerStatusView = Type.Object({
  name: Type.String(),
  position: Type.Integer(),
  lag: Type.Integer({ minimum: 0 }),
  conflicts: Type.Integer({ minimum: 0 }),
  /** Consecutive failed attempts on the event it is stuck on (0 when moving). */
  failingAttempts: Type.Integer({ minimum: 0 }),
});

/** A background queue (the label queue): its backlog, what is being retried, what was given up on. */
export const WorkerStatusView = Type.Object({
  name: Type.String(),
  backlog: Type.Integer({ minimum: 0 }),
  retrying: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  oldestSeconds: Type.Integer({ minimum: 0 }),
});

/**
 * GET /api/health. Anyone learns whether the service is up; the event
 * store's head and each projection's position and lag are shown to signed-in
 * users holding `platform.monitor` only.
 */
/** Who holds a background role's lease (issue 25: one owner per role), read from the document store. */
export const LeaseHoldingView = Type.Object(
  {
    role: StringEnum(['projector', 'processor'] as const),
    /** The holding process's replica id (REPLICA_ID, else host:pid). */
    holder: Type.String({ maxLength: 200, examples: ['projector-1'] }),
    /** Raised by one on each takeover: a stale holder's writes carrying an older one are refused. */
    token: Type.Integer({ minimum: 1, examples: [3] }),
    since: { ...DateTime, examples: ['2026-11-27T09:12:04.518Z'] },
    expiresAt: { ...DateTime, examples: ['2026-11-27T10:41:37.102Z'] },
    /** false: its holder stopped renewing it (died, or stopped); another process of the role takes it over. */
    live: Type.Boolean(),
  },
  { title: 'LeaseHolding' },
);

export const HealthView = Type.Object(
  {
    status: Type.Literal('ok'),
    /** The replica that answered and the role it was started with (PLATFORM_ROLE). */
    replica: Type.Optional(Type.String({ maxLength: 200, examples: ['api-2'] })),
    role: Type.Optional(StringEnum(['all', 'api', 'projector', 'processor'] as const)),
    /** Who runs each background role, whatever replica answers: an api replica's lags are the shared checkpoints'. */
    leases: Type.Optional(Type.Array(LeaseHoldingView, { maxItems: 20 })),
    eventStore: Type.Optional(Type.Object({ lastPosition: Type.Integer({ minimum: 0 }) })),
    projections: Type.Optional(Type.Array(ProjectionStatusView)),
    processManagers: Type.Optional(Type.Array(ProcessManagerStatusView)),
    workers: Type.Optional(Type.Array(WorkerStatusView)),
    /** The largest lag of a projection or a process manager. */
    maxLag: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { title: 'Health' },
);
export type HealthView = Static<typeof HealthView>;

export const RebuildView = Type.Object(
  { name: Type.String(), position: Type.Integer(), events: Type.Integer({ minimum: 0 }) },
  { title: 'Rebuild' },
);
