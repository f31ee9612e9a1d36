import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, createWebBuyback, expectOk, historyOf } from '../support/api-helpers.js';
import { creationBody } from '../support/buyback-fixtures.js';
import { eventually, LYON, ORLEANS, PARIS } from '../support/logistics-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { LOGISTICS_DEMO_IDS } from '../../infrastructure/modules/logistics/demo-data.js';

/**
 * The warehouse dispatch rules through the API: written, changed, moved and
 * deleted by a retailer administrator (each refusal with its code, If-Match
 * on the rules' revision), and applied to each new buyback (the first rule
 * whose conditions all hold; the nearest destination to the store or the web
 * customer; else the default warehouse; else the buyback is refused and
 * nothing is written). The buyback's history names the rule.
 */

const STORE_LYON = DEMO_IDS.stores.lyon;
const GALAXY = DEMO_IDS.products.galaxyS23_128;
const RULES = '/warehouse-dispatch-rules';

let t: TestPlatform;
let retailer: ApiClient;
let seller: ApiClient;
let operator: ApiClient;
let visitor: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, seller, operator, visitor, admin] = await Promise.all([
    t.login('retailer@demo.test', 'root'),
    t.login('seller@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.anonymous(),
    t.login('admin@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

interface RuleView {
  id: string;
  position: number;
  title: string;
  conditions: Array<{ attribute: string; operator: string; values: string[] }>;
  warehouseIds: string[];
  nearest: boolean;
  updatedAt: string;
}

const rules = async (): Promise<RuleView[]> => (await expectOk(retailer.get(`${RULES}?itemsPerPage=100`))).items;
const settings = async () => {
  const answer = await retailer.get('/warehouse-dispatch-settings');
  expect(answer.status).toBe(200);
  return { ...answer.body, etag: answer.headers.get('etag') as string };
};
const samsungRule = (overrides: Record<string, unknown> = {}) => ({
  title: 'Samsung au plus proche',
  conditions: [{ attribute: 'brand', operator: 'in', values: ['samsung'] }],
  warehouseIds: [ORLEANS, LYON],
  nearest: true,
  ...overrides,
});

/** The registration entry of the buyback's history: what dispatched it. */
async function dispatchOf(id: string) {
  const history = await historyOf(retailer, id);
  const registration = history[0]!;
  const detail = await expectOk(retailer.get(`/buybacks/${id}`));
  return { warehouseId: detail.warehouseId as string, dispatch: detail.dispatch, changes: registration.changes as Record<string, { to: unknown }> };
}

describe('Given Demo Retail’s three rules and its default warehouse, Orléans', () => {
  it('when the administrator reads them, then they come in order with the default warehouse; a store seller may not', async () => {
    const list = await rules();
    expect(list.map((r) => [r.id, r.position])).toEqual([
      [LOGISTICS_DEMO_IDS.rules.consoles, 0],
      [LOGISTICS_DEMO_IDS.rules.worn, 1],
      [LOGISTICS_DEMO_IDS.rules.webNearest, 2],
    ]);
    expect(await settings()).toMatchObject({ defaultWarehouseId: ORLEANS, ruleCount: 3 });
    expect(await expectOk(retailer.get(`${RULES}/${LOGISTICS_DEMO_IDS.rules.consoles}`))).toMatchObject({ title: 'Consoles de jeux vers l’atelier de Lyon', warehouseIds: [LYON] });
    expect((await seller.get(RULES)).status).toBe(403);
    expect((await operator.post(RULES, samsungRule())).status).toBe(403);
    // Provider staff name the tenant.
    expect((await admin.get(RULES)).body.code).toBe('ACCOUNT_REQUIRED');
    expect((await expectOk(admin.get(`${RULES}?accountId=${DEMO_IDS.accounts.demo}`))).items).toHaveLength(3);
    expect((await expectOk(admin.get(`${RULES}?accountId=${DEMO_IDS.accounts.other}`))).items).toHaveLength(0);
  });

  it('when a rule is written wrongly, then each mistake is refused with its code and nothing is saved', async () => {
    const before = await settings();
    const cases: Array<[string, Record<string, unknown>, string, number, Record<string, unknown>?]> = [
      ['blank title', samsungRule({ title: '   ' }), 'DISPATCH_RULE_TITLE_REQUIRED', 422],
      // The schema's bound is the rule's (255), as the OpenAPI document says: past it, the validator refuses it.
      ['title too long', samsungRule({ title: 'x'.repeat(256) }), 'VALIDATION_FAILED', 400],
      ['no condition', samsungRule({ conditions: [] }), 'DISPATCH_RULE_CONDITION_REQUIRED', 422],
      ['no value', samsungRule({ conditions: [{ attribute: 'brand', operator: 'in', values: [] }] }), 'DISPATCH_RULE_CONDITION_VALUES_REQUIRED', 422],
      ['blank values', samsungRule({ conditions: [{ attribute: 'brand', operator: 'in', values: ['  '] }] }), 'DISPATCH_RULE_CONDITION_VALUES_REQUIRED', 422],
      ['no warehouse', samsungRule({ warehouseIds: [] }), 'DISPATCH_RULE_WAREHOUSE_REQUIRED', 422],
      ['a warehouse twice', samsungRule({ warehouseIds: [LYON, LYON] }), 'DISPATCH_RULE_WAREHOUSE_DUPLICATE', 422],
      ['another tenant’s warehouse', samsungRule({ warehouseIds: [DEMO_IDS.warehouses.other] }), 'DISPATCH_RULE_WAREHOUSE_UNKNOWN', 422],
      ['a store for a warehouse', samsungRule({ warehouseIds: [PARIS] }), 'DISPATCH_RULE_WAREHOUSE_UNKNOWN', 422],
      [
        'an unknown category',
        samsungRule({ conditions: [{ attribute: 'category', operator: 'in', values: [DEMO_IDS.categories.otherSmartphones] }] }),
        'DISPATCH_RULE_VALUE_UNKNOWN',
        422,
        { attribute: 'category', value: DEMO_IDS.categories.otherSmartphones },
      ],
      [
        'an unknown circuit',
        samsungRule({ conditions: [{ attribute: 'circuit', operator: 'not_in', values: [DEMO_IDS.circuits.demo.store_drop, '00000000-0000-4000-8000-000000000000'] }] }),
        'DISPATCH_RULE_VALUE_UNKNOWN',
        422,
        { attribute: 'circuit', value: '00000000-0000-4000-8000-000000000000' },
      ],
      ['an unknown state', samsungRule({ conditions: [{ attribute: 'productState', operator: 'in', values: ['grade_z'] }] }), 'DISPATCH_RULE_VALUE_UNKNOWN', 422, { attribute: 'productState', value: 'grade_z' }],
    ];
    for (const [what, body, code, status, details] of cases) {
      const refused = await retailer.post(RULES, body);
      expect({ what, status: refused.status, code: refused.body.code }).toEqual({ what, status, code });
      if (details) expect(refused.body.details, what).toMatchObject(details);
    }
    expect(await settings()).toMatchObject({ ruleCount: 3, revision: before.revision });

    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await retailer.get(`${RULES}/${unknown}`)).body.code).toBe('DISPATCH_RULE_NOT_FOUND');
    expect((await retailer.request('PUT', `${RULES}/${unknown}`, samsungRule())).body.code).toBe('DISPATCH_RULE_NOT_FOUND');
    expect((await retailer.delete(`${RULES}/${unknown}`)).body.code).toBe('DISPATCH_RULE_NOT_FOUND');
    const ids = (await rules()).map((r) => r.id);
    for (const ruleIds of [ids.slice(1), [...ids, unknown], [ids[0], ids[0], ids[1]]]) {
      const refused = await retailer.post(`${RULES}/reorder`, { ruleIds });
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: 'DISPATCH_RULE_ORDER_MISMATCH' });
    }
    expect(await settings()).toMatchObject({ ruleCount: 3, revision: before.revision });
  });
});

