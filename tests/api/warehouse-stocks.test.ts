import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { expectOk, ISO_UTC, proposalTokenFromMail } from '../support/api-helpers.js';
import { checkedInItem, daysAgo, stockSteps, worseThanDeclared } from '../support/warehouse-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { IDEMPOTENCY_COLLECTION } from '../../infrastructure/http/idempotency.js';
import { NATIVE_STOCK_KINDS, nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';

/**
 * The warehouse's stocks through the API: the five native stocks every
 * warehouse has, the warehouse's own (created, renamed, deleted by its
 * manager), their product quantity and average age following the items,
 * who may see and who may manage them, and the list's filters and sorts.
 */

const DEMO_WAREHOUSE = DEMO_IDS.warehouses.demo;
const OTHER_WAREHOUSE = DEMO_IDS.warehouses.other;
const TO_APPROVE = nativeStockId(DEMO_WAREHOUSE, 'to_approve');

let t: TestPlatform;
/** warehouse-manager@demo.test: holds stock.manage for the demo warehouse. */
let manager: ApiClient;
/** warehouse@demo.test: the operator, who lists stocks and moves items, but manages no stock. */
let operator: ApiClient;
let seller: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [manager, operator, seller, admin] = await Promise.all([
    t.login('warehouse-manager@demo.test', 'rps'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('seller@demo.test'),
    t.login('admin@demo.test'),
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const { unique, createStock, stock, listed } = stockSteps(() => manager);

describe('Given the demo warehouse as it starts', () => {
  it('When its manager lists the native stocks, then the five are there, each with its kind, no name, nothing in it and no age', async () => {
    const natives = await listed('native=true');
    expect(natives.map((s) => s.kind).sort()).toEqual([...NATIVE_STOCK_KINDS].sort());
    for (const native of natives) {
      expect(native).toMatchObject({
        id: nativeStockId(DEMO_WAREHOUSE, native.kind),
        warehouseId: DEMO_WAREHOUSE,
        accountId: DEMO_IDS.accounts.demo,
        name: null,
        quantity: 0,
        averageAgeInDays: null,
        deletable: false,
      });
    }
  });

  it('When the whole list is asked without an order, then the native stocks come first', async () => {
    await createStock({ name: unique('Aaa premier par le nom') });
    const all = await listed('');
    expect(all.length).toBeGreaterThan(5);
    expect(all.slice(0, 5).map((s) => s.kind).sort()).toEqual([...NATIVE_STOCK_KINDS].sort());
    expect(all.slice(5).every((s) => s.kind === null)).toBe(true);
  });
});

describe('Given a new stock of the warehouse’s own', () => {
  it('When the manager creates it, then it answers 201 with its Location, and the stock reads as given, empty and deletable', async () => {
    const name = unique('Étagère A');
    const created = await manager.post('/stocks', { name, identifier: 'ET-A', location: 'Allée 3' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/stocks/${created.body.id}`);
    const read = await stock(created.body.id);
    expect(read).toMatchObject({
      id: created.body.id,
      warehouseId: DEMO_WAREHOUSE,
      accountId: DEMO_IDS.accounts.demo,
      kind: null,
      name,
      identifier: 'ET-A',
      location: 'Allée 3',
      quantity: 0,
      averageAgeInDays: null,
      deletable: true,
    });
    expect(read.createdAt).toMatch(ISO_UTC);
    expect(await listed(`name=${encodeURIComponent(name)}`)).toHaveLength(1);
  });

  it('When its name and fields come with spaces around them, then they are kept trimmed, and a blank identifier is none', async () => {
    const name = unique('Bac retours');
    const id = await createStock({ name: `   ${name}\t `, identifier: '   ', location: '  Quai 2 ' });
    expect(await stock(id)).toMatchObject({ name, identifier: null, location: 'Quai 2' });
  });

  it('When the name is missing or empty, then the schema refuses it (400 naming the field)', async () => {
    for (const body of [{}, { name: '' }, { name: null }]) {
      const refused = await manager.post('/stocks', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.details.fields.map((f: { field: string }) => f.field)).toContain('name');
    }
  });

  it('When the name is only spaces, then the domain refuses it: 422 STOCK_NAME_REQUIRED, translated', async () => {
    const refused = await manager.post('/stocks', { name: '   ' }, { 'Accept-Language': 'en-GB' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('STOCK_NAME_REQUIRED');
    expect(refused.headers.get('content-language')).toBe('en-GB');
    expect(refused.body.message).not.toBe('STOCK_NAME_REQUIRED');
  });

  it('When the name has 255 characters, then it is accepted; with 256, the schema refuses it', async () => {
    const longest = `${randomUUID()}${'n'.repeat(255 - 36)}`;
    const id = await createStock({ name: longest });
    expect((await stock(id)).name).toHaveLength(255);
    const refused = await manager.post('/stocks', { name: `${longest}x` });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.details.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name' })]));
  });

  it('When the identifier or the location has 256 characters, then the schema refuses it', async () => {
    for (const field of ['identifier', 'location']) {
      const refused = await manager.post('/stocks', { name: unique('Trop long'), [field]: 'x'.repeat(256) });
      expect(refused.status, field).toBe(400);
      expect(refused.body.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
  });

  it('When another stock of the warehouse already has the name in another case, then it answers 409 STOCK_NAME_ALREADY_EXISTS and creates nothing', async () => {
    const name = unique('Rayon Écrans');
    await createStock({ name });
    for (const same of [name.toUpperCase(), name.toLowerCase(), `  ${name}  `]) {
      const refused = await manager.post('/stocks', { name: same });
      expect(refused.status, same).toBe(409);
      expect(refused.body.code).toBe('STOCK_NAME_ALREADY_EXISTS');
    }
    expect(await listed(`name=${encodeURIComponent(name)}`)).toHaveLength(1);
  });

  it('When the super admin creates the same name in Other Retail’s warehouse, then it is allowed there (once Other Retail has the advanced_stocks premium feature)', async () => {
    const name = unique('Rayon partagé');
    const mine = await createStock({ name });
    // A warehouse's own stocks are the advanced_stocks premium feature: Other Retail has none until the provider enables it.
    const refused = await admin.post('/stocks', { name, warehouseId: OTHER_WAREHOUSE });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'PREMIUM_FEATURE_NOT_ENABLED' });
    expect((await admin.patch(`/organization-root-details/${DEMO_IDS.accounts.other}`, { enabledPremiumFeatures: ['advanced_stocks'] })).status).toBe(200);
    const theirs = await createStock({ name, warehouseId: OTHER_WAREHOUSE }, admin);
    expect(theirs).not.toBe(mine);
    expect(await stock(theirs, admin)).toMatchObject({ name, warehouseId: OTHER_WAREHOUSE, accountId: DEMO_IDS.accounts.other });
    // Each warehouse's list shows its own only.
    expect((await listed(`name=${encodeURIComponent(name)}`)).map((s) => s.id)).toEqual([mine]);
    expect((await listed(`name=${encodeURIComponent(name)}&warehouseId=${OTHER_WAREHOUSE}`, admin)).map((s) => s.id)).toEqual([theirs]);
    expect((await admin.patch(`/organization-root-details/${DEMO_IDS.accounts.other}`, { enabledPremiumFeatures: [] })).status).toBe(200);
  });

  it('When the super admin names no warehouse, then it answers 400 on warehouseId', async () => {
    const refused = await admin.post('/stocks', { name: unique('Nulle part') });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields).toEqual([expect.objectContaining({ field: 'warehouseId' })]);
  });

  it('When a warehouse manager names another warehouse, then it answers 403 WAREHOUSE_NOT_ALLOWED, translated, and no stock is created anywhere', async () => {
    const name = unique('Chez un autre');
    const refused = await manager.post('/stocks', { name, warehouseId: OTHER_WAREHOUSE }, { 'Accept-Language': 'de-DE' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'WAREHOUSE_NOT_ALLOWED', details: { warehouseId: OTHER_WAREHOUSE } });
    expect(refused.headers.get('content-language')).toBe('de-DE');
    expect(refused.body.message).not.toBe('WAREHOUSE_NOT_ALLOWED');
    expect(await listed(`name=${encodeURIComponent(name)}`)).toEqual([]);
    expect(await listed(`name=${encodeURIComponent(name)}&warehouseId=${OTHER_WAREHOUSE}`, admin)).toEqual([]);
  });

  it('When a warehouse manager names their own warehouse, or none, then the stock is created there', async () => {
    const named = await createStock({ name: unique('Chez moi'), warehouseId: DEMO_WAREHOUSE });
    const implied = await createStock({ name: unique('Chez moi aussi'), warehouseId: null });
    expect((await stock(named)).warehouseId).toBe(DEMO_WAREHOUSE);
    expect((await stock(implied)).warehouseId).toBe(DEMO_WAREHOUSE);
  });
});

describe('Given the native stocks’ names, in the four languages', () => {
  it.each([
    ['the French name', 'En quarantaine', 'in_quarantine'],
    ['the English name in capitals', 'IN QUARANTINE', 'in_quarantine'],
    ['the German name without its umlaut', 'in quarantane', 'in_quarantine'],
    ['the French name without accents', 'a valider (en attente de controle)', 'to_approve'],
    ['the Dutch name', 'Klantretour', 'customer_return'],
  ])('When a stock is created with %s, then it answers 409 STOCK_NAME_RESERVED and the move targets keep one such stock', async (_title, name, kind) => {
    const refused = await manager.post('/stocks', { name }, { 'Accept-Language': 'nl-BE' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STOCK_NAME_RESERVED', details: { kind } });
    expect(refused.headers.get('content-language')).toBe('nl-BE');
    expect(refused.body.message).not.toBe('STOCK_NAME_RESERVED');
    expect(await listed(`native=false&name=${encodeURIComponent(name)}`)).toEqual([]);
  });

  it('When a stock is renamed to a native name, then it answers 409 STOCK_NAME_RESERVED and keeps its name; a name that only contains one is allowed', async () => {
    const name = unique('Bientôt renommé');
    const id = await createStock({ name });
    const refused = await manager.patch(`/stocks/${id}`, { name: 'Retour client' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STOCK_NAME_RESERVED', details: { kind: 'customer_return' } });
    expect((await stock(id)).name).toBe(name);
    const similar = unique('Retour client');
    await expectOk(manager.patch(`/stocks/${id}`, { name: similar }));
    expect((await stock(id)).name).toBe(similar);
  });
});

describe('Given a stock created with an Idempotency-Key', () => {
  it('When the creation is retried with the same key, then the first answer comes back and one stock exists', async () => {
    const name = unique('Clé');
    const key = randomUUID();
    const first = await manager.post('/stocks', { name }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const retry = await manager.post('/stocks', { name }, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await listed(`name=${encodeURIComponent(name)}`)).map((s) => s.id)).toEqual([first.body.id]);
  });

  // BUG (application/warehouse/commands/stocks.ts, createStock: `const stockId = deps.ids.uuid()` and onStocks returning
  // `{ id: stockId }`): when the kept answer is lost (a crash after the append), the retry finds its own event in the
  // warehouse's stocks stream and writes nothing, but answers a NEW random id, a stock that does not exist (404). The
  // answer should carry the id its event recorded (or the id should come from the key, as a keyed creation's does).
  it('When the creation is retried after its kept answer was lost, then the retry answers the stock that was created', async () => {
    const name = unique('Clé perdue');
    const key = randomUUID();
    const first = await expectOk(manager.post('/stocks', { name }, { 'Idempotency-Key': key }), 201);
    await t.platform.documents.collection(IDEMPOTENCY_COLLECTION).clear();
    const head = await t.platform.eventStore.lastGlobalPosition();
    const retry = await manager.post('/stocks', { name }, { 'Idempotency-Key': key });
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.id);
    expect(retry.headers.get('location')).toBe(`/api/stocks/${first.id}`);
  });
});

describe('Given a stock of the warehouse’s own, edited', () => {
  it('When the manager renames it, then the new name shows in the detail and the list, and the old one finds nothing', async () => {
    const before = unique('Ancien nom');
    const id = await createStock({ name: before, identifier: 'ID-1', location: 'Allée 1' });
    const after = unique('Nouveau nom');
    const answer = await expectOk(manager.patch(`/stocks/${id}`, { name: after, identifier: 'ID-1', location: 'Allée 1' }));
    expect(answer.id).toBe(id);
    expect(await stock(id)).toMatchObject({ name: after, identifier: 'ID-1', location: 'Allée 1' });
    expect((await listed(`name=${encodeURIComponent(after)}`)).map((s) => s.id)).toEqual([id]);
    expect(await listed(`name=${encodeURIComponent(before)}`)).toEqual([]);
  });

  it('When its identifier and location change, then they read as changed, trimmed', async () => {
    const name = unique('Palette');
    const id = await createStock({ name, identifier: 'P-1', location: 'Quai 1' });
    await expectOk(manager.patch(`/stocks/${id}`, { name, identifier: ' P-2 ', location: 'Quai 9' }));
    expect(await stock(id)).toMatchObject({ name, identifier: 'P-2', location: 'Quai 9' });
    await expectOk(manager.patch(`/stocks/${id}`, { name, identifier: null, location: null }));
    expect(await stock(id)).toMatchObject({ identifier: null, location: null });
  });

  // BUG (application/warehouse/commands/stocks.ts, fields(): `identifier: input.identifier ?? null`): a PATCH that
  // leaves out identifier or location erases them, as if null had been sent; a PATCH changes only what it names.
  it('When only its name is sent (PATCH), then its identifier and location are kept', async () => {
    const name = unique('Renommé seul');
    const id = await createStock({ name, identifier: 'GARDE', location: 'Mezzanine' });
    await expectOk(manager.patch(`/stocks/${id}`, { name: `${name} bis` }));
    expect(await stock(id)).toMatchObject({ name: `${name} bis`, identifier: 'GARDE', location: 'Mezzanine' });
  });

  it('When it is renamed to another stock’s name in another case, then 409 STOCK_NAME_ALREADY_EXISTS; to its own name in another case, it is allowed', async () => {
    const taken = unique('Occupé');
    await createStock({ name: taken });
    const name = unique('Libre');
    const id = await createStock({ name });
    const refused = await manager.patch(`/stocks/${id}`, { name: taken.toUpperCase() });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('STOCK_NAME_ALREADY_EXISTS');
    expect((await stock(id)).name).toBe(name);
    await expectOk(manager.patch(`/stocks/${id}`, { name: name.toUpperCase() }));
    expect((await stock(id)).name).toBe(name.toUpperCase());
  });

  it('When it is renamed to blanks or 256 characters, then it is refused (422 STOCK_NAME_REQUIRED, 400) and keeps its name', async () => {
    const name = unique('Intact');
    const id = await createStock({ name });
    const blank = await manager.patch(`/stocks/${id}`, { name: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.code).toBe('STOCK_NAME_REQUIRED');
    expect((await manager.patch(`/stocks/${id}`, { name: 'n'.repeat(256) })).status).toBe(400);
    expect((await stock(id)).name).toBe(name);
  });

  it('When a native stock is renamed, then it answers 409 STOCK_NATIVE_NOT_EDITABLE with its kind, and it keeps no name', async () => {
    const refused = await manager.patch(`/stocks/${TO_APPROVE}`, { name: 'Mon stock à valider' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STOCK_NATIVE_NOT_EDITABLE', details: { kind: 'to_approve' } });
    expect(await stock(TO_APPROVE)).toMatchObject({ kind: 'to_approve', name: null });
  });

  it('When a native stock is deleted, then it answers 409 STOCK_NATIVE_NOT_DELETABLE and is still listed', async () => {
    const quarantine = nativeStockId(DEMO_WAREHOUSE, 'in_quarantine');
    const refused = await manager.delete(`/stocks/${quarantine}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STOCK_NATIVE_NOT_DELETABLE', details: { kind: 'in_quarantine' } });
    expect((await listed('native=true')).map((s) => s.id)).toContain(quarantine);
  });
});

describe('Given a stock deleted', () => {
  it('When the manager deletes an empty stock, then it answers 200, then 404 STOCK_NOT_FOUND, and the list no longer shows it', async () => {
    const name = unique('Éphémère');
    const id = await createStock({ name });
    const deleted = await expectOk(manager.delete(`/stocks/${id}`));
    expect(deleted.id).toBe(id);
    const gone = await manager.get(`/stocks/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('STOCK_NOT_FOUND');
    expect(await listed(`name=${encodeURIComponent(name)}`)).toEqual([]);
    expect((await listed('')).map((s) => s.id)).not.toContain(id);
    expect((await manager.delete(`/stocks/${id}`)).status).toBe(404);
    expect((await manager.patch(`/stocks/${id}`, { name })).status).toBe(404);
  });

  it('When a stock is deleted, then its name may be given again', async () => {
    const name = unique('Recyclé');
    const first = await createStock({ name });
    await expectOk(manager.delete(`/stocks/${first}`));
    const second = await createStock({ name: name.toUpperCase() });
    expect(second).not.toBe(first);
    expect((await stock(second)).name).toBe(name.toUpperCase());
  });

  it('When the stock holds an item, then it answers 409 STOCK_NOT_EMPTY with the item count, is not deletable, and stays', async () => {
    const id = await createStock({ name: unique('Occupé par un appareil') });
    const { item } = await checkedInItem(seller, operator, PARIS);
    await expectOk(operator.post(`/items/${item.id}/move`, { stockId: id, reason: 'Rangement' }));
    expect(await stock(id)).toMatchObject({ quantity: 1, deletable: false });
    const refused = await manager.delete(`/stocks/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STOCK_NOT_EMPTY', details: { itemCount: 1 } });
    expect((await stock(id)).quantity).toBe(1);
    // Emptied, it can go.
    await expectOk(operator.post(`/items/${item.id}/move`, { stockId: TO_APPROVE, reason: 'Retour au contrôle' }));
    expect(await stock(id)).toMatchObject({ quantity: 0, deletable: true });
    await expectOk(manager.delete(`/stocks/${id}`));
  });
});

describe('Given items checked in and moved', () => {
  it('When an item is checked in, then it counts in the to-approve stock', async () => {
    const before = (await stock(TO_APPROVE)).quantity as number;
    await checkedInItem(seller, operator, PARIS);
    await checkedInItem(seller, operator, PARIS);
    const after = await stock(TO_APPROVE);
    expect(after.quantity).toBe(before + 2);
    expect(typeof after.averageAgeInDays).toBe('number');
    expect(after.averageAgeInDays).toBeGreaterThanOrEqual(0);
  });

  it('When one is moved to a stock of the warehouse’s own, then it leaves the to-approve stock and counts in the other', async () => {
    const own = await createStock({ name: unique('Destination') });
    const { item } = await checkedInItem(seller, operator, PARIS);
    const before = (await stock(TO_APPROVE)).quantity as number;
    expect(await stock(own)).toMatchObject({ quantity: 0, averageAgeInDays: null });

    await expectOk(operator.post(`/items/${item.id}/move`, { stockId: own, reason: 'Mise en rayon' }));

    expect((await stock(TO_APPROVE)).quantity).toBe(before - 1);
    const moved = await stock(own);
    expect(moved.quantity).toBe(1);
    expect(moved.averageAgeInDays).toBeGreaterThanOrEqual(0);
    expect(moved.averageAgeInDays).toBeLessThan(0.1);
    expect((await expectOk(operator.get(`/items/${item.id}`))).stockId).toBe(own);
  });

  it('When the items in a stock were received 10 and 4 days ago, then its average age is 7 days; emptied, it has none', async () => {
    const own = await createStock({ name: unique('Vieux stock') });
    const old = await daysAgo(t, 10, () => checkedInItem(seller, operator, PARIS));
    const recent = await daysAgo(t, 4, () => checkedInItem(seller, operator, PARIS));
    await expectOk(operator.post(`/items/${old.item.id}/move`, { stockId: own, reason: 'Regroupement' }));
    expect((await stock(own)).averageAgeInDays).toBeCloseTo(10, 1);
    await expectOk(operator.post(`/items/${recent.item.id}/move`, { stockId: own, reason: 'Regroupement' }));
    expect(await stock(own)).toMatchObject({ quantity: 2 });
    expect((await stock(own)).averageAgeInDays).toBeCloseTo(7, 1);

    await expectOk(operator.post(`/items/${old.item.id}/move`, { stockId: TO_APPROVE, reason: 'Retour' }));
    expect((await stock(own)).averageAgeInDays).toBeCloseTo(4, 1);
    await expectOk(operator.post(`/items/${recent.item.id}/move`, { stockId: TO_APPROVE, reason: 'Retour' }));
    expect(await stock(own)).toMatchObject({ quantity: 0, averageAgeInDays: null });
  });

  it('When an item refused by its customer goes to the customer-return stock and is sent back, then it counts there, then nowhere', async () => {
    const returns = nativeStockId(DEMO_WAREHOUSE, 'customer_return');
    const before = (await stock(returns)).quantity as number;
    const { buyback, item } = await checkedInItem(seller, operator, PARIS, { customer: { email: 'retour.stock@example.com' } });
    await expectOk(operator.post(`/items/${item.id}/compliance-checks`, await worseThanDeclared(operator, 'Écran fissuré')));
    const { token } = proposalTokenFromMail(t.mailer, 'retour.stock@example.com');
    await expectOk(t.api.post(`/public/buybacks/${buyback.id}/price-proposal/reject`, { token }));
    expect((await stock(returns)).quantity).toBe(before + 1);
    await expectOk(operator.post(`/items/${item.id}/return`, { trackingNumber: 'RET-42' }));
    expect((await stock(returns)).quantity).toBe(before);
  });

  it('When an item is moved into the quarantine stock, or to the stock it is in, then it is refused (422) and stays', async () => {
    const { item } = await checkedInItem(seller, operator, PARIS);
    const quarantine = await operator.post(`/items/${item.id}/move`, { stockId: nativeStockId(DEMO_WAREHOUSE, 'in_quarantine'), reason: 'Suspect' });
    expect(quarantine.status).toBe(422);
    expect(quarantine.body.code).toBe('ITEM_STOCK_RESERVED_FOR_QUARANTINE');
    const same = await operator.post(`/items/${item.id}/move`, { stockId: TO_APPROVE, reason: 'Nulle part' });
    expect(same.status).toBe(422);
    expect(same.body.code).toBe('ITEM_ALREADY_IN_STOCK');
    expect((await expectOk(operator.get(`/items/${item.id}`))).stockId).toBe(TO_APPROVE);
  });

  it('When an item is moved to a deleted stock, then it answers 404 STOCK_NOT_FOUND', async () => {
    const gone = await createStock({ name: unique('Supprimé avant') });
    await expectOk(manager.delete(`/stocks/${gone}`));
    const { item } = await checkedInItem(seller, operator, PARIS);
    const refused = await operator.post(`/items/${item.id}/move`, { stockId: gone, reason: 'Trop tard' });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('STOCK_NOT_FOUND');
  });

  it('When an item is moved to a stock of another warehouse, then it answers 404 STOCK_NOT_FOUND and stays where it was', async () => {
    const { item } = await checkedInItem(seller, operator, PARIS);
    const refused = await operator.post(`/items/${item.id}/move`, { stockId: nativeStockId(OTHER_WAREHOUSE, 'to_approve'), reason: 'Ailleurs' });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('STOCK_NOT_FOUND');
    expect((await expectOk(operator.get(`/items/${item.id}`))).stockId).toBe(TO_APPROVE);
  });
});

describe('Given the warehouse operator, who may list the stocks but not manage them', () => {
  it('When they list the stocks, then they see their warehouse’s, natives included', async () => {
    const stocks = await listed('', operator);
    expect(stocks.filter((s) => s.kind !== null)).toHaveLength(5);
    expect(stocks.every((s) => s.warehouseId === DEMO_WAREHOUSE)).toBe(true);
  });

  it('When they create, rename or delete a stock, then each answers 403 ACCESS_DENIED naming stock.manage, and nothing changes', async () => {
    const name = unique('Intouchable');
    const id = await createStock({ name });
    const attempts = [
      () => operator.post('/stocks', { name: unique('Pas le droit') }),
      () => operator.patch(`/stocks/${id}`, { name: 'Renommé sans droit' }),
      () => operator.delete(`/stocks/${id}`),
    ];
    for (const attempt of attempts) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'ACCESS_DENIED', details: { permission: 'stock.manage' } });
    }
    expect(await stock(id, operator)).toMatchObject({ name });
    expect(await listed('name=Pas%20le%20droit', operator)).toEqual([]);
  });

  it('When a store seller asks for the stocks, then it answers 403 ACCESS_DENIED', async () => {
    const refused = await seller.get('/stocks');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCESS_DENIED', details: { permission: 'stock.list' } });
  });
});

describe('Given the stock list’s filters and sorts', () => {
  const tag = `Tri${randomUUID().slice(0, 6)}`;
  let ids: Record<'alpha' | 'bravo' | 'charlie', string>;

  beforeAll(async () => {
    ids = {
      charlie: await createStock({ name: `${tag} Charlie` }),
      alpha: await createStock({ name: `${tag} alpha` }),
      bravo: await createStock({ name: `${tag} Bravo` }),
    };
    // Bravo holds two items, Charlie one.
    for (const [stockId, count] of [[ids.bravo, 2], [ids.charlie, 1]] as const) {
      for (let i = 0; i < count; i++) {
        const { item } = await checkedInItem(seller, operator, PARIS);
        await expectOk(operator.post(`/items/${item.id}/move`, { stockId, reason: 'Tri' }));
      }
    }
  }, 60_000);

  it('When a part of the name is given in another case, then the stocks whose name contains it are listed', async () => {
    expect((await listed(`name=${tag.toLowerCase()}`)).map((s) => s.id).sort()).toEqual(Object.values(ids).sort());
    expect((await listed(`name=${encodeURIComponent(`${tag} BRAV`)}`)).map((s) => s.id)).toEqual([ids.bravo]);
    expect(await listed(`name=${tag}zzz`)).toEqual([]);
  });

  it('When native=false is asked, then only the warehouse’s own stocks are listed; native=true, only the five natives', async () => {
    const own = await listed('native=false');
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(own.every((s) => s.kind === null && s.name !== null)).toBe(true);
    const natives = await listed('native=true');
    expect(natives).toHaveLength(5);
    expect(natives.every((s) => s.kind !== null)).toBe(true);
  });

  it('When sorted by name, then the order ignores the case, both ways', async () => {
    const names = async (direction: string) => (await listed(`name=${tag}&order[name]=${direction}`)).map((s) => s.id);
    expect(await names('asc')).toEqual([ids.alpha, ids.bravo, ids.charlie]);
    expect(await names('desc')).toEqual([ids.charlie, ids.bravo, ids.alpha]);
  });

  it('When sorted by quantity or by creation, then they come in that order', async () => {
    expect((await listed(`name=${tag}&order[quantity]=desc`)).map((s) => s.quantity)).toEqual([2, 1, 0]);
    expect((await listed(`name=${tag}&order[quantity]=asc`)).map((s) => s.id)).toEqual([ids.alpha, ids.charlie, ids.bravo]);
    expect((await listed(`name=${tag}&order[createdAt]=asc`)).map((s) => s.id)).toEqual([ids.charlie, ids.alpha, ids.bravo]);
  });

  it('When paged one by one, then each page has one stock and says whether another follows', async () => {
    const first = await expectOk(manager.get(`/stocks?name=${tag}&order[name]=asc&itemsPerPage=1`));
    expect(first).toMatchObject({ totalItems: 3, hasNextPage: true, page: 1 });
    expect(first.items.map((s: { id: string }) => s.id)).toEqual([ids.alpha]);
    const last = await expectOk(manager.get(`/stocks?name=${tag}&order[name]=asc&itemsPerPage=1&page=3`));
    expect(last).toMatchObject({ hasNextPage: false });
    expect(last.items.map((s: { id: string }) => s.id)).toEqual([ids.charlie]);
  });

  it('When an unknown sort or a bad native value is asked, then it answers 400', async () => {
    expect((await manager.get('/stocks?order[averageAge]=asc')).status).toBe(400);
    expect((await manager.get('/stocks?native=maybe')).status).toBe(400);
  });
});
