import { Agent, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/**
 * The load balancer of the multi-process tests and benchmark: each request
 * goes to the next upstream in turn (round robin), its body and answer
 * streamed by http-proxy-3 (a maintained rewrite of http-proxy), its headers
 * kept, and `X-Forwarded-For` / `-Proto` / `-Host` added (`xfwd`) as nginx
 * does in the compose profile, so a server started with TRUST_PROXY=1 sees
 * the client's address, not the proxy's. An upstream that refuses the
 * connection answers 502 (the client sees a failure, never a wrong answer).
 */
export interface RoundRobinProxy {
  readonly url: string;
  /** How many requests each upstream was given, in the order of `upstreams`. */
  readonly forwarded: readonly number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const forwarded = upstreams.map(() => 0);
  // Connections to the upstreams are kept open, as nginx's upstream keepalive does.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = createProxyServer({ xfwd: true, agent });
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    forwarded[index] = (forwarded[index] ?? 0) + 1;
    proxy.web(req, res, { target: upstreams[index] }, (error) => {
      if (res.headersSent) {
        res.destroy(error);
        return;
      }
      // What the client still sends is read and dropped, so its connection stays usable.
      req.resume();
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'BAD_GATEWAY', message: `upstream ${upstreams[index]}: ${error.message}` }));
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
      agent.destroy();
    },
  };
}