describe('Given a rule for Samsung phones to the nearest of Orléans and Lyon', () => {
  let ruleId: string;

  it('when the administrator creates it first, then new Samsung buybacks go to the warehouse nearest to their store or web customer, and their history names the rule', async () => {
    const created = await retailer.post(RULES, { ...samsungRule(), position: 0 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ruleId = created.body.id;
    expect(created.headers.get('location')).toBe(`/api${RULES}/${ruleId}`);
    const list = await rules();
    expect(list[0]).toMatchObject({ id: ruleId, position: 0, title: 'Samsung au plus proche', nearest: true, warehouseIds: [ORLEANS, LYON] });
    expect(list.map((r) => r.position)).toEqual([0, 1, 2, 3]);
    // Created again with the same Idempotency-Key: the same rule, not a second one.
    const key = 'dispatch-rule-creation-0001';
    const keyed = await expectOk(retailer.post(RULES, samsungRule({ title: 'Une règle de trop' }), { 'Idempotency-Key': key }), 201);
    const retried = await expectOk(retailer.post(RULES, samsungRule({ title: 'Une règle de trop' }), { 'Idempotency-Key': key }), 201);
    expect(retried.id).toBe(keyed.id);
    expect((await rules()).filter((r) => r.title === 'Une règle de trop')).toHaveLength(1);
    await expectOk(retailer.delete(`${RULES}/${keyed.id}`));

    // A Paris store: Orléans is nearer. The Lyon store: Lyon.
    const inParis = await createStoreBuyback(seller, PARIS, { productId: GALAXY });
    const fromParis = await dispatchOf(inParis.id);
    expect(fromParis.warehouseId).toBe(ORLEANS);
    expect(fromParis.dispatch).toMatchObject({ by: 'rule', ruleId, ruleTitle: 'Samsung au plus proche', nearest: true });
    expect(fromParis.changes).toMatchObject({ dispatchRule: { to: 'Samsung au plus proche' }, dispatchedBy: { to: 'rule' } });
    const inLyon = await createStoreBuyback(retailer, STORE_LYON, { productId: GALAXY });
    expect(await dispatchOf(inLyon.id)).toMatchObject({ warehouseId: LYON, dispatch: { by: 'rule', ruleId }, changes: { dispatchRule: { to: 'Samsung au plus proche' } } });

    // A web customer in Lyon, and one near Paris (the demo's web rule, below ours, is not reached for Samsung).
    const webLyon = await createWebBuyback(visitor, retailer, { productId: GALAXY, circuitType: 'web_post', customer: { zipCode: '69003', city: 'Lyon' } });
    expect(await dispatchOf(webLyon.id)).toMatchObject({ warehouseId: LYON, dispatch: { ruleId } });
    const webParis = await createWebBuyback(visitor, retailer, { productId: GALAXY, circuitType: 'web_post', customer: { zipCode: '92100', city: 'Boulogne-Billancourt' } });
    expect(await dispatchOf(webParis.id)).toMatchObject({ warehouseId: ORLEANS, dispatch: { ruleId } });
    // An iPhone bought on the web in Lyon: the demo's web rule, nearest too.
    const iphoneLyon = await createWebBuyback(visitor, retailer, { circuitType: 'web_post', customer: { zipCode: '69003', city: 'Lyon' } });
    expect(await dispatchOf(iphoneLyon.id)).toMatchObject({ warehouseId: LYON, dispatch: { by: 'rule', ruleId: LOGISTICS_DEMO_IDS.rules.webNearest } });
  });

  it('when an iPhone is bought in the Paris store, then no rule holds and it goes to the default warehouse, its history saying so', async () => {
    const iphone = await createStoreBuyback(seller, PARIS);
    const dispatched = await dispatchOf(iphone.id);
    expect(dispatched).toMatchObject({ warehouseId: ORLEANS, dispatch: { by: 'default', ruleId: null } });
    expect(dispatched.changes.dispatchedBy).toMatchObject({ to: 'default' });
    expect(dispatched.changes.dispatchRule).toBeUndefined();
  });

  it('when the rule is changed with If-Match (a stale one refused), moved and reordered, then new buybacks follow the new rule', async () => {
    const stale = (await settings()).etag;
    const nudge = await retailer.request('PUT', `${RULES}/${ruleId}`, samsungRule({ title: 'Samsung vers Lyon', warehouseIds: [LYON], nearest: false }), { 'If-Match': stale });
    expect(nudge.status, JSON.stringify(nudge.body)).toBe(200);
    const updated = await expectOk(retailer.get(`${RULES}/${ruleId}`));
    expect(updated).toMatchObject({ title: 'Samsung vers Lyon', warehouseIds: [LYON], nearest: false, position: 0 });

    const conflict = await retailer.request('PUT', `${RULES}/${ruleId}`, samsungRule({ title: 'Perdu' }), { 'If-Match': stale });
    expect(conflict.status).toBe(412);
    expect((await expectOk(retailer.get(`${RULES}/${ruleId}`))).title).toBe('Samsung vers Lyon');

    const inParis = await createStoreBuyback(seller, PARIS, { productId: GALAXY });
    expect(await dispatchOf(inParis.id)).toMatchObject({ warehouseId: LYON, dispatch: { by: 'rule', ruleTitle: 'Samsung vers Lyon', nearest: false } });

    // Moved to the end with the current revision: the same fields, another place.
    const current = (await settings()).etag;
    const moved = await retailer.request('PUT', `${RULES}/${ruleId}`, { ...samsungRule({ title: 'Samsung vers Lyon', warehouseIds: [LYON], nearest: false }), position: 3 }, { 'If-Match': current });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await rules()).map((r) => r.id)).toEqual([LOGISTICS_DEMO_IDS.rules.consoles, LOGISTICS_DEMO_IDS.rules.worn, LOGISTICS_DEMO_IDS.rules.webNearest, ruleId]);

    // Reordered: ours first again; with a stale If-Match, refused.
    const order = [ruleId, LOGISTICS_DEMO_IDS.rules.consoles, LOGISTICS_DEMO_IDS.rules.worn, LOGISTICS_DEMO_IDS.rules.webNearest];
    expect((await retailer.post(`${RULES}/reorder`, { ruleIds: order }, { 'If-Match': stale })).status).toBe(412);
    await expectOk(retailer.post(`${RULES}/reorder`, { ruleIds: order }, { 'If-Match': (await settings()).etag }));
    expect((await rules()).map((r) => [r.id, r.position])).toEqual(order.map((id, position) => [id, position]));
  });

  it('when the rule is changed and moved in one PUT with If-Match, then both are saved (and a stale If-Match saves neither)', async () => {
    const before = await settings();
    const body = { ...samsungRule({ title: 'Samsung vers Orléans', warehouseIds: [ORLEANS], nearest: false }), position: 2 };
    const saved = await retailer.request('PUT', `${RULES}/${ruleId}`, body, { 'If-Match': before.etag });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rule = await expectOk(retailer.get(`${RULES}/${ruleId}`));
    expect(rule).toMatchObject({ title: 'Samsung vers Orléans', warehouseIds: [ORLEANS], position: 2 });
    expect(saved.headers.get('etag')).toBe((await settings()).etag);

    const stale = await retailer.request('PUT', `${RULES}/${ruleId}`, { ...body, title: 'Jamais', position: 0 }, { 'If-Match': before.etag });
    expect(stale.status).toBe(412);
    expect(await expectOk(retailer.get(`${RULES}/${ruleId}`))).toMatchObject({ title: 'Samsung vers Orléans', position: 2 });

    // Without If-Match too.
    await expectOk(retailer.request('PUT', `${RULES}/${ruleId}`, { ...body, title: 'Samsung vers Lyon', warehouseIds: [LYON], position: 0 }));
    expect(await expectOk(retailer.get(`${RULES}/${ruleId}`))).toMatchObject({ title: 'Samsung vers Lyon', position: 0 });
  });

  it('when rules use not_in, brands in other capitals and declared states, then they match as written', async () => {
    const notSamsung = await expectOk(
      retailer.post(RULES, { title: 'Tout sauf Samsung et Apple, à Lyon', conditions: [{ attribute: 'brand', operator: 'not_in', values: ['SAMSUNG', ' apple '] }], warehouseIds: [LYON], nearest: false, position: 0 }),
      201,
    );
    try {
      const pixel = await createStoreBuyback(seller, PARIS, { productId: DEMO_IDS.products.pixel7_128 });
      expect(await dispatchOf(pixel.id)).toMatchObject({ warehouseId: LYON, dispatch: { ruleId: notSamsung.id } });
      const iphone = await createStoreBuyback(seller, PARIS);
      expect((await dispatchOf(iphone.id)).dispatch.ruleId).not.toBe(notSamsung.id);
      const rule = await expectOk(retailer.get(`${RULES}/${notSamsung.id}`));
      expect(rule.conditions).toEqual([{ attribute: 'brand', operator: 'not_in', values: ['SAMSUNG', 'apple'] }]);
    } finally {
      await expectOk(retailer.delete(`${RULES}/${notSamsung.id}`));
    }
    // The declared state: a device declared in the state the rule names goes by it; the same device worn does not.
    const declared = (await expectOk(retailer.get(`/buybacks/${(await createStoreBuyback(seller, PARIS)).id}`))).grade as string;
    const byState = await expectOk(
      retailer.post(RULES, {
        title: 'Comme déclarés à Lyon',
        conditions: [
          { attribute: 'productState', operator: 'in', values: [declared] },
          { attribute: 'category', operator: 'in', values: [DEMO_IDS.categories.smartphones] },
        ],
        warehouseIds: [LYON],
        nearest: false,
        position: 0,
      }),
      201,
    );
    try {
      const iphone = await createStoreBuyback(seller, PARIS);
      expect(await dispatchOf(iphone.id)).toMatchObject({ warehouseId: LYON, dispatch: { ruleId: byState.id } });
      // Rewritten to `not_in` the declared state: the same device no longer matches it.
      const other = await expectOk(retailer.request('PUT', `${RULES}/${byState.id}`, {
        title: 'Comme déclarés à Lyon',
        conditions: [{ attribute: 'productState', operator: 'not_in', values: [declared] }],
        warehouseIds: [LYON],
        nearest: false,
      }));
      expect(other.id).toBe(byState.id);
      const again = await createStoreBuyback(seller, PARIS);
      expect((await dispatchOf(again.id)).dispatch.ruleId).not.toBe(byState.id);
    } finally {
      await expectOk(retailer.delete(`${RULES}/${byState.id}`));
    }
  });

  it('when the rule is deleted, then Samsung buybacks go to the default warehouse again', async () => {
    const stale = (await settings()).etag;
    await expectOk(retailer.request('PUT', `${RULES}/${ruleId}`, samsungRule({ title: 'Samsung vers Lyon, bientôt supprimée', warehouseIds: [LYON], nearest: false })));
    expect((await retailer.delete(`${RULES}/${ruleId}`, { 'If-Match': stale })).status).toBe(412);
    await expectOk(retailer.delete(`${RULES}/${ruleId}`));
    expect((await rules()).map((r) => r.id)).not.toContain(ruleId);
    expect((await retailer.get(`${RULES}/${ruleId}`)).status).toBe(404);
    const inLyon = await createStoreBuyback(retailer, STORE_LYON, { productId: GALAXY });
    expect(await dispatchOf(inLyon.id)).toMatchObject({ warehouseId: ORLEANS, dispatch: { by: 'default' } });
  });
});

