/**
 * The buyback list (GET /api/buybacks: filters, page of 30 sorted by
 * createdAt desc, plus the total count, exact up to COUNT_LIMIT) through the
 * real BuybackQueries.list
 * on one million documents, against primary-key lookups (context only: the
 * target is an absolute p95). Optionally the same through HTTP on the real
 * platform opened on the same read-model file.
 */
import 'reflect-metadata';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buybackVisibility, type Principal } from '../application/organizations/principal.js';
import { permissionsOf } from '../tests/support/assembly.js';
import { BuybackQueries, COUNT_LIMIT, listFilter, type BuybackListQuery } from '../application/buybacks/buyback-queries.js';
import type { WriteOperation } from '../application/ports/document-store.js';
import { BUYBACK_STATUSES } from '../domain/buybacks/state.js';
import { SqliteDocumentStore } from '../infrastructure/document-store/sqlite-document-store.js';
import { loadConfig } from '../infrastructure/config.js';
import { createPlatform } from '../infrastructure/container.js';
import { createLogger } from '../infrastructure/logger.js';
import { MemoryMailer } from '../infrastructure/mail/mailers.js';
import { DEMO_PASSWORD } from '../infrastructure/seed/demo-data.js';
import { buybacksProjection } from '../projections/buybacks/list-projection.js';
import { BUYBACKS_COLLECTION } from '../application/buybacks/read-models.js';
import { documentFactory, type Tenant } from './buyback-data.js';
import { log, maxRssMb, percentile, pick, round, RssSampler, seededRandom, tempDir, yieldToEventLoop, type BenchResult } from './support.js';

const DOCUMENTS = 1_000_000;
const CHUNK = 10_000;
/** Generation stops at the chunk that crosses this budget; the report then says how many documents were written. */
const GENERATION_BUDGET_S = 420;
const REQUESTS = 500;
/** The query phase stops early past this budget (slow queries would otherwise take many minutes); the report says how many ran. */
const QUERY_BUDGET_S = 80;
const WARMUP = 10;
const HTTP_WARMUP = 3;
const ITEMS_PER_PAGE = 30;
const HTTP_REQUESTS = 100;
const HTTP_BUDGET_S = 20;
const TARGET_P95_MS = 50;

type Random = () => number;

interface Shape {
  principal: 'seller' | 'root';
  query: BuybackListQuery;
  label: string;
}

function sellerPrincipal(tenant: Tenant, storeId: string): Principal {
  return {
    kind: 'user',
    userId: tenant.sellers[0] ?? null,
    accountId: tenant.accountId,
    module: 'tim',
    userType: 'store_seller',
    organizationId: storeId,
    permissions: permissionsOf('store_seller'),
    visibleStoreIds: null,
  };
}

function rootPrincipal(tenant: Tenant): Principal {
  return {
    kind: 'user',
    userId: tenant.sellers[1] ?? null,
    accountId: tenant.accountId,
    module: 'root',
    userType: 'root_management_unit_manager',
    organizationId: tenant.webOrganizationId,
    permissions: permissionsOf('root_management_unit_manager'),
    visibleStoreIds: null,
  };
}

/** A random list request: a store seller (own store) or the account's root manager (whole tenant), random filters, page 1–5. */
function randomRequest(random: Random, tenants: Tenant[]): { principal: Principal; shape: Shape } {
  const tenant = pick(random, tenants);
  const asSeller = random() < 0.5;
  const query: BuybackListQuery = { page: 1 + Math.floor(random() * 5), itemsPerPage: ITEMS_PER_PAGE };
  if (random() < 0.5) query.status = [pick(random, BUYBACK_STATUSES)];
  if (random() < 0.3) query.channel = random() < 0.75 ? 'store' : 'web';
  if (!asSeller && random() < 0.3) query.storeId = [pick(random, tenant.stores)];
  const label = [asSeller ? 'seller' : 'root', query.status ? 'status' : '', query.channel ? 'channel' : '', query.storeId ? 'store' : '']
    .filter(Boolean)
    .join('+');
  const principal = asSeller ? sellerPrincipal(tenant, pick(random, tenant.stores)) : rootPrincipal(tenant);
  return { principal, shape: { principal: asSeller ? 'seller' : 'root', query, label } };
}

function stats(values: number[]): { p50: number; p95: number; p99: number; max: number } {
  return {
    p50: round(percentile(values, 50), 2),
    p95: round(percentile(values, 95), 2),
    p99: round(percentile(values, 99), 2),
    max: round(Math.max(...values), 2),
  };
}

function queryString(query: BuybackListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), itemsPerPage: String(query.itemsPerPage) });
  for (const status of query.status ?? []) params.append('status', status);
  if (query.channel) params.set('channel', query.channel);
  for (const storeId of query.storeId ?? []) params.append('storeId', storeId);
  return params.toString();
}

