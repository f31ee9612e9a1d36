import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { createStoreBuyback, featureText, StaffApi, type CreatedBuyback } from './dashboard.js';

/**
 * The store's expedition, prepared through the API as the demo Paris seller
 * (module tim) would: devices waiting to leave, packages opened for one of
 * the two demo warehouses, and a web customer's own parcel.
 */

/** A text of the expedition screens (ui/dashboard/features/expedition/locales), dotted key, {{values}} filled in. */
export function expeditionText(key: string, values: Record<string, string | number> = {}, language = 'fr-FR'): string {
  return featureText('expedition', language, key, values);
}

/** A text both apps share (ui/shared/i18n/locales: the "common" namespace), dotted key. */
export function commonText(key: string, language = 'fr-FR'): string {
  const file = join(import.meta.dirname, '..', '..', '..', 'ui', 'shared', 'i18n', 'locales', `${language}.json`);
  const value = key.split('.').reduce<any>((node, part) => node?.[part], JSON.parse(readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`no common text ${language}:${key}`);
  return value;
}

export const WAREHOUSES = { orleans: 'Demo Warehouse Orléans', lyon: 'Demo Atelier Lyon' } as const;

export function parisSeller(request: APIRequestContext): Promise<StaffApi> {
  return StaffApi.login(request, 'seller@demo.test', 'tim');
}

/** The demo tenant's warehouse id by its name (GET /buyback-references). */
export async function warehouseId(seller: StaffApi, name: string): Promise<string> {
  const references = await seller.ok('get', '/buyback-references');
  const found = (references.warehouses as Array<{ id: string; name: string }>).find((warehouse) => warehouse.name === name);
  if (!found) throw new Error(`no warehouse ${name}`);
  return found.id;
}

/** A phone bought back at the Paris store: it travels under a carrier's label (store_drop) to Orléans (the default warehouse). */
export function phoneBuyback(seller: StaffApi): Promise<CreatedBuyback> {
  return createStoreBuyback(seller);
}

/** A game console bought back at the Paris store: collected by the retailer (store_collect, no label), sent to Lyon by the demo's rules. */
export function consoleBuyback(seller: StaffApi): Promise<CreatedBuyback> {
  return createStoreBuyback(seller, { search: 'playstation 5 standard' });
}

/** Opens a package at the seller's store; its id and number. */
export async function openPackage(seller: StaffApi, warehouse: string, labelMode: 'with_label' | 'without_label'): Promise<{ id: string; number: string }> {
  const opened = await seller.ok('post', '/packages', { warehouseId: await warehouseId(seller, warehouse), labelMode });
  const pkg = await seller.ok('get', `/packages/${opened.id}`);
  return { id: pkg.id, number: pkg.number };
}

export async function scanThroughApi(seller: StaffApi, packageId: string, code: string): Promise<void> {
  await seller.ok('post', `/packages/${packageId}/items`, { code });
}

/** A web customer's buyback sent by post (web_post): the customer ships it; the store never does. */
export async function webCustomersBuyback(request: APIRequestContext): Promise<{ id: string; identificationNumber: string }> {
  const token = (await (await request.post('/api/anonymous-token', { data: {} })).json()).token as string;
  const visitor = new StaffApi(request, token, null, '');
  const products = await visitor.ok('get', `/products?search=${encodeURIComponent('iphone 15 128')}`);
  const productId = products.items[0].id as string;
  const options = await visitor.ok('get', `/products/${productId}/buyback-options?channel=web`);
  const circuit = (options.circuits as Array<{ id: string; circuitType: string; shippingMethodIds: string[]; paymentModeIds: string[] }>).find(
    (c) => c.circuitType === 'web_post',
  );
  if (!circuit) throw new Error('no web_post circuit');
  const paymentMode = (options.paymentModes as Array<{ id: string }>).find((p) => circuit.paymentModeIds.includes(p.id))!;
  const questions = await visitor.ok('get', `/products/${productId}/diagnostic-questions`);
  const created = await visitor.post('/web/buybacks', {
    productId,
    responses: (questions.items as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] })),
    customer: {
      firstName: 'Léa',
      lastName: 'Martin',
      email: 'lea.martin@example.com',
      phone: '+33612345678',
      street: '3 place Bellecour',
      streetComplement: null,
      city: 'Lyon',
      zipCode: '69002',
      country: 'FR',
      iban: 'FR7630006000011234567890189',
      identity: { type: 'identity_card', number: 'X4RTBPFW4', issuingAuthority: 'Préfecture du Rhône', deliveryDate: '2020-05-14' },
    },
    circuitId: circuit.id,
    shippingMethodId: circuit.shippingMethodIds[0],
    paymentModeId: paymentMode.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id, identificationNumber: created.body.identificationNumber };
}

/** The packing screen of a package, as the start of a shipment leads to it. */
export const packingPath = (packageId: string) => `/dashboard/packing-with-label?packageId=${packageId}`;