describe('Given no default warehouse', () => {
  it('when no rule holds for a new buyback, then it is refused with BUYBACK_NO_WAREHOUSE_FOR_CATEGORY and nothing is written; a console still goes by its rule', async () => {
    const current = await settings();
    await expectOk(retailer.request('PUT', '/warehouse-dispatch-settings', { defaultWarehouseId: null }, { 'If-Match': current.etag }));
    try {
      expect(await settings()).toMatchObject({ defaultWarehouseId: null });
      const labelsIdle = async () => (await expectOk(admin.get('/health'))).workers.find((w: { name: string }) => w.name === 'labels').backlog === 0;
      await eventually(labelsIdle, (idle) => idle, { timeoutMs: 10_000 });
      const body = await creationBody(seller, {});
      const listed = (await expectOk(seller.get('/buybacks?itemsPerPage=1'))).totalItems;
      const head = await t.platform.eventStore.lastGlobalPosition();

      const refused = await seller.post(`/store/${PARIS}/buybacks`, body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.code).toBe('BUYBACK_NO_WAREHOUSE_FOR_CATEGORY');
      const web = await visitor.post('/web/buybacks', await creationBody(visitor, { channel: 'web', circuitType: 'web_drop' }));
      expect(web.body.code).toBe('BUYBACK_NO_WAREHOUSE_FOR_CATEGORY');
      expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
      expect((await expectOk(seller.get('/buybacks?itemsPerPage=1'))).totalItems).toBe(listed);

      const console = await createStoreBuyback(seller, PARIS, { productId: DEMO_IDS.products.ps5 });
      expect(await dispatchOf(console.id)).toMatchObject({ warehouseId: LYON, dispatch: { by: 'rule', ruleId: LOGISTICS_DEMO_IDS.rules.consoles } });
    } finally {
      await expectOk(retailer.request('PUT', '/warehouse-dispatch-settings', { defaultWarehouseId: ORLEANS }));
    }
    expect(await settings()).toMatchObject({ defaultWarehouseId: ORLEANS });
    expect((await retailer.request('PUT', '/warehouse-dispatch-settings', { defaultWarehouseId: DEMO_IDS.warehouses.other })).body.code).toBe('DISPATCH_RULE_WAREHOUSE_UNKNOWN');
    expect((await retailer.request('PUT', '/warehouse-dispatch-settings', { defaultWarehouseId: LYON }, { 'If-Match': current.etag })).status).toBe(412);
    expect(await settings()).toMatchObject({ defaultWarehouseId: ORLEANS });
  });
});
