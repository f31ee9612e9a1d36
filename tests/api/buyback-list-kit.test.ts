import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, createWebBuyback, type CreatedBuyback } from '../support/api-helpers.js';
import { IDENTITY_NUMBER, PARIS, VALID_IBAN } from '../support/buyback-fixtures.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../application/buybacks/read-models.js';
import { UNPAGED_LIMIT } from '../../application/lists/paged-query.js';
import type { WriteOperation } from '../../application/ports/document-store.js';

/**
 * The buyback list on the list kit (application/lists, infrastructure/http/list-route.ts):
 * its filters as a new user expects them, what each role is offered, the
 * bound on an unpaged list, and the export, streamed whole, reading like the
 * screen in the caller's language and time zone.
 */

const LYON = DEMO_IDS.stores.lyon;
let t: TestPlatform;
let root: ApiClient;
let seller: ApiClient;
let warehouse: ApiClient;
let buyer: ApiClient;
let admin: ApiClient;
/** A last name only this file's buybacks carry. */
const marker = `Kit${randomUUID().slice(0, 8)}`;
let iphone: CreatedBuyback;
let galaxy: CreatedBuyback;
let pixelInLyon: CreatedBuyback;
let web: CreatedBuyback;

const grouped = (code: string) => `${code.slice(0, 1)} ${code.slice(1, 7)} ${code.slice(7)}`;

