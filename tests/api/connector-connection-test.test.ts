import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { startFakeCarrier, type FakeCarrier } from '../support/fake-carrier.js';
import { startFakePaymentProvider, type FakePaymentProvider } from '../support/fake-payment-provider.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * "Test the connection" (POST /connector-organizations/{id}/test, issue 23)
 * against real HTTP servers on free ports: a carrier's and a payment
 * provider's API accepting the key (ok), refusing it (401), and nobody
 * listening (unreachable); the result in the caller's language with its
 * latency, recorded as the last test; a connector without a test refused;
 * too many tests throttled.
 */
let carrier: FakeCarrier;
let provider: FakePaymentProvider;
let t: TestPlatform;
let retailer: ApiClient;
let counter = 0;

beforeAll(async () => {
  [carrier, provider] = await Promise.all([startFakeCarrier(), startFakePaymentProvider()]);
  t = await startTestPlatform();
  retailer = await t.login('retailer@demo.test', 'root');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([carrier?.close(), provider?.close()]);
});

async function configuration(connectorId: string, properties: Array<{ name: string; value: string }>): Promise<string> {
  const created = await expectOk(
    retailer.post('/connector-organizations', { organizationId: DEMO_IDS.organizations.demoOuest, connectorId, name: `Essai ${++counter}`, properties }),
    201,
  );
  return created.id;
}
const test = (client: ApiClient, id: string, language = 'fr-FR') => client.post(`/connector-organizations/${id}/test`, {}, { 'Accept-Language': language });

describe('Given configurations of providers', () => {
  it('when the carrier accepts the key, then ok with its latency, recorded as the last test', async () => {
    const id = await configuration('http-carrier', [{ name: 'baseUrl', value: carrier.url }, { name: 'apiKey', value: carrier.apiKey }]);
    const answer = await test(retailer, id, 'en-GB');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: 'Connection successful.' });
    expect(answer.body.latencyMs).toBeGreaterThanOrEqual(0);
    expect(carrier.requests.at(-1)).toMatchObject({ method: 'GET', path: '/ping' });
    const read = await retailer.get(`/connector-organizations/${id}`);
    expect(read.body.lastTest).toMatchObject({ ok: true, message: 'Connection successful.' });
  });

  it('when the payment provider refuses the key, then not ok, the message says the key was refused', async () => {
    const id = await configuration('http-payment-provider', [{ name: 'baseUrl', value: provider.url }, { name: 'apiKey', value: 'not-the-right-key' }]);
    const answer = await test(retailer, id);
    expect(answer.body).toMatchObject({ ok: false, message: 'Le fournisseur a refusé la clé d’API (401).' });
    expect((await retailer.get(`/connector-organizations/${id}/history`)).body.items.at(-1)).toMatchObject({ type: 'ConnectorConfigurationTested', changes: { lastTest: { to: { ok: false } } } });
  });

  it('when nobody listens at the url, then not ok, the message says it does not answer, and the key is in no answer', async () => {
    const id = await configuration('http-payment-provider', [{ name: 'baseUrl', value: 'http://127.0.0.1:9/' }, { name: 'apiKey', value: 'unreachable-secret-key' }]);
    const answer = await test(retailer, id);
    expect(answer.body.ok).toBe(false);
    expect(answer.body.message).toMatch(/^Le fournisseur ne répond pas : /);
    expect(JSON.stringify(answer.body)).not.toContain('unreachable-secret-key');
  });

  it('when the connector has no test, then CONNECTOR_NOT_TESTABLE; the embedded carrier is always ok', async () => {
    const sftp = await configuration('sftp-import', [{ name: 'catalogueSuffix', value: '-sftp' }]);
    const refused = await test(retailer, sftp);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 422, code: 'CONNECTOR_NOT_TESTABLE' });
    const embedded = await configuration('embedded-carrier', [{ name: 'carrierName', value: 'Maison' }]);
    expect((await test(retailer, embedded)).body).toMatchObject({ ok: true });
  });

  it('when one user tests too often, then RATE_LIMITED with Retry-After', async () => {
    const admin = await t.login('admin@demo.test');
    const embedded = await configuration('embedded-carrier', [{ name: 'carrierName', value: 'Maison' }]);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await test(admin, embedded);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last!.body.code).toBe('RATE_LIMITED');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
