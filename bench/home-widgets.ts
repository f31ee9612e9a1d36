/**
 * The storefront's home page with three widgets (issue 23: "the home page
 * with three widgets: the storefront's Lighthouse performance score
 * unchanged"). The UI is built, served by the real platform (seeded,
 * compressed), and Demo Retail's home loaded cold in Chromium with
 * Lighthouse's mobile throttling (page-weight.ts), alternately:
 * - with its home page on, three widgets: the retailer's HTML, three
 *   highlighted products, the search with an uploaded 1200×300 banner;
 * - with its home page off (the default home, no widget): the baseline,
 *   same server, same run.
 * Each load is scored as Lighthouse scores performance (its v10 mobile
 * curves and weights, log-normal per metric): first contentful paint,
 * largest contentful paint, total blocking time (long tasks after the first
 * paint, until the page is idle), cumulative layout shift; the Speed Index,
 * which needs a filmstrip, is scored with the LCP (the moment the visible
 * content is complete at the latest, so never kinder than Lighthouse).
 * Target: the widgets' median score no lower than the default home's, give
 * or take one point (Lighthouse answers whole points).
 */
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { loadConfig } from '../infrastructure/config.js';
import { createPlatform } from '../infrastructure/container.js';
import { uiStatic } from '../infrastructure/http/ui-static.js';
import { createLogger } from '../infrastructure/logger.js';
import { MemoryMailer } from '../infrastructure/mail/mailers.js';
import { DEMO_PASSWORD } from '../infrastructure/seed/seed-streams.js';
import { DEMO_HOME_PAGE } from '../infrastructure/modules/settings/demo/home-page-demo.js';
import { ORGANIZATION_DEMO_IDS } from '../infrastructure/modules/organizations/demo-data.js';
import { solidPng } from '../tests/support/banner-images.js';
import { ApiClient } from '../tests/support/test-platform.js';
import { CHROMIUM, FLAGS, listen, throttle } from './page-weight.js';
import { log, maxRssMb, median, round, RssSampler, tempDir, type BenchResult } from './support.js';

const RUNS = 5;
/** "Unchanged": Lighthouse answers whole points; one point is below its own run-to-run spread. */
const TOLERANCE_POINTS = 1;

/** Lighthouse 10's mobile scoring: each metric's 10th percentile and median (log-normal), and its weight. */
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  si: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
} as const;

/** Abramowitz and Stegun 7.1.26, as Lighthouse computes it. */
function erf(x: number): number {
  const sign = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-a * a));
}

/** Lighthouse's getLogNormalScore: 0.9 at p10, 0.5 at the median, clamped into the band the value is in. */
export function logNormalScore({ p10, median: middle }: { p10: number; median: number }, value: number): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / middle) * 0.9061938024368232) / -Math.log(p10 / middle);
  const complementary = (1 - erf(standardized)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, complementary));
  if (value <= middle) return Math.max(0.5, Math.min(0.8999999999999999, complementary));
  return Math.max(0, Math.min(0.49999999999999994, complementary));
}

interface Load {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  score: number;
  lcpElement: string;
  clsSources: string;
  transferKb: number;
  images: string;
}

function scoreOf(metrics: Pick<Load, 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls'>): number {
  const weighted =
    CURVES.fcp.weight * logNormalScore(CURVES.fcp, metrics.fcpMs) +
    CURVES.si.weight * logNormalScore(CURVES.si, metrics.lcpMs) +
    CURVES.lcp.weight * logNormalScore(CURVES.lcp, metrics.lcpMs) +
    CURVES.tbt.weight * logNormalScore(CURVES.tbt, metrics.tbtMs) +
    CURVES.cls.weight * logNormalScore(CURVES.cls, metrics.cls);
  return Math.round(weighted * 100);
}

