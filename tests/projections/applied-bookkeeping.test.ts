import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../application/ports/document-store.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { APPLIED_POSITION_KEY, APPLIED_REVISIONS_FIELD, type Projection } from '../../application/ports/projection.js';
import { WorkingSet } from '../../application/projections/apply-events.js';

/**
 * A document's bookkeeping stays the same size however many streams change
 * it (a stock, counted from every item moved in or out of it), and still
 * recognises every duplicate; a document written with the older bookkeeping
 * (a revision per stream) is read as it is and trimmed when written again.
 */

const STOCK = 'stock-total';

/** Counts the items moved into one document: each `ItemMoved` of a stream `item-<id>` adds one. */
const counting: Projection = {
  name: 'counting',
  collection: 'counting',
  indexes: [],
  eventTypes: ['ItemMoved', 'StockRenamed'],
  targets: (event) => [event.type === 'StockRenamed' ? event.streamName.slice('stock-'.length) : STOCK],
  evolve: (document, event, id) => ({ ...(document ?? { _id: id, count: 0 }), _id: id, count: ((document?.count as number | undefined) ?? 0) + (event.type === 'ItemMoved' ? 1 : 0) }),
};

let position = 0;
function moved(stream: string, revision: number, type = 'ItemMoved'): StoredEvent {
  position += 1;
  return {
    id: `e${position}`,
    type,
    data: {},
    metadata: { accountId: 'a', organizationId: null, userId: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-27T00:00:00.000Z' },
    streamName: stream,
    streamRevision: revision,
    globalPosition: position,
  } as StoredEvent;
}

function written(set: WorkingSet): StoredDocument {
  const [write] = set.takeWrites();
  if (write?.kind !== 'upsert') throw new Error('expected an upsert');
  return write.document;
}

describe('applied bookkeeping', () => {
  it('keeps the last position and the own streams only, however many streams change a document, and skips every duplicate', () => {
    position = 0;
    const events = Array.from({ length: 5_000 }, (_, i) => moved(`item-${i}`, 0));
    const set = new WorkingSet(counting);
    set.add([STOCK], []);
    for (const event of events) set.apply([STOCK], event);
    // Every event again, in any order after its first delivery: none counts twice.
    for (const event of [...events].reverse()) set.apply([STOCK], event);
    const document = written(set);
    expect(document.count).toBe(5_000);
    expect(document[APPLIED_REVISIONS_FIELD]).toEqual({ [APPLIED_POSITION_KEY]: 5_000 });

    // Read back from the store: the duplicates still change nothing; a new event does.
    const again = new WorkingSet(counting);
    again.add([STOCK], [document]);
    for (const event of events.slice(-10)) again.apply([STOCK], event);
    again.apply([STOCK], moved('item-new', 0));
    expect(written(again).count).toBe(5_001);
  });

  it("keeps the revision of the document's own stream (what the settings read as an account's revision)", () => {
    position = 0;
    const set = new WorkingSet(counting);
    set.add(['a1'], []);
    set.apply(['a1'], moved('stock-a1', 0, 'StockRenamed'));
    set.apply(['a1'], moved('stock-a1', 1, 'StockRenamed'));
    expect(written(set)[APPLIED_REVISIONS_FIELD]).toEqual({ [APPLIED_POSITION_KEY]: 2, 'stock-a1': 1 });
  });

  it('reads a document written with a revision per stream, recognises its duplicates, and trims it when it writes it', () => {
    position = 100;
    const legacy: StoredDocument = { _id: STOCK, count: 3, [APPLIED_REVISIONS_FIELD]: { 'item-a': 0, 'item-b': 2, 'item-c': 0 } };
    const set = new WorkingSet(counting);
    set.add([STOCK], [legacy]);
    set.apply([STOCK], { ...moved('item-b', 2) });
    set.apply([STOCK], { ...moved('item-a', 0) });
    expect(set.takeWrites()).toEqual([]);
    set.apply([STOCK], moved('item-b', 3));
    const document = written(set);
    expect(document.count).toBe(4);
    expect(document[APPLIED_REVISIONS_FIELD]).toEqual({ [APPLIED_POSITION_KEY]: 103 });
  });
});
