/**
 * A rebuild, blue-green: the read model is replayed from the first event into
 * a collection of its own while the live one keeps serving (and keeps being
 * updated by the live loop); its indexes are built once the documents are
 * in; then, with the live loop paused, it applies the events that came
 * meanwhile and takes the live collection's place in one step
 * (DocumentStore.replaceCollection). No reader ever sees it half-built.
 */
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { Projection } from '../ports/projection.js';
import type { PersonalDataVault } from '../ports/personal-data.js';
import { WorkingSet } from './apply-events.js';
import { evolveDocuments, LIVE_STORE, revealEvents, writeAll } from './evolve-documents.js';

export interface RebuildOptions {
  /** Events read from the log at a time. */
  pageEvents?: number;
  /**
   * The most documents a rebuild holds in memory. Past it, the least recently
   * used half is let go: those that changed are written while the replay goes
   * on, and one needed again later is read back. Every document is written
   * once unless an event reaches it after it was let go.
   */
  workingSetDocuments?: number;
}

export const REBUILD_DEFAULTS: Required<RebuildOptions> = { pageEvents: 1_000, workingSetDocuments: 10_000 };

/** How far a rebuild is: events of the log read out of the log's length when it started (or since, if longer). */
export interface RebuildProgress {
  stage: 'replaying' | 'indexing' | 'switching';
  events: number;
  total: number;
}

export type RebuildProgressListener = (progress: RebuildProgress) => void;

/** What a rebuild of one projection works with. */
export interface RebuildContext {
  eventStore: EventStore;
  documents: DocumentStore;
  vault: PersonalDataVault;
  projection: Projection;
  relevant: (event: StoredEvent) => boolean;
  options: Required<RebuildOptions>;
  onProgress: RebuildProgressListener;
}

const REBUILD_MARK = '__rebuild_';

/** The collection a rebuild of `collection` builds into: a new name each time, never one a live collection's indexes may still carry. */
export function rebuildCollectionName(collection: string, now: number = Date.now()): string {
  return `${collection}${REBUILD_MARK}${now.toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

/** Whether `name` is a collection a rebuild of `collection` builds into. */
export function isRebuildCollectionOf(collection: string, name: string): boolean {
  return name.startsWith(`${collection}${REBUILD_MARK}`);
}

/**
 * Replays the whole log into `target` (empty), keeping its documents in a
 * working set across pages so that each is written once, when it is let go
 * (the set is bounded) or at the end; then builds the indexes. Answers the
 * position reached and the events read.
 */
export async function replayInto(context: RebuildContext, target: string): Promise<{ position: number; events: number }> {
  const { eventStore, documents, vault, projection, relevant, options, onProgress } = context;
  await documents.dropCollection(target);
  const total = await eventStore.lastGlobalPosition();
  // One revealer for the whole replay: a subject's key is read once, not once per page.
  const revealer = projection.readsPersonalData ? vault.revealer() : null;
  const workingSet = new WorkingSet(projection, target);
  // The collection starts empty: until the first write, a document the working set lacks does not exist.
  let written = false;
  // The write of the documents last let go, under way while the replay goes on. One at a time:
  // that bounds the memory, and a document is never in two writes at once.
  let letGo: Promise<void> = Promise.resolve();
  const store = { inStore: () => written, settled: () => letGo };
  let after = 0;
  let count = 0;
  onProgress({ stage: 'replaying', events: 0, total });
  for (;;) {
    const page = await eventStore.readAll({ after, maxCount: options.pageEvents });
    if (page.length === 0) break;
    after = (page[page.length - 1] as StoredEvent).globalPosition;
    count += page.length;
    const events = page.filter(relevant);
    await evolveDocuments(documents, target, projection, workingSet, revealer ? await revealEvents(revealer, events) : events, store);
    if (workingSet.size > options.workingSetDocuments) {
      await letGo;
      const eviction = workingSet.evict(workingSet.size - Math.floor(options.workingSetDocuments / 2));
      written = true;
      letGo = writeAll(documents, eviction.writes).then(() => workingSet.written(eviction));
      // Awaited before the next eviction or the end; this keeps an early failure from counting as unhandled.
      letGo.catch(() => undefined);
    }
    onProgress({ stage: 'replaying', events: count, total: Math.max(total, after) });
  }
  await letGo;
  await writeAll(documents, workingSet.takeWrites());
  onProgress({ stage: 'indexing', events: count, total: Math.max(total, after) });
  // Indexes are built once the documents are in: one sort per index instead of upkeep on every write.
  await documents.collection(target).ensureIndexes(projection.indexes);
  return { position: after, events: count };
}

/**
 * The events appended since the replay, applied to `target` as the live loop
 * would (it reads the documents it lacks from the store). Run while the live
 * loop is paused, right before the switch.
 */
export async function catchUp(context: RebuildContext, target: string, after: number): Promise<{ position: number; events: number }> {
  const { eventStore, documents, vault, projection, relevant, options } = context;
  let position = after;
  let count = 0;
  for (;;) {
    const page = await eventStore.readAll({ after: position, maxCount: options.pageEvents });
    if (page.length === 0) break;
    position = (page[page.length - 1] as StoredEvent).globalPosition;
    count += page.length;
    const events = page.filter(relevant);
    if (events.length === 0) continue;
    const workingSet = new WorkingSet(projection, target);
    const revealed = projection.readsPersonalData ? await revealEvents(vault.revealer(), events) : events;
    await evolveDocuments(documents, target, projection, workingSet, revealed, LIVE_STORE);
    await writeAll(documents, workingSet.takeWrites());
  }
  return { position, events: count };
}