beforeAll(async () => {
  t = await startTestPlatform();
  [root, seller, warehouse, buyer, admin] = await Promise.all([
    t.login('retailer@demo.test', 'root'),
    t.login('seller@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('buyer@demo.test', 'lcm'),
    t.login('admin@demo.test'),
  ]);
  iphone = await createStoreBuyback(seller, PARIS, { customer: { firstName: 'Inès', lastName: marker } });
  galaxy = await createStoreBuyback(seller, PARIS, { productId: DEMO_IDS.products.galaxyS23_128, paymentType: 'bank_transfer', customer: { firstName: 'Gaspard', lastName: marker } });
  pixelInLyon = await createStoreBuyback(root, LYON, { productId: DEMO_IDS.products.pixel7_128, customer: { firstName: 'Paule', lastName: marker } });
  web = await createWebBuyback(await t.anonymous(), root, { circuitType: 'web_post', paymentType: 'bank_transfer', customer: { firstName: 'Wanda', lastName: marker } });
}, 120_000);
afterAll(async () => t?.close());

async function ids(client: ApiClient, query: string): Promise<string[]> {
  const answer = await client.get(`/buybacks?itemsPerPage=100&customerName=${marker}&${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.items as Array<{ id: string }>).map((b) => b.id).sort();
}

describe('Given the buyback list filters', () => {
  it('When a parent category is chosen, then the buybacks of every category below it are found', async () => {
    const { smartphones, electronics, appleIphone, samsungGalaxy, tablets } = DEMO_IDS.categories;
    const all = [iphone.id, galaxy.id, pixelInLyon.id, web.id].sort();
    expect(await ids(root, `categoryId=${smartphones}`)).toEqual(all);
    expect(await ids(root, `categoryId=${electronics}`)).toEqual(all);
    expect(await ids(root, `categoryId=${appleIphone}`)).toEqual([iphone.id, web.id].sort());
    expect(await ids(root, `categoryId=${samsungGalaxy}`)).toEqual([galaxy.id]);
    expect(await ids(root, `categoryId=${tablets}`)).toEqual([]);
  });

  it('When a brand is typed in another case, then it is found; a part of a brand is not a brand', async () => {
    expect(await ids(root, 'brand=samsung')).toEqual([galaxy.id]);
    expect(await ids(root, 'brand=%20APPLE%20')).toEqual([iphone.id, web.id].sort());
    expect(await ids(root, 'brand=app')).toEqual([]);
  });

  it('When a delivery status is asked, then only buybacks the carrier put in that status are listed; until then none has one', async () => {
    const listed = await root.get(`/buybacks?itemsPerPage=100&customerName=${marker}`);
    expect(listed.body.items.map((b: { deliveryStatus: unknown }) => b.deliveryStatus)).toEqual([null, null, null, null]);
    expect(await ids(root, 'deliveryStatus[]=DELIVERED_OK')).toEqual([]);
    // What the logistics part will write: the field on the read model.
    const documents = t.platform.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
    const document = (await documents.get(galaxy.id)) as BuybackDocument;
    await documents.upsert({ ...document, deliveryStatus: 'DELIVERED_OK' });
    expect(await ids(root, 'deliveryStatus[]=DELIVERED_OK')).toEqual([galaxy.id]);
    expect(await ids(root, 'deliveryStatus[]=IN_PROGRESS&deliveryStatus[]=DELIVERED_OK')).toEqual([galaxy.id]);
    expect((await root.get('/buybacks?deliveryStatus[]=LOST_AT_SEA')).status).toBe(400);
    await documents.upsert(document);
  });

  it('When the root manager filters by buyer or store, then only those buybacks are listed', async () => {
    expect(await ids(root, `buyerId=${DEMO_IDS.buyers.demo}`)).toEqual([iphone.id, galaxy.id, pixelInLyon.id, web.id].sort());
    expect(await ids(root, `buyerId=${randomUUID()}`)).toEqual([]);
    expect(await ids(root, `storeId[]=${LYON}`)).toEqual([pixelInLyon.id]);
  });

  it('When a store seller names another store, then the list stays within their own store', async () => {
    expect(await ids(seller, `storeId[]=${LYON}`)).toEqual([]);
    expect(await ids(seller, '')).toEqual([iphone.id, galaxy.id].sort());
  });
});

describe('Given the filters each role is offered', () => {
  const offered = async (client: ApiClient) => (await client.get('/buyback-references')).body.filters as string[];

  it('Then store users get no store filter, warehouse staff no warehouse filter, buyer managers no buyer filter; the others get them all', async () => {
    const everything = await offered(root);
    expect(everything).toEqual(expect.arrayContaining(['storeId', 'buyerId', 'warehouseId', 'deliveryStatus', 'categoryId', 'brand']));
    expect(await offered(seller)).toEqual(everything.filter((name) => name !== 'storeId'));
    expect(await offered(warehouse)).toEqual(everything.filter((name) => name !== 'warehouseId'));
    expect(await offered(buyer)).toEqual(everything.filter((name) => name !== 'buyerId'));
    expect(await offered(admin)).toEqual(everything);
  });

  it('Then the super admin, who sees both tenants, gets each name with its tenant, and the tenants by name', async () => {
    const references = (await admin.get('/buyback-references')).body;
    expect(references.accounts.map((a: { name: string }) => a.name).sort()).toEqual(['Demo Retail', 'Other Retail']);
    const tenants = new Set(references.accounts.map((a: { id: string }) => a.id));
    for (const list of ['stores', 'warehouses', 'buyers', 'circuits', 'categories', 'shippingMethods']) {
      expect(references[list].length, list).toBeGreaterThan(0);
      for (const entry of references[list]) expect(tenants.has(entry.accountId), `${list} ${entry.id}`).toBe(true);
    }
    const mine = (await root.get('/buyback-references')).body;
    expect(mine.accounts).toEqual([{ id: DEMO_IDS.accounts.demo, name: 'Demo Retail' }]);
  });
});

describe('Given an unpaged list (pagination=false)', () => {
  it('When the list is short, then it comes whole in one page', async () => {
    const answer = await root.get(`/buybacks?pagination=false&customerName=${marker}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalItems: 4, totalItemsIsLowerBound: false, hasNextPage: false, page: 1, itemsPerPage: UNPAGED_LIMIT });
    expect(answer.body.items).toHaveLength(4);
  });

  it('When it is longer than the documented maximum, then it answers 400 LIST_TOO_LONG, translated, and the paged list still answers', async () => {
    await insertCopies(galaxy.id, UNPAGED_LIMIT + 1, 'unpaged');
    const messages = new Set<string>();
    for (const language of ['fr-FR', 'en-GB', 'nl-BE', 'de-DE']) {
      const refused = await root.get('/buybacks?pagination=false', { 'Accept-Language': language });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'LIST_TOO_LONG', details: { limit: UNPAGED_LIMIT } });
      expect(refused.body.message).toContain(new Intl.NumberFormat('en-GB', { useGrouping: false }).format(UNPAGED_LIMIT));
      expect(refused.headers.get('content-language')).toBe(language);
      messages.add(refused.body.message);
    }
    expect(messages.size).toBe(4);
    const paged = await root.get('/buybacks?itemsPerPage=100');
    expect(paged.status).toBe(200);
    expect(paged.body.items).toHaveLength(100);
    await removeCopies('unpaged');
  });
});

