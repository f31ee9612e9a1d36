import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The catalogue of connectors (issue 23): what the platform has, listed in
 * pages of up to 500, filtered by type and name; one by its slug; read by
 * the retailer's root managers and provider staff only.
 */
let platform: TestPlatform;
let retailer: ApiClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  retailer = await platform.login('retailer@demo.test', 'root');
});
afterAll(() => platform?.close());

describe('Given the catalogue of connectors', () => {
  it('when listed, then every connector the platform has is there with its type and properties, in one page of 500', async () => {
    const page = await retailer.get('/connectors');
    expect(page.status).toBe(200);
    expect(page.body.itemsPerPage).toBe(500);
    expect(page.body.items.map((c: { id: string }) => c.id)).toEqual(['http-carrier', 'embedded-carrier', 'http-payment-provider', 'sftp-import', 'openid-sso']);
    const carrier = page.body.items[0];
    expect(carrier).toMatchObject({ type: 'transport', fqn: 'transport.http_carrier', testable: true });
    expect(carrier.properties).toContainEqual({ name: 'apiKey', kind: 'secret', required: true });
  });

  it('when filtered by type or name, then only the matching ones come', async () => {
    const transport = await retailer.get('/connectors?type=transport');
    expect(transport.body.items.map((c: { id: string }) => c.id)).toEqual(['http-carrier', 'embedded-carrier']);
    expect(transport.body.totalItems).toBe(2);
    const named = await retailer.get('/connectors?name=sftp');
    expect(named.body.items.map((c: { id: string }) => c.id)).toEqual(['sftp-import']);
    expect((await retailer.get('/connectors?itemsPerPage=501')).status).toBe(400);
  });

  it('when one is asked by its slug, then it answers, and an unknown one is CONNECTOR_NOT_FOUND', async () => {
    expect((await retailer.get('/connectors/http-payment-provider')).body).toMatchObject({ type: 'payment_mode', name: 'Bank-transfer provider' });
    const missing = await retailer.get('/connectors/pigeon-post');
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 'CONNECTOR_NOT_FOUND' });
  });

  it('when a store seller asks, then it is refused', async () => {
    const seller = await platform.login('seller@demo.test', 'tim');
    expect((await seller.get('/connectors')).status).toBe(403);
  });
});
