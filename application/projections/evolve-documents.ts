import type { StoredEvent } from '../ports/event-store.js';
import type { DocumentStore, WriteOperation } from '../ports/document-store.js';
import type { Projection } from '../ports/projection.js';
import type { Revealer } from '../ports/personal-data.js';
import { domainTypeOf } from '../events/codec.js';
import { tombstoneCollectionOf, type DocumentChange, type WorkingSet } from './apply-events.js';

/** A rebuild hands its documents to the store in batches of this many, without waiting for one to commit before sending the next. */
const REBUILD_WRITE_CHUNK = 2_000;

/** What the documents' collection holds: whether anything was written yet, and the writes under way. */
export interface StoreState {
  inStore(): boolean;
  settled(): Promise<unknown>;
}

/** The live loop: the store holds the documents, and nothing is being written in the background. */
export const LIVE_STORE: StoreState = { inStore: () => true, settled: () => Promise.resolve() };

/**
 * Applies events to the working set, in order, reading from `collection` the
 * documents it does not hold, unless the store holds none yet (a rebuild
 * before its first write). A broadcast event reaches the stored documents
 * its filter selects (once the writes under way have landed) and the held
 * ones that match it, as the events before it left them.
 */
export async function evolveDocuments(
  documents: DocumentStore,
  collectionName: string,
  projection: Projection,
  workingSet: WorkingSet,
  events: readonly StoredEvent[],
  store: StoreState = LIVE_STORE,
): Promise<void> {
  const collection = documents.collection(collectionName);
  const tombstones = documents.collection(tombstoneCollectionOf(projection));
  const load = async (targets: ReadonlyArray<readonly string[]>) => {
    const missing = workingSet.missing(targets);
    if (missing.length === 0) return;
    if (!store.inStore()) return workingSet.add(missing, []);
    const loaded = await collection.getMany(missing);
    // The ones not found may have been deleted: their tombstones keep what was applied.
    const found = new Set(loaded.map((document) => document._id));
    const absent = missing.filter((id) => !found.has(id));
    workingSet.add(missing, loaded, absent.length > 0 ? await tombstones.getMany(absent) : []);
  };
  // The totals a run's changes touch are loaded and evolved once the run is applied (they never change its documents).
  const applyTotals = async (changes: readonly DocumentChange[]) => {
    if (changes.length === 0) return;
    await load([workingSet.totalsOf(changes)]);
    workingSet.applyTotals(changes);
  };
  // Runs of events with their own targets are loaded in one read; a broadcast event waits for the events before it.
  let run: Array<{ event: StoredEvent; ids: string[] }> = [];
  const applyRun = async () => {
    await load(run.map(({ ids }) => ids));
    const changes: DocumentChange[] = [];
    for (const { event, ids } of run) changes.push(...workingSet.apply(ids, event));
    run = [];
    await applyTotals(changes);
  };
  for (const event of events) {
    const target = projection.targets(event);
    if (Array.isArray(target)) {
      run.push({ event, ids: target });
      continue;
    }
    await applyRun();
    if (store.inStore()) await store.settled();
    // The held documents are judged as they are now; the store is asked about the others only.
    const ids = new Set(workingSet.matching(target.matches));
    if (store.inStore()) {
      for (const document of await collection.find(target.filter)) if (!workingSet.holds(document._id)) ids.add(document._id);
    }
    await load([[...ids]]);
    await applyTotals(workingSet.apply([...ids], event));
  }
  await applyRun();
}

/**
 * A rebuild's document writes, in batches sent without waiting for each
 * other (each document is in one of them only, so their order does not
 * matter): a store that commits off the event loop commits one while the
 * next is being prepared. Resolves once all are stored.
 */
export async function writeAll(documents: DocumentStore, writes: WriteOperation[]): Promise<void> {
  const batches: Array<Promise<void>> = [];
  for (let from = 0; from < writes.length; from += REBUILD_WRITE_CHUNK) {
    batches.push(documents.writeBatch(writes.slice(from, from + REBUILD_WRITE_CHUNK)));
  }
  await Promise.all(batches);
}

/** Whether an event is of a type the projection reads; answers are remembered per stored type. */
export function relevanceOf(projection: Projection): (event: StoredEvent) => boolean {
  const types = new Set(projection.eventTypes);
  const byStoredType = new Map<string, boolean>();
  return (event) => {
    let relevant = byStoredType.get(event.type);
    if (relevant === undefined) {
      relevant = types.has(domainTypeOf(event));
      byStoredType.set(event.type, relevant);
    }
    return relevant;
  };
}

/** The events with their personal data opened; an event without any is handed back as is. */
export async function revealEvents(revealer: Revealer, events: readonly StoredEvent[]): Promise<StoredEvent[]> {
  const data = await revealer.revealAll(events.map((event) => event.data));
  return events.map((event, index) => (data[index] === event.data ? event : { ...event, data: data[index] as StoredEvent['data'] }));
}
