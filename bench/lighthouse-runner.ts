/**
 * What the Lighthouse benchmark (bench/lighthouse.ts) needs around
 * Lighthouse itself: the product started in its own process as `npm start`
 * starts it, one Lighthouse 12 run of a page in its default mobile profile,
 * and the figures the report keeps of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import type { Result } from 'lighthouse';
import type { Browser, Page } from 'puppeteer-core';
import { round } from './support.js';

export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** One Lighthouse run of one page: its four scores, its metrics and what explains them. */
export interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Lighthouse's is-crawlable audit: no noindex, not disallowed by robots.txt. */
  crawlable: boolean;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Every script the load downloaded, compressed bytes on the wire (headers included), in kB (1,000 bytes). */
  jsKb: number;
  jsFiles: number;
  requests: number;
  totalKb: number;
  lcpElement: string;
  /** The LCP element's text (its node label), to look for in the server's HTML. */
  lcpText: string;
  /** The main thread's tasks of 50 ms or more in the trace (Lighthouse's long-tasks audit, simulated throttling). */
  longTasks: number;
  /** Lighthouse's own measure of this machine's CPU at the time (a quiet desktop scores 1,000 to 2,000). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run started. */
  load: number;
  /** The audits below their best score (performance opportunities, accessibility, SEO), for a diagnosis. */
  failing: string;
}

/** A free TCP port on the loopback (the server is then started on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The product as `npm start` runs it (infrastructure/main.ts: the platform,
 * the demo data seeded on a first start, the two web apps and the sitemap
 * served by uiStatic), in its own process, through tsx rather than the tsc
 * build, on `port`, with its own data folder and UI build.
 */
export async function startProduct(root: string, env: { port: number; dataDir: string; uiDir: string }): Promise<{ url: string; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${env.port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infrastructure/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(env.port), DATA_DIR: env.dataDir, UI_DIR: env.uiDir, PUBLIC_BASE_URL: url, SFTP_PORT: '0', LOG_LEVEL: 'warn' },
  });
  let exited: string | null = null;
  child.on('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (exited) throw new Error(`the product ${exited} before answering`);
    if (Date.now() > deadline) throw new Error('the product did not answer /api/health within 10 minutes');
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * One Lighthouse 12 run in its default mobile profile (simulated throttling:
 * 150 ms, 1.6 Mbit/s, CPU ×4, Moto G Power's screen), in a new tab of
 * `browser`, cold (Lighthouse clears the origin's cache and storage).
 * `prepare` may put something in the tab first (what a visitor's previous
 * page left in its session storage); then only the cache is cleared.
 */
export async function lighthouseRun(browser: Browser, url: string, prepare?: (page: Page) => Promise<void>): Promise<PageRun> {
  const page = await browser.newPage();
  try {
    if (prepare) {
      await prepare(page);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    // Loaded here, not with the module: `bench/run.ts --check` loads every benchmark, and Lighthouse takes seconds.
    const { default: lighthouse } = await import('lighthouse');
    const load = os.loadavg()[0] ?? 0;
    const result = await lighthouse(url, { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, disableStorageReset: Boolean(prepare) }, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return summarize(result.lhr, load);
  } finally {
    await page.close();
  }
}

/** Lighthouse's failures to record the trace of a load, not the page's (seen here: `NO_NAVSTART` once in some benchmark runs). */
const RECORDING_FAILURE = /\b(NO_NAVSTART|NO_TRACING_STARTED|NO_RESOURCE_REQUEST|NO_DCL)\b/;

/**
 * `run` (one Lighthouse run), run again when Lighthouse failed to record the
 * load (at most `retries` more times, `onRetry` told why); any other failure,
 * or the last, is thrown: a benchmark of seven pages times three runs does not
 * crash on one trace Lighthouse could not record.
 */
export async function withRecordingRetries<T>(run: () => Promise<T>, onRetry: (reason: string) => void, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= retries || !RECORDING_FAILURE.test(reason)) throw error;
      onRetry(reason);
    }
  }
}

type NetworkItem = { resourceType?: string; transferSize?: number; url: string };

function summarize(lhr: Result, load: number): PageRun {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((r) => !r.url.startsWith('data:'));
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const lcpElement = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; selector?: string } }> }> } | undefined)
    ?.items?.[0]?.items?.[0]?.node;
  const failing = Object.entries(lhr.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 1 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'metricSavings'))
    .map(([id, audit]) => `${id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
    .join('; ');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    crawlable: lhr.audits['is-crawlable']?.score === 1,
    fcpMs: round(numeric('first-contentful-paint'), 0),
    lcpMs: round(numeric('largest-contentful-paint'), 0),
    tbtMs: round(numeric('total-blocking-time'), 0),
    cls: round(numeric('cumulative-layout-shift'), 3),
    speedIndexMs: round(numeric('speed-index'), 0),
    jsKb: round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000, 1),
    jsFiles: scripts.length,
    requests: requests.length,
    totalKb: round(requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000, 1),
    lcpElement: lcpElement ? `${lcpElement.selector ?? ''} «${(lcpElement.nodeLabel ?? '').slice(0, 50)}»` : 'none',
    lcpText: lcpElement?.nodeLabel ?? '',
    longTasks: (lhr.audits['long-tasks']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
    benchmarkIndex: round(lhr.environment.benchmarkIndex, 0),
    load: round(load, 1),
    failing: failing || 'none',
  };
}
