/** What the platform's operations routes answer (see application/views/schema.ts). */
import { Type, type Static } from '../views/schema.js';

const ProjectionStatusView = Type.Object({ name: Type.String(), position: Type.Integer(), lag: Type.Integer({ minimum: 0 }) });

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
    maxLag: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { title: 'Health' },
);
export type HealthView = Static<typeof HealthView>;

export const RebuildView = Type.Object(
  { name: Type.String(), position: Type.Integer(), events: Type.Integer({ minimum: 0 }) },
  { title: 'Rebuild' },
);
