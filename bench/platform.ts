/**
 * The real platform for the benchmarks that measure it over HTTP: started on
 * a data folder (written beforehand, read models included), signed in as the
 * demo's users, and told that its read models and process managers already
 * applied what the benchmark wrote behind their back.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocumentStore } from '../application/ports/document-store.js';
import { CHECKPOINTS_COLLECTION } from '../application/projections/projection-runner.js';
import { PROCESS_MANAGER_CHECKPOINTS } from '../application/process-managers/process-manager-runner.js';
import { loadConfig } from '../infrastructure/config.js';
import { createPlatform, type Platform } from '../infrastructure/container.js';
import { createLogger } from '../infrastructure/logger.js';
import { MemoryMailer } from '../infrastructure/mail/mailers.js';
import { DEMO_PASSWORD } from '../infrastructure/seed/demo-data.js';
import { ApiClient } from '../tests/support/test-platform.js';

export interface RunningBenchPlatform {
  platform: Platform;
  server: Server;
  base: string;
}

/** The platform on `dataDir` (silent, no demo activity), listening on a random loopback port; `env` adds configuration (TRUST_PROXY…). */
export async function openPlatform(dataDir: string, env: Record<string, string> = {}): Promise<RunningBenchPlatform> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_ACTIVITY: 'false', ...env });
  const platform = await createPlatform(config, { logger: createLogger('silent'), mailer: new MemoryMailer() });
  const server: Server = await new Promise((resolve) => {
    const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { platform, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function closePlatform({ platform, server }: RunningBenchPlatform): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await platform.close();
}

export async function login(base: string, email: string, module?: string): Promise<ApiClient> {
  const answer = await new ApiClient(base).post('/login', { email, password: DEMO_PASSWORD });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status}`);
  return new ApiClient(base, answer.body.token, module ?? null);
}

/**
 * As after a catch-up: every projection's and every process manager's
 * checkpoint moved to `head` (the events written directly, with their
 * documents, need no replay; a manager left behind would make each command
 * wait for it to read them all).
 */
export async function checkpointsPast(documents: DocumentStore, head: number): Promise<void> {
  const [projections, managers] = await Promise.all([documents.collection(CHECKPOINTS_COLLECTION).find({}), documents.collection(PROCESS_MANAGER_CHECKPOINTS).find({})]);
  await documents.writeBatch([
    ...projections.map((c) => ({ kind: 'upsert' as const, collection: CHECKPOINTS_COLLECTION, document: { ...c, position: head } })),
    ...managers.map((c) => ({ kind: 'upsert' as const, collection: PROCESS_MANAGER_CHECKPOINTS, document: { ...c, position: head } })),
  ]);
}