/** The same requests through the real platform opened on the generated read-model file (demo seller and retailer logins). */
async function overHttp(dataDir: string, random: Random, tenants: Tenant[]): Promise<Record<string, number | string>> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const platform = await createPlatform(config, { logger: createLogger('silent'), mailer: new MemoryMailer() });
  const server: Server = await new Promise((resolve) => {
    const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const token = async (email: string) => {
      const response = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    };
    // seller@demo.test: store seller of Paris; retailer@demo.test: root manager of the demo account (first module).
    const tokens = { seller: await token('seller@demo.test'), root: await token('retailer@demo.test') };
    const demo = tenants[0] as Tenant;
    const durations: number[] = [];
    let failures = 0;
    let lastTotal = 0;
    const started = performance.now();
    for (let i = 0; i < HTTP_WARMUP + HTTP_REQUESTS && (performance.now() - started) / 1000 < HTTP_BUDGET_S; i++) {
      const { shape } = randomRequest(random, [demo]);
      const started = performance.now();
      const response = await fetch(`${base}/buybacks?${queryString(shape.query)}`, {
        headers: { authorization: `Bearer ${tokens[shape.principal]}` },
      });
      const body = (await response.json()) as { totalItems?: number };
      if (i >= HTTP_WARMUP) durations.push(performance.now() - started);
      if (response.status !== 200) failures++;
      lastTotal = body.totalItems ?? lastTotal;
    }
    const s = stats(durations);
    return { httpRequests: durations.length, httpP50Ms: s.p50, httpP95Ms: s.p95, httpP99Ms: s.p99, httpNon200: failures, httpNote: `GET /api/buybacks as seller@demo.test (Paris) and retailer@demo.test (demo root), demo account only, same filter mix, at most ${HTTP_REQUESTS} requests or ${HTTP_BUDGET_S} s; last totalItems ${lastTotal}` };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await platform.close();
  }
}

