import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy.js';

/** An upstream that answers who it is, what it was sent and the forwarding headers it saw. */
function echo(name: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Upstream': name });
      res.end(JSON.stringify({ name, method: req.method, url: req.url, body: Buffer.concat(chunks).toString(), authorization: req.headers.authorization ?? null, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe('Given the round-robin proxy of the multi-process tests, in front of two upstreams and a dead one', () => {
  let upstreams: Array<{ server: Server; url: string }> = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    upstreams = await Promise.all([echo('a'), echo('b')]);
    const dead = await echo('dead');
    await new Promise((resolve) => dead.server.close(resolve));
    proxy = await startRoundRobinProxy([upstreams[0]!.url, upstreams[1]!.url, dead.url]);
  });
  afterAll(async () => {
    await proxy.close();
    for (const { server } of upstreams) await new Promise((resolve) => server.close(resolve));
  });

  it('when requests arrive, then each goes to the next upstream in turn with its method, path, body and headers, its answer kept whole, and the client named in X-Forwarded-For; the dead one answers 502', async () => {
    const body = JSON.stringify({ text: 'é'.repeat(100_000) });
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await fetch(`${proxy.url}/api/things?page=${i}`, { method: 'POST', body, headers: { Authorization: 'Bearer t0k3n', 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' } }));
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 502, 201, 201, 502]);
    const seen = await Promise.all(answers.map((a) => a.json()));
    expect(seen.filter((s) => s.name).map((s) => s.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(answers[0]!.headers.get('x-upstream')).toBe('a');
    for (const [index, s] of seen.entries()) {
      if (!s.name) {
        expect(s.code).toBe('BAD_GATEWAY');
        continue;
      }
      expect(s).toMatchObject({ method: 'POST', url: `/api/things?page=${index}`, authorization: 'Bearer t0k3n' });
      expect(s.body).toBe(body);
      // The client's own header kept, the address the proxy saw appended (TRUST_PROXY=1 takes the last one).
      expect(s.forwardedFor).toBe('203.0.113.9,127.0.0.1');
    }
    expect(proxy.forwarded).toEqual([2, 2, 2]);
  });
});
