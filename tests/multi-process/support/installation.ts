import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../../../application/ports/event-store.js';
import { toDomainEvent } from '../../../application/events/codec.js';
import { KurrentDbEventStore } from '../../../infrastructure/event-store/kurrentdb-event-store.js';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store.js';
import type { ApiClient } from '../../support/test-platform.js';
import { ProcessGroup, type PlatformProcess, type Role } from './process-group.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';

/**
 * One installation of several processes for the multi-process tests: the
 * embedded default (SQLite files in one data folder, WAL mode) or the
 * production engines (KurrentDB and MongoDB at EVENTSTORE_URL and
 * MONGODB_URL, a database of its own per run), three `api` replicas behind
 * the round-robin proxy, one `projector`, one `processor`.
 */
export interface Engines {
  readonly name: string;
  /** The engines' part of every process's environment. */
  readonly env: Record<string, string>;
  /** The installation's event store, opened by the test to count what was written. */
  openEventStore(dataDir: string): EventStore;
}

export const EMBEDDED: Engines = {
  name: 'the embedded SQLite files',
  env: {},
  openEventStore: (dataDir) => new SqliteEventStore({ path: join(dataDir, 'events.db') }),
};

/** KurrentDB and MongoDB when both answer, else why not (the suite is skipped, saying so). */
export async function productionEngines(): Promise<Engines | string> {
  const events = process.env.EVENTSTORE_URL;
  const documents = process.env.MONGODB_URL;
  if (!events || !documents) return `multi-process test on KurrentDB and MongoDB skipped: ${!events ? 'EVENTSTORE_URL' : 'MONGODB_URL'} is not set`;
  for (const url of [events, documents]) {
    const problem = await unreachable(url);
    if (problem) return `multi-process test on KurrentDB and MongoDB skipped: ${problem}`;
  }
  return {
    name: 'KurrentDB and MongoDB',
    env: {
      EVENT_STORE: 'kurrentdb',
      EVENTSTORE_URL: events,
      READ_MODEL_STORE: 'mongodb',
      MONGODB_URL: documents,
      MONGODB_DATABASE: `replicas_${randomUUID().slice(0, 8)}`,
    },
    openEventStore: () => new KurrentDbEventStore({ connectionString: events }),
  };
}

/** Whether the first host:port of a connection string accepts a TCP connection within 2 s (the reason when not). */
async function unreachable(connectionString: string): Promise<string | null> {
  const hostPart = connectionString.replace(/^[a-z+]+:\/\//, '').replace(/^[^@/]*@/, '').split(/[/?,]/)[0] ?? '';
  const [host, port] = hostPart.split(':');
  return new Promise((resolve) => {
    const socket = connect({ host: host || 'localhost', port: Number(port) || 0, timeout: 2_000 });
    const done = (reason: string | null) => {
      socket.destroy();
      resolve(reason);
    };
    socket.once('connect', () => done(null));
    socket.once('timeout', () => done(`${hostPart} did not answer within 2 s`));
    socket.once('error', (error) => done(`${hostPart}: ${error.message}`));
  });
}

export interface Installation {
  readonly group: ProcessGroup;
  readonly proxy: RoundRobinProxy;
  readonly apis: readonly PlatformProcess[];
  /** The projector and the processor now running (replaced ones are gone from here). */
  readonly background: Record<'projector' | 'processor', PlatformProcess>;
  readonly dataDir: string;
  /** Kills the role's process with SIGKILL and starts the next one of its name (`projector-2`…). */
  replace(role: 'projector' | 'processor'): Promise<PlatformProcess>;
  close(): Promise<void>;
}

const STARTS: ReadonlyArray<[string, Role]> = [
  ['api-1', 'api'],
  ['api-2', 'api'],
  ['api-3', 'api'],
  ['projector-1', 'projector'],
  ['processor-1', 'processor'],
];

/**
 * Seeds the demo data with one `all` process that is then stopped, then
 * starts the roles on the same data folder (or engines), the API replicas
 * behind the proxy. `env` is every process's (the throttles' limits, the
 * lease's length…).
 */
export async function startInstallation(engines: Engines, env: Record<string, string>): Promise<Installation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'replicas-'));
  const group = new ProcessGroup(dataDir, { ...env, ...engines.env });
  let processes: PlatformProcess[];
  try {
    // The roles never seed: one `all` process writes the demo data, then stops.
    await group.stop(await group.start('seed', 'all'));
    processes = await Promise.all(STARTS.map(([name, role]) => group.start(name, role)));
  } catch (error) {
    await group.killAll();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const apis = processes.slice(0, 3);
  const proxy = await startRoundRobinProxy(apis.map((p) => p.base));
  const background = { projector: processes[3] as PlatformProcess, processor: processes[4] as PlatformProcess };
  const generations = { projector: 1, processor: 1 };
  return {
    group,
    proxy,
    apis,
    background,
    dataDir,
    async replace(role) {
      await group.kill(background[role]);
      generations[role] += 1;
      background[role] = await group.start(`${role}-${generations[role]}`, role);
      return background[role];
    },
    async close() {
      await proxy.close();
      await group.killAll();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every row of a list (pages of 100), as the client sees them. */
export async function everyRow<T extends { id: string }>(client: ApiClient, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.get(`${path}${path.includes('?') ? '&' : '?'}itemsPerPage=100&page=${page}`);
    if (answer.status !== 200) throw new Error(`GET ${path} page ${page}: ${answer.status} ${JSON.stringify(answer.body)}`);
    rows.push(...(answer.body.items as T[]));
    if (!answer.body.hasNextPage) return rows;
  }
}

/** How many e-mails of a template the outbox holds whose text names each of `codes` (one file per e-mail sent). */
export function mailsNaming(dataDir: string, template: string, codes: readonly string[]): Map<string, number> {
  const counts = new Map(codes.map((code) => [code, 0]));
  const outbox = join(dataDir, 'outbox');
  for (const name of readdirSync(outbox)) {
    if (!name.endsWith('.json')) continue;
    const mail = JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { template: string; text: string };
    if (mail.template !== template) continue;
    for (const code of codes) if (mail.text.includes(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

/** How many events of each type a stream holds. */
export async function eventCounts(store: EventStore, stream: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const stored of await store.readStream(stream)) {
    const { type } = toDomainEvent(stored);
    counts[type] = (counts[type] ?? 0) + 1;
  }
  return counts;
}
