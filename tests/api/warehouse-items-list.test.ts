import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { bestResponses, PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, expectOk, ISO_UTC } from '../support/api-helpers.js';
import { checkedInItem, csvLines, daysAgo, firstBytes, shippedItem, worseThanDeclared, type ShippedItem } from '../support/warehouse-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';

/**
 * The items list (GET /items), its CSV export, one item's detail and its
 * history, over a warehouse holding items at every stage: each filter as a
 * warehouse user expects it, the sorts and paging, who sees which items,
 * and what each role is offered to do.
 */

const LYON = DEMO_IDS.stores.lyon;
const WAREHOUSE = DEMO_IDS.warehouses.demo;
const TO_APPROVE = nativeStockId(WAREHOUSE, 'to_approve');
const TO_REFURBISH = nativeStockId(WAREHOUSE, 'to_refurbish');
const IN_QUARANTINE = nativeStockId(WAREHOUSE, 'in_quarantine');
const { iphone13_128, galaxyS23_128, pixel7_128 } = DEMO_IDS.products;

let t: TestPlatform;
let operator: ApiClient;
let warehouseManager: ApiClient;
let storeManager: ApiClient;
let seller: ApiClient;
let root: ApiClient;
let admin: ApiClient;

/** The warehouse's items, one at each stage (see beforeAll). */
let items: {
  /** iPhone 15, shipped, not received. */
  inTransit: ShippedItem;
  /** iPhone 15, received 20 days ago, moved to the shelf. */
  onShelf: ShippedItem;
  /** Galaxy S23 from Paris, received and checked as declared 5 days ago (IMEI recorded): completed, to refurbish. */
  completed: ShippedItem;
  /** Pixel 7 from Lyon, received today, quarantined as counterfeit. */
  counterfeit: ShippedItem;
  /** iPhone 15, received today, quarantined as reported stolen. */
  stolen: ShippedItem;
  /** iPhone 15, received today, found worse: a new price awaits the customer's answer. */
  proposed: ShippedItem;
  /** iPhone 13, registered in the store, not shipped. */
  awaiting: { id: string; buybackId: string; identificationNumber: string };
};
let shelf: string;
let shelfName: string;
let imei: string;
/** Other Retail's item: never in Demo Retail's lists. */
let foreignItemId: string;

function imeiOn(tac: string, serial: string): string {
  return `${tac}${serial}${luhnCheckDigit(tac + serial)}`;
}

