import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import { CIRCUIT_GUARD_STREAMS, DISPATCH_CIRCUIT_RULE_STREAMS } from '../../../application/catalog/circuits/streams.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, type PermissionTable } from '../../../application/organizations/permissions.js';
import { dispatchCircuitRulesProjection } from '../../../projections/catalog/circuit-projection.js';
import { circuitsRoutes } from '../../http/routes/catalog/circuits-routes.js';

/**
 * The circuits' part of the catalogue manifest (issue 21, "Circuits and
 * dispatch circuit rules"): permissions, refusals, menu entries, routes, the
 * dispatch circuit rules' streams and read model. The circuits' own stream
 * and read model stay the catalogue's (`circuit`, `circuits`), which the
 * buyback path reads.
 */
export const circuitStreams = [...Object.values(DISPATCH_CIRCUIT_RULE_STREAMS), ...Object.values(CIRCUIT_GUARD_STREAMS)];
export const circuitProjections = [dispatchCircuitRulesProjection];

export const circuitPermissions: PermissionTable = {
  'circuit.list': { description: 'See the circuits, their dispatch circuit rules and their histories', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
  'circuit.manage': {
    description: 'Change, activate and deactivate the circuits (instructions, modes, bonus, translations), create and change their dispatch circuit rules and launch a rule’s premium connector',
    holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS],
  },
};

export const circuitErrors = {
  CIRCUIT_NOT_FOUND: 404,
  CIRCUIT_ALREADY_EXISTS: 409,
  CIRCUIT_INVALID: 422,
  CIRCUIT_STORE_DROP_ALREADY_ACTIVE: 409,
  CIRCUIT_STORE_DROP_REQUIRED: 409,
  CIRCUIT_USED_BY_CATEGORIES: 409,
  CIRCUIT_NEEDED_BY_WEB_DROP: 409,
  CATEGORY_CIRCUIT_INACTIVE: 409,
  DISPATCH_CIRCUIT_RULE_NOT_FOUND: 404,
  DISPATCH_CIRCUIT_RULE_ALREADY_EXISTS: 409,
  // The field-level codes of CIRCUIT_INVALID's details (each with its message).
  CIRCUIT_MARKUP_NOT_ALLOWED: 422,
  CIRCUIT_TOO_MANY_INSTRUCTIONS: 422,
  CIRCUIT_INSTRUCTION_TYPE_INVALID: 422,
  CIRCUIT_COUNTRY_INVALID: 422,
  CIRCUIT_TOO_MANY_VALUES: 422,
  CIRCUIT_REFERENCE_UNKNOWN: 422,
  CIRCUIT_BONUS_INVALID: 422,
  CIRCUIT_COPIES_INVALID: 422,
  CIRCUIT_TYPE_SHAPE_MISMATCH: 422,
  DISPATCH_CIRCUIT_RULE_CUSTOM_KEY_INVALID: 422,
} as const;

export const circuitMenu: MenuEntry[] = [
  { section: 'catalog', key: 'circuits', path: '/circuits', permission: 'circuit.list' },
  { section: 'catalog', key: 'dispatchCircuitRules', path: '/dispatch-circuit-rules', permission: 'circuit.list' },
];

export function circuitRoutesOf(container: DependencyContainer) {
  return circuitsRoutes({
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  });
}
