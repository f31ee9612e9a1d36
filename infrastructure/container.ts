import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { TOKENS } from '../application/tokens.js';
import type { EventStore } from '../application/ports/event-store.js';
import type { DocumentStore } from '../application/ports/document-store.js';
import type { Clock, IdGenerator } from '../application/ports/clock.js';
import type { Mailer } from '../application/ports/mailer.js';
import type { PasswordHasher } from '../application/ports/security.js';
import type { PersonalDataVault } from '../application/ports/personal-data.js';
import { ProjectionRunner, type RunnerLogger } from '../application/projections/projection-runner.js';
import { AuthService } from '../application/organizations/auth-service.js';
import { CatalogService } from '../application/catalog/catalog-service.js';
import { BuybackService } from '../application/buybacks/buyback-service.js';
import { BuybackQueries } from '../application/buybacks/buyback-queries.js';
import { CustomerService } from '../application/buybacks/customer-service.js';
import { ALL_PROJECTIONS } from '../projections/index.js';
import { ORGANIZATION_COLLECTIONS } from '../application/organizations/read-models.js';
import { CATALOG_COLLECTIONS } from '../application/catalog/read-models.js';
import type { AccountDocument } from '../application/organizations/read-models.js';
import type { AppConfig } from './config.js';
import { createLogger } from './logger.js';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';
import { EventStoreDbEventStore } from './event-store/eventstoredb-event-store.js';
import { SqliteDocumentStore } from './document-store/sqlite-document-store.js';
import { MongoDocumentStore } from './document-store/mongodb-document-store.js';
import { CachingDocumentStore } from './reference-cache/caching-document-store.js';
import { SystemClock, CryptoIdGenerator } from './system/clock.js';
import { Argon2PasswordHasher } from './security/argon2-password-hasher.js';
import { DocumentSubjectKeyStore } from './security/document-subject-key-store.js';
import { AesGcmPersonalDataVault } from './security/aes-gcm-vault.js';
import { OutboxMailer } from './mail/mailers.js';
import { IdempotencyKeys } from './http/idempotency.js';
import { createHttpApp } from './http/app.js';
import { authRoutes } from './http/routes/organizations/auth-routes.js';
import { catalogRoutes } from './http/routes/catalog/catalog-routes.js';
import { buybackRoutes } from './http/routes/buybacks/buyback-routes.js';
import { publicRoutes } from './http/routes/buybacks/price-proposal-routes.js';
import { adminRoutes } from './http/routes/platform/operations-routes.js';
import { seedDemoDataIfEmpty } from './seed/seed.js';

export interface PlatformOverrides {
  logger?: Logger;
  mailer?: Mailer;
  clock?: Clock;
  passwordHasher?: PasswordHasher;
}

export interface Platform {
  app: Express;
  container: DependencyContainer;
  config: AppConfig;
  eventStore: EventStore;
  documents: DocumentStore;
  runner: ProjectionRunner;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * The composition root: the only place that picks adapters. Everything
 * else receives its ports through the container's tokens.
 */
export async function createPlatform(config: AppConfig, overrides: PlatformOverrides = {}): Promise<Platform> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const container = rootContainer.createChildContainer();

  const stores = await openStores(config, logger);
  const { eventStore, documents, vault, runner } = stores;

  const clock = overrides.clock ?? new SystemClock();
  const ids = new CryptoIdGenerator();
  const hasher = overrides.passwordHasher ?? new Argon2PasswordHasher();
  const mailer = overrides.mailer ?? new OutboxMailer(join(config.dataDir, 'outbox'));

  container.register(TOKENS.Config, { useValue: config });
  container.register(TOKENS.Logger, { useValue: logger });
  container.register<EventStore>(TOKENS.EventStore, { useValue: eventStore });
  container.register<DocumentStore>(TOKENS.DocumentStore, { useValue: documents });
  container.register<Clock>(TOKENS.Clock, { useValue: clock });
  container.register<IdGenerator>(TOKENS.IdGenerator, { useValue: ids });
  container.register<PasswordHasher>(TOKENS.PasswordHasher, { useValue: hasher });
  container.register<PersonalDataVault>(TOKENS.PersonalDataVault, { useValue: vault });
  container.register<Mailer>(TOKENS.Mailer, { useValue: mailer });
  container.register(TOKENS.ProjectionRunner, { useValue: runner });
  container.registerSingleton(TOKENS.CatalogService, CatalogService);
  container.registerSingleton(TOKENS.BuybackService, BuybackService);
  container.registerSingleton(TOKENS.BuybackQueries, BuybackQueries);
  container.registerSingleton(TOKENS.AuthService, AuthService);
  container.registerSingleton(TOKENS.CustomerService, CustomerService);

