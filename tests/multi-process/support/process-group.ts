import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, killHard } from '../../support/server-process.js';

/** What a process runs (PLATFORM_ROLE): everything, the HTTP API, the projections, the process managers and queues. */
export type Role = 'all' | 'api' | 'projector' | 'processor';

export interface PlatformProcess {
  readonly name: string;
  readonly role: Role;
  readonly port: number;
  /** http://127.0.0.1:<port>, without /api. */
  readonly base: string;
  readonly logFile: string;
  readonly child: ChildProcess;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Two minutes, as tests/support/server-process.ts allows: five processes starting at once on two shared cores.
const START_TIMEOUT_MS = 120_000;

/**
 * Real server processes of one installation: each started as `npm start`'s
 * compiled server would be, but from the sources (`node --import tsx
 * infrastructure/main.ts`, no install nor build), with a role, on the
 * group's data folder and environment, its JSON log written to a file of its
 * own in the data folder (`<name>.log`, several starts of one name append),
 * whose end `logs()` gives for a failure's message. No UI is served (UI_DIR
 * names a folder that does not exist) and no SFTP server is started.
 */
export class ProcessGroup {
  private readonly started: PlatformProcess[] = [];

  constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  /** Starts a process and waits until its /api/health answers (it died or never answered: throws with its log). */
  async start(name: string, role: Role, env: Record<string, string> = {}): Promise<PlatformProcess> {
    const port = await freePort();
    const logFile = join(this.dataDir, `${name}.log`);
    const fd = openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'infrastructure/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: this.dataDir,
        PLATFORM_ROLE: role,
        REPLICA_ID: name,
        LOG_LEVEL: 'info',
        UI_DIR: join(this.dataDir, 'no-ui'),
        SFTP_PORT: '0',
        ...this.env,
        ...env,
      },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    const started: PlatformProcess = { name, role, port, base: `http://127.0.0.1:${port}`, logFile, child };
    this.started.push(started);
    await this.untilAnswering(started);
    return started;
  }

  /** Kills it as a crash would (SIGKILL: no shutdown, no lease given back), and waits until it is gone. */
  async kill(target: PlatformProcess): Promise<void> {
    await killHard(target.child);
  }

  /** Stops it as an operator would (SIGTERM), killing it when it has not exited within 15 s. */
  async stop(target: PlatformProcess): Promise<void> {
    const { child } = target;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }

  /** Kills every process still running. */
  async killAll(): Promise<void> {
    await Promise.all(this.started.map((p) => killHard(p.child)));
  }

  /** The last lines of every process's log, each under its name and exit status: the context of a failure. */
  logs(lines = 15): string {
    const names = [...new Set(this.started.map((p) => p.name))];
    return names
      .map((name) => {
        const last = this.started.filter((p) => p.name === name).at(-1) as PlatformProcess;
        const state = last.child.exitCode !== null || last.child.signalCode !== null ? `exited ${last.child.signalCode ?? last.child.exitCode}` : 'running';
        const text = existsSync(last.logFile) ? readFileSync(last.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '(no log)';
        return `── ${name} (${last.role}, port ${last.port}, ${state}) ──\n${text}`;
      })
      .join('\n');
  }

  private async untilAnswering(target: PlatformProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (target.child.exitCode !== null || target.child.signalCode !== null) throw new Error(`${target.name} exited while starting\n${this.logs(40)}`);
      try {
        if ((await fetch(`${target.base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await killHard(target.child);
    throw new Error(`${target.name} did not answer within ${START_TIMEOUT_MS / 1000} s\n${this.logs(40)}`);
  }
}
