import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiClient } from './test-platform.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';

/** The real server as a separate process (what `npm start` runs), for tests that kill it. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server process on the data folder and waits until it answers; `env` adds to its environment. */
export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infrastructure/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIR: join(dataDir, 'no-ui'), SFTP_PORT: '0', ...env },
    stdio: 'ignore',
  });
  // Two minutes: on a loaded machine (two cores shared by several suites) a start after a crash took more than one.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** Kills the process as a crash would, and waits until it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

export async function loginTo(base: string, email: string, module?: string): Promise<ApiClient> {
  const answer = await new ApiClient(base).post('/login', { email, password: DEMO_PASSWORD });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status}`);
  return new ApiClient(base, answer.body.token, module ?? null);
}

/** Runs `work` on every item with at most `limit` at once; stops starting new ones when `stop()` says so. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, stop = () => false): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length && !stop()) await work(items[next++] as T);
    }),
  );
}
