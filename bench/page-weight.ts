/**
 * The storefront's first load, in a lab run: the UI is built (vite build),
 * served by the real platform (compressed, as in production), and loaded in
 * Debian's Chromium with Lighthouse's mobile throttling (150 ms round trip,
 * 1.6 Mbit/s down, 4x CPU slowdown). Measures the JavaScript the first load
 * downloads (compressed bytes on the wire) and the largest contentful paint.
 * Baseline, same run, same throttling: a static HTML page from the same
 * server (what a page costs with no application at all).
 *
 * It also measures the cumulative layout shift (CLS, as Lighthouse and the
 * Core Web Vitals count it: the largest session window of unexpected
 * 'layout-shift' entries) of two cold loads: the home page, and a search's
 * results page until its results are on screen.
 */
import { execSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import type express from 'express';
import { loadConfig } from '../infrastructure/config.js';
import { createPlatform } from '../infrastructure/container.js';
import { uiStatic } from '../infrastructure/http/ui-static.js';
import { createLogger } from '../infrastructure/logger.js';
import { MemoryMailer } from '../infrastructure/mail/mailers.js';
import { log, maxRssMb, median, round, RssSampler, tempDir, type BenchResult } from './support.js';

const JS_BUDGET_KB = 300;
const LCP_BUDGET_MS = 2500;
/** Nothing may move once painted: the space of what arrives later (categories, results) is reserved. */
const CLS_BUDGET = 0.01;
/** A search with several results in the demo catalogue. */
const RESULTS_PATH = '/results?q=iphone';
const RUNS = 5;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Lighthouse's "slow 4G" mobile preset. */
const THROTTLING = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };

interface Load {
  lcpMs: number;
  jsEncodedBytes: number;
  jsDecodedBytes: number;
  jsFiles: number;
  totalEncodedBytes: number;
  lcpElement: string;
  cls: number;
  /** The elements that moved most in the largest session window, for a diagnosis. */
  clsSources: string;
}

export function listen(app: express.Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', (error?: Error) => {
      if (error) reject(error);
      else resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

export async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latency,
    downloadThroughput: THROTTLING.downloadThroughput,
    uploadThroughput: THROTTLING.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  return cdp;
}

/** One cold load (new context: no cache, no storage) of `url`. */
async function coldLoad(browser: Browser, url: string, waitFor: (page: Page) => Promise<void>): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, locale: 'fr-FR' });
  const page = await context.newPage();
  const cdp = await throttle(page);
  const bytes = new Map<string, { type: string; url: string; encoded: number }>();
  cdp.on('Network.responseReceived', (event) => bytes.set(event.requestId, { type: event.type, url: event.response.url, encoded: 0 }));
  cdp.on('Network.loadingFinished', (event) => {
    const entry = bytes.get(event.requestId);
    if (entry) entry.encoded = event.encodedDataLength;
  });
  // Browser-side code as strings: this file is type-checked for Node, without the DOM library.
  await page.addInitScript(`
    window.__lcp = { time: 0, element: '' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const el = entry.element;
        window.__lcp = { time: entry.startTime, element: el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' «' + (el.textContent || '').slice(0, 60) + '» ' + entry.size : '' };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // Session windows: shifts less than 1 s apart, at most 5 s long; CLS is the largest window's sum.
    window.__cls = { value: 0, window: 0, first: 0, last: 0, sources: [], windowSources: [] };
    new PerformanceObserver((list) => {
      const cls = window.__cls;
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        if (cls.window > 0 && entry.startTime - cls.last < 1000 && entry.startTime - cls.first < 5000) {
          cls.window += entry.value;
        } else {
          cls.window = entry.value;
          cls.first = entry.startTime;
          cls.windowSources = [];
        }
        cls.last = entry.startTime;
        for (const source of entry.sources || []) {
          const node = source.node;
          const name = node && node.nodeType === 1 ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.getAttribute('data-testid') ? '[' + node.getAttribute('data-testid') + ']' : '') : '#text';
          cls.windowSources.push(name + ' ' + Math.round(entry.value * 1000) / 1000);
        }
        if (cls.window > cls.value) {
          cls.value = cls.window;
          cls.sources = cls.windowSources.slice(0, 6);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  `);
  await page.goto(url, { waitUntil: 'load' });
  await waitFor(page);
  await page.waitForLoadState('networkidle');
  // Late shifts (a footer pushed down by content that arrives last) count too.
  await page.waitForTimeout(1000);
  const lcp = (await page.evaluate('window.__lcp')) as { time: number; element: string };
  const cls = (await page.evaluate('window.__cls')) as { value: number; sources: string[] };
  const decoded = (await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js')).reduce((sum, e) => sum + e.decodedBodySize, 0)`,
  )) as number;
  // Module preloads may come typed "Other": a script is what ends in .js.
  const scripts = [...bytes.values()].filter((b) => b.type === 'Script' || new URL(b.url).pathname.endsWith('.js'));
  await context.close();
  return {
    lcpMs: lcp.time,
    lcpElement: lcp.element,
    jsEncodedBytes: scripts.reduce((sum, b) => sum + b.encoded, 0),
    jsDecodedBytes: decoded,
    jsFiles: scripts.length,
    totalEncodedBytes: [...bytes.values()].reduce((sum, b) => sum + b.encoded, 0),
    cls: cls.value,
    clsSources: cls.sources.join(', '),
  };
}

