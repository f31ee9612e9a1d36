import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { ProcessManagerRunner } from '../application/process-managers/process-manager-runner.js';
import { ReadYourWrites } from '../application/projections/read-your-writes.js';
import { JobQueue } from '../application/jobs/job-queue.js';
import { HmacLinkSecrets } from './security/hmac-link-secrets.js';
import { carrierWebhookSecret } from './security/carrier-webhook-secret.js';
import { EmbeddedCarrier } from './transport/embedded-carrier.js';
import { HttpCarrier } from './transport/http-carrier.js';
import { HttpPaymentProvider } from './payments/http-payment-provider.js';
import { AesGcmSecretBox } from './security/aes-gcm-secret-box.js';
import type { SecretBox } from '../application/ports/secret-box.js';
import { paymentWebhookSecret } from './security/payment-webhook-secret.js';
import { productSearchOf } from './search/product-search-of.js';
import type { PaymentGateway } from '../application/payments/payment-gateway.js';
import type { TransportPort } from '../application/ports/transport.js';
import type { AuthService } from '../application/organizations/auth-service.js';
import { LIVE_ACCOUNTS, ORGANIZATION_COLLECTIONS, type AccountDocument } from '../application/organizations/read-models.js';
import type { AppConfig } from './config.js';
import { createLogger } from './logger.js';
import { MAIL_DELIVERIES_COLLECTION, MailDeliveryClaims, type MailDeliveryDocument } from './mail/delivery-claims.js';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';
import { KurrentDbEventStore } from './event-store/kurrentdb-event-store.js';
import { SqliteDocumentStore } from './document-store/sqlite-document-store.js';
import { MongoDocumentStore } from './document-store/mongodb-document-store.js';
import { CachingDocumentStore } from './reference-cache/caching-document-store.js';
import { SystemClock, CryptoIdGenerator } from './system/clock.js';
import { Argon2PasswordHasher } from './security/argon2-password-hasher.js';
import { DocumentSubjectKeyStore } from './security/document-subject-key-store.js';
import { AesGcmPersonalDataVault } from './security/aes-gcm-vault.js';
import { OutboxTransport, TemplateMailer, type MailTransport } from './mail/mailers.js';
import { SmtpTransport } from './mail/smtp-transport.js';
import { IdempotencyKeys } from './http/idempotency.js';
import { Throttles } from './security/throttle-stores.js';
import { createHttpApp } from './http/app.js';
import { PlatformMetrics } from './observability/metrics.js';
import { ErrorPresenter } from './http/errors.js';
import type { Route } from './http/route.js';
import { seedDemoDataIfEmpty } from './seed/seed.js';
import { startRole, type RunningRole } from './roles.js';
import type { RebuildCoordinator } from '../application/platform/rebuild-coordinator.js';
import { demoActivityContext } from './seed/demo-activity.js';
import { MODULES } from './modules/index.js';
import { assemble, assembleRoutes, type Assembly } from './modules/assembly.js';
import type { PlatformModule } from './modules/platform-module.js';

/** The platform module's rebuild coordinator (infrastructure/modules/platform/module.ts). */
const REBUILD_COORDINATOR = Symbol.for('RebuildCoordinator');

export interface PlatformOverrides {
  logger?: Logger;
  /** Where e-mails go (tests: a MemoryMailer); default the outbox folder in DATA_DIR. */
  mailer?: MailTransport;
  clock?: Clock;
  passwordHasher?: PasswordHasher;
  /** Another list of modules (tests of the assembly). */
  modules?: readonly PlatformModule[];
  /** Another carrier (tests: one that fails on demand). */
  transport?: TransportPort;
  /** Where the throttles count (tests: Throttles.memory()); default a store every process shares (throttlesOf). */
  throttles?: Throttles;
}

export interface Platform {
  app: Express;
  container: DependencyContainer;
  config: AppConfig;
  assembly: Assembly;
  routes: readonly Route[];
  eventStore: EventStore;
  documents: DocumentStore;
  runner: ProjectionRunner;
  processManagers: ProcessManagerRunner;
  /** The role's part when not `all` (its lease, if it has one); null in the embedded default. */
  role: RunningRole | null;
  logger: Logger;
  metrics: PlatformMetrics;
  close(): Promise<void>;
}

/**
 * The composition root: the only place that picks adapters. Everything
 * else receives its ports through the container's tokens; each module
 * registers its own services and routes (infrastructure/modules).
 */