  if (config.seedDemoData) {
    const streams = await seedDemoDataIfEmpty(eventStore, hasher, clock);
    if (streams > 0) logger.info({ streams }, 'demo data written');
  }
  await runner.start();
  // Serve once the read models have caught up with the events already stored (a first start
  // projects the demo data), so the first requests do not see half-built read models.
  const head = await eventStore.lastGlobalPosition();
  if (!(await runner.waitFor(head, 120_000))) logger.warn({ head }, 'read models still catching up; serving anyway');

  const whiteLabelAccount = () => defaultWhiteLabelAccount(documents, config);
  const auth = container.resolve<AuthService>(TOKENS.AuthService);
  const buybacks = container.resolve<BuybackService>(TOKENS.BuybackService);
  const app = createHttpApp({
    routes: [
      ...authRoutes(auth, whiteLabelAccount),
      ...catalogRoutes(container.resolve<CatalogService>(TOKENS.CatalogService)),
      ...buybackRoutes(buybacks, container.resolve<BuybackQueries>(TOKENS.BuybackQueries), config.publicBaseUrl),
      ...publicRoutes(buybacks, documents, whiteLabelAccount),
      ...adminRoutes(runner, container.resolve<CustomerService>(TOKENS.CustomerService), eventStore),
    ],
    auth,
    idempotency: new IdempotencyKeys(documents, clock),
    projections: runner,
    logger,
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
  });

  return {
    app,
    container,
    config,
    eventStore,
    documents,
    runner,
    logger,
    close: () => stores.close(),
  };
}

/** The stores, the personal-data vault and the projection runner (not started) of a configuration. */
export interface Stores {
  eventStore: EventStore;
  documents: DocumentStore;
  vault: PersonalDataVault;
  runner: ProjectionRunner;
  /** Stops the runner, then closes every store. */
  close(): Promise<void>;
}

/**
 * Opens the stores exactly as the server does (same files in DATA_DIR, same
 * pepper, same projections), without HTTP and without seeding: what
 * createPlatform builds on, and what the command-line tools use.
 */
export async function openStores(config: AppConfig, logger: RunnerLogger): Promise<Stores> {
  mkdirSync(config.dataDir, { recursive: true });
  const eventStore: EventStore =
    config.eventStore.kind === 'eventstoredb'
      ? new EventStoreDbEventStore({ connectionString: config.eventStore.url })
      : new SqliteEventStore({ path: join(config.dataDir, 'events.db'), synchronous: config.eventStore.synchronous });
  const { documents: readModels, keyDocuments } = await documentStores(config);
  // Reference data is read on every request and changes rarely: cached in memory, and forgotten
  // on every write to its collection (the projection runner writes through this same instance).
  const documents = new CachingDocumentStore(readModels, [...Object.values(ORGANIZATION_COLLECTIONS), ...Object.values(CATALOG_COLLECTIONS)]);
  const vault = new AesGcmPersonalDataVault(new DocumentSubjectKeyStore(keyDocuments), pepper(config.dataDir));
  const runner = new ProjectionRunner(eventStore, documents, vault, ALL_PROJECTIONS, logger);
  return {
    eventStore,
    documents,
    vault,
    runner,
    async close() {
      await runner.stop();
      await eventStore.close();
      await documents.close();
      if (keyDocuments !== readModels) await keyDocuments.close();
    },
  };
}

async function documentStores(config: AppConfig): Promise<{ documents: DocumentStore; keyDocuments: DocumentStore }> {
  if (config.readModelStore.kind === 'mongodb') {
    const documents = await MongoDocumentStore.connect(config.readModelStore.url, config.readModelStore.database);
    const keyDocuments = await MongoDocumentStore.connect(config.readModelStore.url, `${config.readModelStore.database}_keys`);
    return { documents, keyDocuments };
  }
  const synchronous = config.readModelStore.synchronous;
  return {
    documents: new SqliteDocumentStore({ path: join(config.dataDir, 'read-models.db'), synchronous }),
    keyDocuments: new SqliteDocumentStore({ path: join(config.dataDir, 'keys.db'), synchronous: 'FULL', secureDelete: true }),
  };
}

/** The server secret keying subject ids: PERSONAL_DATA_PEPPER (base64), else a file made on first start. */
function pepper(dataDir: string): Buffer {
  if (process.env.PERSONAL_DATA_PEPPER) return Buffer.from(process.env.PERSONAL_DATA_PEPPER, 'base64');
  const file = join(dataDir, 'pepper.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** WHITE_LABEL_ACCOUNT_ID, else the first account with a white-label site. */
async function defaultWhiteLabelAccount(documents: DocumentStore, config: AppConfig): Promise<string | null> {
  if (config.whiteLabelAccountId) return config.whiteLabelAccountId;
  const [account] = await documents
    .collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts)
    .find({ 'whiteLabel.dropOffLocationsMapEnabled': { $exists: true } }, { sort: [['createdAt', 1]], limit: 1 });
  return account?._id ?? null;
}
