import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { checkInCode, createStoreBuyback, DEMO_PASSWORD, featureText, StaffApi, type CreatedBuyback } from './dashboard.js';
import { linkIn, mailTo, templateIs } from './mailbox.js';

type WarehouseFeature = 'warehouse-checkin' | 'warehouse-check';

/** A text of a warehouse screen as the dashboard ships it (ui/dashboard/features/<feature>/locales), dotted key, {{values}} filled in. */
export function warehouseText(feature: WarehouseFeature, key: string, values: Record<string, string | number> = {}, language = 'fr-FR'): string {
  return featureText(feature, language, key, values);
}

/** The demo warehouse's operator (module rps), as the dashboard and the tests' setup use it. */
export function warehouseOperator(request: APIRequestContext): Promise<StaffApi> {
  return StaffApi.login(request, 'warehouse@demo.test', 'rps');
}

/** The platform's super admin: no organization, and check-in treated as disabled. */
export async function superAdmin(request: APIRequestContext): Promise<StaffApi> {
  const response = await request.post('/api/login', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const answer = await response.json();
  return new StaffApi(request, answer.token, answer.user.currentModule, answer.user.currentOrganization?.id ?? '');
}

/** A store buyback registered and shipped by the demo seller: its parcel is on its way to the warehouse (its item in transit). */
export async function shippedBuyback(request: APIRequestContext, options: Parameters<typeof createStoreBuyback>[1] = {}): Promise<CreatedBuyback> {
  const seller = await StaffApi.login(request, 'seller@demo.test');
  const buyback = await createStoreBuyback(seller, options);
  await seller.ok('post', `/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null });
  return buyback;
}

/** Other Retail's: registered in its Lille store and shipped to its warehouse at Lens, where check-in is mandatory. */
export async function otherRetailersShippedBuyback(request: APIRequestContext): Promise<CreatedBuyback> {
  const seller = await StaffApi.login(request, 'seller@other.test');
  const buyback = await createStoreBuyback(seller, { search: 'iphone 13 128' });
  await seller.ok('post', `/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null });
  return buyback;
}

/** Other Retail's warehouse operator (Other Warehouse Lens). */
export function otherWarehouseOperator(request: APIRequestContext): Promise<StaffApi> {
  return StaffApi.login(request, 'warehouse@other.test', 'rps');
}

/** Shipped, then checked in by the operator through the API: registered at the warehouse, ready for its compliance check. */
export async function checkedInBuyback(request: APIRequestContext, operator: StaffApi, options: Parameters<typeof createStoreBuyback>[1] = {}) {
  const buyback = await shippedBuyback(request, options);
  const answer = await checkInCode(operator, buyback.identificationNumber);
  return { ...buyback, itemId: answer.id as string };
}

/** The item a buyback code names, as the API answers it. */
export async function itemOf(operator: StaffApi, code: string): Promise<{ id: string; identificationNumber: string; shortCode: string; status: string; product: { label: string } }> {
  return (await operator.ok('get', `/items/by-code/${code}`)).item;
}

/** A 13-digit code of the same shape with another check digit: no item can have it. */
export function wrongCheckDigit(code: string): string {
  return code.slice(0, 12) + String((Number(code[12]) + 1) % 10);
}

/** The customer's price-offer link the server e-mailed to `to` (received by the tests' SMTP server). */
export async function priceOfferLinkMailedTo(to: string): Promise<string> {
  return linkIn(await mailTo(to, templateIs('priceProposal')));
}

/** The dashboard in English from its first paint (the language the language switch remembers). */
export async function inEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('language', 'en-GB'));
}

/** The code field's selection: [start, end]. */
export function selectionOf(page: Page, name: string) {
  return page.getByRole('textbox', { name }).evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]);
}
