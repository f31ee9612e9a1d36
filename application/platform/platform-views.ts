/** What the platform's operations routes answer (see application/views/schema.ts). */
import { Type, type Static } from '../views/schema.js';

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
export const HealthView = Type.Object(
  {
    status: Type.Literal('ok'),
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
