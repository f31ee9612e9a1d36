/**
 * The document store contract against MongoDB: the server at MONGODB_URL, or
 * a throw-away `mongo:7` container when a Docker engine answers. With neither,
 * the suite is skipped visibly (never failed), and the title says why.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { MongoDocumentStore } from '../../infrastructure/document-store/mongodb-document-store.js';
import { documentStoreContract } from './document-store.contract.js';

interface MongoServer {
  url(): Promise<string>;
  stop(): Promise<void>;
}

const DOCKER_PROBE_TIMEOUT_MS = 3_000;
const DATABASE = process.env.MONGODB_CONTRACT_DB ?? 'document_store_contract';

const server = await findMongoServer();

if (typeof server === 'string') {
  console.warn(server);
  describe.skip(server, () => {
    it.skip(server, () => undefined);
  });
} else {
  describe('MongoDocumentStore against a real server', () => {
    let url: string;
    beforeAll(async () => {
      url = await server.url();
    });
    afterAll(async () => {
      await server.stop();
    });

    documentStoreContract('MongoDocumentStore', async () => {
      const store = await MongoDocumentStore.connect(url, DATABASE);
      return { store, cleanup: () => store.close() };
    });
  });
}

/** A server to test against, or the reason there is none. */
async function findMongoServer(): Promise<MongoServer | string> {
  const url = process.env.MONGODB_URL;
  if (url) return { url: async () => url, stop: async () => undefined };
  const docker = await dockerAnswers();
  if (docker !== true) {
    return `MongoDB contract skipped: MONGODB_URL is not set and no Docker engine answered (${docker})`;
  }
  return mongoContainer();
}

async function dockerAnswers(): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DOCKER_PROBE_TIMEOUT_MS} ms`)), DOCKER_PROBE_TIMEOUT_MS);
  });
  try {
    // Imported only when needed: without Docker there is nothing to load it for.
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return true;
  } catch (error) {
    return (error as Error).message.split('\n')[0] ?? String(error);
  } finally {
    clearTimeout(timer);
  }
}

function mongoContainer(): MongoServer {
  let container: StartedTestContainer | undefined;
  return {
    async url() {
      const { GenericContainer, Wait } = await import('testcontainers');
      container = await new GenericContainer('mongo:7')
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .start();
      return `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    },
    async stop() {
      await container?.stop();
    },
  };
}
