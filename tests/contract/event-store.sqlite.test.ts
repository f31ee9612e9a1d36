import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { DuplicateEventIdError, SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { eventStoreContract, newEvent, newStreamName } from './event-store.contract.js';

/** Short, so that cross-process appends show up quickly in the tests. */
const POLL_INTERVAL_MS = 20;

function temporaryDatabasePath(): { file: string; removeDirectory(): void } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'event-store-'));
  return {
    file: path.join(directory, 'events.sqlite'),
    removeDirectory: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}

eventStoreContract('SqliteEventStore', async () => {
  const { file, removeDirectory } = temporaryDatabasePath();
  const store = new SqliteEventStore({ path: file, pollIntervalMs: POLL_INTERVAL_MS });
  return {
    store,
    cleanup: async () => {
      await store.close();
      removeDirectory();
    },
  };
});

describe('SqliteEventStore specifics', () => {
  let file: string;
  let removeDirectory: () => void;
  let stores: SqliteEventStore[];

  function open(options: Partial<ConstructorParameters<typeof SqliteEventStore>[0]> = {}): SqliteEventStore {
    const store = new SqliteEventStore({ path: file, pollIntervalMs: POLL_INTERVAL_MS, ...options });
    stores.push(store);
    return store;
  }

  beforeEach(() => {
    ({ file, removeDirectory } = temporaryDatabasePath());
    stores = [];
  });

  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    removeDirectory();
  });

  it('Given default options, When the store opens, Then it uses WAL with synchronous FULL', () => {
    const { database } = open();

    expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 is FULL: an acknowledged append survives a power cut.
    expect(database.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('Given synchronous NORMAL, When the store opens, Then the pragma follows the option', () => {
    const { database } = open({ synchronous: 'NORMAL' });

    expect(database.pragma('synchronous', { simple: true })).toBe(1);
  });

  it('Given an empty store, When reading the log, Then it is empty and the last global position is 0', async () => {
    const store = open();

    expect(await store.lastGlobalPosition()).toBe(0);
    expect(await store.readAll({ after: 0, maxCount: 10 })).toEqual([]);
  });

  it('Given a stored event, When its id is appended again to another stream, Then it fails with DuplicateEventIdError and writes nothing', async () => {
    const store = open();
    const event = newEvent();
    await store.appendToStream(newStreamName(), [event], 'no_stream');
    const otherStream = newStreamName();

    const append = store.appendToStream(otherStream, [newEvent(), event], 'any');

    await expect(append).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream(otherStream)).toEqual([]);
    expect(await store.lastGlobalPosition()).toBe(1);
  });

  it('Given a batch that repeats an event id, When it is appended, Then none of its events is written', async () => {
    const store = open();
    const stream = newStreamName();
    const repeated = newEvent();

    const append = store.appendToStream(stream, [repeated, newEvent(), repeated], 'no_stream');

    await expect(append).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('Given a second store on the same file (another process), When the first appends, Then the subscription of the second sees it by polling', async () => {
    const writer = open();
    const reader = open();
    const delivered: StoredEvent[] = [];
    reader.subscribeToAll({ after: 0, onEvents: async (events) => void delivered.push(...events) });
    const stream = newStreamName();
    const events = [newEvent(), newEvent()];

    await writer.appendToStream(stream, events.slice(0, 1), 'no_stream');
    await writer.appendToStream(stream, events.slice(1), 0);

    await vi.waitFor(() => expect(delivered.map((event) => event.id)).toEqual(events.map((event) => event.id)), {
      timeout: 2_000,
      interval: 10,
    });
  });

  it('Given two stores on the same file, When both append with the same expected revision, Then the second is refused', async () => {
    const [first, second] = [open(), open()];
    const stream = newStreamName();
    await first.appendToStream(stream, [newEvent()], 'no_stream');

    await first.appendToStream(stream, [newEvent()], 0);
    const stale = second.appendToStream(stream, [newEvent()], 0);

    await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 1 });
  });

  it('Given an in-memory database, When events are appended, Then they can be read back', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    stores.push(store);
    const stream = newStreamName();

    await store.appendToStream(stream, [newEvent()], 'no_stream');

    expect(await store.readStream(stream)).toHaveLength(1);
  });
});
