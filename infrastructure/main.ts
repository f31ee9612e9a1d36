import 'reflect-metadata';
import { loadConfig } from './config.js';
import { createPlatform } from './container.js';
import { platformRendering } from './http/storefront-render.js';
import { storefrontSite, uiStatic } from './http/ui-static.js';
import { serveMetrics } from './observability/metrics-server.js';
import { runs } from './roles.js';

const config = loadConfig();
const platform = await createPlatform(config);
// After the API routes (mounted at /api by createPlatform): everything else is the two web apps.
platform.app.use(
  uiStatic(config.uiDir, storefrontSite(platform), config.tagManagerUrl, config.storefrontServerRendering && runs(config.role).api ? platformRendering(platform) : null),
);
// A `projector` or a `processor` serves no API: only its health and metrics, on METRICS_PORT or else PORT (infrastructure/roles.ts).
const servesApi = runs(config.role).api;
const server = servesApi
  ? platform.app.listen(config.port, () => {
    platform.logger.info(
      { port: config.port, dataDir: config.dataDir, eventStore: config.eventStore.kind, readModels: config.readModelStore.kind },
      `Storefront on http://localhost:${config.port}/, dashboard on http://localhost:${config.port}/dashboard/, API on http://localhost:${config.port}/api`,
    );
  })
  : null;
if (server) {
  // An idle connection stays open longer than the load balancer keeps its own (config.keepAliveTimeoutMs); a request's
  // headers may take a little longer still, as Node asks.
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = config.keepAliveTimeoutMs + 1_000;
}
const probePort = config.metricsPort ?? (servesApi ? null : config.port);
const role = platform.role;
const metricsServer = probePort === null ? null : serveMetrics(platform.metrics, probePort, platform.logger, role ? () => role.health() : null);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  platform.logger.info({ signal }, 'shutting down');
  server?.close();
  metricsServer?.close();
  await platform.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
