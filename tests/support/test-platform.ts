import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig, type AppConfig } from '../../infrastructure/config.js';
import { createPlatform, type Platform, type PlatformOverrides } from '../../infrastructure/container.js';
import { createLogger } from '../../infrastructure/logger.js';
import { MemoryMailer } from '../../infrastructure/mail/mailers.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';

export interface TestPlatform {
  platform: Platform;
  mailer: MemoryMailer;
  baseUrl: string;
  dataDir: string;
  api: ApiClient;
  login(email: string, module?: string): Promise<ApiClient>;
  anonymous(): Promise<ApiClient>;
  close(): Promise<void>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small fetch wrapper that remembers a token and a module. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null = null,
    readonly module: string | null = null,
  ) {}

  withModule(module: string): ApiClient {
    return new ApiClient(this.baseUrl, this.token, module);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
        ...(this.module ? { 'X-Module': this.module } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (CSV…)
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}

/** A platform on a data folder the caller owns, so it can be stopped and started again. */
export interface RunningPlatform {
  platform: Platform;
  dataDir: string;
  baseUrl: string;
  api: ApiClient;
  mailer: MemoryMailer;
  login(email: string, module?: string): Promise<ApiClient>;
  anonymous(): Promise<ApiClient>;
  /** Closes the HTTP server and the platform; the data folder is kept. */
  stop(): Promise<void>;
}

/** Adapters a test puts in place of the real ones (a clock it moves, a logger it reads). */
export type TestAdapters = Pick<PlatformOverrides, 'clock' | 'logger'>;

/** Starts the whole platform on `dataDir` (seeded on first start only), listening on a random loopback port. */
export async function startPlatformOn(dataDir: string, overrides: Partial<AppConfig> = {}, adapters: TestAdapters = {}): Promise<RunningPlatform> {
  const config: AppConfig = {
    // Tests write their own activity; a test that wants the demo's passes seedDemoActivity: true.
    // No SFTP server unless a test asks for one (`sftp: { port: 0, … }`: any free port), so that many platforms run at once.
    ...loadConfig({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'NORMAL', LOG_LEVEL: 'silent', SEED_DEMO_ACTIVITY: 'false', SFTP_PORT: '0' }),
    ...overrides,
  };
  const mailer = new MemoryMailer();
  const platform = await createPlatform(config, { mailer, logger: createLogger((process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent'), ...adapters });
  const server: Server = await new Promise((resolve) => {
    const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = new ApiClient(baseUrl);
  return {
    platform,
    dataDir,
    baseUrl,
    api,
    mailer,
    async login(email, module) {
      const response = await api.post('/login', { email, password: DEMO_PASSWORD });
      if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(response.body)}`);
      return new ApiClient(baseUrl, response.body.token, module ?? null);
    },
    async anonymous() {
      const response = await api.post('/anonymous-token', {});
      if (response.status !== 201) throw new Error(`anonymous token: ${response.status}`);
      return new ApiClient(baseUrl, response.body.token);
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await platform.close();
    },
  };
}

/** A whole platform on a fresh temporary data folder, removed on close. */
export async function startTestPlatform(overrides: Partial<AppConfig> = {}, adapters: TestAdapters = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradein-test-'));
  const running = await startPlatformOn(dataDir, overrides, adapters);
  return {
    ...running,
    async close() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
