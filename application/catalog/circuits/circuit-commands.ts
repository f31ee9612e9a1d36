/**
 * A circuit's commands: PATCH /circuits/{id} (a merge-patch of its fields),
 * POST /circuits/{id}/activate and /deactivate. Each reads the facts the
 * rules between circuits need (the account's other active circuits, the
 * active categories naming it, the tenant's payment modes and shipping
 * methods) from the read models and hands them to the circuit's decider;
 * always within the caller's tenant (another's circuit is not found).
 */
import { circuitDecider, type CircuitCommand, type CircuitReferences } from '../../../domain/catalog/circuit/decide.js';
import type { CircuitEditableFields, CircuitState } from '../../../domain/catalog/circuit/circuit-events.js';
import type { CircuitType } from '../../../domain/catalog/events.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type CircuitDocument, type PaymentModeDocument, type ShippingMethodDocument } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';

export interface CircuitPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

export type CircuitStatus = 'enabled' | 'disabled';
type CircuitOutcome = CommandOutcome<CircuitStatus>;

/** A circuit has few siblings: seven types, a handful each at most. */
const SIBLINGS_LIMIT = 200;

/** A circuit of the caller's tenant, or CIRCUIT_NOT_FOUND (never another tenant's). */
export async function visibleCircuit(documents: DocumentStore, principal: Principal, circuitId: string): Promise<CircuitDocument> {
  const [circuit] = await documents
    .collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits)
    .find({ $and: [tenantFilter(principal), { _id: circuitId }] }, { limit: 1 });
  if (!circuit) throw new ApplicationError('CIRCUIT_NOT_FOUND', { circuitId });
  return circuit;
}

/** The active (not archived) categories of its account naming the circuit: they keep it active. */
export function categoriesUsing(documents: DocumentStore, accountId: string, circuitId: string): Promise<number> {
  return documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).count({ accountId, circuitIds: circuitId, status: { $ne: 'archived' } }, { limit: 10_000 });
}

async function referencesOf(documents: DocumentStore, accountId: string): Promise<CircuitReferences> {
  const [modes, methods] = await Promise.all([
    documents.collection<PaymentModeDocument>(CATALOG_COLLECTIONS.paymentModes).find({ accountId }, { limit: 500 }),
    documents.collection<ShippingMethodDocument>(CATALOG_COLLECTIONS.shippingMethods).find({ accountId }, { limit: 500 }),
  ]);
  return { paymentModeIds: new Set(modes.map((m) => m._id)), shippingMethodIds: new Set(methods.map((m) => m._id)) };
}

async function otherActiveTypes(documents: DocumentStore, circuit: CircuitDocument): Promise<CircuitType[]> {
  const active = await documents
    .collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits)
    .find({ accountId: circuit.accountId, status: 'enabled', _id: { $ne: circuit._id } }, { limit: SIBLINGS_LIMIT });
  return active.map((c) => c.circuitType);
}

export interface ChangeCircuitInput {
  circuitId: string;
  changes: Partial<CircuitEditableFields>;
  reason: string | null;
}

/** Changes what the merge-patch names (what it leaves out stays); its type, channel and deposit are fixed. */
export const changeCircuit = defineCommand<CircuitPorts, ChangeCircuitInput, CircuitOutcome>({
  name: 'ChangeCircuit',
  permission: 'circuit.manage',
  async run(deps, context, { circuitId, changes, reason }) {
    const circuit = await visibleCircuit(deps.documents, context.principal, circuitId);
    const references = await referencesOf(deps.documents, circuit.accountId);
    return onCircuit(deps, context, circuit, { type: 'ChangeCircuit', data: { circuitId, changes, reason, references } });
  },
});

/** Activates a circuit: only one store_drop; the web store-drop one needs the store one. */
export const activateCircuit = defineCommand<CircuitPorts, { circuitId: string; reason: string | null }, CircuitOutcome>({
  name: 'ActivateCircuit',
  permission: 'circuit.manage',
  async run(deps, context, { circuitId, reason }) {
    const circuit = await visibleCircuit(deps.documents, context.principal, circuitId);
    return onCircuit(deps, context, circuit, { type: 'ActivateCircuit', data: { circuitId, reason, otherActiveTypes: await otherActiveTypes(deps.documents, circuit) } });
  },
});

/** Deactivates a circuit no active category names (and not the store store-drop one the web one needs). */
export const deactivateCircuit = defineCommand<CircuitPorts, { circuitId: string; reason: string | null }, CircuitOutcome>({
  name: 'DeactivateCircuit',
  permission: 'circuit.manage',
  async run(deps, context, { circuitId, reason }) {
    const circuit = await visibleCircuit(deps.documents, context.principal, circuitId);
    const [others, categoryCount] = await Promise.all([otherActiveTypes(deps.documents, circuit), categoriesUsing(deps.documents, circuit.accountId, circuitId)]);
    return onCircuit(deps, context, circuit, { type: 'DeactivateCircuit', data: { circuitId, reason, otherActiveTypes: others, categoryCount } });
  },
});

async function onCircuit(deps: CircuitPorts, context: CommandContext, circuit: CircuitDocument, command: CircuitCommand): Promise<CircuitOutcome> {
  const result = await handleCommand(deps.eventStore, CATALOG_STREAMS.circuit.name(circuit._id), circuitDecider, command, {
    metadata: commandMetadata(deps, context, circuit.accountId, context.principal.organizationId),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  const state = result.state as CircuitState;
  return { id: circuit._id, status: state?.status ?? circuit.status, revision: result.revision, position: result.position };
}
