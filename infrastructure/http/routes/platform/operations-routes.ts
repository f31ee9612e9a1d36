import type { ProjectionRunner } from '../../../../application/projections/projection-runner.js';
import type { ProcessManagerRunner } from '../../../../application/process-managers/process-manager-runner.js';
import type { EventStore } from '../../../../application/ports/event-store.js';
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import { leaseHoldings } from '../../../../application/platform/lease.js';
import type { BackgroundWorker } from '../../../../application/ports/background-worker.js';
import { HealthView, RebuildView } from '../../../../application/platform/platform-views.js';
import type { RebuildCoordinator } from '../../../../application/platform/rebuild-coordinator.js';
import { defineRoute, type Route } from '../../route.js';
import { actorOf, REBUILD_PERMISSION } from './support-routes.js';
import { StringEnum, Type } from '../schemas.js';
import type { PlatformMetrics } from '../../../observability/metrics.js';

export const MONITOR_PERMISSION = 'platform.monitor';

export function operationsRoutes(
  runner: ProjectionRunner,
  eventStore: EventStore,
  processManagers: Pick<ProcessManagerRunner, 'status'>,
  workers: readonly BackgroundWorker[],
  coordinator: RebuildCoordinator,
  metrics: PlatformMetrics,
  documents: DocumentStore,
): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary:
        "The platform's metrics in the Prometheus text format (prom-client), to monitoring users: requests per route template and status with their latency histogram, command outcomes, throttle refusals, read-your-writes timeouts, each projection's and process manager's lag, each background queue's backlog, and the process's CPU, memory and event-loop delay; every series labelled with the replica and role. With METRICS_PORT, the same text is served at /metrics on that port, without a session, for a scraper inside the network",
      tag: 'operations',
      access: { kind: 'authenticated', permission: MONITOR_PERMISSION },
      response: { status: 200, description: 'Prometheus text exposition format 0.0.4', contentType: 'text/plain' },
      async handler() {
        return { headers: { 'Cache-Control': 'no-store' }, raw: { contentType: metrics.contentType, data: await metrics.render() } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/health',
      operationId: 'health',
      summary:
        "Whether the service is up; to monitoring users, the replica that answered and its role, who holds each background role's lease (projector, processor) and since when, the event store's head, each projection's and process manager's position and lag (on an api replica, read from the checkpoints the projector and the processor share), and each background queue's backlog (the label queue)",
      tag: 'operations',
      access: { kind: 'public', identifies: true },
      response: { status: 200, description: 'Up', schema: HealthView },
      async handler({ identified }) {
        if (!identified?.permissions.has(MONITOR_PERMISSION)) return { body: { status: 'ok' as const } };
        const [head, projections, managers, queues, leases] = await Promise.all([
          eventStore.lastGlobalPosition(),
          runner.status(),
          processManagers.status(),
          Promise.all(workers.map(async (worker) => ({ name: worker.name, ...(await worker.status()) }))),
          leaseHoldings(documents),
        ]);
        const maxLag = Math.max(0, ...projections.map((p) => p.lag), ...managers.map((m) => m.lag));
        const { replica, role } = metrics.identity;
        return {
          body: {
            status: 'ok' as const,
            replica,
            role: role as HealthView['role'],
            leases: leases as HealthView['leases'],
            eventStore: { lastPosition: head },
            projections,
            processManagers: managers,
            workers: queues,
            maxLag,
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/projections/{name}/rebuild',
      operationId: 'rebuildProjection',
      summary:
        'Rebuilds a read model and answers once it is done (super admin): built beside the one that keeps serving, it takes its place once caught up; 409 REBUILD_ALREADY_RUNNING when one of it is queued or running (POST /platform/rebuilds answers at once instead)',
      tag: 'operations',
      access: { kind: 'authenticated', permission: REBUILD_PERMISSION },
      params: Type.Object({ name: StringEnum(runner.projections.map((p) => p.name)) }, { additionalProperties: false }),
      response: { status: 200, description: 'Rebuilt', schema: RebuildView },
      async handler({ params, user }) {
        const [job] = await coordinator.request([params.name], actorOf(user));
        const done = await coordinator.completion((job as { id: string }).id);
        if (done.status === 'failed' || done.position === null) throw new Error(`The rebuild of ${params.name} failed: ${done.error ?? 'unknown'}`);
        return { body: { name: done.projection, position: done.position, events: done.events } };
      },
    }),
  ];
}
