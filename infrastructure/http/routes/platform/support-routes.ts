import type { DocumentStore, StoredDocument } from '../../../../application/ports/document-store.js';
import type { EventStore } from '../../../../application/ports/event-store.js';
import type { Clock } from '../../../../application/ports/clock.js';
import type { BackgroundWorker } from '../../../../application/ports/background-worker.js';
import type { ProjectionRunner } from '../../../../application/projections/projection-runner.js';
import { PROCESS_MANAGER_CONFLICTS, type ProcessManagerRunner } from '../../../../application/process-managers/process-manager-runner.js';
import type { RebuildCoordinator, SupportActionDocument, SupportActor } from '../../../../application/platform/rebuild-coordinator.js';
import { categoryOf } from '../../../../application/events/streams.js';
import {
  RebuildsStartedView,
  SupportOverviewView,
  type ConflictView,
  type SupportActionView,
} from '../../../../application/platform/support-views.js';
import type { UserDocument } from '../../../../application/organizations/read-models.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Type } from '../schemas.js';

export const REBUILD_PERMISSION = 'projection.rebuild';
/** Conflicts and support actions shown on the page, newest first. */
const SHOWN = 50;
/** Conflicts are counted up to this many. */
const COUNTED = 100_000;

interface ConflictDocument extends StoredDocument {
  manager: string;
  at: string;
  code: string;
  details?: Record<string, unknown>;
  accountId?: string | null;
  sourceStream: string;
  sourceType: string;
  targetStream: string;
  itemStatus?: string | null;
  buybackState?: string | null;
}

export interface SupportDependencies {
  runner: ProjectionRunner;
  eventStore: EventStore;
  processManagers: Pick<ProcessManagerRunner, 'status'>;
  workers: readonly BackgroundWorker[];
  documents: DocumentStore;
  coordinator: RebuildCoordinator;
  clock: Clock;
}

/** The support page's data and its one repair: rebuilding read models (blue-green, see application/projections/rebuild.ts). */
export function supportRoutes(deps: SupportDependencies): Route[] {
  const names = deps.runner.projections.map((p) => p.name);
  return [
    defineRoute({
      method: 'get',
      path: '/platform/support',
      operationId: 'getSupportOverview',
      summary:
        "Support's view of the platform: each projection's and process manager's position and lag, each background queue's backlog, the conflicts the process managers counted (latest 50, with the streams of both sides), the rebuilds queued, running and done, and the latest support actions",
      tag: 'operations',
      access: { kind: 'authenticated', permission: 'platform.monitor' },
      response: { status: 200, description: 'The overview', schema: SupportOverviewView },
      async handler({ principal }) {
        const conflicts = deps.documents.collection<ConflictDocument>(PROCESS_MANAGER_CONFLICTS);
        const [head, projections, managers, workers, conflictTotal, latest, actions] = await Promise.all([
          deps.eventStore.lastGlobalPosition(),
          deps.runner.status(),
          deps.processManagers.status(),
          Promise.all(deps.workers.map(async (worker) => ({ name: worker.name, ...(await worker.status()) }))),
          conflicts.count({}, { limit: COUNTED }),
          conflicts.find({}, { sort: [['at', -1]], limit: SHOWN }),
          deps.coordinator.actions(SHOWN),
        ]);
        const rebuilds = deps.coordinator.list();
        const active = (name: string) => rebuilds.find((job) => job.projection === name && (job.status === 'queued' || job.status === 'running')) ?? null;
        return {
          body: {
            checkedAt: deps.clock.now(),
            eventStore: { lastPosition: head },
            projections: projections.map((p) => ({ ...p, rebuild: active(p.name) })),
            processManagers: managers,
            workers,
            conflicts: { total: conflictTotal, items: latest.map(conflictView) },
            rebuilds,
            actions: actions.map(actionView),
            canRebuild: principal.permissions.has(REBUILD_PERMISSION),
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/platform/rebuilds',
      operationId: 'startRebuilds',
      summary:
        'Starts rebuilding the named read models (all of them: every name), one after the other; each is built beside the one that keeps serving and takes its place once caught up. Answers at once with the queued rebuilds; their progress shows in GET /platform/support. 409 REBUILD_ALREADY_RUNNING when one of them is queued or running',
      tag: 'operations',
      access: { kind: 'authenticated', permission: REBUILD_PERMISSION },
      body: Type.Object(
        { projections: Type.Array(StringEnum(names), { minItems: 1, maxItems: names.length, uniqueItems: true }) },
        { additionalProperties: false },
      ),
      response: { status: 202, description: 'Queued', schema: RebuildsStartedView },
      async handler({ body, user }) {
        const rebuilds = await deps.coordinator.request(body.projections, actorOf(user));
        return { status: 202, body: { rebuilds } };
      },
    }),
  ];
}

/** Who asked, as the page shows it. */
export function actorOf(user: UserDocument | null): SupportActor {
  if (!user) return { userId: null, name: null };
  const name = [user.firstname, user.lastname].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return { userId: user._id, name: name === '' ? null : name };
}

function conflictView(document: ConflictDocument): ConflictView {
  const sides = [document.sourceStream, document.targetStream];
  const idOf = (category: string) => {
    const stream = sides.find((name) => categoryOf(name) === category);
    return stream ? stream.slice(category.length + 1) : null;
  };
  return {
    id: document._id,
    manager: document.manager,
    at: document.at,
    code: document.code,
    details: document.details ?? {},
    accountId: document.accountId ?? null,
    sourceStream: document.sourceStream,
    sourceType: document.sourceType,
    targetStream: document.targetStream,
    buybackId: idOf('buyback'),
    itemId: idOf('item'),
    itemStatus: document.itemStatus ?? null,
    buybackState: document.buybackState ?? null,
  };
}

function actionView(document: SupportActionDocument): SupportActionView {
  const { _id, action, at, by, projection, rebuildId, events, durationMs, error } = document;
  return { id: _id, action, at, by, projection, rebuildId, events, durationMs, error };
}