export async function createPlatform(config: AppConfig, overrides: PlatformOverrides = {}): Promise<Platform> {
  // Every line says which replica wrote it, and in which role (PLATFORM_ROLE: infrastructure/roles.ts).
  const identity = { replica: config.replica, role: config.role };
  const logger = (overrides.logger ?? createLogger(config.logLevel)).child(identity);
  const metrics = new PlatformMetrics(identity);
  const assembly = assemble(overrides.modules ?? MODULES);
  const container = rootContainer.createChildContainer();

  const stores = await openStores(config, logger, assembly);
  const { eventStore, documents, vault, runner } = stores;
  // The carriers' webhook secret: the installation's own is made on its first start, in every mode (unless CARRIER_WEBHOOK_SECRET is set).
  carrierWebhookSecret(config);
  // The payment providers' webhook secret, the same way (unless PAYMENT_WEBHOOK_SECRET is set).
  paymentWebhookSecret(config);

  const clock = overrides.clock ?? new SystemClock();
  const ids = new CryptoIdGenerator();
  const hasher = overrides.passwordHasher ?? new Argon2PasswordHasher();
  // E-mails go through the SMTP relay of SMTP_URL when set, else to the outbox folder in DATA_DIR.
  const claims = new MailDeliveryClaims(documents.collection<MailDeliveryDocument>(MAIL_DELIVERIES_COLLECTION));
  const mailTransport =
    overrides.mailer ?? (config.smtpUrl ? new SmtpTransport({ url: config.smtpUrl, from: config.mailFrom, claims }) : new OutboxTransport(join(config.dataDir, 'outbox')));
  const mailer = new TemplateMailer(assembly.translator, mailTransport, logger);

  container.register(TOKENS.Config, { useValue: config });
  container.register(TOKENS.Logger, { useValue: logger });
  container.register(TOKENS.PlatformMetrics, { useValue: metrics });
  container.register<EventStore>(TOKENS.EventStore, { useValue: eventStore });
  container.register<DocumentStore>(TOKENS.DocumentStore, { useValue: documents });
  container.register<Clock>(TOKENS.Clock, { useValue: clock });
  container.register<IdGenerator>(TOKENS.IdGenerator, { useValue: ids });
  container.register<PasswordHasher>(TOKENS.PasswordHasher, { useValue: hasher });
  container.register<PersonalDataVault>(TOKENS.PersonalDataVault, { useValue: vault });
  container.register<Mailer>(TOKENS.Mailer, { useValue: mailer });
  container.register(TOKENS.ProjectionRunner, { useValue: runner });
  container.register(TOKENS.PermissionMatrix, { useValue: assembly.permissions });
  container.register(TOKENS.MenuEntries, { useValue: assembly.menu });
  container.register(TOKENS.Texts, { useValue: assembly.translator });
  container.register(TOKENS.PublicBaseUrl, { useValue: config.publicBaseUrl });
  const throttles = overrides.throttles ?? (await throttlesOf(config, logger));
  container.register(TOKENS.Throttles, { useValue: throttles });
  container.register(TOKENS.LinkSecrets, { useValue: new HmacLinkSecrets(stores.serverSecret) });
  container.register<SecretBox>(TOKENS.SecretBox, { useValue: new AesGcmSecretBox(stores.serverSecret) });
  container.register<TransportPort>(TOKENS.Transport, { useValue: overrides.transport ?? carrierOf(config, clock, stores.serverSecret) });
  container.register<TransportPort>(TOKENS.EmbeddedCarrier, { useValue: new EmbeddedCarrier(clock, { publicBaseUrl: config.publicBaseUrl, serverSecret: stores.serverSecret }) });
  // A payment provider reached over HTTP only when one is configured (PAYMENT_PROVIDER_URL): else its payments wait, counted in /api/health.
  const { url: paymentUrl, apiKey: paymentKey, timeoutMs: paymentTimeoutMs } = config.paymentProvider;
  if (paymentUrl && paymentKey) {
    container.register<PaymentGateway>(TOKENS.PaymentGateway, { useValue: new HttpPaymentProvider({ baseUrl: paymentUrl, apiKey: paymentKey, timeoutMs: paymentTimeoutMs }) });
  }
  // The catalogue's search: Typesense when TYPESENSE_URL is set, else the embedded engine; it follows the search projection.
  container.register(TOKENS.ProductSearchIndex, { useValue: productSearchOf(config, documents, logger) });
  container.register(TOKENS.DefaultWhiteLabelAccount, { useValue: () => defaultWhiteLabelAccount(documents, config) });
  // Large imports run as jobs; a job's answer waits for the read models as a command's does (readYourWrites is made below).
  const readsAfterJobs: { readYourWrites: ReadYourWrites | null } = { readYourWrites: null };
  const jobs = new JobQueue(documents, clock, logger, async (position) => {
    await readsAfterJobs.readYourWrites?.waitFor(position, config.readYourWritesTimeoutMs);
  }, config.jobs);
  container.register(TOKENS.Jobs, { useValue: jobs });
  for (const module of assembly.modules) module.register?.(container);
  const processManagers = new ProcessManagerRunner(
    eventStore,
    documents,
    assembly.modules.flatMap((module) => module.processManagers?.(container) ?? []),
    logger,
  );
  container.register(TOKENS.ProcessManagerRunner, { useValue: processManagers });

  let seeded = false;
  // Demo data only in the embedded default: a multi-process installation is seeded by starting `all` once (README).
  if (config.seedDemoData && config.role === 'all') {
    const streams = await seedDemoDataIfEmpty(eventStore, hasher, clock, assembly.modules);
    if (streams > 0) logger.info({ streams }, 'demo data written');
    seeded = streams > 0;
  }
  if (config.role === 'all') {
    await runner.start();
    // Serve once the read models have caught up with the events already stored (a first start
    // projects the demo data), so the first requests do not see half-built read models.
    const head = await eventStore.lastGlobalPosition();
    if (!(await runner.waitFor(head, 120_000))) logger.warn({ head }, 'read models still catching up; serving anyway');
    // Process managers read the read models (a customer's e-mail address): they start once those have caught up.
    await processManagers.start();
  }
  const workers = [...assembly.modules.flatMap((module) => module.workers?.(container) ?? []), jobs];
  container.register(TOKENS.BackgroundWorkers, { useValue: workers });
  metrics.watch({
    lastGlobalPosition: () => eventStore.lastGlobalPosition(),
    projections: () => runner.status(),
    processManagers: () => processManagers.status(),
    workers: () => Promise.all(workers.map(async (worker) => ({ name: worker.name, backlog: (await worker.status()).backlog }))),
  });
  // Another role than `all`: its part runs (a background one while it holds its lease), and answers wait on the shared checkpoints.
  const rebuilds = container.isRegistered(REBUILD_COORDINATOR, true) ? container.resolve<RebuildCoordinator>(REBUILD_COORDINATOR) : null;
  const role = config.role === 'all' ? null : await startRole({ config, documents, eventStore, runner, processManagers, workers, jobs, rebuilds, logger });
  const readYourWrites = role?.readYourWrites ?? new ReadYourWrites(runner, processManagers);
  readsAfterJobs.readYourWrites = readYourWrites;

  if (seeded && config.seedDemoActivity) {
    const context = demoActivityContext(container, Date.parse(clock.now()), async (position) => {
      if (position !== null) await readYourWrites.waitFor(position, 30_000);
    });
    for (const module of assembly.modules) await module.demoActivity?.(context);
    logger.info('demo activity written');
  }
  // The background queues start once the demo's activity is written (it works its own, on its own clock).
  if (!role) for (const worker of workers) worker.start();

  const routes = assembleRoutes(assembly, container);
  const app = createHttpApp({
    routes,
    auth: container.resolve<AuthService>(TOKENS.AuthService),
    idempotency: new IdempotencyKeys(documents, clock),
    projections: readYourWrites,
    errors: new ErrorPresenter(assembly.errors, assembly.translator),
    errorCodes: assembly.errors.codes(),
    logger,
    metrics,
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
    trustProxy: config.trustProxy,
    // An API replica looks for the projector's writes before each request; `all` writes them itself (other writers, the tools: within REFERENCE_CACHE_CHECK_MS).
    freshReferences: config.role !== 'all' && documents instanceof CachingDocumentStore ? () => documents.refresh() : undefined,
  });

  return {
    app,
    container,
    config,
    assembly,
    routes,
    eventStore,
    documents,
    runner,
    processManagers,
    role,
    logger,
    metrics,
    async close() {
      // A rebuild under way ends first (abandoned, the live read model as it was): nothing writes after the stores close.
      await rebuilds?.stop();
      await role?.stop();
      await Promise.all(workers.map((worker) => worker.stop()));
      await processManagers.stop();
      await stores.close();
      await throttles.close();
      if (mailTransport instanceof SmtpTransport) mailTransport.close();
    },
  };
}

