/**
 * The storefront and the dashboard's sign-in measured by Lighthouse 12 in
 * its default mobile profile (issue 24), and the home with three widgets
 * against the home without any (issue 23).
 *
 * The UI is built into a temp folder, the product started on it as
 * `npm start` starts it (bench/lighthouse-runner.ts) with the demo data on a
 * free port and a temp data folder, and each page run by Lighthouse
 * (simulated throttling) in Debian's Chromium, in rounds (every page once a
 * round, so that the machine's load hits them alike), best of RUNS per page.
 * The baseline of every page: a static HTML page served by the same server
 * in the same rounds (what the machine's load costs a page with no
 * application at all). The pages:
 * - home: Demo Retail's home as the demo configures it, three widgets (its
 *   HTML, three highlighted phones, the search), the search's banner an
 *   uploaded 1200×300 image; home-no-widgets: its home page switched off;
 * - results (a search), a category and a product's diagnosis (the first
 *   page of the tunnel), the confirmation page of a buyback registered by a
 *   visitor through the API (the tab's session storage and the confirmation's
 *   cookie hold what the registration answered, as after the tunnel; the
 *   server renders the page from the cookie), the dashboard's sign-in.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { ORGANIZATION_DEMO_IDS } from '../infrastructure/modules/organizations/demo-data.js';
import { DEMO_HOME_PAGE } from '../infrastructure/modules/settings/demo/home-page-demo.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../infrastructure/seed/demo-data.js';
import { confirmationsCookie } from '../ui/storefront/features/tunnel/confirmation-cookie.js';
import { solidPng } from '../tests/support/banner-images.js';
import { creationBody } from '../tests/support/buyback-fixtures.js';
import { ApiClient } from '../tests/support/test-platform.js';
import { CHROMIUM, CHROMIUM_FLAGS, freePort, lighthouseRun, startProduct, withRecordingRetries, type PageRun } from './lighthouse-runner.js';
import { log, maxRssMb, round, RssSampler, tempDir, type BenchResult, type DetailValue } from './support.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1800, tbtMs: 150, cls: 0, homeJsKb: 170 };
/** "Unchanged" (issue 23): Lighthouse answers whole points; one point is within its run-to-run spread. */
const WIDGETS_TOLERANCE = 1;
const STATIC_PAGE =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Une page statique."><title>Page statique</title></head><body><main><h1>Reprise de vos appareils</h1><p>Une page statique, sans application, pour comparer.</p></main></body></html>';

interface PageSpec {
  name: string;
  path: string;
  /** Meant to be found by search engines (SEO 100 and crawlable), or kept out of the index on purpose. */
  findable: boolean;
  prepare?: (page: Page) => Promise<void>;
  /** Switches the retailer's home page on or off before the run. */
  homePage?: 'on' | 'off';
}