/** Copies of one buyback's document, straight into the read model (as many rows as a long-lived tenant has), marked by `tag` in the last name. */
const copies = new Map<string, string[]>();
async function insertCopies(sourceId: string, count: number, tag: string): Promise<void> {
  const collection = t.platform.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
  const source = (await collection.get(sourceId)) as BuybackDocument;
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  const made: string[] = [];
  for (let offset = 0; offset < count; offset += 1000) {
    const operations: WriteOperation[] = [];
    for (let i = offset; i < Math.min(count, offset + 1000); i++) {
      const id = randomUUID();
      made.push(id);
      const customer = source.customer as Exclude<BuybackDocument['customer'], { forgotten: true }>;
      operations.push({
        kind: 'upsert',
        collection: BUYBACKS_COLLECTION,
        document: {
          ...source,
          _id: id,
          identificationNumber: `9${String(copies.size).padStart(2, '0')}${String(i).padStart(10, '0')}`,
          customer: { ...customer, lastName: `${tag}${i}` },
          customerSearch: `${customer.firstName} ${tag}${i}`.toLowerCase(),
          // Several rows share each instant, as a cart's buybacks do: the export's batches must not lose or repeat them.
          createdAt: new Date(start + Math.floor(i / 3) * 1000).toISOString(),
          _applied: {},
        },
      });
    }
    await t.platform.documents.writeBatch(operations);
  }
  copies.set(tag, made);
}
async function removeCopies(tag: string): Promise<void> {
  await t.platform.documents.writeBatch((copies.get(tag) ?? []).map((id) => ({ kind: 'delete' as const, collection: BUYBACKS_COLLECTION, id })));
  copies.delete(tag);
}

/** The CSV's lines, without the BOM. */
function linesOf(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').replace(/\r\n$/, '').split('\r\n');
}

