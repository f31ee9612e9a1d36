import { afterAll, beforeAll, describe, it } from 'vitest';
import { GenericContainer, Wait, getContainerRuntimeClient } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import { KurrentDbEventStore } from '../../infrastructure/event-store/kurrentdb-event-store.js';
import { eventStoreContract } from './event-store.contract.js';

/**
 * KurrentDB 26.1: multi-stream appends came with 25.1, consistency checks on a
 * stream the append does not write (appendRecords) with 26.1. The same image
 * as docker-compose.yml.
 */
const IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:26.1';
const HTTP_PORT = 2113;
/** Deciding whether a server is reachable must never hold the test run up. */
const RUNTIME_PROBE_TIMEOUT_MS = 3_000;
const CONTAINER_START_TIMEOUT_MS = 180_000;

type Target = { kind: 'url'; url: string } | { kind: 'container' } | { kind: 'none'; reason: string };

async function probeContainerRuntime(): Promise<string | null> {
  const timeout = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`no answer within ${RUNTIME_PROBE_TIMEOUT_MS} ms`)), RUNTIME_PROBE_TIMEOUT_MS).unref();
  });
  try {
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function chooseTarget(): Promise<Target> {
  const url = process.env.EVENTSTORE_URL;
  if (url) return { kind: 'url', url };
  const runtimeError = await probeContainerRuntime();
  if (runtimeError === null) return { kind: 'container' };
  return {
    kind: 'none',
    reason: `KurrentDB contract skipped: EVENTSTORE_URL is not set and no Docker engine answered (${runtimeError})`,
  };
}

const target = await chooseTarget();

if (target.kind === 'none') {
  console.warn(target.reason);
  describe.skip('KurrentDbEventStore', () => {
    it.skip(target.reason, () => {});
  });
} else {
  let connectionString = target.kind === 'url' ? target.url : '';
  let container: StartedTestContainer | undefined;

  if (target.kind === 'container') {
    beforeAll(async () => {
      container = await new GenericContainer(IMAGE)
        .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None' })
        .withExposedPorts(HTTP_PORT)
        .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCodeMatching((status) => status >= 200 && status < 300))
        .start();
      connectionString = `kurrentdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`;
    }, CONTAINER_START_TIMEOUT_MS);

    afterAll(async () => {
      await container?.stop();
    });
  }

  eventStoreContract('KurrentDbEventStore', async () => {
    const store = new KurrentDbEventStore({ connectionString });
    return { store, cleanup: () => store.close() };
  });
}
