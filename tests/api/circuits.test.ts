import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk, ISO_UTC } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/seed-streams.js';
import { CIRCUIT_TYPES } from '../../domain/catalog/events.js';

/**
 * The circuits and their dispatch circuit rules through the API (issue 21):
 * the list and one circuit of the caller's retailer only, a merge-patch with
 * If-Match (instructions, bonus, a translation read back per language), each
 * refused field named, the rules between circuits (a used circuit stays
 * active), the history; the rules' creation, list and premium connector.
 */

const circuits = DEMO_IDS.circuits.demo;
let t: TestPlatform;
let retailer: ApiClient;
let seller: ApiClient;
/** Other Retail's root manager: holds circuit.manage, in another tenant. */
let otherManager: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, seller] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test')]);
  const admin = await t.login('admin@demo.test');
  const email = 'circuits.manager@other.test';
  const created = await admin.post('/users', {
    firstname: 'Olga',
    lastname: 'Circuit',
    email,
    status: 'active',
    accountId: DEMO_IDS.accounts.other,
    modules: { root: { userType: 'root_management_unit_manager', organizationId: DEMO_IDS.organizations.otherRoot } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = /https?:\/\/\S+/.exec(t.mailer.sent.find((mail) => mail.to === email)?.text ?? '')?.[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = new URL(link as string).searchParams.get('token') as string;
  await expectOk(t.api.post(`/password/new/${encodeURIComponent(token)}`, { password: DEMO_PASSWORD, repeat: DEMO_PASSWORD, acceptTerms: true }));
  otherManager = await t.login(email, 'root');
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('Given the demo retailer’s circuits', () => {
  it('When its manager lists them, then the seven types are there, by name, the store labelled one inactive and unused', async () => {
    const page = await expectOk(retailer.get('/circuits?itemsPerPage=20'));
    expect(page.items.map((c: { circuitType: string }) => c.circuitType).sort()).toEqual([...CIRCUIT_TYPES].sort());
    const names = page.items.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const labelled = page.items.find((c: { id: string }) => c.id === circuits.store_drop_label);
    expect(labelled).toMatchObject({ status: 'disabled', channel: 'store', deposit: 'drop_label', categoryCount: 0, customerBonusInCents: 0 });
    expect(page.items.find((c: { id: string }) => c.id === circuits.web_post).categoryCount).toBeGreaterThan(0);
    expect(page.items.some((c: { id: string }) => c.id === DEMO_IDS.circuits.other.web_post)).toBe(false);
  });

  it('When a seller asks, then the list is refused (circuit.list)', async () => {
    expect((await seller.get('/circuits')).status).toBe(403);
  });

  it('When another retailer’s manager reads, changes or deactivates one, then it is not found, as an unknown id', async () => {
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'Volé' }],
      ['POST', '/deactivate', {}],
      ['GET', '/history', undefined],
    ] as const) {
      const answer = await otherManager.request(method, `/circuits/${circuits.web_post}${suffix}`, body);
      expect(answer.status, `${method} ${suffix}`).toBe(404);
      expect(answer.body.code).toBe('CIRCUIT_NOT_FOUND');
    }
    const own = await expectOk(otherManager.get('/circuits'));
    expect(own.items.map((c: { id: string }) => c.id).sort()).toEqual(Object.values(DEMO_IDS.circuits.other).sort());
  });

  it('When its instructions, bonus and an English label change with If-Match, then each language reads its own, and the history says who', async () => {
    const before = await retailer.request('GET', `/circuits/${circuits.web_post}`);
    const changed = await retailer.request(
      'PATCH',
      `/circuits/${circuits.web_post}`,
      {
        instructions: [
          { type: 'protect', label: 'Emballez l’appareil dans du papier bulle' },
          { type: 'post', label: null },
        ],
        customerBonusInCents: -300,
        translations: { 'en-GB': { 'instructions.1.label': 'Wrap the device in bubble wrap' } },
        reason: 'Nouvel emballage',
      },
      { 'If-Match': before.headers.get('etag') as string, 'Content-Type': 'application/merge-patch+json' },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const french = await expectOk(retailer.get(`/circuits/${circuits.web_post}`));
    expect(french).toMatchObject({ customerBonusInCents: -300, revision: before.body.revision + 1 });
    expect(french.instructions).toEqual([
      { sequence: 1, type: 'protect', label: 'Emballez l’appareil dans du papier bulle' },
      { sequence: 2, type: 'post', label: null },
    ]);
    const english = await expectOk(retailer.request('GET', `/circuits/${circuits.web_post}`, undefined, { 'Accept-Language': 'en-GB' }));
    expect(english.instructions[0].label).toBe('Wrap the device in bubble wrap');
    expect(english.french.instructions[0].label).toBe('Emballez l’appareil dans du papier bulle');
    const history = await expectOk(retailer.get(`/circuits/${circuits.web_post}/history`));
    const last = history.items.at(-1);
    expect(last).toMatchObject({ type: 'CircuitChanged', reason: 'Nouvel emballage', user: { id: DEMO_IDS.users.retailer } });
    expect(last.at).toMatch(ISO_UTC);
    expect(Object.keys(last.changes).sort()).toEqual(['customerBonusInCents', 'instructions', 'translations']);
    expect(last.changes.customerBonusInCents).toEqual({ from: 0, to: -300 });
    // A stale revision is refused, nothing written.
    const stale = await retailer.request('PATCH', `/circuits/${circuits.web_post}`, { customerBonusInCents: 0 }, { 'If-Match': before.headers.get('etag') as string });
    expect(stale.status).toBe(412);
  });

  it('When seven instructions, markup, a half cent and another retailer’s payment mode are sent, then each field is named, in German', async () => {
    const refused = await retailer.request(
      'PATCH',
      `/circuits/${circuits.web_collect}`,
      {
        instructions: Array.from({ length: 7 }, () => ({ type: 'none', label: null })),
        description: '<b>Collecte</b>',
        customerBonusInCents: 10.5,
        paymentModeIds: [DEMO_IDS.paymentModes.other.voucher],
      },
      { 'Accept-Language': 'de-DE' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CIRCUIT_INVALID');
    expect(refused.body.details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`)).toEqual([
      'instructions:CIRCUIT_TOO_MANY_INSTRUCTIONS',
      'description:CIRCUIT_MARKUP_NOT_ALLOWED',
      'paymentModeIds:CIRCUIT_REFERENCE_UNKNOWN',
      'customerBonusInCents:CIRCUIT_BONUS_INVALID',
    ]);
    expect(refused.headers.get('content-language')).toBe('de-DE');
  });

  it('When a circuit categories use is deactivated, then it is refused with their count; an unused one is deactivated and activated again', async () => {
    const used = await expectOk(retailer.get(`/circuits/${circuits.web_post}`));
    const refused = await retailer.request('POST', `/circuits/${circuits.web_post}/deactivate`, { reason: 'Essai' }, { 'Accept-Language': 'en-GB' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CIRCUIT_USED_BY_CATEGORIES', details: { categoryCount: used.categoryCount } });
    expect(refused.body.message).toContain(String(used.categoryCount));
    expect((await expectOk(retailer.get(`/circuits/${circuits.web_post}`))).status).toBe('enabled');

    await expectOk(retailer.post(`/circuits/${circuits.store_drop_label}/activate`, { reason: 'Ouverture' }));
    expect((await expectOk(retailer.get(`/circuits/${circuits.store_drop_label}`))).status).toBe('enabled');
    await expectOk(retailer.post(`/circuits/${circuits.store_drop_label}/deactivate`, {}));
    const history = await expectOk(retailer.get(`/circuits/${circuits.store_drop_label}/history`));
    expect(history.items.map((e: { type: string }) => e.type)).toEqual(['CircuitConfigured', 'CircuitActivated', 'CircuitDeactivated']);
  });

  it('When the store store_drop circuit is deactivated, then it is refused (categories use it, and the web store-drop needs it)', async () => {
    const refused = await retailer.post(`/circuits/${circuits.store_drop}/deactivate`, {});
    expect(refused.status).toBe(409);
    expect(['CIRCUIT_USED_BY_CATEGORIES', 'CIRCUIT_NEEDED_BY_WEB_DROP']).toContain(refused.body.code);
  });
});

describe('Given a dispatch circuit rule', () => {
  let ruleId: string;

  it('When the manager creates one for a circuit, then the list shows its circuit, categories and the circuit’s instructions', async () => {
    const created = await retailer.post('/dispatch-circuit-rules', {
      circuit: circuits.web_drop_label,
      description: 'Point relais pour les téléphones',
      categoryIds: [DEMO_IDS.categories.smartphones],
      traceabilityEnabled: true,
      eligibleCountries: ['fr'],
      customValues: { carrierCode: 'DPD' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ruleId = created.body.id;
    const page = await expectOk(retailer.get(`/dispatch-circuit-rules?circuit=${circuits.web_drop_label}`));
    expect(page.items).toHaveLength(1);
    const circuit = await expectOk(retailer.get(`/circuits/${circuits.web_drop_label}`));
    expect(page.items[0]).toMatchObject({
      id: ruleId,
      circuit: circuits.web_drop_label,
      circuit_name: circuit.name,
      categoryCount: 1,
      categoryLabels: ['Smartphones'],
      eligibleCountries: ['FR'],
      status: 'enabled',
      ownInstructions: false,
      instructions: circuit.instructions,
    });
    const again = await retailer.post('/dispatch-circuit-rules', { circuit: circuits.web_drop_label });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DISPATCH_CIRCUIT_RULE_ALREADY_EXISTS');
  });

  it('When it is disabled and given its own instruction, then it reads them; another retailer does not find it', async () => {
    await expectOk(retailer.patch(`/dispatch-circuit-rules/${ruleId}`, { status: 'disabled', instructions: [{ type: 'sign', label: 'Signez le bon' }] }));
    const rule = await expectOk(retailer.get(`/dispatch-circuit-rules/${ruleId}`));
    expect(rule).toMatchObject({ status: 'disabled', ownInstructions: true, instructions: [{ sequence: 1, type: 'sign', label: 'Signez le bon' }] });
    expect((await otherManager.get(`/dispatch-circuit-rules/${ruleId}`)).status).toBe(404);
    expect((await otherManager.patch(`/dispatch-circuit-rules/${ruleId}`, { status: 'enabled' })).status).toBe(404);
    expect((await expectOk(otherManager.get('/dispatch-circuit-rules'))).items).toEqual([]);
  });

  it('When a premium connector the retailer lacks is launched, then it is refused; stopping it is not', async () => {
    const state = await expectOk(retailer.get(`/dispatch-circuit-rules/${ruleId}/launch-premium-feature-connector?action=deposit_bonus`));
    expect(state).toEqual({ ruleId, action: 'deposit_bonus', available: false, active: false });
    const refused = await retailer.patch(`/dispatch-circuit-rules/${ruleId}/launch-premium-feature-connector?action=deposit_bonus`, { active: true });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PREMIUM_FEATURE_NOT_ENABLED');
    await expectOk(retailer.patch(`/dispatch-circuit-rules/${ruleId}/launch-premium-feature-connector?action=deposit_bonus`, { active: false }));
    const history = await expectOk(retailer.get(`/dispatch-circuit-rules/${ruleId}/history`));
    expect(history.items.map((e: { type: string }) => e.type)).toEqual(['DispatchCircuitRuleCreated', 'DispatchCircuitRuleChanged']);
  });
});