export async function buybackListQuery(): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = tempDir('list');
  const dbPath = join(dir.path, 'read-models.db');
  try {
    // 1. One million documents, written as the projection would (writeBatch, chunks of 10,000), indexes first.
    // synchronous=OFF: setup speed only; it changes nothing for reads.
    let documents = new SqliteDocumentStore({ path: dbPath, synchronous: 'OFF' });
    await documents.collection(BUYBACKS_COLLECTION).ensureIndexes(buybacksProjection.indexes);
    const endMs = Date.parse('2026-06-30T18:00:00Z');
    const factory = documentFactory(seededRandom(4), endMs, DOCUMENTS);
    const sampleIds: string[] = [];
    const started = performance.now();
    let written = 0;
    while (written < DOCUMENTS) {
      const operations: WriteOperation[] = [];
      for (let i = 0; i < CHUNK && written + i < DOCUMENTS; i++) {
        const document = factory.document(written + i);
        if ((written + i) % 997 === 0) sampleIds.push(document._id);
        operations.push({ kind: 'upsert', collection: BUYBACKS_COLLECTION, document });
      }
      rss.sample();
      await documents.writeBatch(operations);
      written += operations.length;
      if (written % 100_000 === 0) {
        log(`${written.toLocaleString('en-US')} documents in ${((performance.now() - started) / 1000).toFixed(0)} s`);
        await yieldToEventLoop();
      }
      if ((performance.now() - started) / 1000 > GENERATION_BUDGET_S) break;
    }
    const generationSeconds = (performance.now() - started) / 1000;
    const fileMb = Math.round(statSync(dbPath).size / 1024 / 1024);
    log(`generated ${written.toLocaleString('en-US')} documents in ${generationSeconds.toFixed(0)} s (${fileMb} MB)`);

    // A fresh connection for the queries: the writer's page cache does not flatter them.
    await documents.close();
    documents = new SqliteDocumentStore({ path: dbPath });
    const queries = new BuybackQueries(documents);
    const collection = documents.collection(BUYBACKS_COLLECTION);

    // 2. Random list requests interleaved with primary-key lookups.
    const random = seededRandom(5);
    const listMs: number[] = [];
    const getMs: number[] = [];
    const byShape = new Map<string, number[]>();
    let slowest = { ms: 0, label: '', totalItems: 0, shape: null as Shape | null, principal: null as Principal | null };
    const queryStarted = performance.now();
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      if ((performance.now() - queryStarted) / 1000 > QUERY_BUDGET_S) break;
      const { principal, shape } = randomRequest(random, factory.tenants);
      const t0 = performance.now();
      const page = await queries.list(principal, shape.query);
      const t1 = performance.now();
      const found = await collection.get(pick(random, sampleIds));
      const t2 = performance.now();
      if (!found) throw new Error('a sampled id was not found');
      if (i % 50 === 0) rss.sample();
      if (i < WARMUP) continue;
      const ms = t1 - t0;
      listMs.push(ms);
      getMs.push(t2 - t1);
      byShape.set(shape.label, [...(byShape.get(shape.label) ?? []), ms]);
      if (ms > slowest.ms) slowest = { ms, label: shape.label, totalItems: page.totalItems ?? -1, shape, principal };
    }
    const querySeconds = (performance.now() - queryStarted) / 1000;
    const list = stats(listMs);
    const get = stats(getMs);
    log(`list p50 ${list.p50} ms, p95 ${list.p95} ms, p99 ${list.p99} ms; get(id) p95 ${get.p95} ms`);

    const shapes = [...byShape.entries()]
      .map(([label, values]) => ({ label, n: values.length, p95: percentile(values, 95) }))
      .sort((a, b) => b.p95 - a.p95);
    const planOf = (principal: Principal, query: BuybackListQuery): string => {
      const filter = listFilter(principal, query);
      const findPlan = documents.explain(BUYBACKS_COLLECTION, filter, { sort: [['createdAt', -1]], skip: 0, limit: ITEMS_PER_PAGE });
      const countPlan = documents.explain(BUYBACKS_COLLECTION, filter, { count: true, countLimit: COUNT_LIMIT + 1 });
      return `find: ${findPlan.join('; ')} — count: ${countPlan.join('; ')}`;
    };
    const demo = factory.tenants[0] as Tenant;
    // Diagnostic: the seller's default page with a plain { accountId, storeId } visibility (no $or), through the same collection API.
    const plainMs: number[] = [];
    for (let i = 0; i < 21; i++) {
      const storeId = pick(random, demo.stores);
      const filter = { $and: [{ accountId: demo.accountId, storeId }] };
      const t0 = performance.now();
      await Promise.all([collection.find(filter, { sort: [['createdAt', -1]], skip: 0, limit: ITEMS_PER_PAGE }), collection.count(filter)]);
      if (i > 0) plainMs.push(performance.now() - t0);
    }
    const plain = stats(plainMs);
    const sellerDefaultPlan = planOf(sellerPrincipal(demo, demo.stores[0] as string), { page: 1, itemsPerPage: ITEMS_PER_PAGE });
    let slowestPlan = '';
    if (slowest.shape && slowest.principal) slowestPlan = planOf(slowest.principal, slowest.shape.query);
    await documents.close();

    // 3. Optional: the same through HTTP, on the real platform opened on this read-model file.
    let http: Record<string, number | string> = {};
    try {
      http = await overHttp(dir.path, seededRandom(6), factory.tenants);
      log(`HTTP p50 ${http.httpP50Ms} ms, p95 ${http.httpP95Ms} ms`);
    } catch (error) {
      http = { httpError: error instanceof Error ? error.message : String(error) };
    }
    rss.sample();

    return {
      name: 'buyback-list-query',
      metric: `p95 ms, BuybackQueries.list (page of ${ITEMS_PER_PAGE} + count) on ${written.toLocaleString('en-US')} docs`,
      value: list.p95,
      baseline: get.p95,
      ratio: round(list.p95 / get.p95, 1),
      target: `p95 < ${TARGET_P95_MS} ms (absolute); baseline = get(id) p95, context only`,
      pass: list.p95 < TARGET_P95_MS && written === DOCUMENTS,
      details: {
        documents: written,
        reducedFrom: written === DOCUMENTS ? null : DOCUMENTS,
        generationSeconds: round(generationSeconds, 1),
        generationDocsPerSecond: Math.round(written / generationSeconds),
        fileMb,
        requests: listMs.length,
        requestsPlanned: REQUESTS,
        queryPhaseSeconds: round(querySeconds, 1),
        queryBudget: listMs.length < REQUESTS ? `stopped after ${listMs.length} of ${REQUESTS} requests: the ${QUERY_BUDGET_S} s budget of the query phase ran out` : 'all requests ran',
        listP50Ms: list.p50,
        listP95Ms: list.p95,
        listP99Ms: list.p99,
        listMaxMs: list.max,
        getP50Ms: get.p50,
        getP95Ms: get.p95,
        getP99Ms: get.p99,
        slowestShapesByP95: shapes.slice(0, 5).map((s) => `${s.label} ${round(s.p95, 1)} ms (n=${s.n})`).join('; '),
        fastestShapesByP95: shapes.slice(-3).map((s) => `${s.label} ${round(s.p95, 1)} ms (n=${s.n})`).join('; '),
        slowestRequest: `${slowest.label} page ${slowest.shape?.query.page ?? '?'}: ${round(slowest.ms, 1)} ms, totalItems ${slowest.totalItems}`,
        slowestShapePlan: slowestPlan,
        sellerDefaultListPlan: sellerDefaultPlan,
        diagnosticSellerPlainFilterP95Ms: plain.p95,
        diagnosticNote: `the seller default page (find + count) with a plain { accountId, storeId } filter instead of the visibility $or, 20 runs: p50 ${plain.p50} ms, p95 ${plain.p95} ms (served by by_account_store_created, count from the covering index)`,
        visibilityFilterSeller: JSON.stringify(buybackVisibility(sellerPrincipal(demo, demo.stores[0] as string))),
        mix: 'half store sellers (own store), half root managers (whole tenant); status filter 50%, channel 30%, storeId 30% (root only), page 1–5; sorted by createdAt desc; requests interleaved with get(id)',
        spread: '2 accounts (60/40), 10 stores (6/4), 10 statuses (weighted), channel store 75% / web 25%, createdAt spread evenly over 2 years, documents written in createdAt order as the projection would',
        ...http,
        peakRssMb: rss.stop(),
        maxRssMb: maxRssMb(),
      },
    };
  } finally {
    rss.stop();
    dir.remove();
  }
}
