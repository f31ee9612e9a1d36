/**
 * The circuits as the dashboard reads them: the list, one circuit (its texts
 * in the caller's language, the French ones the form edits, its
 * translations, how many active categories name it) and its history read from
 * its stream. Always within the caller's tenant.
 */
import { translate } from '../../../domain/shared/translations.js';
import type { CircuitEvent } from '../../../domain/catalog/circuit/circuit-events.js';
import type { CircuitInstruction, CircuitType } from '../../../domain/catalog/events.js';
import { toDomainEvent } from '../../events/codec.js';
import type { EventStore, StoredEvent } from '../../ports/event-store.js';
import type { DocumentStore, Filter } from '../../ports/document-store.js';
import { findPage, type PageRequest, type SortColumns } from '../../lists/paged-query.js';
import type { ListPage } from '../../views/schema.js';
import { escapeRegex } from '../catalog-service.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { userNames } from '../../organizations/user-names.js';
import { CATALOG_COLLECTIONS, type CircuitDocument, type PaymentModeDocument, type ShippingMethodDocument } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';
import { categoriesUsing, visibleCircuit } from './circuit-commands.js';
import type { CircuitDetailView, CircuitHistory, CircuitHistoryEntry } from './circuit-views.js';

export const CIRCUIT_SORTS: SortColumns = {
  name: { path: 'name' },
  circuitType: { path: 'circuitType' },
  channel: { path: 'channel' },
  status: { path: 'status' },
  updatedAt: { path: 'updatedAt' },
};

export interface CircuitFilters {
  name?: string;
  status?: 'enabled' | 'disabled';
  channel?: 'store' | 'web';
  circuitType?: CircuitType[];
}

/** The instructions with their labels in `locale` (French when not translated). */
export function translatedInstructions(instructions: readonly CircuitInstruction[], translations: CircuitDocument['translations'], locale: string): CircuitInstruction[] {
  return instructions.map((i) => ({ ...i, label: translate(i.label, translations, `instructions.${i.sequence}.label`, locale) }));
}

export function presentCircuit(circuit: CircuitDocument, locale: string, categoryCount: number): CircuitDetailView {
  const translations = circuit.translations ?? null;
  return {
    id: circuit._id,
    accountId: circuit.accountId,
    name: translate(circuit.name, translations, 'name', locale),
    circuitType: circuit.circuitType,
    channel: circuit.channel,
    deposit: circuit.deposit,
    description: translate(circuit.description, translations, 'description', locale),
    instructions: translatedInstructions(circuit.instructions, translations, locale),
    transferOrderNumberOfCopy: circuit.transferOrderNumberOfCopy ?? null,
    eligibleCountries: circuit.eligibleCountries,
    paymentModeIds: circuit.paymentModeIds,
    shippingMethodIds: circuit.shippingMethodIds,
    customerBonusInCents: circuit.customerBonusInCents ?? 0,
    status: circuit.status,
    french: { name: circuit.name, description: circuit.description, instructions: circuit.instructions },
    translations,
    categoryCount,
    createdAt: circuit.createdAt,
    updatedAt: circuit.updatedAt,
    revision: circuit.revision,
  };
}

export async function listCircuits(documents: DocumentStore, principal: Principal, locale: string, query: PageRequest & CircuitFilters): Promise<ListPage<CircuitDetailView>> {
  const filters: Filter[] = [tenantFilter(principal)];
  if (query.status) filters.push({ status: query.status });
  if (query.channel) filters.push({ channel: query.channel });
  if (query.circuitType?.length) filters.push({ circuitType: { $in: query.circuitType } });
  if (query.name?.trim()) filters.push({ name: { $regex: escapeRegex(query.name.trim()) } });
  const page = await findPage(documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits), { $and: filters }, query, [['name', 1]]);
  const counts = await Promise.all(page.items.map((c) => categoriesUsing(documents, c.accountId, c._id)));
  return { ...page, items: page.items.map((c, index) => presentCircuit(c, locale, counts[index] ?? 0)) };
}

export async function circuitDetail(documents: DocumentStore, principal: Principal, locale: string, circuitId: string): Promise<CircuitDetailView> {
  const circuit = await visibleCircuit(documents, principal, circuitId);
  const [count, modes, methods] = await Promise.all([
    categoriesUsing(documents, circuit.accountId, circuitId),
    documents.collection<PaymentModeDocument>(CATALOG_COLLECTIONS.paymentModes).find({ accountId: circuit.accountId }, { sort: [['label', 1]], limit: 500 }),
    documents.collection<ShippingMethodDocument>(CATALOG_COLLECTIONS.shippingMethods).find({ accountId: circuit.accountId }, { sort: [['label', 1]], limit: 500 }),
  ]);
  const choices = {
    paymentModes: modes.map((m) => ({ id: m._id, label: m.label, status: m.status })),
    shippingMethods: methods.map((m) => ({ id: m._id, label: m.label, channel: m.channel })),
  };
  return { ...presentCircuit(circuit, locale, count), choices };
}

/**
 * Each event of a stream, folded in order: what, when, who (named), why, and
 * each value it changed (from, to). Shared by the circuits and their rules.
 */
export async function historyOfStream<E extends { type: string; data: object }>(
  documents: DocumentStore,
  stored: readonly StoredEvent[],
  types: readonly string[],
  changesOf: (event: E, before: Record<string, unknown>) => { after: Record<string, unknown>; changed: string[]; reason: string | null },
): Promise<CircuitHistoryEntry[]> {
  const names = await userNames(documents, stored.map((s) => s.metadata.userId));
  let state: Record<string, unknown> = {};
  const items: CircuitHistoryEntry[] = [];
  for (const entry of stored) {
    const event = toDomainEvent<E>(entry);
    if (!types.includes(event.type)) continue;
    const { after, changed, reason } = changesOf(event, state);
    const changes: CircuitHistoryEntry['changes'] = {};
    for (const key of changed) changes[key] = { from: state[key] ?? null, to: after[key] ?? null };
    const userId = entry.metadata.userId;
    items.push({
      eventId: entry.id,
      revision: entry.streamRevision,
      type: event.type as CircuitHistoryEntry['type'],
      at: entry.metadata.occurredAt,
      user: userId ? { id: userId, name: names.get(userId) ?? userId } : null,
      reason,
      changes,
    });
    state = after;
  }
  return items;
}

const IDS = new Set(['circuitId']);

export async function circuitHistory(documents: DocumentStore, eventStore: EventStore, principal: Principal, circuitId: string): Promise<CircuitHistory> {
  await visibleCircuit(documents, principal, circuitId);
  const stored = await eventStore.readStream(CATALOG_STREAMS.circuit.name(circuitId));
  const items = await historyOfStream<CircuitEvent>(documents, stored, ['CircuitConfigured', 'CircuitChanged', 'CircuitActivated', 'CircuitDeactivated'], (event, before) => {
    switch (event.type) {
      case 'CircuitConfigured':
        return { after: { ...event.data }, changed: Object.keys(event.data).filter((k) => !IDS.has(k)), reason: null };
      case 'CircuitChanged':
        return { after: { ...before, ...event.data.changes }, changed: Object.keys(event.data.changes), reason: event.data.reason };
      case 'CircuitActivated':
        return { after: { ...before, status: 'enabled' }, changed: ['status'], reason: event.data.reason };
      case 'CircuitDeactivated':
        return { after: { ...before, status: 'disabled' }, changed: ['status'], reason: event.data.reason };
    }
  });
  return { items };
}
