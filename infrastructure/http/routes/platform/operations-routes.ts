import type { ProjectionRunner } from '../../../../application/projections/projection-runner.js';
import type { CustomerService } from '../../../../application/buybacks/customer-service.js';
import type { EventStore } from '../../../../application/ports/event-store.js';
import type { Principal } from '../../../../application/organizations/principal.js';
import { HttpError } from '../../errors.js';
import type { Route } from '../../route.js';
import { uuid } from '../schemas.js';

export function adminRoutes(runner: ProjectionRunner, customers: CustomerService, eventStore: EventStore): Route[] {
  return [
    {
      method: 'get',
      path: '/health',
      operationId: 'health',
      summary: "Liveness, the event store's head and each projection's position and lag",
      tag: 'operations',
      access: { kind: 'public' },
      async handler() {
        const [head, projections] = await Promise.all([eventStore.lastGlobalPosition(), runner.status()]);
        const maxLag = Math.max(0, ...projections.map((p) => p.lag));
        return { body: { status: 'ok', eventStore: { lastPosition: head }, projections, maxLag } };
      },
    },
    {
      method: 'post',
      path: '/admin/projections/{name}/rebuild',
      operationId: 'rebuildProjection',
      summary: 'Drops a read model and replays every event into it (super admin)',
      tag: 'operations',
      access: { kind: 'authenticated', permission: 'projection.rebuild' },
      params: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', enum: runner.projections.map((p) => p.name) } },
      },
      async handler({ params }) {
        return { body: await runner.rebuild(params.name as string) };
      },
    },
    {
      method: 'post',
      path: '/admin/customers/forget',
      operationId: 'forgetCustomer',
      summary: "Forgets a customer: deletes their key, so their personal data can never be read again",
      tag: 'operations',
      access: { kind: 'authenticated', permission: 'customer.forget' },
      body: {
        type: 'object',
        required: ['email'],
        additionalProperties: false,
        properties: { email: { type: 'string', format: 'email', maxLength: 255 }, accountId: uuid },
      },
      idempotent: true,
      async handler({ principal, body, correlationId }) {
        const input = body as { email: string; accountId?: string };
        const actor = principal as Principal;
        const accountId = actor.accountId ?? input.accountId;
        if (!accountId) throw new HttpError('VALIDATION_FAILED', { fields: [{ field: 'accountId', code: 'schema.required' }] });
        const result = await customers.forgetByEmail({ email: input.email, accountId, userId: actor.userId, correlationId });
        return { position: result.position, body: { subjectId: result.subjectId, keyDeleted: result.keyDeleted } };
      },
    },
  ];
}
