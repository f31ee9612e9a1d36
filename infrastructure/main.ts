import 'reflect-metadata';
import { loadConfig } from './config.js';
import { createPlatform } from './container.js';
import { storefrontSite, uiStatic } from './http/ui-static.js';
import { serveMetrics } from './observability/metrics-server.js';

const config = loadConfig();
const platform = await createPlatform(config);
// After the API routes (mounted at /api by createPlatform): everything else is the two web apps.
platform.app.use(uiStatic(config.uiDir, storefrontSite(platform), config.tagManagerUrl));
const server = platform.app.listen(config.port, () => {
  platform.logger.info(
    { port: config.port, dataDir: config.dataDir, eventStore: config.eventStore.kind, readModels: config.readModelStore.kind },
    `Storefront on http://localhost:${config.port}/, dashboard on http://localhost:${config.port}/dashboard/, API on http://localhost:${config.port}/api`,
  );
});

const metricsServer = config.metricsPort === null ? null : serveMetrics(platform.metrics, config.metricsPort, platform.logger);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  platform.logger.info({ signal }, 'shutting down');
  server.close();
  metricsServer?.close();
  await platform.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
