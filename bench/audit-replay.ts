/**
 * The auditor's replay of a buyback with 50 events (issue: "The replay of a
 * buyback with 50 events: under 20 ms"). On the real platform, a Paris
 * buyback goes through registration, shipment, check-in and a quarantine,
 * then its item is moved between stocks and its dispute e-mail resent until
 * the buyback and its item hold 50 events together. Then its replay, at
 * every step (`upTo` 1…50) and at moments, in process (replayBuyback: both
 * streams read, merged, folded with the machines, users and organizations
 * named) and through GET /api/buybacks/{id}/replay. Baseline: GET /api/health.
 */
import 'reflect-metadata';
import { replayBuyback } from '../application/warehouse/queries/replay.js';
import { TOKENS } from '../application/tokens.js';
import type { WarehousePorts } from '../application/warehouse/warehouse-ports.js';
import type { AuthService } from '../application/organizations/auth-service.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../application/organizations/read-models.js';
import { nativeStockId } from '../domain/warehouse/stocks/native-stocks.js';
import { DEMO_IDS } from '../infrastructure/seed/demo-data.js';
import { creationBody, PARIS } from '../tests/support/buyback-fixtures.js';
import { log, maxRssMb, percentile, round, RssSampler, tempDir, type BenchResult } from './support.js';
import { closePlatform, login, openPlatform } from './platform.js';

const EVENTS = 50;
const ROUNDS = 8;
const TARGET_MS = 20;


async function ok(response: Promise<{ status: number; body: unknown }>): Promise<void> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
}

export async function auditReplay(): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = tempDir('replay');
  const opened = await openPlatform(dir.path);
  const { platform, base } = opened;
  try {
    const [seller, operator, manager] = await Promise.all([
      login(base, 'seller@demo.test'),
      login(base, 'warehouse@demo.test', 'rps'),
      login(base, 'warehouse-manager@demo.test', 'rps'),
    ]);
    // A buyback and its item with 50 events between them.
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }));
    const buybackId = created.body.id as string;
    await ok(seller.post(`/buybacks/${buybackId}/ship`, {}));
    const checkedIn = await operator.post('/warehouse/check-ins', { code: created.body.identificationNumber });
    const itemId = checkedIn.body.id as string;
    await ok(operator.post(`/items/${itemId}/quarantine`, { reason: 'account_lock_active', comment: 'iCloud' }));
    const count = async () => (await manager.get(`/buybacks/${buybackId}/replay`)).body.events.length as number;
    while ((await count()) < EVENTS - 2) await ok(manager.post(`/items/${itemId}/quarantine-mail`));
    await ok(operator.post(`/items/${itemId}/release`, { stockId: nativeStockId(DEMO_IDS.warehouses.demo, 'to_approve'), comment: null }));
    const shelf = await manager.post('/stocks', { name: 'Étagère du rejeu' });
    if ((await count()) < EVENTS) await ok(operator.post(`/items/${itemId}/move`, { stockId: shelf.body.id, reason: 'Rangement' }));
    const events = await count();
    if (events !== EVENTS) throw new Error(`the buyback holds ${events} events, not ${EVENTS}`);

    // In process: the query itself, as the route calls it.
    const ports = platform.container.resolve<WarehousePorts>(TOKENS.WarehousePorts);
    const [user] = await platform.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).find({ email: 'warehouse-manager@demo.test' }, { limit: 1 });
    const principal = await platform.container.resolve<AuthService>(TOKENS.AuthService).principalOf(user as UserDocument, 'rps');
    const inProcessMs: number[] = [];
    const httpMs: number[] = [];
    const healthMs: number[] = [];
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      for (let upTo = 1; upTo <= EVENTS; upTo++) {
        const t0 = performance.now();
        const replay = await replayBuyback(ports, principal, buybackId, { upTo }, new Date().toISOString());
        const t1 = performance.now();
        const answer = await manager.get(`/buybacks/${buybackId}/replay?upTo=${upTo}`);
        const t2 = performance.now();
        await manager.get('/health');
        const t3 = performance.now();
        if (replay.applied !== upTo || answer.status !== 200) throw new Error(`replay up to ${upTo}: ${answer.status}`);
        if (round_ === 0) continue; // warm-up
        inProcessMs.push(t1 - t0);
        httpMs.push(t2 - t1);
        healthMs.push(t3 - t2);
      }
      rss.sample();
    }
    const p95 = round(percentile(inProcessMs, 95), 2);
    const httpP95 = round(percentile(httpMs, 95), 2);
    const healthP95 = round(percentile(healthMs, 95), 2);
    log(`replay of ${EVENTS} events: p95 ${p95} ms in process, ${httpP95} ms through HTTP (health ${healthP95} ms)`);
    return {
      name: 'audit-replay',
      metric: `p95 ms, the replay of a buyback and its item holding ${EVENTS} events (every step upTo 1…${EVENTS}, ${ROUNDS - 1} rounds)`,
      value: p95,
      baseline: healthP95,
      ratio: round(p95 / healthP95, 2),
      target: `under ${TARGET_MS} ms in process and through GET /api/buybacks/{id}/replay (absolute); baseline = GET /api/health p95, context only`,
      pass: p95 < TARGET_MS && httpP95 < TARGET_MS,
      details: {
        events,
        replays: inProcessMs.length,
        inProcessP50Ms: round(percentile(inProcessMs, 50), 2),
        inProcessP95Ms: p95,
        inProcessMaxMs: round(Math.max(...inProcessMs), 2),
        httpP50Ms: round(percentile(httpMs, 50), 2),
        httpP95Ms: httpP95,
        healthP95Ms: healthP95,
        what: 'both streams read from the event store, merged in written order, folded with the buyback and item machines up to the step, users, organizations and the stock named from the read models',
        peakRssMb: rss.stop(),
        maxRssMb: maxRssMb(),
      },
    };
  } finally {
    rss.stop();
    await closePlatform(opened);
    dir.remove();
  }
}
