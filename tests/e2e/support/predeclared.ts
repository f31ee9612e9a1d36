import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueName, type StaffApi } from './dashboard.js';

export interface PredeclaredBuyback {
  id: string;
  identificationNumber: string;
  productLabel: string;
  declaredPriceInCents: number;
  firstName: string;
  lastName: string;
}

async function json(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 500)}`).toBe(status);
  return JSON.parse(text);
}

/**
 * A buyback a storefront visitor registers on the web "drop in store"
 * circuit, through the API as the storefront does (an anonymous token, the
 * product's web options, the first answer of each question, a bank
 * transfer): it awaits its drop in a store, with no store. `reader` (a
 * store user) reads back its declared price.
 */
export async function createPredeclaredBuyback(
  request: APIRequestContext,
  reader: StaffApi,
  options: { search?: string; lastName?: string } = {},
): Promise<PredeclaredBuyback> {
  const { token } = await json(await request.post('/api/anonymous-token', { data: {} }), 201);
  const headers = { Authorization: `Bearer ${token}` };
  const get = async (path: string) => json(await request.get(`/api${path}`, { headers }), 200);

  const products = await get(`/products?search=${encodeURIComponent(options.search ?? 'iphone 15 128')}`);
  const product = products.items[0] as { id: string; label: string };
  const buybackOptions = await get(`/products/${product.id}/buyback-options?channel=web`);
  const circuit = (buybackOptions.circuits as Array<{ id: string; circuitType: string; shippingMethodIds: string[]; paymentModeIds: string[] }>).find(
    (c) => c.circuitType === 'web_drop',
  );
  if (!circuit) throw new Error(`no web_drop circuit for ${product.label}`);
  const paymentModes = buybackOptions.paymentModes as Array<{ id: string; paymentType: string }>;
  const paymentMode = paymentModes.find((p) => circuit.paymentModeIds.includes(p.id) && p.paymentType === 'bank_transfer') ?? paymentModes.find((p) => circuit.paymentModeIds.includes(p.id));
  if (!paymentMode) throw new Error('no payment mode for the web_drop circuit');
  const questions = await get(`/products/${product.id}/diagnostic-questions`);
  const firstName = 'Claire';
  const lastName = options.lastName ?? uniqueName('Predeclaree');

  const created = await json(
    await request.post('/api/web/buybacks', {
      headers,
      data: {
        productId: product.id,
        responses: (questions.items as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] })),
        customer: {
          firstName,
          lastName,
          email: `${lastName.toLowerCase()}@example.com`,
          phone: '+33612345678',
          street: '8 rue des Lilas',
          streetComplement: null,
          city: 'Paris',
          zipCode: '75011',
          country: 'FR',
          iban: 'FR7630006000011234567890189',
          identity: { type: 'identity_card', number: 'X4RTBPFW4', issuingAuthority: 'Préfecture de Paris', deliveryDate: '2020-05-14' },
        },
        circuitId: circuit.id,
        shippingMethodId: circuit.shippingMethodIds[0],
        paymentModeId: paymentMode.id,
      },
    }),
    201,
  );
  expect(created.status).toBe('bb_awaiting_store_drop');
  const detail = await reader.ok('get', `/buybacks/${created.id}`);
  return {
    id: created.id,
    identificationNumber: created.identificationNumber,
    productLabel: detail.product.label,
    declaredPriceInCents: detail.declaredPrice.amountInCents,
    firstName,
    lastName,
  };
}

/** A text of the pre-declared buybacks check as the dashboard ships it (ui/dashboard/features/buybacks-predeclared/locales), dotted key, {{values}} filled in. */
export function predeclaredText(key: string, values: Record<string, string | number> = {}, language = 'fr-FR'): string {
  const file = join(import.meta.dirname, '..', '..', '..', 'ui', 'dashboard', 'features', 'buybacks-predeclared', 'locales', `${language}.json`);
  const value = key.split('.').reduce<any>((node, part) => node?.[part], JSON.parse(readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`no text buybacks-predeclared/${language}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
