import 'reflect-metadata';
import type { Logger } from 'pino';
import { HmacLinkSecrets } from '../security/hmac-link-secrets.js';
import { categoryDispatcher } from '../../application/buybacks/warehouse-dispatcher.js';
import { BuybackPorts } from '../../application/buybacks/buyback-ports.js';
import { CustomerLinks } from '../../application/buybacks/tracking-token.js';
import { CatalogService } from '../../application/catalog/catalog-service.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openStores, type Stores } from '../container.js';
import { createLogger } from '../logger.js';
import { CryptoIdGenerator, SystemClock } from '../system/clock.js';
import { OutboxTransport, TemplateMailer } from '../mail/mailers.js';
import { assemble } from '../modules/assembly.js';
import { MODULES } from '../modules/index.js';
import { join } from 'node:path';

export interface CliStores extends Stores {
  config: AppConfig;
  logger: Logger;
  /** What the buyback commands need, wired to these stores (forgetting a customer). */
  buybackPorts: BuybackPorts;
}

/**
 * The stores of DATA_DIR (and the rest of the environment, as `npm start`
 * reads it) opened for a command-line tool: no HTTP server, no seeding, the
 * projection runner not started. Safe beside a running server on SQLite (WAL).
 * Logs go to stderr, at LOG_LEVEL or `warn`, so that stdout carries only the
 * tool's own report.
 */
export async function openCliStores(env: Record<string, string | undefined> = process.env): Promise<CliStores> {
  const config = loadConfig(env);
  const logger = createLogger(env.LOG_LEVEL ?? 'warn', process.stderr);
  const assembly = assemble(MODULES);
  const stores = await openStores(config, logger, assembly);
  const mailer = new TemplateMailer(assembly.translator, new OutboxTransport(join(config.dataDir, 'outbox')), logger);
  const linkSecrets = new HmacLinkSecrets(stores.serverSecret);
  const clock = new SystemClock();
  const buybackPorts = new BuybackPorts(
    stores.eventStore,
    stores.documents,
    clock,
    new CryptoIdGenerator(),
    stores.vault,
    mailer,
    new CatalogService(stores.documents),
    config.publicBaseUrl,
    // Forgetting a customer registers nothing, touches no item, and chooses no warehouse.
    [],
    [],
    categoryDispatcher,
    linkSecrets,
    CustomerLinks.of(linkSecrets, clock, config.publicBaseUrl, { documents: config.documentsLinkTtlDays, tracking: config.trackingLinkTtlDays }),
  );
  return { ...stores, config, logger, buybackPorts };
}

/** Runs a tool's main: its exit code, or 1 with the message on stderr when it throws. */
export async function runCli(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
