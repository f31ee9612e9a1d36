import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportIdOf } from '../../application/logistics/logistics-process.js';
import { LOGISTICS_STREAMS } from '../../application/logistics/streams.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { expectOk } from '../support/api-helpers.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { eventually, openPackage, packageWithLabel, scan } from '../support/logistics-helpers.js';
import { loginTo, pool } from '../support/server-process.js';
import { ApiClient } from '../support/test-platform.js';
import { EMBEDDED, eventCounts, everyRow, mailsNaming, productionEngines, startInstallation, type Engines, type Installation } from './support/installation.js';

/**
 * Issue 25's test with real processes: one `all` process seeds the demo
 * data and stops; then three `api` replicas behind a round-robin proxy, one
 * `projector` and one `processor` share the data folder (SQLite in WAL mode)
 * or KurrentDB and MongoDB. Buybacks are registered through the proxy while
 * the projector and the processor are killed with SIGKILL and replaced;
 * packages are closed while the processor is killed again. Then: every
 * acknowledged registration is in the list each replica answers, each
 * confirmation e-mail and each label was made once, each buyback shipped
 * once, a write answered by one replica is in the next list read from
 * another (read-your-writes on the shared checkpoints), the login throttle
 * counts across replicas, and a rebuild through the API gives the same
 * documents.
 */
const LOGIN_LIMIT = 4;
const ENV = {
  SEED_DEMO_ACTIVITY: 'false',
  // Behind one proxy (X-Forwarded-For's last address is the client's).
  TRUST_PROXY: '1',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: String(LOGIN_LIMIT),
  LABEL_WORKER_INTERVAL_MS: '200',
  // A killed holder's lease runs out within 3 s: its successor takes over during the load.
  LEASE_TTL_MS: '3000',
};
const CATCH_UP_MS = 45_000;
/** A bound on the load, whatever the time the successors take to start. */
const MAX_REGISTRATIONS = 1_000;

interface Acknowledged {
  id: string;
  code: string;
  /** Its Idempotency-Key, when it was sent with one. */
  key?: string;
}

