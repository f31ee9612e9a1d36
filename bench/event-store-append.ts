/**
 * SqliteEventStore.appendToStream, one event per call (one command), against
 * raw better-sqlite3 single-row INSERTs of the same payload into a table of
 * the same schema, same journal mode and synchronous setting. Rounds are
 * interleaved (A, B, A, B…) so both sides see the same machine noise.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store.js';
import { eventFactory, inMemoryVault, type TimedEvent } from './buyback-data.js';
import { log, maxRssMb, median, round, RssSampler, seededRandom, tempDir, type BenchResult } from './support.js';

const APPENDS = 5_000;
const ROUND_SIZE = 1_000;
const WARMUP = 200;
const SYNCHRONOUS = 'FULL';
const TARGET_RATIO = 0.5;

/** The event store's own table (sqlite-event-store.ts), so index upkeep is the same on both sides. */
const SCHEMA = `
  CREATE TABLE events (
    global_position INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT UNIQUE NOT NULL,
    stream_name TEXT NOT NULL,
    stream_revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    UNIQUE (stream_name, stream_revision)
  )`;

type Row = [string, string, number, string, string, string];

export async function eventStoreAppend(): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = tempDir('append');
  const { vault, keyDocuments } = inMemoryVault();
  try {
    log(`building ${APPENDS + WARMUP} BuybackRegistered events (customer sealed by the vault)`);
    const factory = eventFactory(seededRandom(1), vault);
    const start = Date.parse('2025-01-01T08:00:00Z');
    const events: TimedEvent[] = [];
    for (let i = 0; i < APPENDS + WARMUP; i++) events.push(await factory.registration(i, start + i * 60_000));
    const rows: Row[] = events.map(({ streamName, event }) => [
      event.id,
      streamName,
      0,
      event.type,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
    ]);
    const dataBytes = rows.reduce((sum, row) => sum + Buffer.byteLength(row[4]), 0) / rows.length;
    const metadataBytes = rows.reduce((sum, row) => sum + Buffer.byteLength(row[5]), 0) / rows.length;

    const storePath = join(dir.path, 'events.db');
    const rawPath = join(dir.path, 'raw.db');
    const store = new SqliteEventStore({ path: storePath, synchronous: SYNCHRONOUS });
    const raw = new Database(rawPath);
    raw.pragma('journal_mode = WAL');
    raw.pragma(`synchronous = ${SYNCHRONOUS}`);
    raw.pragma('busy_timeout = 5000');
    raw.exec(SCHEMA);
    const insert = raw.prepare<Row>(
      'INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );

    const appendRange = async (from: number, to: number): Promise<number> => {
      const started = performance.now();
      for (let i = from; i < to; i++) {
        const { streamName, event } = events[i] as TimedEvent;
        await store.appendToStream(streamName, [event], 'no_stream');
        if ((i & 255) === 0) rss.sample();
      }
      return ((to - from) * 1000) / (performance.now() - started);
    };
    const insertRange = (from: number, to: number): number => {
      const started = performance.now();
      for (let i = from; i < to; i++) {
        insert.run(...(rows[i] as Row));
        if ((i & 255) === 0) rss.sample();
      }
      return ((to - from) * 1000) / (performance.now() - started);
    };

    // Warm-up (JIT, page cache, WAL file creation): not counted.
    await appendRange(APPENDS, APPENDS + WARMUP);
    insertRange(APPENDS, APPENDS + WARMUP);

    const appendRates: number[] = [];
    const insertRates: number[] = [];
    for (let from = 0; from < APPENDS; from += ROUND_SIZE) {
      const to = Math.min(APPENDS, from + ROUND_SIZE);
      appendRates.push(await appendRange(from, to));
      insertRates.push(insertRange(from, to));
      log(`round ${from / ROUND_SIZE + 1}: store ${Math.round(appendRates.at(-1) as number)}/s, raw ${Math.round(insertRates.at(-1) as number)}/s`);
    }

    const value = median(appendRates);
    const baseline = median(insertRates);
    const ratio = value / baseline;
    const storeRows = store.database.prepare('SELECT count(*) AS n FROM events').get() as { n: number };
    await store.close();
    raw.close();
    const sizeMb = (path: string) => round(statSync(path).size / 1024 / 1024, 1);
    return {
      name: 'event-store-append',
      metric: 'appends/s (1 event per call, distinct streams)',
      value: round(value, 0),
      baseline: round(baseline, 0),
      ratio: round(ratio, 3),
      target: `≥ ${TARGET_RATIO * 100}% of raw single-row INSERTs/s`,
      pass: ratio >= TARGET_RATIO,
      details: {
        appends: APPENDS,
        rounds: `${APPENDS / ROUND_SIZE} interleaved rounds of ${ROUND_SIZE} (store, raw, store, raw…), medians compared`,
        storeRoundRates: appendRates.map((r) => Math.round(r)).join(', '),
        rawRoundRates: insertRates.map((r) => Math.round(r)).join(', '),
        storeMicrosPerAppend: round(1e6 / value, 1),
        rawMicrosPerInsert: round(1e6 / baseline, 1),
        pragmas: `journal_mode=WAL, synchronous=${SYNCHRONOUS}, both files in the same temp folder`,
        avgDataBytes: Math.round(dataBytes),
        avgMetadataBytes: Math.round(metadataBytes),
        storeRowsWritten: storeRows.n,
        storeFileMb: sizeMb(storePath),
        rawFileMb: sizeMb(rawPath),
        baselineNote:
          'raw side: same table and indexes, payload pre-serialised, each INSERT its own implicit transaction; store side: IMMEDIATE transaction + stream-head SELECT + JSON.stringify per call',
        peakRssMb: rss.stop(),
        maxRssMb: maxRssMb(),
      },
    };
  } finally {
    rss.stop();
    await keyDocuments.close();
    dir.remove();
  }
}
