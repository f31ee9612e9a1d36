import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { PlatformMetrics } from './metrics.js';

/**
 * GET /metrics on a port of its own (METRICS_PORT), without a session: for a
 * Prometheus scraper inside the installation's network, the port never
 * published to the internet. Anything else answers 404.
 */
export function serveMetrics(metrics: PlatformMetrics, port: number, logger: Logger): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics');
      return;
    }
    metrics.render().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics unavailable');
      },
    );
  });
  return server.listen(port);
}