/** The carrier of the configuration: a carrier's API (CARRIER_URL), else the embedded one (its tracking numbers keyed by the server's secret). */
function carrierOf(config: AppConfig, clock: Clock, serverSecret: Buffer): TransportPort {
  const { url, apiKey, timeoutMs } = config.carrier;
  if (url && apiKey) return new HttpCarrier({ baseUrl: url, apiKey, timeoutMs });
  return new EmbeddedCarrier(clock, { publicBaseUrl: config.publicBaseUrl, serverSecret });
}

/**
 * The throttles' counts, shared by every process on the same data: in MongoDB
 * when the read models are there, else in `throttles.db` in DATA_DIR.
 */
async function throttlesOf(config: AppConfig, logger: Logger): Promise<Throttles> {
  const failed = (throttle: string, error: unknown) => logger.warn({ throttle, err: error }, 'throttle store failed: counting in this process only');
  if (config.readModelStore.kind === 'mongodb') return Throttles.mongodb(config.readModelStore.url, config.readModelStore.database, failed);
  return Throttles.sqlite(privateFile(join(config.dataDir, 'throttles.db')), failed);
}

/** The stores, the personal-data vault and the projection runner (not started) of a configuration. */
export interface Stores {
  eventStore: EventStore;
  documents: DocumentStore;
  vault: PersonalDataVault;
  runner: ProjectionRunner;
  /** The server secret (PERSONAL_DATA_PEPPER or its file): keys customer subject ids, and derives link secrets. */
  serverSecret: Buffer;
  /** Stops the runner, then closes every store. */
  close(): Promise<void>;
}

