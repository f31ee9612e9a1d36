/**
 * The thread that builds the workshop's rows (bench/refurb-step-bulk.ts,
 * loadWorkshop) while the loading thread inserts the previous chunk: the
 * plans drawn in order from the seeded generator, each chunk's event rows,
 * its documents' JSON, and the path kinds they hold not reported yet.
 * Asked for one chunk at a time ({ items }), it answers a BuiltChunk.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { StoredDocument } from '../application/ports/document-store.js';
import { RecordedPathKinds, type PathKind } from '../infrastructure/document-store/path-kinds.js';
import type { EventRow } from './bulk-sqlite.js';
import { workshopRows } from './refurb-step-bulk.js';
import { WORKSHOP_END_MS, WORKSHOP_SEED } from './refurb-step-data.js';
import { seededRandom } from './support.js';

/** One chunk of items, ready to insert. */
export interface BuiltChunk {
  items: number;
  steps: number;
  events: EventRow[];
  /** Per collection: [id, JSON] of each document, in order. */
  documents: Array<[table: string, rows: Array<[string, string]>]>;
  /** Per collection: the path kinds first seen in this chunk. */
  kinds: Array<[table: string, kinds: Array<[string, PathKind]>]>;
  buildMs: number;
}

export interface BuilderData {
  count: number;
  firstPosition: number;
  itemsTable: string;
  stepsTable: string;
}

/** Builds the chunks in order, each of `size` items (the last one shorter): in this thread (tests) or in the builder thread. */
export function builder({ count, firstPosition, itemsTable, stepsTable }: BuilderData) {
  const rows = workshopRows(seededRandom(WORKSHOP_SEED), WORKSHOP_END_MS, count);
  const known = new Map([itemsTable, stepsTable].map((table) => [table, new RecordedPathKinds()]));
  let next = 0;
  let events = 0;
  return (size: number): BuiltChunk => {
    const started = performance.now();
    const chunk: BuiltChunk = { items: 0, steps: 0, events: [], documents: [], kinds: [], buildMs: 0 };
    const documents = new Map<string, Array<[string, string]>>([[itemsTable, []], [stepsTable, []]]);
    const fresh = new Map<string, Map<string, [string, PathKind]>>([[itemsTable, new Map()], [stepsTable, new Map()]]);
    const add = (table: string, document: StoredDocument) => {
      documents.get(table)?.push([document._id, JSON.stringify(document)]);
      known.get(table)?.collectUnrecorded(document, fresh.get(table) as Map<string, [string, PathKind]>);
    };
    for (const end = Math.min(count, next + size); next < end; next++) {
      const item = rows.item(next, events, firstPosition + events);
      for (const row of item.events) chunk.events.push(row);
      events += item.events.length;
      add(itemsTable, item.item);
      for (const step of item.steps) add(stepsTable, step);
      chunk.items++;
      chunk.steps += item.steps.length;
    }
    for (const [table, pairs] of fresh) {
      for (const [path, kind] of pairs.values()) known.get(table)?.record(path, kind);
      chunk.kinds.push([table, [...pairs.values()]]);
    }
    chunk.documents = [...documents];
    chunk.buildMs = performance.now() - started;
    return chunk;
  };
}

if (parentPort && workerData) {
  const port = parentPort;
  const build = builder(workerData as BuilderData);
  port.on('message', (size: number) => port.postMessage(build(size)));
}