export async function pageWeight(): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = tempDir('page-weight');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const uiDir = `${dir.path}/ui`;
  try {
    const started = performance.now();
    execSync(`npx vite build --config ui/vite.config.ts --outDir ${uiDir} --emptyOutDir --logLevel warn`, { cwd: root, stdio: 'inherit' });
    log(`UI built in ${round((performance.now() - started) / 1000, 1)} s`);

    const config = loadConfig({ DATA_DIR: `${dir.path}/data`, LOG_LEVEL: 'silent', UI_DIR: uiDir });
    const platform = await createPlatform(config, { logger: createLogger('silent'), mailer: new MemoryMailer() });
    // The baseline page: static HTML with one paragraph, through the same server and compression.
    platform.app.get('/bench-static.html', (_req, res) => {
      res.type('html').send('<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>static</title></head><body><h1>Reprise de vos appareils</h1><p>Une page statique, sans application, pour comparer.</p></body></html>');
    });
    platform.app.use(uiStatic(uiDir));
    const { server, url } = await listen(platform.app);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    try {
      const storefront: Load[] = [];
      const baseline: Load[] = [];
      const results: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Interleaved, so that machine noise hits both sides alike.
        baseline.push(await coldLoad(browser, `${url}/bench-static.html`, async (page) => void (await page.locator('h1').waitFor())));
        storefront.push(await coldLoad(browser, `${url}/`, async (page) => void (await page.locator('h1').first().waitFor({ timeout: 30_000 }))));
        results.push(await coldLoad(browser, `${url}${RESULTS_PATH}`, async (page) => void (await page.getByTestId('product-count').waitFor({ timeout: 30_000 }))));
        rss.sample();
      }
      const lcp = median(storefront.map((l) => l.lcpMs));
      const baselineLcp = median(baseline.map((l) => l.lcpMs));
      const jsKb = round(median(storefront.map((l) => l.jsEncodedBytes)) / 1024, 1);
      // The worst run counts: a shift that happens once in five loads is still seen by visitors.
      const homeCls = Math.max(...storefront.map((l) => l.cls));
      const resultsCls = Math.max(...results.map((l) => l.cls));
      const clsPass = homeCls <= CLS_BUDGET && resultsCls <= CLS_BUDGET;
      const pass = jsKb <= JS_BUDGET_KB && lcp < LCP_BUDGET_MS && clsPass;
      const last = storefront[storefront.length - 1] as Load;
      const worst = (loads: Load[]) => loads.reduce((a, b) => (b.cls > a.cls ? b : a)).clsSources || 'none';
      log(`storefront: first-load JS ${jsKb} kB compressed, LCP ${round(lcp, 0)} ms (static page ${round(baselineLcp, 0)} ms)`);
      log(`storefront: CLS home ${round(homeCls, 3)} (${worst(storefront)}), results ${round(resultsCls, 3)} (${worst(results)})`);
      return {
        name: 'page-weight',
        metric: 'ms, storefront largest contentful paint (median of cold loads, mobile slow 4G, 4x CPU)',
        value: round(lcp, 0),
        baseline: round(baselineLcp, 0),
        ratio: round(lcp / baselineLcp, 2),
        target: `first-load JS ≤ ${JS_BUDGET_KB} kB compressed, LCP < ${LCP_BUDGET_MS} ms and CLS ≤ ${CLS_BUDGET} on home and results (absolute); baseline = static HTML page, context only`,
        pass,
        details: {
          firstLoadJsKbCompressed: jsKb,
          firstLoadJsKbUncompressed: round(median(storefront.map((l) => l.jsDecodedBytes)) / 1024, 1),
          jsBudgetKb: JS_BUDGET_KB,
          jsPass: jsKb <= JS_BUDGET_KB,
          jsFiles: last.jsFiles,
          totalTransferKb: round(last.totalEncodedBytes / 1024, 1),
          lcpMs: round(lcp, 0),
          lcpRunsMs: storefront.map((l) => round(l.lcpMs, 0)).join(', '),
          lcpElement: last.lcpElement,
          lcpBudgetMs: LCP_BUDGET_MS,
          lcpPass: lcp < LCP_BUDGET_MS,
          clsHome: round(homeCls, 3),
          clsHomeRuns: storefront.map((l) => round(l.cls, 3)).join(', '),
          clsResults: round(resultsCls, 3),
          clsResultsRuns: results.map((l) => round(l.cls, 3)).join(', '),
          clsResultsPath: RESULTS_PATH,
          clsBudget: CLS_BUDGET,
          clsPass,
          baselineLcpRunsMs: baseline.map((l) => round(l.lcpMs, 0)).join(', '),
          runs: RUNS,
          throttling: `latency ${THROTTLING.latency} ms, down ${round((THROTTLING.downloadThroughput * 8) / 1024 / 1024, 2)} Mbit/s, up ${round((THROTTLING.uploadThroughput * 8) / 1024, 0)} kbit/s, CPU ×${THROTTLING.cpuSlowdown}, 375×812 @2x, cold cache`,
          setup: 'vite build of ui/ into a temp folder; real platform (seeded) with uiStatic (compression on); Chromium via Playwright with CDP network and CPU emulation; JS bytes are encodedDataLength of Script responses (headers included)',
          peakRssMb: rss.stop(),
          maxRssMb: maxRssMb(),
        },
      };
    } finally {
      await browser.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await platform.close();
    }
  } finally {
    dir.remove();
  }
}