/** Browser-side observers, as strings: this file is type-checked for Node, without the DOM library. */
const OBSERVERS = `
  window.__m = { fcp: 0, lcp: 0, lcpElement: '', longTasks: [], cls: 0, window: 0, first: 0, last: 0, sources: [], windowSources: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__m.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      window.__m.lcp = e.startTime;
      window.__m.lcpElement = el ? el.tagName.toLowerCase() + (el.getAttribute('data-testid') ? '[' + el.getAttribute('data-testid') + ']' : '') + ' ' + e.size : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__m.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    const m = window.__m;
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (m.window > 0 && e.startTime - m.last < 1000 && e.startTime - m.first < 5000) m.window += e.value;
      else { m.window = e.value; m.first = e.startTime; m.windowSources = []; }
      m.last = e.startTime;
      for (const s of e.sources || []) {
        const n = s.node;
        m.windowSources.push((n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.getAttribute('data-testid') ? '[' + n.getAttribute('data-testid') + ']' : '') : '#text') + ' ' + Math.round(e.value * 1000) / 1000);
      }
      if (m.window > m.cls) { m.cls = m.window; m.sources = m.windowSources.slice(0, 6); }
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** One cold load of the home (new context: no cache, no storage) until it is idle, scored. */
async function coldLoad(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, locale: 'fr-FR' });
  const page = await context.newPage();
  const cdp = await throttle(page);
  let transfer = 0;
  cdp.on('Network.loadingFinished', (event) => (transfer += event.encodedDataLength));
  await page.addInitScript(OBSERVERS);
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const m = (await page.evaluate('window.__m')) as { fcp: number; lcp: number; lcpElement: string; longTasks: Array<[number, number]>; cls: number; sources: string[] };
  const images = (await page.evaluate(
    `[...document.images].map((i) => (i.getAttribute('data-testid') || i.alt || 'img').slice(0, 20) + ' ' + i.naturalWidth + 'x' + i.naturalHeight + '→' + i.width + 'x' + i.height + ' ' + i.loading + (i.getAttribute('width') ? '' : ' no-size')).join('; ')`,
  )) as string;
  await context.close();
  // Lighthouse counts the blocking part (beyond 50 ms) of the long tasks after the first contentful paint.
  const tbtMs = m.longTasks.filter(([start]) => start >= m.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  const metrics = { fcpMs: m.fcp, lcpMs: m.lcp, tbtMs, cls: m.cls };
  return { ...metrics, score: scoreOf(metrics), lcpElement: m.lcpElement, clsSources: m.sources.join(', '), transferKb: round(transfer / 1024, 1), images };
}

async function homePage(client: ApiClient, accountId: string, patch: Record<string, unknown>): Promise<void> {
  const path = `/accounts/${accountId}/home-page`;
  const current = await client.get(path);
  const saved = await client.patch(path, patch, { 'If-Match': current.headers.get('etag') as string, 'Content-Type': 'application/merge-patch+json' });
  if (saved.status !== 200) throw new Error(`home page not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
}