async function homePage(retailer: ApiClient, patch: Record<string, unknown>): Promise<void> {
  const path = `/accounts/${ORGANIZATION_DEMO_IDS.accounts.demo}/home-page`;
  const current = await retailer.get(path);
  const saved = await retailer.patch(path, patch, { 'If-Match': current.headers.get('etag') as string, 'Content-Type': 'application/merge-patch+json' });
  if (saved.status !== 200) throw new Error(`home page not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/** The demo home's three widgets, the search's banner an uploaded image (the heaviest of what a retailer puts there). */
async function homeWithBanner(url: string, retailer: ApiClient): Promise<Record<string, unknown>> {
  const upload = await fetch(`${url}/api/settings-files?kind=banner`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root', 'Content-Type': 'image/png' },
    body: new Uint8Array(solidPng(1200, 300)),
  });
  if (upload.status !== 201) throw new Error(`banner upload: ${upload.status} ${await upload.text()}`);
  const banner = (await upload.json()) as { url: string };
  return { ...DEMO_HOME_PAGE, status: 'on', widgets: DEMO_HOME_PAGE.widgets.map((widget) => (widget.type === 'search' ? { ...widget, bannerImageUrl: banner.url } : { ...widget })) };
}

/** A buyback a visitor registers on the storefront, and what the tunnel keeps of it in the browser for the confirmation page. */
async function registeredBuyback(url: string): Promise<{ path: string; prepare: (page: Page) => Promise<void> }> {
  const token = await new ApiClient(url).post('/anonymous-token', {});
  if (token.status !== 201) throw new Error(`anonymous token: ${token.status}`);
  const visitor = new ApiClient(url, token.body.token);
  const body = await creationBody(visitor, { channel: 'web' });
  const created = await visitor.post('/web/buybacks', body);
  if (created.status !== 201) throw new Error(`web buyback: ${created.status} ${JSON.stringify(created.body)}`);
  const options = (await visitor.get(`/products/${body.productId}/buyback-options?channel=web`)).body;
  const estimate = (await visitor.post('/estimates', { productId: body.productId, responses: body.responses, channel: 'web', circuitId: body.circuitId })).body;
  const product = (await visitor.get(`/products/${body.productId}`)).body;
  const shipping = options.shippingMethods.find((s: { id: string }) => s.id === body.shippingMethodId);
  const payment = options.paymentModes.find((p: { id: string }) => p.id === body.paymentModeId);
  const confirmed = {
    id: created.body.id,
    identificationNumber: created.body.identificationNumber,
    productLabel: product.label,
    price: estimate.price,
    shippingMethod: { label: shipping.label, description: shipping.description },
    paymentMode: { label: payment.label },
    documentsToken: created.body.documentsToken,
  };
  return {
    path: `/buyback-confirmation?ids=${created.body.id}`,
    // A same-origin document that runs no application: the storage and the cookie are the browser's, as the tunnel leaves them.
    prepare: async (page) => {
      await page.goto(`${url}/robots.txt`);
      const cookie = confirmationsCookie([confirmed], false);
      await page.evaluate(`sessionStorage.setItem('tradein.storefront.confirmations', ${JSON.stringify(JSON.stringify([confirmed]))}); document.cookie = ${JSON.stringify(cookie)}`);
    },
  };
}

/** The first category and product pages the sitemap lists (a product's diagnosis built from the demo when it lists none). */
async function sitemapPages(url: string): Promise<{ category: string; product: string }> {
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL((m[1] as string).replaceAll('&amp;', '&')).pathname);
  const category = paths.find((p) => p.startsWith('/category/'));
  if (!category) throw new Error(`the sitemap lists no category: ${sitemap.slice(0, 300)}`);
  const product = paths.find((p) => p.startsWith('/diag/')) ?? `/diag/${DEMO_IDS.products.iphone15_128}/apple-iphone-15-128-go`;
  return { category, product };
}

const best = (runs: PageRun[]): PageRun => runs.reduce((a, b) => (b.performance > a.performance || (b.performance === a.performance && b.lcpMs < a.lcpMs) ? b : a));

/** A page's HTML as the server sends it (no script run): whether it is server-rendered (storefront/app/server.tsx), and its text. */
async function serverHtml(url: string): Promise<{ rendered: boolean; text: string }> {
  const html = await (await fetch(url, { headers: { Accept: 'text/html' } })).text();
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { rendered: html.includes('id="storefront-state"'), text };
}

/** Whether the LCP element's text (its first 30 characters) is in the server's HTML: painted before any script runs. */
const lcpInHtml = (run: PageRun, html: { text: string }) => run.lcpText.trim() !== '' && html.text.includes(run.lcpText.replace(/\s+/g, ' ').trim().slice(0, 30));

function pageResult(spec: PageSpec, runs: PageRun[], baseline: PageRun[], html: { rendered: boolean; text: string } | undefined): BenchResult {
  const top = best(runs);
  const staticTop = best(baseline);
  const checks: Array<[string, boolean]> = [
    [`performance ${top.performance} ≥ ${TARGET.performance}`, top.performance >= TARGET.performance],
    [`accessibility ${top.accessibility} = 100`, top.accessibility >= TARGET.accessibility],
    [`best practices ${top.bestPractices} = 100`, top.bestPractices >= TARGET.bestPractices],
    [`LCP ${top.lcpMs} ms < ${TARGET.lcpMs}`, top.lcpMs < TARGET.lcpMs],
    [`TBT ${top.tbtMs} ms < ${TARGET.tbtMs}`, top.tbtMs < TARGET.tbtMs],
    [`CLS ${top.cls} = 0`, top.cls <= TARGET.cls],
    ...(spec.findable ? ([[`SEO ${top.seo} = 100`, top.seo >= TARGET.seo]] as Array<[string, boolean]>) : []),
    [spec.findable ? 'crawlable' : 'kept out of the index', top.crawlable === spec.findable],
    ...(spec.name === 'home' ? ([[`first-load JS ${top.jsKb} kB ≤ ${TARGET.homeJsKb}`, top.jsKb <= TARGET.homeJsKb]] as Array<[string, boolean]>) : []),
  ];
  const failed = checks.filter(([, ok]) => !ok).map(([what]) => what);
  const details: Record<string, DetailValue> = {
    path: spec.path,
    performance: top.performance,
    accessibility: top.accessibility,
    bestPractices: top.bestPractices,
    seo: top.seo,
    crawlable: top.crawlable,
    fcpMs: top.fcpMs,
    lcpMs: top.lcpMs,
    tbtMs: top.tbtMs,
    cls: top.cls,
    speedIndexMs: top.speedIndexMs,
    firstLoadJsKbCompressed: top.jsKb,
    jsFiles: top.jsFiles,
    requests: top.requests,
    totalTransferKb: top.totalKb,
    lcpElement: top.lcpElement,
    serverRendered: html?.rendered ?? false,
    lcpElementInServerHtml: html ? lcpInHtml(top, html) : false,
    longTasks: top.longTasks,
    longTasksRuns: runs.map((r) => r.longTasks).join(', '),
    performanceRuns: runs.map((r) => r.performance).join(', '),
    lcpRunsMs: runs.map((r) => r.lcpMs).join(', '),
    tbtRunsMs: runs.map((r) => r.tbtMs).join(', '),
    loadAverageAtRuns: runs.map((r) => r.load).join(', '),
    benchmarkIndexAtRuns: runs.map((r) => r.benchmarkIndex).join(', '),
    staticPagePerformance: staticTop.performance,
    failedTargets: failed.join('; ') || 'none',
    belowBestAudits: top.failing,
  };
  return {
    name: `lighthouse-${spec.name}`,
    metric: `Lighthouse 12 mobile performance score (best of ${runs.length}), ${spec.path.split('?')[0]}`,
    value: top.performance,
    baseline: staticTop.performance,
    ratio: round(top.performance / staticTop.performance, 3),
    target: `performance ≥ ${TARGET.performance}, accessibility and best practices 100, LCP < ${TARGET.lcpMs} ms, TBT < ${TARGET.tbtMs} ms, CLS 0${spec.findable ? ', SEO 100, crawlable' : ', kept out of the index'}${spec.name === 'home' ? `, first-load JS ≤ ${TARGET.homeJsKb} kB` : ''}; baseline: a static page, context only`,
    pass: failed.length === 0,
    details,
  };
}

function widgetsResult(withWidgets: PageRun[], without: PageRun[]): BenchResult {
  const on = best(withWidgets);
  const off = best(without);
  return {
    name: 'home-widgets',
    metric: `Lighthouse 12 mobile performance score (best of ${withWidgets.length}), the home with three widgets`,
    value: on.performance,
    baseline: off.performance,
    ratio: round(on.performance / off.performance, 3),
    target: `score ≥ the home without widgets' − ${WIDGETS_TOLERANCE} (same rounds)`,
    pass: on.performance >= off.performance - WIDGETS_TOLERANCE,
    details: {
      scoresWithWidgets: withWidgets.map((r) => r.performance).join(', '),
      scoresWithout: without.map((r) => r.performance).join(', '),
      lcpMs: `${on.lcpMs} vs ${off.lcpMs}`,
      tbtMs: `${on.tbtMs} vs ${off.tbtMs}`,
      cls: `${on.cls} vs ${off.cls}`,
      jsKb: `${on.jsKb} vs ${off.jsKb}`,
      totalTransferKb: `${on.totalKb} vs ${off.totalKb}`,
      lcpElementWithWidgets: on.lcpElement,
      widgets: 'html (heading, paragraph, link), 3 highlighted products, search with a 1200×300 PNG banner (uploaded, kind banner)',
    },
  };
}

