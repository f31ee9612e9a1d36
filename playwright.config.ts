import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: the real server (API + both apps, built by `npm run build:ui`)
 * on a fresh temporary data folder, driven by Debian's Chromium (no browser
 * download works here; see ../shared/STACK.md). CHROMIUM_PATH overrides the binary.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
/** Debian's headless shell (what Playwright runs headless by default: no GPU process, less CPU per page) when installed, else its Chromium. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** The tests' SMTP server (tests/e2e/support/smtp-sink.ts): the platform sends its e-mails there, the tests read them. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port - 1);
process.env.E2E_SMTP_PORT = String(smtpPort);
/** The tests' tag manager and page-view collector (tests/e2e/support/fake-collector.ts): the platform's TAG_MANAGER_URL. */
const collectorPort = Number(process.env.E2E_COLLECTOR_PORT ?? port - 2);
process.env.E2E_COLLECTOR_PORT = String(collectorPort);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one folder per run

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // One retry, reported as flaky in the list (never hidden): two full runs here each met one different test acting on a
  // page still settling under load (the stocks list, the replay, the dispatch detail), each passing alone.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '.tmp/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    // The dashboard and storefront honour reduced motion (ui/shared/theme/system.ts): no animation to wait for.
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Paris',
    // Recording a trace costs about as much CPU as the test itself (DOM snapshots and screencast frames on every action: the
    // check-in spec took 95 s of CPU with it, 52 s without): only the retry of a failed test records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/e2e/support/smtp-sink.ts',
      port: smtpPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_DATA_DIR: dataDir },
    },
    {
      command: 'node --import tsx tests/e2e/support/fake-collector.ts',
      url: `http://127.0.0.1:${collectorPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_COLLECTOR_PORT: String(collectorPort) },
    },
    {
      command: 'node --import tsx infrastructure/main.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The server's durability is the crash tests' concern (tests/api/*-crash.test.ts), not the browser's: without an
        // fsync per commit (~10 ms on this disk), as the API tests' platforms (tests/support/test-platform.ts).
        SQLITE_SYNCHRONOUS: 'NORMAL',
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        // Every journey is a new storefront visitor from 127.0.0.1: the per-address cap on visitor tokens
        // (tests/api/brute-force.test.ts holds it) would otherwise stop the suite part-way.
        ANONYMOUS_TOKENS_PER_ADDRESS: '100000',
        // The storefront's pages rendered on the server (the product's default; STOREFRONT_SERVER_RENDERING=off: by the browser alone).
        STOREFRONT_SERVER_RENDERING: process.env.STOREFRONT_SERVER_RENDERING ?? 'on',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Trade-in platform <no-reply@platform.test>',
        TAG_MANAGER_URL: `http://127.0.0.1:${collectorPort}/gtm.js`,
        // The SFTP server on a port of this run's own (several runs at once each have their E2E_PORT).
        SFTP_PORT: process.env.E2E_SFTP_PORT ?? String(port + 20000),
      },
    },
  ],
});
