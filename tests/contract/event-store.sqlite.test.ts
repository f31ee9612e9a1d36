import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

for (const commitThread of ['worker', 'main-thread'] as const) {
  eventStoreContract(`SqliteEventStore (commits in the ${commitThread === 'worker' ? 'commit worker' : 'main thread'})`, async () => {
    const { file, removeDirectory } = temporaryDatabasePath();
    const store = new SqliteEventStore({ path: file, pollIntervalMs: POLL_INTERVAL_MS, commitThread });
    return {
      store,
      cleanup: async () => {
        await store.close();
        removeDirectory();
      },
    };
  });
}

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

  describe.each(['worker', 'main-thread'] as const)('group commit (commits in the %s)', (commitThread) => {
    it('Given ten appends issued in the same turn of the event loop, When they settle, Then one commit wrote them all', async () => {
      const store = open({ commitThread });
      const streams = Array.from({ length: 10 }, () => newStreamName());

      await Promise.all(streams.map((stream) => store.appendToStream(stream, [newEvent()], 'no_stream')));

      expect(store.groupCommitStats).toEqual({ appends: 10, commits: 1, largestGroup: 10, inlineCommits: 0 });
      for (const stream of streams) expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('Given a group where one append repeats a stored event id, When it is committed, Then only that append fails, with DuplicateEventIdError', async () => {
      const store = open({ commitThread });
      const stored = newEvent();
      await store.appendToStream(newStreamName(), [stored], 'no_stream');
      const [before, duplicate, after] = [newStreamName(), newStreamName(), newStreamName()];

      const outcomes = await Promise.allSettled([
        store.appendToStream(before, [newEvent()], 'no_stream'),
        store.appendToStream(duplicate, [newEvent(), stored], 'no_stream'),
        store.appendToStream(after, [newEvent()], 'no_stream'),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(duplicate)).toEqual([]);
      expect(await store.readStream(before)).toHaveLength(1);
      expect(await store.readStream(after)).toHaveLength(1);
      expect(store.groupCommitStats.commits).toBe(2);
    });

    it('Given a group where one append holds a value JSON cannot encode, When it is committed, Then only that append fails', async () => {
      const store = open({ commitThread });
      const [good, bad] = [newStreamName(), newStreamName()];

      const outcomes = await Promise.allSettled([
        store.appendToStream(good, [newEvent()], 'no_stream'),
        store.appendToStream(bad, [newEvent('contract.Bad.v1', { amount: 10n as unknown as number })], 'no_stream'),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
      expect(await store.readStream(good)).toHaveLength(1);
      expect(await store.readStream(bad)).toEqual([]);
    });

    it('Given appends issued just before close, When the store closes, Then they are committed first and a new store reads them', async () => {
      const store = open({ commitThread });
      const streams = [newStreamName(), newStreamName()];
      const appends = streams.map((stream) => store.appendToStream(stream, [newEvent()], 'no_stream'));

      await store.close();

      await expect(Promise.all(appends)).resolves.toHaveLength(2);
      const reopened = open({ commitThread });
      for (const stream of streams) expect(await reopened.readStream(stream)).toHaveLength(1);
      await expect(store.appendToStream(newStreamName(), [newEvent()], 'no_stream')).rejects.toThrow(/closed/);
    });

    it('Given a subscription, When a group of appends is committed, Then it is woken once and reads the whole group in one batch', async () => {
      const store = open({ commitThread });
      const batches: StoredEvent[][] = [];
      store.subscribeToAll({ after: 0, onEvents: async (events) => void batches.push(events) });
      const streams = Array.from({ length: 5 }, () => newStreamName());

      await Promise.all(streams.map((stream) => store.appendToStream(stream, [newEvent()], 'no_stream')));

      await vi.waitFor(() => expect(batches.flat()).toHaveLength(5), { timeout: 2_000, interval: 10 });
      expect(batches).toHaveLength(1);
    });
  });

  describe('lone appends of a worker store', () => {
    const appendOneByOne = async (store: SqliteEventStore, count: number, data: Record<string, unknown> = { value: 1 }) => {
      for (let i = 0; i < count; i++) await store.appendToStream(newStreamName(), [newEvent(undefined, data)], 'no_stream');
    };

    // Whether a disk is "fast" is measured at run time; these tests fix the budget so that the
    // machine's disk speed (CI's is slower than ours) does not decide their outcome.
    const unlimited = Number.POSITIVE_INFINITY;

    it('Given appends made one at a time on a fast disk, When they settle, Then they commit on the caller\'s connection, durably', async () => {
      const store = open({ commitThread: 'worker', inlineCommitBudgetMs: unlimited });
      await appendOneByOne(store, 20);
      expect(store.groupCommitStats.inlineCommits).toBe(20);
      // Another connection (another process) reads them: committed, not just visible to the caller's connection.
      const other = open({ commitThread: 'main-thread' });
      expect(await other.readAll({ after: 0, maxCount: 100 })).toHaveLength(20);
    });

    it('Given inline commits over budget, When more lone appends come, Then they go to the worker', async () => {
      const store = open({ commitThread: 'worker', inlineCommitBudgetMs: 0 });
      await appendOneByOne(store, 10);
      expect(store.groupCommitStats).toMatchObject({ appends: 10, commits: 10, inlineCommits: 1 });
      expect(await store.readAll({ after: 0, maxCount: 100 })).toHaveLength(10);
    });

    it('Given many lone appends, When they commit inline, Then the worker still checkpoints the log, which stays bounded', async () => {
      const store = open({ commitThread: 'worker', inlineCommitBudgetMs: unlimited });
      // Well past SQLite's checkpoint threshold (1,000 pages of log), which only the worker's commits apply.
      await appendOneByOne(store, 1_200, { padding: 'x'.repeat(3_500) });
      const stats = store.groupCommitStats;
      expect(stats.inlineCommits).toBeGreaterThan(1_100);
      expect(stats.inlineCommits).toBeLessThan(1_200);
      const walBytes = fs.statSync(`${file}-wal`).size;
      // Never checkpointed, the log holds every page of the 1,200 commits: about 31 MB (measured).
      // Checkpointed past 1,000 pages (4 MB), it is reused from its start: a few MB.
      expect(walBytes).toBeLessThan(8 * 1024 * 1024);
      expect(await store.readAll({ after: 0, maxCount: 2_000 })).toHaveLength(1_200);
    });
  });

  it('Given a process that appends then closes the store and has nothing else to do, When it runs, Then it ends normally once the events are durable', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const script = [
      "import { SqliteEventStore } from './infrastructure/event-store/sqlite-event-store.ts';",
      `const store = new SqliteEventStore({ path: ${JSON.stringify(file)} });`,
      "const metadata = { accountId: 'a', organizationId: null, userId: null, correlationId: 'c', causationId: null, occurredAt: '2025-01-15T10:30:00.000Z' };",
      "await store.appendToStream('script-1', [{ id: crypto.randomUUID(), type: 'contract.X.v1', data: {}, metadata }], 'no_stream');",
      "const last = store.appendToStream('script-2', [{ id: crypto.randomUUID(), type: 'contract.X.v1', data: {}, metadata }], 'no_stream');",
      'await store.close();',
      'await last;',
      "console.log('done');",
    ].join('\n');

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });

    expect(stdout.trim()).toBe('done');
    const reader = open();
    expect(await reader.readStream('script-1')).toHaveLength(1);
    expect(await reader.readStream('script-2')).toHaveLength(1);
  });

  it('Given an in-memory database, When events are appended, Then they can be read back', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    stores.push(store);
    const stream = newStreamName();

    await store.appendToStream(stream, [newEvent()], 'no_stream');

    expect(await store.readStream(stream)).toHaveLength(1);
  });
});
