import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { checkInCode, createStoreBuyback, featureText, StaffApi, uniqueName, type CreatedBuyback } from './dashboard.js';

export { featureText } from './dashboard.js';

/** The dashboard features of the warehouse's stocks, devices and quarantine, whose texts these journeys read. */
export type WarehouseFeature = 'items-stock' | 'stocks' | 'warehouse-quarantine';

export const itemsText = (key: string, values?: Record<string, string | number>) => featureText('items-stock', 'fr-FR', key, values);
export const stocksText = (key: string, values?: Record<string, string | number>) => featureText('stocks', 'fr-FR', key, values);
export const quarantineText = (key: string, values?: Record<string, string | number>) => featureText('warehouse-quarantine', 'fr-FR', key, values);

/** The demo's people, as the screens name them. */
export const PEOPLE = { operator: 'Nadia Robert', manager: 'Karim Moreau' } as const;

export interface Sessions {
  seller: StaffApi;
  operator: StaffApi;
  manager: StaffApi;
}

export async function warehouseSessions(request: Parameters<typeof StaffApi.login>[0]): Promise<Sessions> {
  return {
    seller: await StaffApi.login(request, 'seller@demo.test'),
    operator: await StaffApi.login(request, 'warehouse@demo.test', 'rps'),
    manager: await StaffApi.login(request, 'warehouse-manager@demo.test', 'rps'),
  };
}

export interface ReceivedItem {
  buyback: CreatedBuyback;
  itemId: string;
}

/** A store buyback shipped by the seller and checked in at the warehouse by its code (POST /warehouse/check-ins): its device is in "to approve". */
export async function checkedInItem(sessions: Sessions, options: Parameters<typeof createStoreBuyback>[1] = {}): Promise<ReceivedItem> {
  const buyback = await createStoreBuyback(sessions.seller, { email: `${uniqueName('stock')}@example.com`, ...options });
  await sessions.seller.ok('post', `/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null });
  const checkedIn = await checkInCode(sessions.operator, buyback.identificationNumber);
  return { buyback, itemId: checkedIn.id as string };
}

/** A stock of the warehouse's own, created by the manager, with a name no other test uses. */
export async function ownStock(manager: StaffApi, prefix = 'Étagère'): Promise<{ id: string; name: string }> {
  const name = `${prefix} ${uniqueName('')}`;
  const created = await manager.ok('post', '/stocks', { name, identifier: null, location: null });
  return { id: created.id, name };
}

/** The item as the API shows it to this session, and its ETag. */
export async function itemOf(session: StaffApi, itemId: string) {
  const answer = await session.get(`/items/${itemId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { item: answer.body, etag: answer.headers.etag as string };
}

/** Moves the item through the API (as staff would from another screen), with its current ETag. */
export async function moveThroughApi(session: StaffApi, itemId: string, stockId: string, reason: string): Promise<void> {
  const { etag } = await itemOf(session, itemId);
  const answer = await session.post(`/items/${itemId}/move`, { stockId, reason }, { 'If-Match': etag });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** No sideways scroll on the page as it is now (a 375 px phone). */
export async function expectNoSidewaysScroll(page: Page, width = 375): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The CSV a download holds: its lines without the BOM, and whether it had one. */
export function csvOf(path: string): { lines: string[]; bom: boolean } {
  const text = readFileSync(path, 'utf8');
  return { lines: text.replace(/^\uFEFF/, '').trim().split(/\r?\n/), bom: text.startsWith('\uFEFF') };
}
