/**
 * A circuit's commands: PATCH /circuits/{id} (a merge-patch of its fields),
 * POST /circuits/{id}/activate and /deactivate, the last two decided with
 * the account's circuit guard (the rules between circuits) and appended with
 * it; the facts for what its stream never recorded (circuits and categories
 * the seed wrote) and the tenant's payment modes and shipping methods are
 * read from the read models; always within the caller's tenant (another's
 * circuit is not found).
 */
import { circuitDecider, type CircuitCommand, type CircuitReferences } from '../../../domain/catalog/circuit/decide.js';
import type { CircuitEditableFields, CircuitState } from '../../../domain/catalog/circuit/circuit-events.js';
import { circuitGuardDecider, type CircuitGuardCommand, type KnownCircuit } from '../../../domain/catalog/circuit/activation-guard.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type CircuitDocument, type PaymentModeDocument, type ShippingMethodDocument } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';
import { CIRCUIT_GUARD_STREAMS } from './streams.js';

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

/** The account's circuits as the read model shows them: the guard's facts for those its stream never recorded. */
export async function knownCircuits(documents: DocumentStore, accountId: string): Promise<KnownCircuit[]> {
  const circuits = await documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).find({ accountId }, { limit: SIBLINGS_LIMIT });
  return circuits.map((c) => ({ circuitId: c._id, circuitType: c.circuitType, active: c.status === 'enabled' }));
}

/** The active (not archived) categories of its account the read model shows naming the circuit. */
async function categoryIdsUsing(documents: DocumentStore, accountId: string, circuitId: string): Promise<string[]> {
  const categories = await documents
    .collection<CategoryDocument>(CATALOG_COLLECTIONS.categories)
    .find({ accountId, circuitIds: circuitId, status: { $ne: 'archived' } }, { limit: 10_000 });
  return categories.map((c) => c._id);
}

/** The account's circuit guard stream, deciding one command (the category commands append it too). */
export function onCircuitGuard(accountId: string, command: CircuitGuardCommand): StreamDecision {
  return onStream(CIRCUIT_GUARD_STREAMS.guard.name(accountId), circuitGuardDecider, command);
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

/** Activates a circuit: only one store_drop; the web store-drop one needs the store one (the account's guard decides, in the same append). */
export const activateCircuit = defineCommand<CircuitPorts, { circuitId: string; reason: string | null }, CircuitOutcome>({
  name: 'ActivateCircuit',
  permission: 'circuit.manage',
  async run(deps, context, { circuitId, reason }) {
    const circuit = await visibleCircuit(deps.documents, context.principal, circuitId);
    const known = await knownCircuits(deps.documents, circuit.accountId);
    return onCircuit(deps, context, circuit, { type: 'ActivateCircuit', data: { circuitId, reason } }, [
      onCircuitGuard(circuit.accountId, { type: 'GuardCircuitActivation', data: { accountId: circuit.accountId, circuitId, circuitType: circuit.circuitType, known } }),
    ]);
  },
});

/** Deactivates a circuit no active category names (and not the store store-drop one the web one needs), decided by the account's guard in the same append. */
export const deactivateCircuit = defineCommand<CircuitPorts, { circuitId: string; reason: string | null }, CircuitOutcome>({
  name: 'DeactivateCircuit',
  permission: 'circuit.manage',
  async run(deps, context, { circuitId, reason }) {
    const circuit = await visibleCircuit(deps.documents, context.principal, circuitId);
    const [known, knownUsers] = await Promise.all([knownCircuits(deps.documents, circuit.accountId), categoryIdsUsing(deps.documents, circuit.accountId, circuitId)]);
    return onCircuit(deps, context, circuit, { type: 'DeactivateCircuit', data: { circuitId, reason } }, [
      onCircuitGuard(circuit.accountId, {
        type: 'GuardCircuitDeactivation',
        data: { accountId: circuit.accountId, circuitId, circuitType: circuit.circuitType, known, knownUsers },
      }),
    ]);
  },
});

/**
 * The circuit's decision and, for an activation or deactivation, the
 * account's guard's, in one atomic append at the revisions read (If-Match on
 * the circuit's stream): of two at once exactly one is written, the other
 * decides again on what it did and gets the rule's refusal.
 */
async function onCircuit(deps: CircuitPorts, context: CommandContext, circuit: CircuitDocument, command: CircuitCommand, guards: StreamDecision[] = []): Promise<CircuitOutcome> {
  const results = await handleTogether(deps.eventStore, [onStream(CATALOG_STREAMS.circuit.name(circuit._id), circuitDecider, command), ...guards], {
    metadata: commandMetadata(deps, context, circuit.accountId, context.principal.organizationId),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  const [own] = results;
  const state = own?.state as CircuitState | undefined;
  const positions = results.map((r) => r.position).filter((p): p is number => p !== null);
  return { id: circuit._id, status: state?.status ?? circuit.status, revision: own?.revision ?? -1, position: positions.length ? Math.max(...positions) : null };
}
