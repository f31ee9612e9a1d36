import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, killHard, startServer } from '../support/server-process.js';

/**
 * A load balancer keeps its connections to the replicas open between
 * requests (nginx's upstream keepalive, 60 s by default). Node closes an idle
 * connection after 5 s unless told otherwise: a balancer then sends a command
 * on a connection the replica is closing, and answers the client 502 without
 * retrying it (a replicas run in CI saw it: "socket hang up"). The server keeps
 * an idle connection HTTP_KEEP_ALIVE_TIMEOUT_MS (65 s by default), and says
 * so in each answer's Keep-Alive header.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'keep-alive-'));
let server: ChildProcess;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startServer(port, dataDir, { SEED_DEMO_ACTIVITY: 'false' });
  base = `http://127.0.0.1:${port}`;
}, 150_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** One request through `agent`: its status, its Keep-Alive header, and whether it went on a connection opened before. */
function send(agent: Agent, method: string, path: string, body?: string): Promise<{ status: number; keepAlive: string | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, agent, headers: body ? { 'Content-Type': 'application/json' } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, keepAlive: res.headers['keep-alive'] as string | undefined, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('Given a balancer’s connection to the server, kept open between requests', () => {
  it('When it stays idle longer than Node’s default 5 s, then the server has kept it, and a command sent on it is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, 'GET', '/api/health');
      expect(first.status).toBe(200);
      expect(first.keepAlive).toBe('timeout=65');
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      const command = await send(agent, 'POST', '/api/anonymous-token', '{}');
      expect([command.status, command.reused]).toEqual([201, true]);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
