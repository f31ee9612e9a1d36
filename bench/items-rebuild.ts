/**
 * Rebuilding the items read model over one million items (issue 18: "the
 * rebuild of one million items with its indexes built after the replay;
 * report the time; target under 10 minutes on this machine").
 *
 * 1. One million items' creation events are written to the event store (the
 *    shape and spread of bench/item-data.ts), nothing else.
 * 2. ProjectionRunner.rebuild('items'), the blue-green rebuild support starts
 *    from its page and `npm run rebuild-projections` runs: the replay into a
 *    collection of its own, its indexes built once the documents are in, the
 *    catch-up and the switch. The read-model file is SQLite at the platform's
 *    default durability (FULL), written by its worker thread.
 *
 * The target is absolute (minutes), so the baseline is the time the events
 * took to write, for scale only.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { StreamAppend } from '../application/ports/event-store.js';
import { toNewEvent } from '../application/events/codec.js';
import { ProjectionRunner } from '../application/projections/projection-runner.js';
import type { RebuildProgress } from '../application/projections/rebuild.js';
import { WAREHOUSE_COLLECTIONS } from '../application/warehouse/read-models.js';
import { SqliteDocumentStore } from '../infrastructure/document-store/sqlite-document-store.js';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store.js';
import { itemsProjection } from '../projections/warehouse/items-projection.js';
import { inMemoryVault } from './buyback-data.js';
import { itemFactory } from './item-data.js';
import { log, maxRssMb, round, RssSampler, seededRandom, tempDir, yieldToEventLoop, type BenchResult } from './support.js';

/** BENCH_ITEMS (diagnostics only) writes fewer; the target needs the million. */
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const CHUNK = 10_000;
const TARGET_SECONDS = 600;
const silent = { info: () => undefined, error: () => undefined };

export async function itemsRebuild(): Promise<BenchResult> {
  const dir = tempDir('bench-items-rebuild-');
  const rss = new RssSampler();
  try {
    const events = new SqliteEventStore({ path: join(dir.path, 'events.db'), synchronous: 'OFF' });
    const factory = itemFactory(seededRandom(17), Date.parse('2026-11-01T18:00:00Z'), ITEMS);
    const writeStarted = performance.now();
    for (let written = 0; written < ITEMS; written += CHUNK) {
      const appends: StreamAppend[] = [];
      for (let i = written; i < Math.min(ITEMS, written + CHUNK); i++) {
        const { event, document } = factory.item(i);
        const metadata = { accountId: document.accountId, organizationId: null, userId: null, correlationId: 'bench', causationId: null, occurredAt: document.createdAt };
        appends.push({ streamName: `item-${document._id}`, events: [toNewEvent(event, randomUUID(), metadata)], expectedRevision: 'no_stream' });
      }
      await events.appendToStreams(appends);
      rss.sample();
      if ((written + CHUNK) % 100_000 === 0) {
        log(`${(written + CHUNK).toLocaleString('en-US')} item events in ${((performance.now() - writeStarted) / 1000).toFixed(0)} s`);
        await yieldToEventLoop();
      }
    }
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    const head = await events.lastGlobalPosition();

    const documents = new SqliteDocumentStore({ path: join(dir.path, 'read-models.db'), synchronous: 'FULL' });
    const runner = new ProjectionRunner(events, documents, inMemoryVault().vault, [itemsProjection], silent);
    const stages: Partial<Record<RebuildProgress['stage'], number>> = {};
    const started = performance.now();
    let lastLogged = 0;
    const rebuilt = await runner.rebuild(itemsProjection.name, (progress) => {
      stages[progress.stage] ??= performance.now();
      rss.sample();
      if (progress.events - lastLogged >= 100_000) {
        lastLogged = progress.events;
        log(`rebuild: ${progress.events.toLocaleString('en-US')} / ${progress.total.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const replaySeconds = ((stages.indexing ?? performance.now()) - started) / 1000;
    const indexSeconds = ((stages.switching ?? performance.now()) - (stages.indexing ?? started)) / 1000;
    const stored = await documents.collection(WAREHOUSE_COLLECTIONS.items).count({});
    await documents.close();
    await events.close();
    if (rebuilt.events !== head || stored !== ITEMS) throw new Error(`rebuilt ${rebuilt.events} events of ${head} into ${stored} documents of ${ITEMS}`);
    log(`items rebuilt in ${seconds.toFixed(1)} s (replay ${replaySeconds.toFixed(1)} s, indexes ${indexSeconds.toFixed(1)} s)`);
    return {
      name: 'items-rebuild',
      metric: `seconds to rebuild the items read model over ${ITEMS.toLocaleString('en-US')} items, indexes built after the replay (baseline: seconds to write their events)`,
      value: round(seconds, 1),
      baseline: round(writeSeconds, 1),
      ratio: round(seconds / writeSeconds, 3),
      target: `under ${TARGET_SECONDS} s with 1,000,000 items`,
      pass: ITEMS >= 1_000_000 && seconds < TARGET_SECONDS,
      details: {
        items: ITEMS,
        events: rebuilt.events,
        replaySeconds: round(replaySeconds, 1),
        indexSeconds: round(indexSeconds, 1),
        indexes: itemsProjection.indexes.length,
        documentsPerSecond: round(ITEMS / seconds, 0),
        peakRssMb: Math.max(rss.stop(), maxRssMb()),
      },
    };
  } finally {
    dir.remove();
  }
}