describe('Given the CSV export', () => {
  it('When a manager exports in French from Paris, then it reads like the screen: grouped codes, local dates, captions, names and amounts, and no IBAN nor identity number', async () => {
    const answer = await root.get(`/buybacks/export?customerName=${marker}&order[createdAt]=asc&timeZone=Europe/Paris`, { 'Accept-Language': 'fr-FR' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="buybacks.csv"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // UTF-8 with a BOM (fetch's text() reads it away: the bytes say it).
    const raw = await fetch(`${t.baseUrl}/api/buybacks/export?customerName=${marker}`, { headers: { Authorization: `Bearer ${root.token}`, 'X-Module': 'root' } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = linesOf(answer.body as string);
    expect(lines[0]).toBe(
      'Code;Date de création;Statut;Canal;Client;Produit;Marque;Catégorie;Magasin;Parcours;Mode de paiement;Statut du paiement;Statut de livraison;Prix déclaré;Prix validé',
    );
    expect(lines).toHaveLength(5);
    const rows = lines.slice(1).map((line) => line.split(';'));
    expect(rows.map((row) => row[0])).toEqual([iphone, galaxy, pixelInLyon, web].map((b) => grouped(b.identificationNumber)));
    const [first, second, third, fourth] = rows as [string[], string[], string[], string[]];
    const created = (await root.get(`/buybacks/${iphone.id}`)).body.createdAt as string;
    const paris = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(created));
    expect(first[1]).toBe(paris);
    expect(first[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(first.slice(2, 9)).toEqual(["En attente d'expédition", 'Magasin', `Inès ${marker}`, 'Apple iPhone 15 128 Go', 'Apple', 'Apple iPhone', 'Demo Store Paris']);
    expect(second[11]).toBe('En attente de paiement');
    expect(third[8]).toBe('Demo Store Lyon');
    // Sent by post: no store, ever.
    expect(fourth.slice(2, 4)).toEqual(["En attente d'expédition", 'Web']);
    expect(fourth[8]).toBe('');
    expect(first[13]).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(iphone.declaredPriceInCents / 100));
    expect(first[13]).toMatch(/^\d+,\d{2}\s€$/u);
    expect(first[12]).toBe('');
    // Neither the IBAN (whole or masked) nor the identity number: a list is no place for them.
    expect(answer.body).not.toContain(VALID_IBAN);
    expect(answer.body).not.toContain(VALID_IBAN.slice(-4));
    expect(answer.body).not.toContain(IDENTITY_NUMBER);
  });

  it('When the same is exported in English, Dutch and German from other time zones, then each reads in its language and zone', async () => {
    const created = (await root.get(`/buybacks/${iphone.id}`)).body.createdAt as string;
    const cases = [
      ['en-GB', 'Europe/London', 'Code;Created on;Status', 'Awaiting shipment', 'Store'],
      ['nl-BE', 'Europe/Brussels', 'Code;Aangemaakt op;Status', 'Wacht op verzending', 'Winkel'],
      ['de-DE', 'America/New_York', 'Code;Erstellt am;Status', 'Wartet auf Versand', 'Filiale'],
    ] as const;
    for (const [language, timeZone, header, status, channel] of cases) {
      const answer = await root.get(`/buybacks/export?customerName=${marker}&order[createdAt]=asc&timeZone=${timeZone}`, { 'Accept-Language': language });
      expect(answer.headers.get('content-language')).toBe(language);
      const [head, row] = linesOf(answer.body as string) as [string, string];
      expect(head.startsWith(header)).toBe(true);
      const cells = row.split(';');
      expect(cells[1]).toBe(new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(created)));
      expect(cells.slice(2, 4)).toEqual([status, channel]);
      expect(cells[13]).toBe(new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(iphone.declaredPriceInCents / 100));
    }
  });

  it('When no time zone is given, then dates are in UTC; an unknown one answers 400 on that parameter', async () => {
    const created = (await root.get(`/buybacks/${iphone.id}`)).body.createdAt as string;
    const answer = await root.get(`/buybacks/export?customerName=${marker}&order[createdAt]=asc`, { 'Accept-Language': 'fr-FR' });
    expect(linesOf(answer.body as string)[1]?.split(';')[1]).toBe(
      new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(created)),
    );
    for (const timeZone of ['Mars/Olympus_Mons', 'Europe%2FParis%3B', '..%2F..%2Fetc']) {
      const refused = await root.get(`/buybacks/export?timeZone=${timeZone}`, { 'Accept-Language': 'en-GB' });
      expect(refused.status, timeZone).toBe(400);
      expect(['QUERY_PARAMETER_INVALID', 'VALIDATION_FAILED']).toContain(refused.body.code);
    }
    expect((await root.get('/buybacks/export?timeZone=Mars/Olympus_Mons')).body).toMatchObject({ code: 'QUERY_PARAMETER_INVALID', details: { parameter: 'timeZone' } });
  });

  it('When a cell would start a formula, then the spreadsheet reads it as text', async () => {
    const formula = await createStoreBuyback(seller, PARIS, { customer: { firstName: '=HYPERLINK("http://evil.example")', lastName: marker } });
    const answer = await seller.get(`/buybacks/export?customerName=${marker}&timeZone=Europe/Paris`);
    const line = linesOf(answer.body as string).find((l) => l.startsWith(grouped(formula.identificationNumber))) as string;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"") ${marker}"`);
  });

  it('When a store seller exports, then they get their store’s buybacks only', async () => {
    const answer = await seller.get(`/buybacks/export?customerName=${marker}`);
    expect(answer.status).toBe(200);
    const codes = linesOf(answer.body as string).slice(1).map((line) => line.split(';')[0]);
    expect(codes).toEqual(expect.arrayContaining([grouped(iphone.identificationNumber), grouped(galaxy.identificationNumber)]));
    expect(codes).not.toContain(grouped(pixelInLyon.identificationNumber));
    expect(codes).not.toContain(grouped(web.identificationNumber));
  });

  it('When more rows match than the old 10,000 cut, then every one is streamed, each once, in the list order', async () => {
    const count = 10_050;
    await insertCopies(iphone.id, count, 'bulk');
    const response = await fetch(`${t.baseUrl}/api/buybacks/export?customerName=bulk&order[createdAt]=desc&timeZone=Europe/Paris`, {
      headers: { Authorization: `Bearer ${root.token}`, 'X-Module': 'root', 'Accept-Language': 'fr-FR' },
    });
    expect(response.status).toBe(200);
    // Streamed: sent in chunks as the rows are read, no length known up front, no truncation header.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('x-export-truncated')).toBeNull();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      chunks++;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const rows = linesOf(text).slice(1);
    expect(rows).toHaveLength(count);
    const names = rows.map((row) => row.split(';')[4] as string);
    expect(new Set(names).size).toBe(count);
    // Newest first: the copies were dated one second apart, three by three.
    const indexes = names.map((name) => Number(name.replace(/^.*bulk/, '')));
    expect(indexes.map((i) => Math.floor(i / 3))).toEqual([...indexes].map((i) => Math.floor(i / 3)).sort((a, b) => b - a));
    await removeCopies('bulk');
  }, 120_000);
});
