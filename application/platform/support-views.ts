/** What the support page's routes answer (GET /platform/support, POST /platform/rebuilds). */
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';
import { ProcessManagerStatusView, WorkerStatusView } from './platform-views.js';

const SupportActorView = Type.Object({ userId: Nullable(Type.String()), name: Nullable(Type.String()) });

/** A rebuild asked for by support: queued, running (with its progress: events of the log replayed out of its length), finished or failed. */
export const RebuildJobView = Type.Object(
  {
    id: Uuid,
    projection: Type.String(),
    status: StringEnum(['queued', 'running', 'finished', 'failed'] as const),
    stage: Nullable(StringEnum(['replaying', 'indexing', 'switching'] as const)),
    events: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
    /** The log position the rebuilt read model reached, once finished. */
    position: Nullable(Type.Integer({ minimum: 0 })),
    requestedBy: SupportActorView,
    requestedAt: DateTime,
    startedAt: Nullable(DateTime),
    finishedAt: Nullable(DateTime),
    error: Nullable(Type.String()),
  },
  { title: 'RebuildJob' },
);
export type RebuildJobView = Static<typeof RebuildJobView>;

export const RebuildsStartedView = Type.Object({ rebuilds: Type.Array(RebuildJobView) }, { title: 'RebuildsStarted' });

/** A follow-up a process manager could not make because the other side refused it: which streams, when, why. */
export const ConflictView = Type.Object(
  {
    id: Type.String(),
    manager: Type.String(),
    at: DateTime,
    code: Type.String(),
    details: Type.Record(Type.String(), Type.Unknown()),
    accountId: Nullable(Type.String()),
    sourceStream: Type.String(),
    sourceType: Type.String(),
    targetStream: Type.String(),
    /** The buyback and the item of the pair, when a side is one: each side's history is reached by them. */
    buybackId: Nullable(Type.String()),
    itemId: Nullable(Type.String()),
    itemStatus: Nullable(Type.String()),
    buybackState: Nullable(Type.String()),
  },
  { title: 'ProcessManagerConflict' },
);
export type ConflictView = Static<typeof ConflictView>;

export const SupportActionView = Type.Object(
  {
    id: Type.String(),
    action: StringEnum(['rebuild_started', 'rebuild_finished', 'rebuild_failed'] as const),
    at: DateTime,
    by: SupportActorView,
    projection: Type.String(),
    rebuildId: Uuid,
    events: Nullable(Type.Integer({ minimum: 0 })),
    durationMs: Nullable(Type.Integer({ minimum: 0 })),
    error: Nullable(Type.String()),
  },
  { title: 'SupportAction' },
);
export type SupportActionView = Static<typeof SupportActionView>;

export const SupportOverviewView = Type.Object(
  {
    checkedAt: DateTime,
    eventStore: Type.Object({ lastPosition: Type.Integer({ minimum: 0 }) }),
    projections: Type.Array(
      Type.Object({
        name: Type.String(),
        position: Type.Integer({ minimum: 0 }),
        lag: Type.Integer({ minimum: 0 }),
        /** The rebuild queued or running, if any. */
        rebuild: Nullable(RebuildJobView),
      }),
    ),
    processManagers: Type.Array(ProcessManagerStatusView),
    workers: Type.Array(WorkerStatusView),
    /** The conflicts counted, newest first (at most `limit` of them; `total` counts them all, up to 100,000). */
    conflicts: Type.Object({ total: Type.Integer({ minimum: 0 }), items: Type.Array(ConflictView) }),
    rebuilds: Type.Array(RebuildJobView),
    actions: Type.Array(SupportActionView),
    /** Whether the caller may start rebuilds (projection.rebuild). */
    canRebuild: Type.Boolean(),
  },
  { title: 'SupportOverview' },
);
export type SupportOverviewView = Static<typeof SupportOverviewView>;
