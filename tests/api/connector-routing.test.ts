import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { startFakeCarrier, type FakeCarrier } from '../support/fake-carrier.js';
import { closedPackage, eventually, openPackage, scan } from '../support/logistics-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { EMBEDDED_CARRIER_NAME } from '../../infrastructure/transport/embedded-carrier.js';

/**
 * The carrier is resolved per organization (issue 23): the Paris store has
 * an active http-carrier configuration pointing at a carrier's API (a real
 * HTTP server on a free port), so its package's label comes from there; the
 * Nantes store has none (nor its ancestors), so the installation's default,
 * the embedded carrier, makes its label.
 */
let carrier: FakeCarrier;
let t: TestPlatform;
let retailer: ApiClient;
let paris: ApiClient;
let nantes: ApiClient;
let manager: ApiClient;

beforeAll(async () => {
  carrier = await startFakeCarrier();
  t = await startTestPlatform({ labelWorkerIntervalMs: 100 });
  [retailer, paris, nantes, manager] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test'), t.login('nantes-seller@demo.test'), t.login('manager@demo.test')]);
});
afterAll(async () => {
  await t?.close();
  await carrier?.close();
});

const transportOf = async (client: ApiClient, packageId: string) =>
  (await expectOk(client.get('/transports?itemsPerPage=100'))).items.find((row: { packageId: string }) => row.packageId === packageId) as Record<string, any> | undefined;

describe('Given the Paris store with an active http-carrier configuration and the Nantes store with none', () => {
  it('when each closes a package, then Paris’s label comes from its carrier’s API and Nantes’s from the default embedded carrier', async () => {
    await expectOk(
      retailer.post('/connector-organizations', {
        organizationId: DEMO_IDS.stores.paris,
        connectorId: 'http-carrier',
        name: 'Transporteur de Paris',
        properties: [
          { name: 'baseUrl', value: carrier.url },
          { name: 'apiKey', value: carrier.apiKey },
          { name: 'timeoutMs', value: '2000' },
        ],
        active: true,
      }),
      201,
    );

    const { pkg: parisPackage } = await closedPackage(paris, 1);
    const parisReady = await eventually(() => transportOf(manager, parisPackage.id), (row) => row?.labelStatus === 'ready', { timeoutMs: 15_000 });
    expect(parisReady).toMatchObject({ carrier: 'Fake Carrier', trackingNumber: expect.stringMatching(/^FC\d{11}$/) });
    expect([...carrier.shipments.values()].map((s) => s.trackingNumber)).toContain(parisReady!.trackingNumber);

    const buyback = await createStoreBuyback(nantes, DEMO_IDS.stores.nantes);
    const nantesPackage = await openPackage(nantes);
    await expectOk(scan(nantes, nantesPackage.id, buyback.identificationNumber));
    await expectOk(nantes.post(`/packages/${nantesPackage.id}/close`, {}));
    const nantesReady = await eventually(() => transportOf(retailer, nantesPackage.id), (row) => row?.labelStatus === 'ready', { timeoutMs: 15_000 });
    expect(nantesReady?.carrier).toBe(EMBEDDED_CARRIER_NAME);
    expect([...carrier.shipments.values()].map((s) => s.trackingNumber)).not.toContain(nantesReady!.trackingNumber);
  });
});
