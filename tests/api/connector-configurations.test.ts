import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The configurations of connectors for organizations (connector-
 * organizations, issue 23): created, read (secrets never answered), changed
 * by merge-patch with If-Match, deleted; the name unique per retailer and one
 * active transport configuration per organization, both decided race-safely;
 * the secret absent in clear from the event store's and read models' bytes.
 */
const ROOT = DEMO_IDS.organizations.demoRoot;
const SECRET = 'sk_live_Connector-Secret-4242-do-not-leak';
const MERGE = { 'Content-Type': 'application/merge-patch+json' };

let platform: TestPlatform;
let retailer: ApiClient;
let counter = 0;

function rawBytes(file: string): string {
  return ['', '-wal']
    .map((suffix) => join(platform.dataDir, `${file}${suffix}`))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

const carrierBody = (overrides: Record<string, unknown> = {}) => ({
  organizationId: ROOT,
  connectorId: 'http-carrier',
  name: `Transporteur ${++counter}`,
  properties: [
    { name: 'baseUrl', value: 'https://carrier.example/api' },
    { name: 'apiKey', value: SECRET },
  ],
  active: false,
  ...overrides,
});

beforeAll(async () => {
  platform = await startTestPlatform();
  retailer = await platform.login('retailer@demo.test', 'root');
});
afterAll(() => platform?.close());

describe('Given a retailer’s administrator', () => {
  it('when a configuration is created, then it reads back with its organization, its secret set but never answered, and an ETag', async () => {
    const created = await retailer.post('/connector-organizations', carrierBody({ name: 'Colis principal' }));
    expect(created.status).toBe(201);
    const read = await retailer.get(`/connector-organizations/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe(created.headers.get('etag'));
    expect(read.body).toMatchObject({ organizationId: ROOT, connectorId: 'http-carrier', connectorType: 'transport', name: 'Colis principal', active: false, lastTest: null });
    expect(read.body.organizationName).not.toBe('');
    expect(read.body.properties).toContainEqual({ name: 'apiKey', value: null, secret: true, set: true });
    expect(read.body.properties).toContainEqual({ name: 'baseUrl', value: 'https://carrier.example/api', secret: false, set: true });
    expect(read.body.properties).toContainEqual({ name: 'timeoutMs', value: null, secret: false, set: false });
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    const listed = await retailer.get(`/connector-organizations?organizationId=${ROOT}&name=principal`);
    expect(listed.body.items.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
  });

  it('when the event store’s and read models’ bytes are read, then the secret is not in them, only sealed', async () => {
    const events = rawBytes('events.db');
    expect(events).toContain('ConnectorConfigurationCreated');
    expect(events).toContain('sealed:v1:');
    expect(events).not.toContain(SECRET);
    expect(rawBytes('read-models.db')).not.toContain(SECRET);
  });

  it('when changed by merge-patch with If-Match, then only what changed is written, a secret left out is kept, and a stale If-Match is 412', async () => {
    const created = await retailer.post('/connector-organizations', carrierBody());
    const etag = created.headers.get('etag')!;
    const changed = await retailer.patch(`/connector-organizations/${created.body.id}`, { properties: [{ name: 'timeoutMs', value: '2500' }, { name: 'apiKey', value: null }] }, { ...MERGE, 'If-Match': etag });
    expect(changed.status).toBe(200);
    const history = await retailer.get(`/connector-organizations/${created.body.id}/history`);
    const last = history.body.items.at(-1);
    expect(last).toMatchObject({ type: 'ConnectorConfigurationChanged', changes: { 'properties.timeoutMs': { from: null, to: '2500' } } });
    expect(Object.keys(last.changes)).toEqual(['properties.timeoutMs']);
    expect(history.body.items[0].changes['properties.apiKey']).toEqual({ from: null, to: '••••' });
    expect(history.body.items[0].user).toMatchObject({ id: DEMO_IDS.users.retailer });
    const read = await retailer.get(`/connector-organizations/${created.body.id}`);
    expect(read.body.properties).toContainEqual({ name: 'apiKey', value: null, secret: true, set: true });
    const stale = await retailer.patch(`/connector-organizations/${created.body.id}`, { name: 'Autre nom' }, { ...MERGE, 'If-Match': etag });
    expect(stale.status).toBe(412);
  });

  it('when the body breaks the rules, then each refusal has its code', async () => {
    const none = await retailer.post('/connector-organizations', carrierBody({ properties: [] }));
    expect({ status: none.status, code: none.body.code }).toEqual({ status: 422, code: 'CONNECTOR_PROPERTIES_REQUIRED' });
    const bad = await retailer.post('/connector-organizations', carrierBody({ properties: [{ name: 'baseUrl', value: 'not a url' }] }));
    expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 422, code: 'CONNECTOR_PROPERTY_INVALID' });
    const other = await retailer.post('/connector-organizations', carrierBody({ organizationId: DEMO_IDS.organizations.otherRoot }));
    expect({ status: other.status, code: other.body.code }).toEqual({ status: 404, code: 'CONNECTOR_ORGANIZATION_NOT_FOUND' });
    const missing = await retailer.get(`/connector-organizations/${DEMO_IDS.organizations.otherRoot}`);
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 'CONNECTOR_CONFIGURATION_NOT_FOUND' });
  });

  it('when two creations with one name are sent together, then exactly one is created and the other is 409 CONNECTOR_CONFIGURATION_NAME_TAKEN', async () => {
    const body = carrierBody({ name: 'Nom disputé' });
    const answers = await Promise.all([retailer.post('/connector-organizations', body), retailer.post('/connector-organizations', { ...body, name: ' nom DISPUTÉ ' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('CONNECTOR_CONFIGURATION_NAME_TAKEN');
  });

  it('when two transport configurations of one organization are activated together, then one wins and the other is 409 CONNECTOR_ALREADY_ACTIVE; deleted, the winner frees the place', async () => {
    const organizationId = DEMO_IDS.organizations.demoFrance;
    const [a, b] = await Promise.all([retailer.post('/connector-organizations', carrierBody({ organizationId })), retailer.post('/connector-organizations', carrierBody({ organizationId }))]);
    const answers = await Promise.all(
      [a, b].map((created) => retailer.patch(`/connector-organizations/${created.body.id}`, { active: true }, MERGE)),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.body.code).toBe('CONNECTOR_ALREADY_ACTIVE');
    const active = await retailer.get(`/connector-organizations?organizationId=${organizationId}&type=transport&active=true`);
    expect(active.body.items).toHaveLength(1);
    const winner = active.body.items[0];
    const loser = [a, b].find((x) => x.body.id !== winner.id)!;
    expect((await retailer.delete(`/connector-organizations/${winner.id}`, { 'If-Match': `"${winner.revision}"` })).status).toBe(200);
    expect((await retailer.get(`/connector-organizations/${winner.id}`)).status).toBe(404);
    expect((await retailer.patch(`/connector-organizations/${loser.body.id}`, { active: true }, MERGE)).status).toBe(200);
  });
});
