/**
 * The catalogue's export over 100,000 products (issue 21: "Streamed: memory
 * stays flat for 100,000 products").
 *
 * 1. The real platform seeds the demo data on an empty folder; 100,000
 *    products of Demo Retail are written straight to the products read
 *    model, as its projection holds them.
 * 2. A products export is started over HTTP, followed until done, and its
 *    file downloaded through its signed link (read chunk by chunk, counted,
 *    not kept), while the process's RSS and heap are sampled.
 * 3. Value: the RSS growth from before the export of 100,000 products to its
 *    peak (export and download), garbage collected every 2 s. Baseline,
 *    measured in the same run: the same growth for the first 10,000 of them.
 *    Memory that stays flat grows about as much for ten times the products;
 *    an export that held its documents or its file would grow ten times as
 *    much. Target: ratio ≤ 2 (with every entry exported and every line
 *    downloaded); the heap kept and the file's size are in the details.
 */
import 'reflect-metadata';
import v8 from 'node:v8';
import vm from 'node:vm';
import { TOKENS } from '../application/tokens.js';
import type { DocumentStore, WriteOperation } from '../application/ports/document-store.js';
import { CATALOG_COLLECTIONS } from '../application/catalog/read-models.js';
import { PRODUCT_STATES } from '../domain/catalog/estimate.js';
import { DEMO_IDS } from '../infrastructure/seed/demo-data.js';
import { closePlatform, login, openPlatform } from './platform.js';
import { log, MB, round, RssSampler, seededRandom, seededUuid, tempDir, yieldToEventLoop, type BenchResult } from './support.js';


const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CHUNK = 5_000;
const BASELINE_PRODUCTS = 10_000;
const TARGET_RATIO = 2;

const BRANDS = ['Apple', 'Samsung', 'Google', 'Xiaomi', 'Huawei', 'OnePlus', 'Sony', 'Oppo', 'Motorola', 'Nokia'];

async function writeProducts(documents: DocumentStore, from: number, to: number): Promise<void> {
  const random = seededRandom(21 + from);
  const now = new Date().toISOString();
  for (let start = from; start < to; start += CHUNK) {
    const batch: WriteOperation[] = [];
    for (let i = start; i < Math.min(to, start + CHUNK); i++) {
      const brand = BRANDS[i % BRANDS.length] as string;
      const prices = Object.fromEntries(PRODUCT_STATES.map((state, index) => [state, index === 0 ? null : Math.round(random() * 50_000)]));
      batch.push({
        kind: 'upsert',
        collection: CATALOG_COLLECTIONS.products,
        document: {
          _id: seededUuid(random),
          accountId: DEMO_IDS.accounts.demo,
          label: `${brand} Modèle ${i} ${64 * (1 + (i % 8))} Go`,
          brand,
          model: `M-${i}`,
          reference: `REF-${i}`,
          buyerReference: null,
          ean: null,
          tacCodes: [String(35_000_000 + i)],
          categoryId: DEMO_IDS.categories.smartphones,
          secondaryCategoryIds: [],
          comment: null,
          simple: false,
          isCollectingImei: true,
          buybackZeroNotAllowed: false,
          heightCm: 15,
          lengthCm: 8,
          widthCm: 1,
          weightGrams: 180,
          nominalHeightCm: null,
          nominalLengthCm: null,
          nominalWidthCm: null,
          nominalWeightGrams: null,
          imageUrl: `https://images.example.com/products/${i}.jpg`,
          imageHdUrl: null,
          translations: { 'en-GB': { label: `${brand} Model ${i}` } },
          status: i % 5 === 0 ? 'draft' : 'published',
          currency: 'EUR',
          prices,
          searchText: '',
          createdAt: now,
          updatedAt: now,
          revision: 0,
        },
      });
    }
    await documents.writeBatch(batch);
    await yieldToEventLoop();
  }
}

interface Measure {
  growthMb: number;
  heapMb: number;
  fileMb: number;
  entries: number;
  lines: number;
  seconds: number;
}

/** One export over HTTP, followed until done, its file downloaded (counted, not kept), memory sampled all along. */
async function measure(base: string, retailer: Awaited<ReturnType<typeof login>>, gc: () => void): Promise<Measure> {
  gc();
  await yieldToEventLoop();
  const before = process.memoryUsage();
  const rss = new RssSampler(10);
  let heapPeak = before.heapUsed;
  const heapTimer = setInterval(() => {
    gc();
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 2_000);
  const started = performance.now();
  const created = await retailer.post('/products/exports');
  let view = created.body as { id: string; status: string; entries: number; downloadUrl: string | null };
  while (view.status !== 'done' && view.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    view = (await retailer.get(`/products/exports/${created.body.id}`)).body;
  }
  if (view.status !== 'done' || !view.downloadUrl) throw new Error(`export ${view.status}`);
  const response = await fetch(`${base}${view.downloadUrl}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let lines = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
    for (const byte of chunk.value) if (byte === 10) lines++;
  }
  clearInterval(heapTimer);
  gc();
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const peakMb = rss.stop();
  return {
    growthMb: round(peakMb - before.rss / MB, 1),
    heapMb: round((heapPeak - before.heapUsed) / MB, 1),
    fileMb: round(bytes / MB, 1),
    entries: view.entries,
    lines,
    seconds: round((performance.now() - started) / 1000, 1),
  };
}

export async function catalogExport(): Promise<BenchResult> {
  const dir = tempDir('catalog-export');
  const opened = await openPlatform(dir.path);
  try {
    const documents = opened.platform.container.resolve<DocumentStore>(TOKENS.DocumentStore);
    const retailer = await login(opened.base, 'retailer@demo.test');
    // Garbage collected every 2 s: what is measured is what the export keeps, not what V8 has not yet swept.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    await writeProducts(documents, 0, BASELINE_PRODUCTS);
    const small = await measure(opened.base, retailer, gc);
    log(`catalog-export: ${small.entries} entries, ${small.fileMb} MB in ${small.seconds} s; RSS +${small.growthMb} MB, heap kept +${small.heapMb} MB`);
    await writeProducts(documents, BASELINE_PRODUCTS, PRODUCTS);
    const large = await measure(opened.base, retailer, gc);
    log(`catalog-export: ${large.entries} entries, ${large.fileMb} MB in ${large.seconds} s; RSS +${large.growthMb} MB, heap kept +${large.heapMb} MB`);
    // The demo's own products are exported too; the baseline's growth is at least 1 MB (a smaller one is noise).
    const ratio = round(large.growthMb / Math.max(1, small.growthMb), 3);
    const complete = large.entries >= PRODUCTS && large.lines === large.entries + 1 && small.lines === small.entries + 1;
    return {
      name: 'catalog-export',
      metric: 'RSS growth during the export and download of 100,000 products (MB), against the same for 10,000',
      value: large.growthMb,
      baseline: small.growthMb,
      ratio,
      target: `ratio ≤ ${TARGET_RATIO}, every product exported and every line downloaded`,
      pass: ratio <= TARGET_RATIO && complete,
      details: {
        products: PRODUCTS,
        entries: large.entries,
        linesDownloaded: large.lines,
        fileMb: large.fileMb,
        heapKeptMb: large.heapMb,
        seconds: large.seconds,
        baselineEntries: small.entries,
        baselineFileMb: small.fileMb,
        baselineHeapKeptMb: small.heapMb,
      },
    };
  } finally {
    await closePlatform(opened);
    dir.remove();
  }
}