/**
 * Opens the stores exactly as the server does (same files in DATA_DIR, same
 * pepper, same projections), without HTTP and without seeding: what
 * createPlatform builds on, and what the command-line tools use.
 */
export async function openStores(config: AppConfig, logger: RunnerLogger & Pick<Logger, 'warn'>, assembly: Assembly = assemble(MODULES)): Promise<Stores> {
  privateFolder(config.dataDir);
  const eventStore: EventStore =
    config.eventStore.kind === 'kurrentdb'
      ? new KurrentDbEventStore({ connectionString: config.eventStore.url })
      : new SqliteEventStore({
          path: privateFile(join(config.dataDir, 'events.db')),
          synchronous: config.eventStore.synchronous,
          // Another process appends (the roles of issue 25): looked for often, as a command's answer waits for it.
          pollIntervalMs: config.role === 'all' ? undefined : 25,
        });
  const { documents: readModels, keyDocuments } = await documentStores(config, logger);
  // Reference data is read on every request and changes rarely: cached in memory, forgotten on every
  // write to its collection here, and on another process's (its marks: reference-cache/change-marks.ts).
  const documents = new CachingDocumentStore(readModels, assembly.referenceCollections, undefined, undefined, { checkEveryMs: config.referenceCacheCheckMs });
  const serverSecret = pepper(config.dataDir);
  const vault = new AesGcmPersonalDataVault(new DocumentSubjectKeyStore(keyDocuments), serverSecret);
  const runner = new ProjectionRunner(eventStore, documents, vault, assembly.projections, logger);
  return {
    eventStore,
    documents,
    vault,
    runner,
    serverSecret,
    async close() {
      await runner.stop();
      await eventStore.close();
      await documents.close();
      if (keyDocuments !== readModels) await keyDocuments.close();
    },
  };
}

async function documentStores(config: AppConfig, logger: Pick<Logger, 'warn'>): Promise<{ documents: DocumentStore; keyDocuments: DocumentStore }> {
  if (config.readModelStore.kind === 'mongodb') {
    const standalone = () =>
      logger.warn({}, 'MongoDB without transactions (a standalone server): batches are written as they come, not all or nothing, and a lease is checked before its batch, not with it; run a replica set');
    const documents = await MongoDocumentStore.connect(config.readModelStore.url, config.readModelStore.database, standalone);
    const keyDocuments = await MongoDocumentStore.connect(config.readModelStore.url, `${config.readModelStore.database}_keys`, standalone);
    return { documents, keyDocuments };
  }
  const synchronous = config.readModelStore.synchronous;
  for (const file of ['read-models.db', 'keys.db']) privateFile(join(config.dataDir, file));
  return {
    documents: new SqliteDocumentStore({ path: join(config.dataDir, 'read-models.db'), synchronous }),
    keyDocuments: new SqliteDocumentStore({ path: join(config.dataDir, 'keys.db'), synchronous: 'FULL', secureDelete: true }),
  };
}

/**
 * The data folder and its files are the owner's alone (0700, 0600): they hold
 * the events, the read models (customer data in clear) and the customers'
 * keys. A database file is made empty with those rights before SQLite opens
 * it; SQLite gives its -wal and -shm files the rights of the database file.
 */
function privateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

function privateFile(path: string): string {
  if (existsSync(path)) chmodSync(path, 0o600);
  else writeFileSync(path, '', { mode: 0o600 });
  for (const companion of [`${path}-wal`, `${path}-shm`]) if (existsSync(companion)) chmodSync(companion, 0o600);
  return path;
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
    .find({ 'whiteLabel.dropOffLocationsMapEnabled': { $exists: true }, ...LIVE_ACCOUNTS }, { sort: [['createdAt', 1]], limit: 1 });
  return account?._id ?? null;
}
