import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2026!';

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

interface Session {
  token: string;
  organizationId: string;
}

async function login(request: APIRequestContext, email: string, module?: string): Promise<Session> {
  const response = await request.post('/api/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: module ? { 'X-Module': module } : {},
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  return { token: body.token, organizationId: body.user.currentOrganization.id };
}

function as(session: Session, module?: string) {
  return { Authorization: `Bearer ${session.token}`, ...(module ? { 'X-Module': module } : {}) };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, expected = 200) {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text}`).toBe(expected);
  return text ? JSON.parse(text) : null;
}

export interface ProposedBuyback {
  id: string;
  identificationNumber: string;
  productLabel: string;
  declaredPriceInCents: number;
  proposedPriceInCents: number;
  reason: string;
  /** The secret of the e-mailed link (`?token=`). */
  token: string;
  link: string;
}

let sequence = 0;

/**
 * Through the API, as staff would: a seller of Demo Store Paris registers an
 * iPhone buyback paid by bank transfer and ships it, the warehouse checks it
 * in and proposes 100 € less. The customer's link is read from the e-mail the
 * server wrote in its outbox.
 */
export async function proposedBuyback(request: APIRequestContext, reason: string): Promise<ProposedBuyback> {
  const seller = await login(request, 'seller@demo.test');
  const warehouse = await login(request, 'warehouse@demo.test', 'rps');
  const email = `e2e.proposal.${Date.now()}.${++sequence}@example.com`;

  const products = await ok(await request.get('/api/products?search=iphone%2015%20128', { headers: as(seller) }));
  const product = products.items[0];
  const options = await ok(await request.get(`/api/products/${product.id}/buyback-options?channel=store`, { headers: as(seller) }));
  const circuit = options.circuits.find((c: any) =>
    options.paymentModes.some((p: any) => p.paymentType === 'bank_transfer' && c.paymentModeIds.includes(p.id)),
  );
  const paymentMode = options.paymentModes.find((p: any) => p.paymentType === 'bank_transfer' && circuit.paymentModeIds.includes(p.id));
  const questions = await ok(await request.get(`/api/products/${product.id}/diagnostic-questions`, { headers: as(seller) }));

  const created = await ok(
    await request.post(`/api/store/${seller.organizationId}/buybacks`, {
      headers: as(seller),
      data: {
        productId: product.id,
        responses: questions.items.map((q: any) => ({ questionId: q.id, answerIds: [q.answers[0].id] })),
        customer: {
          firstName: 'Camille',
          lastName: 'Durand',
          email,
          phone: '+33612345678',
          street: '12 rue de la Paix',
          streetComplement: null,
          city: 'Paris',
          zipCode: '75002',
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
  const detail = await ok(await request.get(`/api/buybacks/${created.id}`, { headers: as(seller) }));
  await ok(await request.post(`/api/buybacks/${created.id}/ship`, { headers: as(seller), data: { trackingNumber: null, trackingLink: null } }));
  await ok(await request.post(`/api/buybacks/${created.id}/check-in`, { headers: as(warehouse, 'rps'), data: {} }));
  const declared = detail.declaredPrice.amountInCents as number;
  const proposed = declared - 10_000;
  await ok(
    await request.post(`/api/buybacks/${created.id}/propose-new-price`, {
      headers: as(warehouse, 'rps'),
      data: { proposedPriceInCents: proposed, reason, comment: 'Constaté au contrôle' },
    }),
  );

  const link = await linkMailedTo(email);
  return {
    id: created.id,
    identificationNumber: created.identificationNumber,
    productLabel: product.label,
    declaredPriceInCents: declared,
    proposedPriceInCents: proposed,
    reason,
    token: new URL(link).searchParams.get('token') as string,
    link,
  };
}

/** The link in the e-mail the server wrote for `to` in DATA_DIR/outbox (the embedded mailer). */
async function linkMailedTo(to: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR as string, 'outbox');
  let found: string | undefined;
  await expect
    .poll(() => {
      for (const name of readdirSync(outbox)) {
        const message = JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; text: string };
        if (message.to === to) found = /https?:\/\/\S+/.exec(message.text)?.[0];
      }
      return found;
    })
    .toBeTruthy();
  return found as string;
}

/** "1 234,50 €" as fr-FR writes it (with its narrow no-break spaces), for comparing with the page. */
export function euros(cents: number, language = 'fr-FR'): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