export async function lighthouseBenchmark(): Promise<BenchResult[]> {
  const rss = new RssSampler();
  const dir = tempDir('lighthouse');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const uiDir = `${dir.path}/ui`;
  try {
    execSync(`npx vite build --config ui/vite.config.ts --outDir ${uiDir} --emptyOutDir --logLevel warn`, { cwd: root, stdio: 'inherit' });
    writeFileSync(`${uiDir}/bench-static.html`, STATIC_PAGE);
    const product = await startProduct(root, { port: await freePort(), dataDir: `${dir.path}/data`, uiDir });
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
    try {
      const { url } = product;
      const login = await new ApiClient(url).post('/login', { email: 'retailer@demo.test', password: DEMO_PASSWORD });
      if (login.status !== 200) throw new Error(`login: ${login.status}`);
      const retailer = new ApiClient(url, login.body.token, 'root');
      const withWidgets = await homeWithBanner(url, retailer);
      const { category, product: diagnosis } = await sitemapPages(url);
      const confirmation = await registeredBuyback(url);
      const pages: PageSpec[] = [
        { name: 'static', path: '/bench-static.html', findable: true },
        { name: 'home', path: '/', findable: true, homePage: 'on' },
        { name: 'home-no-widgets', path: '/', findable: true, homePage: 'off' },
        { name: 'results', path: '/results?q=iphone', findable: false },
        { name: 'category', path: category, findable: true },
        { name: 'diagnosis', path: diagnosis, findable: true },
        { name: 'confirmation', path: confirmation.path, findable: false, prepare: confirmation.prepare },
        { name: 'dashboard-login', path: '/dashboard/login', findable: false },
      ];
      const runs = new Map<string, PageRun[]>(pages.map((p) => [p.name, []]));
      const htmls = new Map<string, { rendered: boolean; text: string }>();
      for (let round = 1; round <= RUNS; round++) {
        for (const spec of pages) {
          if (spec.homePage) await homePage(retailer, spec.homePage === 'on' ? withWidgets : { status: 'off' });
          if (round === 1) htmls.set(spec.name, await serverHtml(`${url}${spec.path}`));
          const run = await withRecordingRetries(
            () => lighthouseRun(browser, `${url}${spec.path}`, spec.prepare),
            (reason) => log(`round ${round} ${spec.name}: Lighthouse did not record the load (${reason.slice(0, 120)}); once more`),
          );
          runs.get(spec.name)?.push(run);
          log(`round ${round} ${spec.name}: performance ${run.performance}, a11y ${run.accessibility}, BP ${run.bestPractices}, SEO ${run.seo}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, JS ${run.jsKb} kB, long tasks ${run.longTasks} (load ${run.load}, index ${run.benchmarkIndex})`);
          rss.sample();
        }
      }
      await homePage(retailer, withWidgets);
      const of = (name: string) => runs.get(name) as PageRun[];
      const results = pages.filter((p) => p.name !== 'static').map((spec) => pageResult(spec, of(spec.name), of('static'), htmls.get(spec.name)));
      results.push(widgetsResult(of('home'), of('home-no-widgets')));
      const machine = { loadAverageAtEnd: os.loadavg().map((l) => l.toFixed(2)).join(' / '), peakRssMb: rss.stop(), maxRssMb: maxRssMb() };
      for (const result of results) Object.assign(result.details, machine);
      return results;
    } finally {
      await browser.close();
      await product.stop();
    }
  } finally {
    rss.stop();
    dir.remove();
  }
}
