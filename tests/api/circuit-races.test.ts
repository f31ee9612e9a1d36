import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainTypeOf, toNewEvent } from '../../application/events/codec.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import { CIRCUIT_GUARD_STREAMS } from '../../application/catalog/circuits/streams.js';
import type { CircuitConfigured, CircuitType } from '../../domain/catalog/events.js';
import { CIRCUIT_TYPE_SHAPE } from '../../domain/catalog/circuit/decide.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { expectOk } from '../support/api-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The rules between circuits hold under races (issue 21, "Circuits"): each
 * activation, deactivation and category link is appended with its account's
 * circuit guard stream at the revision read, so of two decisions fired at
 * once exactly one is written and the other is refused with the rule's
 * stable code, nothing half-written. Several rounds each, so the requests
 * overlap in some of them.
 */

const ROUNDS = 4;
let t: TestPlatform;
let admin: ApiClient;
let retailer: ApiClient;
let accountId: string;

beforeAll(async () => {
  t = await startTestPlatform();
  [admin, retailer] = await Promise.all([t.login('admin@demo.test'), t.login('retailer@demo.test', 'root')]);
  const client = await admin.post('/clients', {
    commonName: `Circuits ${randomUUID().slice(0, 6)}`,
    corporateName: 'Circuits SAS',
    siret: '732 829 320 00074',
    capitalInCents: 1_000_000_00,
    country: 'fr',
    modules: ['root', 'tim'],
    address: { street: '1 rue de Rivoli', zipCode: '75001', city: 'Paris' },
    premiumFeatures: [],
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  accountId = client.body.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A circuit of the new account, disabled, as the seed writes one (no route creates circuits). */
async function configured(circuitType: CircuitType): Promise<string> {
  const circuitId = randomUUID();
  const event: CircuitConfigured = {
    type: 'CircuitConfigured',
    data: {
      circuitId,
      name: `${circuitType} ${circuitId.slice(0, 4)}`,
      circuitType,
      ...CIRCUIT_TYPE_SHAPE[circuitType],
      description: null,
      eligibleCountries: ['FR'],
      paymentModeIds: [],
      shippingMethodIds: [],
      status: 'disabled',
      instructions: [],
      transferOrderNumberOfCopy: null,
      customerBonusInCents: 0,
      translations: null,
    },
  };
  const metadata = { accountId, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const appended = await t.platform.eventStore.appendToStream(CATALOG_STREAMS.circuit.name(circuitId), [toNewEvent(event, randomUUID(), metadata)], 'no_stream');
  expect(await t.platform.runner.waitFor(appended.lastGlobalPosition, 10_000)).toBe(true);
  return circuitId;
}

const statusOf = async (client: ApiClient, circuitId: string) => (await expectOk(client.get(`/circuits/${circuitId}`))).status as string;
const typesOf = async (stream: string) => (await t.platform.eventStore.readStream(stream)).map((e) => domainTypeOf(e));
const circuitEvents = (circuitId: string) => typesOf(CATALOG_STREAMS.circuit.name(circuitId));

describe('Given a retailer with two store_drop circuits and a web_drop one, all disabled', () => {
  let first: string;
  let second: string;
  let web: string;

  beforeAll(async () => {
    [first, second, web] = [await configured('store_drop'), await configured('store_drop'), await configured('web_drop')];
  });

  it('when both store_drop circuits are activated at once, then exactly one is, the other refused with CIRCUIT_STORE_DROP_ALREADY_ACTIVE, nothing half-written', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([first, second].map((id) => admin.post(`/circuits/${id}/activate`, { reason: `Round ${round}` })));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
      const loserIndex = answers.findIndex((a) => a.status === 409);
      expect(answers[loserIndex]!.body.code).toBe('CIRCUIT_STORE_DROP_ALREADY_ACTIVE');
      const [winner, loser] = loserIndex === 0 ? [second, first] : [first, second];
      expect([await statusOf(admin, winner), await statusOf(admin, loser)]).toEqual(['enabled', 'disabled']);
      // The loser's stream has no activation more than its deactivations; the guard recorded the winner's only.
      const loserEvents = await circuitEvents(loser);
      expect(loserEvents.filter((e) => e === 'CircuitActivated').length).toBe(loserEvents.filter((e) => e === 'CircuitDeactivated').length);
      await expectOk(admin.post(`/circuits/${winner}/deactivate`, {}));
    }
    const guard = await typesOf(CIRCUIT_GUARD_STREAMS.guard.name(accountId));
    expect(guard.filter((e) => e === 'CircuitActivationRecorded')).toHaveLength(ROUNDS);
    expect(guard.filter((e) => e === 'CircuitDeactivationRecorded')).toHaveLength(ROUNDS);
  });

  it('when the store_drop is deactivated while web_drop is activated, then never both: web_drop is never left active alone', async () => {
    await expectOk(admin.post(`/circuits/${first}/activate`, {}));
    for (let round = 0; round < ROUNDS; round++) {
      const [deactivation, activation] = await Promise.all([admin.post(`/circuits/${first}/deactivate`, {}), admin.post(`/circuits/${web}/activate`, {})]);
      expect([deactivation.status, activation.status].sort(), JSON.stringify([deactivation.body, activation.body])).toEqual([200, 409]);
      const [store, webStatus] = [await statusOf(admin, first), await statusOf(admin, web)];
      if (activation.status === 200) {
        expect(deactivation.body.code).toBe('CIRCUIT_NEEDED_BY_WEB_DROP');
        expect([store, webStatus]).toEqual(['enabled', 'enabled']);
        await expectOk(admin.post(`/circuits/${web}/deactivate`, {}));
      } else {
        expect(activation.body.code).toBe('CIRCUIT_STORE_DROP_REQUIRED');
        expect([store, webStatus]).toEqual(['disabled', 'disabled']);
        await expectOk(admin.post(`/circuits/${first}/activate`, {}));
      }
    }
  });
});

describe('Given the demo retailer’s store drop-off with a label circuit, active and unused', () => {
  const circuit = DEMO_IDS.circuits.demo.store_drop_label;
  const category = DEMO_IDS.categories.accessories;

  it('when a category links it while it is deactivated, then one wins: linked and active, or unlinked and inactive', async () => {
    await expectOk(retailer.post(`/circuits/${circuit}/activate`, {}));
    for (let round = 0; round < ROUNDS; round++) {
      const [link, deactivation] = await Promise.all([retailer.post(`/categories/${category}/circuits/${circuit}`), retailer.post(`/circuits/${circuit}/deactivate`, {})]);
      expect([link.status, deactivation.status].sort(), JSON.stringify([link.body, deactivation.body])).toEqual([200, 409]);
      const linked = ((await expectOk(retailer.get(`/categories/${category}`))).circuitIds as string[]).includes(circuit);
      const status = await statusOf(retailer, circuit);
      if (link.status === 200) {
        expect(deactivation.body).toMatchObject({ code: 'CIRCUIT_USED_BY_CATEGORIES', details: { categoryCount: 1 } });
        expect([linked, status]).toEqual([true, 'enabled']);
        await expectOk(retailer.delete(`/categories/${category}/circuits/${circuit}`));
      } else {
        expect(link.body.code).toBe('CATEGORY_CIRCUIT_INACTIVE');
        expect([linked, status]).toEqual([false, 'disabled']);
        await expectOk(retailer.post(`/circuits/${circuit}/activate`, {}));
      }
    }
    // Unlinked, it is no longer used: it is deactivated.
    await expectOk(retailer.post(`/circuits/${circuit}/deactivate`, {}));
    expect(await statusOf(retailer, circuit)).toBe('disabled');
  });
});
