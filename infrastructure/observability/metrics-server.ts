import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { PlatformMetrics } from './metrics.js';

/** What GET /health answers on this port (a role's own health: its lease, its lag). */
export type HealthProbe = () => Promise<object>;

/**
 * GET /metrics on a port of its own (METRICS_PORT), without a session: for a
 * Prometheus scraper inside the installation's network, the port never
 * published to the internet. With a probe, GET /health (and /api/health, what
 * the API answers) too: how an orchestrator probes a `projector` or a
 * `processor`, which serve no API (infrastructure/roles.ts). Anything else
 * answers 404.
 */
export function serveMetrics(metrics: PlatformMetrics, port: number, logger: Logger, health: HealthProbe | null = null): Server {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const probe = health && (path === '/health' || path === '/api/health') ? health : null;
    if (req.method !== 'GET' || (path !== '/metrics' && !probe)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(health ? 'Not found: GET /metrics or /health' : 'Not found: GET /metrics');
      return;
    }
    const answer = probe
      ? probe().then((body) => ({ type: 'application/json', text: JSON.stringify(body) }))
      : metrics.render().then((text) => ({ type: metrics.contentType, text }));
    answer.then(
      ({ type, text }) => res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error({ err: error, path }, 'metrics or health failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Unavailable');
      },
    );
  });
  return server.listen(port);
}