function replicaSuite(engines: Engines): void {
  describe(`Given three API replicas behind a load balancer, one projector and one processor, on ${engines.name}`, () => {
    let installation: Installation;
    let seller: ApiClient;
    let admin: ApiClient;
    const acknowledged: Acknowledged[] = [];
    const direct = (index: number, as: ApiClient) => new ApiClient((installation.apis[index] as { base: string }).base, as.token, as.module);
    const logs = () => installation.group.logs();

    /** Until an API replica's health shows no projection nor process manager behind the event store (their shared checkpoints). */
    async function caughtUp(): Promise<void> {
      const health = await eventually(async () => (await direct(0, admin).get('/health')).body, (body) => body.maxLag === 0, { timeoutMs: CATCH_UP_MS, everyMs: 200 });
      expect(health.maxLag, `the background roles caught up\n${JSON.stringify(health)}\n${logs()}`).toBe(0);
    }

    beforeAll(async () => {
      installation = await startInstallation(engines, ENV);
      [seller, admin] = await Promise.all([loginTo(installation.proxy.url, 'seller@demo.test'), loginTo(installation.proxy.url, 'admin@demo.test')]);
    }, 300_000);
    afterAll(async () => {
      await installation?.close();
    });

    it('when buybacks are registered through the proxy while the projector and the processor are killed with SIGKILL and replaced, then each replica lists every acknowledged one, a retry with its key on any replica answers the same, and each confirmation e-mail was sent once', async () => {
      const body = await creationBody(seller, { paymentType: 'bank_transfer' });
      const failures: string[] = [];
      let replacing: Promise<unknown> | null = null;
      let acknowledgedWhenReplaced = Number.POSITIVE_INFINITY;
      // Four clients, each waiting 50 ms between its registrations, until the successors have served a few of their own.
      await pool(
        Array.from({ length: MAX_REGISTRATIONS }),
        4,
        async () => {
          const key = randomUUID();
          const created = await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key });
          if (created.status !== 201) failures.push(`${created.status} ${JSON.stringify(created.body)}`);
          else acknowledged.push({ id: created.body.id, code: created.body.identificationNumber, key });
          if (acknowledged.length === 8 && !replacing) {
            replacing = Promise.all([installation.replace('projector'), installation.replace('processor')]).then(() => {
              acknowledgedWhenReplaced = acknowledged.length;
            });
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
        () => acknowledged.length >= acknowledgedWhenReplaced + 8,
      );
      await replacing;
      expect(failures, logs()).toEqual([]);
      expect(acknowledged.length, 'registrations went on once the successors were running').toBeGreaterThanOrEqual(acknowledgedWhenReplaced + 8);
      expect(installation.proxy.forwarded.every((count) => count > 0), 'every replica answered').toBe(true);

      await caughtUp();
      for (const [index, api] of installation.apis.entries()) {
        const listed = new Set((await everyRow(direct(index, seller), '/buybacks')).map((row) => row.id));
        expect(
          acknowledged.filter((b) => !listed.has(b.id)),
          `${api.name} lists every acknowledged buyback`,
        ).toEqual([]);
      }
      // A retry with the same key, answered by each replica in turn, gives the first answer and writes (and sends) nothing.
      for (const first of acknowledged.slice(0, 3)) {
        for (const index of [0, 1, 2]) {
          const again = await direct(index, seller).post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': first.key as string });
          expect([again.status, again.body.id], `retry of ${first.code} on replica ${index + 1}`).toEqual([201, first.id]);
        }
      }
      const mails = mailsNaming(installation.dataDir, 'buybackConfirmation', acknowledged.map((b) => b.code));
      expect([...mails].filter(([, sent]) => sent !== 1), 'confirmation e-mails sent other than once').toEqual([]);
    }, 150_000);

    it('when one replica answers a registration, then the list read right after from each other replica shows it (read-your-writes on the shared checkpoint)', async () => {
      const body = await creationBody(seller, { paymentType: 'bank_transfer' });
      for (const [index, writer] of installation.apis.entries()) {
        const created = await direct(index, seller).post(`/store/${PARIS}/buybacks`, body);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        acknowledged.push({ id: created.body.id, code: created.body.identificationNumber });
        for (const [other, reader] of installation.apis.entries()) {
          if (other === index) continue;
          const newest = await direct(other, seller).get('/buybacks?itemsPerPage=10');
          expect(newest.body.items.map((row: { id: string }) => row.id), `answered by ${writer.name}, read from ${reader.name}`).toContain(created.body.id);
        }
      }
    }, 60_000);

    it('when packages are closed through the proxy while the processor is killed with SIGKILL and replaced, then each package gets its label once and each of its buybacks is shipped once', async () => {
      await caughtUp();
      const groups = [0, 1, 2, 3, 4, 5].map((n) => acknowledged.slice(n * 3, n * 3 + 3));
      const closed: Array<{ id: string; buybacks: Acknowledged[] }> = [];
      let replacing: Promise<unknown> | null = null;
      await pool(groups, 2, async (buybacks) => {
        const pkg = await openPackage(seller);
        for (const b of buybacks) await expectOk(scan(seller, pkg.id, b.code));
        await expectOk(seller.post(`/packages/${pkg.id}/close`, {}));
        closed.push({ id: pkg.id, buybacks });
        if (closed.length === 2 && !replacing) replacing = installation.replace('processor');
      });
      await replacing;
      for (const pkg of closed) await packageWithLabel(seller, pkg.id, CATCH_UP_MS);
      await caughtUp();

      const store = engines.openEventStore(installation.dataDir);
      try {
        for (const pkg of closed) {
          const transport = await eventCounts(store, LOGISTICS_STREAMS.transport.name(transportIdOf.package(pkg.id)));
          expect(transport, `package ${pkg.id}'s transport`).toMatchObject({ TransportRequested: 1, TransportLabelReady: 1 });
          for (const b of pkg.buybacks) {
            expect(await eventCounts(store, `buyback-${b.id}`), `buyback ${b.code}`).toMatchObject({ BuybackShipped: 1, BuybackShipmentTracked: 1 });
          }
        }
      } finally {
        await store.close();
      }
    }, 120_000);

    it('when wrong passwords are sent through the proxy, then the account is locked after as many as one process allows, on every replica', async () => {
      const anonymous = new ApiClient(installation.proxy.url);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < LOGIN_LIMIT + 2; attempt++) {
        statuses.push((await anonymous.post('/login', { email: 'manager@demo.test', password: `wrong-${attempt}` })).status);
      }
      expect(statuses).toEqual([...Array.from({ length: LOGIN_LIMIT }, () => 401), 429, 429]);
      for (const [index, api] of installation.apis.entries()) {
        const right = await new ApiClient(api.base).post('/login', { email: 'manager@demo.test', password: DEMO_PASSWORD });
        expect([right.status, right.body.code], `the right password on replica ${index + 1}`).toEqual([429, 'AUTH_LOGIN_LOCKED']);
      }
    });

    it('when the buybacks read model is rebuilt through the API while registrations go on, then each replica lists the same documents as before, and every registration answered meanwhile', async () => {
      await caughtUp();
      const byId = (rows: Array<{ id: string }>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
      const before = byId(await everyRow(direct(0, seller), '/buybacks'));
      const details = await Promise.all(acknowledged.slice(0, 6).map(async (b) => (await direct(0, seller).get(`/buybacks/${b.id}`)).body));
      expect(before.length).toBeGreaterThanOrEqual(acknowledged.length);

      const body = await creationBody(seller, { paymentType: 'bank_transfer' });
      let finished = false;
      const rebuilding = admin.post('/admin/projections/buybacks/rebuild', {}).finally(() => {
        finished = true;
      });
      const meanwhile: string[] = [];
      while (!finished || meanwhile.length < 3) {
        const created = await seller.post(`/store/${PARIS}/buybacks`, body);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        meanwhile.push(created.body.id);
      }
      const rebuilt = await rebuilding;
      expect(rebuilt.status, `${JSON.stringify(rebuilt.body)}\n${logs()}`).toBe(200);
      await caughtUp();

      const expected = [...before.map((row) => row.id), ...meanwhile].sort();
      for (const [index, api] of installation.apis.entries()) {
        const after = await everyRow(direct(index, seller), '/buybacks');
        expect(after.map((row) => row.id).sort(), `${api.name}'s list after the rebuild`).toEqual(expected);
        expect(byId(after.filter((row) => !meanwhile.includes(row.id))), `${api.name}'s rows written before the rebuild`).toEqual(before);
        for (const detail of details) expect((await direct(index, seller).get(`/buybacks/${detail.id}`)).body).toEqual(detail);
      }
    }, 120_000);
  });
}

replicaSuite(EMBEDDED);

const production = await productionEngines();
if (typeof production === 'string') {
  describe.skip(production, () => {
    it.skip(production, () => undefined);
  });
} else {
  replicaSuite(production);
}