export async function homeWidgets(): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = tempDir('home-widgets');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const uiDir = `${dir.path}/ui`;
  try {
    execSync(`npx vite build --config ui/vite.config.ts --outDir ${uiDir} --emptyOutDir --logLevel warn`, { cwd: root, stdio: 'inherit' });
    const config = loadConfig({ DATA_DIR: `${dir.path}/data`, LOG_LEVEL: 'silent', UI_DIR: uiDir });
    const platform = await createPlatform(config, { logger: createLogger('silent'), mailer: new MemoryMailer() });
    platform.app.use(uiStatic(uiDir));
    const { server, url } = await listen(platform.app);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    try {
      const login = await new ApiClient(url).post('/login', { email: 'retailer@demo.test', password: DEMO_PASSWORD });
      if (login.status !== 200) throw new Error(`login: ${login.status}`);
      const retailer = new ApiClient(url, login.body.token, 'root');
      const accountId = ORGANIZATION_DEMO_IDS.accounts.demo;
      const upload = await fetch(`${url}/api/settings-files?kind=banner`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root', 'Content-Type': 'image/png' },
        body: new Uint8Array(solidPng(1200, 300)),
      });
      if (upload.status !== 201) throw new Error(`banner upload: ${upload.status} ${await upload.text()}`);
      const banner = (await upload.json()) as { url: string };
      const widgets = DEMO_HOME_PAGE.widgets.map((widget) => (widget.type === 'search' ? { ...widget, bannerImageUrl: banner.url } : { ...widget }));
      const on = { ...DEMO_HOME_PAGE, status: 'on', widgets };

      const withWidgets: Load[] = [];
      const without: Load[] = [];
      const home = `${url}/`;
      for (let run = 0; run < RUNS; run++) {
        // Interleaved, so that the machine's noise hits both alike.
        await homePage(retailer, accountId, { status: 'off' });
        without.push(await coldLoad(browser, home, async (page) => void (await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 }))));
        await homePage(retailer, accountId, on);
        withWidgets.push(await coldLoad(browser, home, async (page) => void (await page.getByTestId('home-html-widget').waitFor({ timeout: 30_000 }))));
        rss.sample();
      }
      const score = median(withWidgets.map((l) => l.score));
      const baseline = median(without.map((l) => l.score));
      const worst = (loads: Load[]) => loads.reduce((a, b) => (b.score < a.score ? b : a));
      const m = (loads: Load[], key: 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls', digits = 0) => round(median(loads.map((l) => l[key])), digits);
      const pass = score >= baseline - TOLERANCE_POINTS;
      log(`home with three widgets: score ${score} (runs ${withWidgets.map((l) => l.score).join(', ')}), without: ${baseline} (runs ${without.map((l) => l.score).join(', ')})`);
      log(`with widgets: FCP ${m(withWidgets, 'fcpMs')} ms, LCP ${m(withWidgets, 'lcpMs')} ms (${worst(withWidgets).lcpElement}), TBT ${m(withWidgets, 'tbtMs')} ms, CLS ${m(withWidgets, 'cls', 3)} (${worst(withWidgets).clsSources || 'none'})`);
      log(`without: FCP ${m(without, 'fcpMs')} ms, LCP ${m(without, 'lcpMs')} ms (${worst(without).lcpElement}), TBT ${m(without, 'tbtMs')} ms, CLS ${m(without, 'cls', 3)}`);
      return {
        name: 'home-widgets',
        metric: 'Lighthouse-style performance score (0-100, median of cold loads, mobile slow 4G, 4x CPU) of the storefront home with three widgets',
        value: score,
        baseline,
        ratio: round(score / baseline, 3),
        target: `score ≥ the home without widgets' − ${TOLERANCE_POINTS} (same run, interleaved)`,
        pass,
        details: {
          runs: RUNS,
          scoresWithWidgets: withWidgets.map((l) => l.score).join(', '),
          scoresWithout: without.map((l) => l.score).join(', '),
          fcpMs: `${m(withWidgets, 'fcpMs')} vs ${m(without, 'fcpMs')}`,
          lcpMs: `${m(withWidgets, 'lcpMs')} vs ${m(without, 'lcpMs')}`,
          tbtMs: `${m(withWidgets, 'tbtMs')} vs ${m(without, 'tbtMs')}`,
          cls: `${m(withWidgets, 'cls', 3)} vs ${m(without, 'cls', 3)}`,
          transferKb: `${round(median(withWidgets.map((l) => l.transferKb)), 1)} vs ${round(median(without.map((l) => l.transferKb)), 1)}`,
          lcpElementWithWidgets: worst(withWidgets).lcpElement,
          clsSourcesWithWidgets: worst(withWidgets).clsSources || 'none',
          images: worst(withWidgets).images,
          widgets: 'html (heading, paragraph, link), 3 highlighted products, search with a 1200×300 PNG banner (uploaded, kind banner)',
          scoring: 'Lighthouse 10 mobile curves and weights (FCP 10, SI 10, LCP 25, TBT 30, CLS 25); SI scored with the LCP; TBT from long tasks after FCP until idle',
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
    rss.stop();
    dir.remove();
  }
}