beforeAll(async () => {
  t = await startTestPlatform();
  [operator, warehouseManager, storeManager, seller, root, admin] = await Promise.all([
    t.login('warehouse@demo.test', 'rps'),
    t.login('warehouse-manager@demo.test', 'rps'),
    t.login('manager@demo.test'),
    t.login('seller@demo.test'),
    t.login('retailer@demo.test', 'root'),
    t.login('admin@demo.test'),
  ]);
  shelfName = `Étagère ${randomUUID().slice(0, 6)}`;
  shelf = (await expectOk(warehouseManager.post('/stocks', { name: shelfName }), 201)).id;
  const galaxy = await expectOk(seller.get(`/products/${galaxyS23_128}`));
  imei = imeiOn((galaxy.tacCodes as string[])[0] ?? '35000000', '424242');

  const onShelf = await daysAgo(t, 20, async () => {
    const item = await checkedInItem(seller, operator, PARIS);
    await expectOk(operator.post(`/items/${item.item.id}/move`, { stockId: shelf, reason: 'Mise en rayon' }));
    return item;
  });
  const completed = await daysAgo(t, 5, async () => {
    const item = await checkedInItem(seller, operator, PARIS, { productId: galaxyS23_128 });
    const check = { productId: galaxyS23_128, imei, responses: await bestResponses(operator, galaxyS23_128), decision: { kind: 'by_rule' } };
    await expectOk(operator.post(`/items/${item.item.id}/compliance-checks`, check));
    return item;
  });
  const inTransit = await shippedItem(seller, operator, PARIS);
  const counterfeit = await checkedInItem(root, operator, LYON, { productId: pixel7_128 });
  await expectOk(operator.post(`/items/${counterfeit.item.id}/quarantine`, { reason: 'counterfeit', comment: 'Coque contrefaite' }));
  const stolen = await checkedInItem(seller, operator, PARIS);
  await expectOk(operator.post(`/items/${stolen.item.id}/quarantine`, { reason: 'imei_reported_stolen', comment: 'IMEI sur liste noire' }));
  const proposed = await checkedInItem(seller, operator, PARIS);
  await expectOk(operator.post(`/items/${proposed.item.id}/compliance-checks`, await worseThanDeclared(operator, 'Batterie usée')));
  const registered = await createStoreBuyback(seller, PARIS, { productId: iphone13_128 });
  const awaiting = (await expectOk(operator.get(`/items?buybackId=${registered.id}`))).items[0];
  items = {
    inTransit,
    onShelf,
    completed,
    counterfeit,
    stolen,
    proposed,
    awaiting: { id: awaiting.id, buybackId: registered.id, identificationNumber: registered.identificationNumber },
  };

  const foreign = await createStoreBuyback(await t.login('seller@other.test'), DEMO_IDS.stores.lille, { productId: DEMO_IDS.products.otherIphone13_128 });
  foreignItemId = (await expectOk(admin.get(`/items?buybackId=${foreign.id}`))).items[0].id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Key = keyof typeof items;
const idOf = (key: Key) => ('item' in items[key] ? (items[key] as ShippedItem).item.id : (items[key] as { id: string }).id);
const codeOf = (key: Key) => ('buyback' in items[key] ? (items[key] as ShippedItem).buyback.identificationNumber : (items[key] as { identificationNumber: string }).identificationNumber);
const ALL: Key[] = ['inTransit', 'onShelf', 'completed', 'counterfeit', 'stolen', 'proposed', 'awaiting'];

/** The items listed for `query`, by their fixture name, sorted (the caller's visibility applies). */
async function listed(query: string, client: ApiClient = operator): Promise<string[]> {
  const answer = await client.get(`/items?itemsPerPage=100&${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const byId = new Map(ALL.map((key) => [idOf(key), key]));
  return (answer.body.items as Array<{ id: string }>).map((item) => byId.get(item.id) ?? item.id).sort();
}
const sorted = (...keys: Key[]) => [...keys].sort();

describe('Given the warehouse’s items at every stage, listed by its operator', () => {
  it('When no filter is given, then every item of the warehouse is listed, from every store, and no other tenant’s', async () => {
    expect(await listed('')).toEqual(sorted(...ALL));
    expect(await listed('', admin)).toContain(foreignItemId);
  });

  it('When stocks are chosen, then only the items in them are listed', async () => {
    expect(await listed(`stockId[]=${shelf}`)).toEqual(['onShelf']);
    expect(await listed(`stockId[]=${TO_REFURBISH}`)).toEqual(['completed']);
    expect(await listed(`stockId[]=${IN_QUARANTINE}&stockId[]=${shelf}`)).toEqual(sorted('counterfeit', 'stolen', 'onShelf'));
    expect(await listed(`stockId[]=${TO_APPROVE}`)).toEqual(['proposed']);
  });

  it('When statuses are chosen, then only the items in one of them are listed', async () => {
    expect(await listed('status[]=item_in_quarantine')).toEqual(sorted('counterfeit', 'stolen'));
    expect(await listed('status[]=item_in_transit&status[]=item_awaiting_inventory')).toEqual(sorted('inTransit', 'awaiting'));
    expect(await listed('status[]=item_completed')).toEqual(['completed']);
    expect(await listed('status[]=item_awaiting_compliancy_tests')).toEqual(['proposed']);
    expect(await listed('status[]=item_returned')).toEqual([]);
    expect((await operator.get('/items?status[]=item_on_the_moon')).status).toBe(400);
  });

  it('When a product is chosen, then only its items are listed', async () => {
    expect(await listed(`productId=${galaxyS23_128}`)).toEqual(['completed']);
    expect(await listed(`productId=${iphone13_128}`)).toEqual(['awaiting']);
    expect(await listed(`productId=${randomUUID()}`)).toEqual([]);
  });

  it('When a brand is typed in another case or with spaces, then its items are found; a part of a brand is not a brand', async () => {
    expect(await listed('brand=aPPLE')).toEqual(sorted('inTransit', 'onShelf', 'stolen', 'proposed', 'awaiting'));
    expect(await listed('brand=%20samsung%20')).toEqual(['completed']);
    expect(await listed('brand=GOOGLE')).toEqual(['counterfeit']);
    expect(await listed('brand=app')).toEqual([]);
  });

  it('When a category is chosen, then the items of every category below it are listed too', async () => {
    const { smartphones, electronics, appleIphone, samsungGalaxy, googlePixel, tablets } = DEMO_IDS.categories;
    expect(await listed(`categoryId=${electronics}`)).toEqual(sorted(...ALL));
    expect(await listed(`categoryId=${smartphones}`)).toEqual(sorted(...ALL));
    expect(await listed(`categoryId=${appleIphone}`)).toEqual(sorted('inTransit', 'onShelf', 'stolen', 'proposed', 'awaiting'));
    expect(await listed(`categoryId=${samsungGalaxy}`)).toEqual(['completed']);
    expect(await listed(`categoryId=${googlePixel}`)).toEqual(['counterfeit']);
    expect(await listed(`categoryId=${tablets}`)).toEqual([]);
  });

  it('When the start of a 13-digit code is typed, with or without the screen’s spaces, then the items whose code starts so are listed', async () => {
    const code = codeOf('stolen');
    expect(await listed(`code=${code}`)).toEqual(['stolen']);
    expect(await listed(`code=${code.slice(0, 12)}`)).toEqual(['stolen']);
    expect(await listed(`code=${encodeURIComponent(`${code.slice(0, 1)} ${code.slice(1, 7)} ${code.slice(7)}`)}`)).toEqual(['stolen']);
    const prefix = code.slice(0, 3);
    const expected = ALL.filter((key) => codeOf(key).startsWith(prefix));
    expect(await listed(`code=${prefix}`)).toEqual(sorted(...expected));
    // A code's middle is not its start.
    expect(await listed(`code=${code.slice(1, 12)}`)).not.toContain('stolen');
  });

  it('When the 8-character item code is typed, then its item is listed', async () => {
    const shortCode = codeOf('completed').slice(-8);
    expect(items.completed.item.shortCode).toBe(shortCode);
    expect(await listed(`code=${shortCode}`)).toEqual(['completed']);
  });

  it('When a code with other characters is typed, then it answers 400', async () => {
    expect((await operator.get('/items?code=2%25')).status).toBe(400);
    expect((await operator.get(`/items?code=${'1'.repeat(21)}`)).status).toBe(400);
  });

  it('When the IMEI the check recorded is typed, then its item is listed; another IMEI finds nothing', async () => {
    expect(await listed(`imei=${imei}`)).toEqual(['completed']);
    expect(await listed(`imei=${imeiOn('35000000', '999999')}`)).toEqual([]);
    expect((await operator.get('/items?imei=35ABC')).status).toBe(400);
  });

  it('When quarantine reasons are chosen, then only the items held for one of them are listed', async () => {
    expect(await listed('quarantineReason[]=counterfeit')).toEqual(['counterfeit']);
    expect(await listed('quarantineReason[]=counterfeit&quarantineReason[]=imei_reported_stolen')).toEqual(sorted('counterfeit', 'stolen'));
    expect(await listed('quarantineReason[]=other')).toEqual([]);
  });

  it('When a buyback is chosen, then its item alone is listed', async () => {
    expect(await listed(`buybackId=${items.proposed.buyback.id}`)).toEqual(['proposed']);
    expect(await listed(`buybackId=${items.awaiting.buybackId}`)).toEqual(['awaiting']);
  });

  it('When a minimum age is given, then only the items received at least that many whole days ago are listed', async () => {
    expect(await listed('minAgeDays=0')).toEqual(sorted('onShelf', 'completed', 'counterfeit', 'stolen', 'proposed'));
    expect(await listed('minAgeDays=5')).toEqual(sorted('onShelf', 'completed'));
    expect(await listed('minAgeDays=6')).toEqual(['onShelf']);
    expect(await listed('minAgeDays=21')).toEqual([]);
  });

  it('When a maximum age is given, then only the items received at most that many whole days ago are listed; items not received have no age', async () => {
    expect(await listed('maxAgeDays=0')).toEqual(sorted('counterfeit', 'stolen', 'proposed'));
    expect(await listed('maxAgeDays=4')).toEqual(sorted('counterfeit', 'stolen', 'proposed'));
    expect(await listed('maxAgeDays=5')).toEqual(sorted('completed', 'counterfeit', 'stolen', 'proposed'));
    expect(await listed('minAgeDays=5&maxAgeDays=19')).toEqual(['completed']);
    expect(await listed('minAgeDays=20&maxAgeDays=20')).toEqual(['onShelf']);
  });

  it('When filters are combined, then the items meeting them all are listed', async () => {
    expect(await listed(`brand=apple&status[]=item_in_quarantine`)).toEqual(['stolen']);
    expect(await listed(`categoryId=${DEMO_IDS.categories.appleIphone}&minAgeDays=1`)).toEqual(['onShelf']);
  });
});

describe('Given the items list’s sorts and paging', () => {
  const order = async (query: string) => ((await expectOk(operator.get(`/items?itemsPerPage=100&${query}`))).items as Array<Record<string, any>>);

  it('When no order is asked, then the newest reception comes first, and items not yet received come after the received ones', async () => {
    const rows = await order('');
    const received = rows.filter((row) => row.receivedAt !== null).map((row) => row.receivedAt as string);
    expect(received).toEqual([...received].sort().reverse());
    const firstUnreceived = rows.findIndex((row) => row.receivedAt === null);
    expect(firstUnreceived).toBe(received.length);
    expect(rows[0]!.id).toBe(idOf('proposed'));
  });

  it('When sorted by reception, oldest first, then the item received 20 days ago leads', async () => {
    const rows = (await order('order[receivedAt]=asc')).filter((row) => row.receivedAt !== null);
    expect(rows.map((row) => row.id).slice(0, 2)).toEqual([idOf('onShelf'), idOf('completed')]);
  });

  it('When sorted by purchase price, product label or code, then the rows follow it both ways', async () => {
    const sorts: Array<[string, (row: Record<string, any>) => string | number]> = [
      ['purchasePrice', (row) => row.purchasePrice.amountInCents as number],
      ['productLabel', (row) => row.product.label as string],
      ['identificationNumber', (row) => row.identificationNumber as string],
      ['status', (row) => row.status as string],
    ];
    for (const [sort, value] of sorts) {
      const ascending = (await order(`order[${sort}]=asc`)).map(value);
      expect(ascending, sort).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const descending = (await order(`order[${sort}]=desc`)).map(value);
      expect(descending, sort).toEqual([...ascending].reverse());
      expect(new Set(ascending).size, `${sort}: the rows differ`).toBeGreaterThan(1);
    }
  });

  it('When page 2 of 3 items is asked, then it holds the next three, counts them all, and says another page follows', async () => {
    const all = (await order('order[identificationNumber]=asc')).map((row) => row.id);
    const page = await expectOk(operator.get('/items?order[identificationNumber]=asc&itemsPerPage=3&page=2'));
    expect(page.items.map((row: { id: string }) => row.id)).toEqual(all.slice(3, 6));
    expect(page).toMatchObject({ page: 2, itemsPerPage: 3, totalItems: ALL.length, totalItemsIsLowerBound: false, hasNextPage: true });
    const last = await expectOk(operator.get('/items?order[identificationNumber]=asc&itemsPerPage=3&page=3'));
    expect(last.items.map((row: { id: string }) => row.id)).toEqual(all.slice(6));
    expect(last.hasNextPage).toBe(false);
  });

  it('When the page is asked partial, then it is not counted (totalItems null) but still says whether another page follows', async () => {
    const page = await expectOk(operator.get('/items?itemsPerPage=3&page=2&partial=true'));
    expect(page.items).toHaveLength(3);
    expect(page).toMatchObject({ totalItems: null, hasNextPage: true, page: 2 });
  });

  it('When an unknown sort is asked, then it answers 400', async () => {
    expect((await operator.get('/items?order[customerName]=asc')).status).toBe(400);
  });
});

describe('Given who may see which items', () => {
  it('When the Paris store manager opens a Paris item, its history or finds it by code, then they may: item.read is theirs', async () => {
    const item = await expectOk(storeManager.get(`/items/${idOf('stolen')}`));
    expect(item.storeId).toBe(PARIS);
    expect((await expectOk(storeManager.get(`/items/${idOf('stolen')}/history`))).items.length).toBeGreaterThan(0);
    expect((await expectOk(storeManager.get(`/items/by-code/${codeOf('stolen')}`))).item.id).toBe(idOf('stolen'));
  });

  it('When the Paris store manager opens the Lyon store’s item, then it answers 404 as for an item that exists nowhere', async () => {
    const refused = await storeManager.get(`/items/${idOf('counterfeit')}`);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('ITEM_NOT_FOUND');
    expect((await storeManager.get(`/items/${idOf('counterfeit')}/history`)).status).toBe(404);
    expect((await storeManager.get(`/items/by-code/${codeOf('counterfeit')}`)).status).toBe(404);
  });

  it('When the Paris store manager asks for the items list or its export, then it answers 403: item.list and item.export are not theirs', async () => {
    const list = await storeManager.get('/items');
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 'ACCESS_DENIED', details: { permission: 'item.list' } });
    const exported = await storeManager.get('/items/export');
    expect(exported.status).toBe(403);
    expect(exported.body).toMatchObject({ code: 'ACCESS_DENIED', details: { permission: 'item.export' } });
  });

  it('When the operator opens Other Retail’s item, then it answers 404', async () => {
    const refused = await operator.get(`/items/${foreignItemId}`);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('ITEM_NOT_FOUND');
  });
});

describe('Given the CSV export', () => {
  const exportOf = (query: string, headers: Record<string, string> = {}) => operator.get(`/items/export?${query}`, headers);
  const FRENCH_HEADER = "Code;Code appareil;Produit;Marque;Statut;Stock;IMEI;Numéro de série;Réceptionné le;Âge (jours);Prix d'achat;Prix validé;Coût de reconditionnement prévu;Coût des étapes terminées;Prix de revente cible;Marge";
  const ENGLISH_HEADER = 'Code;Device code;Product;Brand;Status;Stock;IMEI;Serial number;Received on;Age (days);Purchase price;Validated price;Planned refurbishment cost;Completed steps cost;Target resale price;Margin';

  it('When the operator exports, then it is a UTF-8 CSV with a BOM, semicolon-separated, a French header by default, a download named items.csv', async () => {
    const answer = await exportOf('');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="items.csv"');
    expect(await firstBytes(t, operator, '/items/export', 3)).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(answer.body as string);
    expect(lines[0]).toBe(FRENCH_HEADER);
    expect(lines).toHaveLength(1 + ALL.length);
    expect(lines.slice(1).every((line) => line.split(';').length === 16)).toBe(true);
  });

  it('When asked in English (Accept-Language en-GB), then the header, statuses and native stocks read in English', async () => {
    const answer = await exportOf(`buybackId=${items.proposed.buyback.id}`, { 'Accept-Language': 'en-GB' });
    expect(answer.headers.get('content-language')).toBe('en-GB');
    const [header, row] = csvLines(answer.body as string) as [string, string];
    expect(header).toBe(ENGLISH_HEADER);
    expect(row.split(';').slice(4, 6)).toEqual(["Awaiting the customer's answer", 'To approve (awaiting check)']);
  });

  it('When filtered, then only the matching rows come, each with its code, product, translated status and stock name', async () => {
    const answer = await exportOf('status[]=item_in_quarantine&order[identificationNumber]=asc');
    const rows = csvLines(answer.body as string).slice(1).map((line) => line.split(';'));
    const expected = sorted('counterfeit', 'stolen').map(codeOf).sort();
    expect(rows.map((row) => row[0])).toEqual(expected);
    const counterfeit = rows.find((row) => row[0] === codeOf('counterfeit')) as string[];
    expect(counterfeit.slice(1, 6)).toEqual([codeOf('counterfeit').slice(-8), 'Google Pixel 7 128 Go', 'Google', 'En quarantaine', 'En quarantaine']);
  });

  it('Then a native stock’s name is its translated label, an own stock’s is its name, and an item outside the warehouse has none', async () => {
    const cells = async (key: Key) => csvLines((await exportOf(`buybackId=${'buyback' in items[key] ? (items[key] as ShippedItem).buyback.id : items.awaiting.buybackId}`)).body as string)[1]!.split(';');
    expect((await cells('proposed'))[5]).toBe('À valider (en attente de contrôle)');
    expect((await cells('completed'))[5]).toBe('À reconditionner');
    expect((await cells('onShelf'))[5]).toBe(shelfName);
    expect((await cells('inTransit')).slice(4, 6)).toEqual(['En transit', '']);
  });

  it('Then the IMEI, the prices in euros and the age read as on screen', async () => {
    const row = csvLines((await exportOf(`buybackId=${items.completed.buyback.id}`)).body as string)[1]!.split(';');
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(items.completed.buyback.declaredPriceInCents / 100);
    expect(row[6]).toBe(imei);
    expect(row[9]).toBe('5');
    expect(row[10]).toBe(euros);
    expect(row[11]).toBe(euros);
    expect(row[10]).toMatch(/^\d[\d\s\u202f]*,\d{2}\s€$/u);
  });

  it('When a time zone is asked, then the reception date is written in it; without one, in UTC', async () => {
    const receivedAt = (await expectOk(operator.get(`/items/${idOf('onShelf')}`))).receivedAt as string;
    const inZone = (timeZone: string) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(receivedAt));
    const query = `buybackId=${items.onShelf.buyback.id}`;
    for (const timeZone of ['Europe/Paris', 'America/New_York', 'Asia/Tokyo']) {
      const row = csvLines((await exportOf(`${query}&timeZone=${timeZone}`)).body as string)[1]!.split(';');
      expect(row[8], timeZone).toBe(inZone(timeZone));
    }
    expect(csvLines((await exportOf(query)).body as string)[1]!.split(';')[8]).toBe(inZone('UTC'));
    expect(inZone('Asia/Tokyo')).not.toBe(inZone('America/New_York'));
    const refused = await exportOf('timeZone=Mars/Olympus_Mons');
    expect(refused.status).toBe(400);
  });
});

describe('Given one item’s detail', () => {
  it('Then its age is counted in whole days from its reception, and is null before it', async () => {
    const onShelf = await expectOk(operator.get(`/items/${idOf('onShelf')}`));
    expect(onShelf.receivedAt).toMatch(ISO_UTC);
    expect(onShelf.ageInDays).toBe(20);
    expect((await expectOk(operator.get(`/items/${idOf('completed')}`))).ageInDays).toBe(5);
    expect((await expectOk(operator.get(`/items/${idOf('stolen')}`))).ageInDays).toBe(0);
    expect(await expectOk(operator.get(`/items/${idOf('inTransit')}`))).toMatchObject({ receivedAt: null, ageInDays: null });
  });

  it('Then it carries its code, product, stock, prices and check, with its revision as ETag', async () => {
    const answer = await operator.get(`/items/${idOf('completed')}`);
    expect(answer.status).toBe(200);
    const item = answer.body;
    expect(item).toMatchObject({
      id: idOf('completed'),
      buybackId: items.completed.buyback.id,
      identificationNumber: codeOf('completed'),
      shortCode: codeOf('completed').slice(-8),
      status: 'item_completed',
      completion: 'by_price',
      storeId: PARIS,
      warehouseId: WAREHOUSE,
      stockId: TO_REFURBISH,
      imei,
      product: { productId: galaxyS23_128, brand: 'Samsung' },
      purchasePrice: { amountInCents: items.completed.buyback.declaredPriceInCents, currency: 'EUR' },
      validatedPrice: { amountInCents: items.completed.buyback.declaredPriceInCents, currency: 'EUR' },
      check: { grade: 'grade_a', imei },
    });
    expect(answer.headers.get('etag')).toBe(`W/"${item.revision}"`);
  });

  it('When the operator opens an item just checked in, then they are offered the check, quarantine and a move, but no loss in the warehouse', async () => {
    const { item } = await checkedInItem(seller, operator, PARIS);
    const actions = (await expectOk(operator.get(`/items/${item.id}`))).allowedActions as string[];
    expect(actions).toEqual(expect.arrayContaining(['RecordComplianceCheck', 'QuarantineItem', 'MoveItem']));
    expect(actions).not.toContain('CheckInItem');
    expect(actions).not.toContain('DeclareItemLostInWarehouse');
    expect(actions).not.toContain('SendDisputeMail');
  });

  it('When the warehouse manager opens the same kind of item, then they are offered the loss in the warehouse too', async () => {
    const { item } = await checkedInItem(seller, operator, PARIS);
    const actions = (await expectOk(warehouseManager.get(`/items/${item.id}`))).allowedActions as string[];
    expect(actions).toEqual(expect.arrayContaining(['RecordComplianceCheck', 'DeclareItemLostInWarehouse']));
    expect(actions).not.toContain('DeclareItemLostInStore');
  });

  it('When a quarantined item is opened, then the operator may release it but not send the dispute e-mail again; the warehouse manager may', async () => {
    const byOperator = (await expectOk(operator.get(`/items/${idOf('stolen')}`))).allowedActions as string[];
    expect(byOperator).toContain('ReleaseItem');
    expect(byOperator).not.toContain('SendDisputeMail');
    expect(byOperator).not.toContain('RecordComplianceCheck');
    const byManager = (await expectOk(warehouseManager.get(`/items/${idOf('stolen')}`))).allowedActions as string[];
    expect(byManager).toEqual(expect.arrayContaining(['ReleaseItem', 'SendDisputeMail', 'DeclareItemLostInWarehouse']));
  });

  it('When the Paris store manager opens their store’s item awaiting shipment, then they are offered its loss in the store, and nothing of the warehouse', async () => {
    const actions = (await expectOk(storeManager.get(`/items/${idOf('awaiting')}`))).allowedActions;
    expect(actions).toEqual(['DeclareItemLostInStore']);
    const inWarehouse = (await expectOk(storeManager.get(`/items/${idOf('stolen')}`))).allowedActions;
    expect(inWarehouse).toEqual([]);
  });

  it('When the item is in transit, then the operator is offered its check-in', async () => {
    const actions = (await expectOk(operator.get(`/items/${idOf('inTransit')}`))).allowedActions as string[];
    expect(actions).toContain('CheckInItem');
    expect(actions).not.toContain('MoveItem');
  });
});

describe('Given one item’s history', () => {
  let itemId: string;
  let history: Array<Record<string, any>>;

  beforeAll(async () => {
    const { item } = await checkedInItem(seller, operator, PARIS);
    itemId = item.id;
    await expectOk(warehouseManager.post(`/items/${itemId}/move`, { stockId: shelf, reason: 'Rangement étagère' }));
    await expectOk(operator.post(`/items/${itemId}/quarantine`, { reason: 'counterfeit', comment: 'Logo douteux' }));
    await expectOk(operator.post(`/items/${itemId}/release`, { stockId: TO_APPROVE, comment: 'Authentique après contrôle' }));
    history = (await expectOk(operator.get(`/items/${itemId}/history`))).items;
  });

  it('Then every event is there in order, each with its status before and after', async () => {
    expect(history.map((e) => [e.type, e.statusBefore, e.statusAfter])).toEqual([
      ['ItemCreated', null, 'item_awaiting_inventory'],
      ['ItemShipped', 'item_awaiting_inventory', 'item_in_transit'],
      ['ItemRegisteredInWarehouse', 'item_in_transit', 'item_registered_in_warehouse'],
      ['ItemMovedToStock', 'item_registered_in_warehouse', 'item_registered_in_warehouse'],
      ['ItemQuarantined', 'item_registered_in_warehouse', 'item_in_quarantine'],
      ['ItemDisputeMailSent', 'item_in_quarantine', 'item_in_quarantine'],
      ['ItemReleasedFromQuarantine', 'item_in_quarantine', 'item_to_reintegrate_to_stock'],
    ]);
    expect(history.map((e) => e.revision)).toEqual(history.map((_, i) => i));
  });

  it('Then each says who did it, by name, and when, in UTC', async () => {
    expect(history.map((e) => e.user?.name)).toEqual(['Lucas Petit', 'Lucas Petit', 'Nadia Robert', 'Karim Moreau', 'Nadia Robert', 'Nadia Robert', 'Nadia Robert']);
    expect(history.map((e) => e.userId)).toEqual(history.map((e) => e.user?.id));
    const times = history.map((e) => e.at as string);
    for (const at of times) expect(at).toMatch(ISO_UTC);
    expect(times).toEqual([...times].sort());
  });

  it('Then every change of stock says where from and where to', async () => {
    const stockChanges = history.filter((e) => e.changes.stockId).map((e) => [e.type, e.changes.stockId]);
    expect(stockChanges).toEqual([
      ['ItemRegisteredInWarehouse', { from: null, to: TO_APPROVE }],
      ['ItemMovedToStock', { from: TO_APPROVE, to: shelf }],
      ['ItemQuarantined', { from: shelf, to: IN_QUARANTINE }],
      ['ItemReleasedFromQuarantine', { from: IN_QUARANTINE, to: TO_APPROVE }],
    ]);
    expect(history.find((e) => e.type === 'ItemQuarantined')!.changes.status).toEqual({ from: 'item_registered_in_warehouse', to: 'item_in_quarantine' });
  });

  it('Then each says why: the move’s reason, the quarantine’s reason and comment, the release’s comment', async () => {
    const why = (type: string) => {
      const entry = history.find((e) => e.type === type)!;
      return { reason: entry.reason, comment: entry.comment };
    };
    expect(why('ItemMovedToStock')).toEqual({ reason: null, comment: 'Rangement étagère' });
    expect(why('ItemQuarantined')).toEqual({ reason: 'counterfeit', comment: 'Logo douteux' });
    expect(why('ItemReleasedFromQuarantine')).toEqual({ reason: null, comment: 'Authentique après contrôle' });
  });

  it('Then the detail agrees with the last entry', async () => {
    const item = await expectOk(operator.get(`/items/${itemId}`));
    expect(item).toMatchObject({ status: history.at(-1)!.statusAfter, stockId: TO_APPROVE, revision: history.at(-1)!.revision });
  });
});
