import 'reflect-metadata';
import type { Logger } from 'pino';
import { CustomerService } from '../../application/buybacks/customer-service.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openStores, type Stores } from '../container.js';
import { createLogger } from '../logger.js';
import { CryptoIdGenerator, SystemClock } from '../system/clock.js';

export interface CliStores extends Stores {
  config: AppConfig;
  logger: Logger;
  /** The right-to-be-forgotten service, wired to these stores. */
  customers: CustomerService;
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
  const stores = await openStores(config, logger);
  const customers = new CustomerService(stores.eventStore, stores.vault, new SystemClock(), new CryptoIdGenerator());
  return { ...stores, config, logger, customers };
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
