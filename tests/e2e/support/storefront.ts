import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessibilityAudit } from './accessibility.js';
import { createStoreBuyback, StaffApi } from './dashboard.js';
import { linkIn, mailTo, templateIs } from './mailbox.js';

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await accessibilityAudit(page);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
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
  const seller = await StaffApi.login(request, 'seller@demo.test');
  const warehouse = await StaffApi.login(request, 'warehouse@demo.test', 'rps');
  const email = `e2e.proposal.${Date.now()}.${++sequence}@example.com`;

  const created = await createStoreBuyback(seller, { email });
  await seller.ok('post', `/buybacks/${created.id}/ship`, { trackingNumber: null, trackingLink: null });
  await warehouse.ok('post', `/buybacks/${created.id}/check-in`, {});
  const proposed = created.declaredPriceInCents - 10_000;
  await warehouse.ok('post', `/buybacks/${created.id}/propose-new-price`, { proposedPriceInCents: proposed, reason, comment: 'Constaté au contrôle' });

  const link = await linkMailedTo(email);
  return {
    id: created.id,
    identificationNumber: created.identificationNumber,
    productLabel: created.productLabel,
    declaredPriceInCents: created.declaredPriceInCents,
    proposedPriceInCents: proposed,
    reason,
    token: new URL(link).searchParams.get('token') as string,
    link,
  };
}

/** The link in the price proposal e-mailed to `to` (received by the tests' SMTP server). */
async function linkMailedTo(to: string): Promise<string> {
  return linkIn(await mailTo(to, templateIs('priceProposal')));
}

/** "1 234,50 €" as fr-FR writes it (with its narrow no-break spaces), for comparing with the page. */
export function euros(cents: number, language = 'fr-FR'): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** The answers a careful owner of a smartphone in very good condition gives, question by question (demo catalogue, smartphones). */
export const GOOD_PHONE_ANSWERS: Array<{ question: RegExp; answers: string[] }> = [
  { question: /s'allume-t-il/, answers: ['Oui'] },
  { question: /État général/, answers: ['Comme neuf, aucune trace'] },
  { question: /Accessoires fournis/, answers: ["Boîte d'origine"] },
  { question: /État de l'écran/, answers: ['Parfait, aucune rayure'] },
  { question: /Santé de la batterie/, answers: ['Supérieure à 85 %'] },
  { question: /verrouillé à un compte/, answers: ['Non, le compte est déconnecté'] },
];

/** Nothing is wider than the screen (the specification's mobile layout, below 768 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.content, 'page wider than the screen').toBeLessThanOrEqual(widths.screen);
}

/**
 * Waits until the storefront's page answers to the visitor (ui/storefront/app/start.tsx marks <html data-interactive> once
 * it is hydrated): a server-rendered page shows before, but what is typed or clicked then does only what the browser itself
 * does with it.
 */
export async function storefrontInteractive(page: Page) {
  await expect(page.locator('html[data-interactive]')).toHaveCount(1);
}

/**
 * From now on, the storefront's pages come as the server sends them when it does not render them (a render failed, took too
 * long or found its threads busy; or STOREFRONT_SERVER_RENDERING=off): index.html, built by the browser from the API's
 * answers, those a test fakes in the browser (page.route) included, which a server-rendered page never asks for (it holds
 * the data it was rendered from). The document is the server's index.html file itself, fetched from the network (a page
 * fulfilled by the test would count as a public address's, refused the loopback collector), without the page's CSP.
 */
export async function storefrontRenderedByTheBrowser(page: Page) {
  // The storefront's own pages only: another origin's requests (the tag manager's) are never touched.
  const storefront = new URL(test.info().project.use.baseURL as string).origin;
  await page.route(
    (url) => url.origin === storefront && !/^\/(api|assets|dashboard)(\/|$)/.test(url.pathname),
    (route) => (route.request().resourceType() === 'document' ? route.continue({ url: `${storefront}/index.html` }) : route.fallback()),
  );
}

/** The storefront's search, then the product's card: its diagnostic opens. */
export async function openProductFromSearch(page: Page, search: string, product: string) {
  await page.goto('/search');
  await storefrontInteractive(page);
  await page.getByRole('searchbox').first().fill(search);
  await page.getByRole('searchbox').first().press('Enter');
  await page.getByRole('link', { name: product, exact: true }).click();
  await expect(page).toHaveURL(/\/diag\/[0-9a-f-]{36}\//);
}

/**
 * The tunnel from a product's first question to its price and options: the
 * answers one screen at a time, then the transport and payment, up to the
 * next step (the visitor's details), unless `continue` is false.
 */
export async function declareDevice(
  page: Page,
  options: { transport: string; payment: string; answers?: Array<{ question: RegExp; answers: string[] }>; continue?: boolean },
) {
  const steps = options.answers ?? GOOD_PHONE_ANSWERS;
  for (const [index, step] of steps.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: step.question })).toBeVisible();
    for (const text of step.answers) await page.getByText(text, { exact: true }).click();
    await page.getByRole('button', { name: index === steps.length - 1 ? 'Voir le prix' : 'Continuer' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Prix de reprise estimé' })).toBeVisible();
  await page.getByText(options.transport, { exact: true }).click();
  await page.getByText(options.payment, { exact: true }).click();
  if (options.continue !== false) await page.getByRole('button', { name: 'Continuer vers mes coordonnées' }).click();
}

/** A French visitor's details in the customer form (the bank details when asked, the identity document always), the terms accepted. */
export async function fillCustomerDetails(page: Page, customer: { firstName: string; lastName: string; email: string }) {
  await page.getByRole('textbox', { name: 'Prénom' }).fill(customer.firstName);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(customer.lastName);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(customer.email);
  await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('06 12 34 56 78');
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('12 rue de la Paix');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('75002');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Paris');
  const iban = page.getByRole('textbox', { name: 'IBAN' });
  if (await iban.count()) await iban.fill('FR76 3000 6000 0112 3456 7890 189');
  await page.getByRole('combobox', { name: "Type de pièce d'identité" }).selectOption('identity_card');
  await page.getByRole('textbox', { name: "Numéro de la pièce d'identité" }).fill('X4RTBPFW4');
  await page.getByRole('textbox', { name: 'Autorité de délivrance' }).fill('Préfecture de Paris');
  await page.getByRole('textbox', { name: 'Date de délivrance' }).fill('2020-05-14');
  await page.getByText("J'ai lu et j'accepte les conditions générales de service.").click();
}

/**
 * A cart kept on another retailer's storefront (Other Retail), made through
 * the API as one of its visitors would: their visitor token, the first
 * published product, the first answer to each question, the first web
 * circuit with its first transport and payment.
 */
export async function otherRetailersCartId(request: APIRequestContext): Promise<string> {
  const seller = await StaffApi.login(request, 'seller@other.test');
  const me = (await seller.ok('get', '/me')) as { account: { id: string; name: string } };
  expect(me.account.name).toBe('Other Retail');
  const minted = await request.post('/api/anonymous-token', { data: { accountId: me.account.id } });
  expect(minted.status()).toBe(201);
  const headers = { Authorization: `Bearer ${(await minted.json()).token as string}` };
  const read = async (path: string) => {
    const response = await request.get(`/api${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return response.json();
  };
  const [product] = (await read('/products?status=published&itemsPerPage=1')).items as Array<{ id: string }>;
  const questions = (await read(`/products/${product!.id}/diagnostic-questions`)).items as Array<{ id: string; answers: Array<{ id: string }> }>;
  const options = (await read(`/products/${product!.id}/buyback-options?channel=web`)) as {
    circuits: Array<{ id: string; shippingMethodIds: string[]; paymentModeIds: string[] }>;
  };
  const circuit = options.circuits[0]!;
  const cart = await request.post('/api/carts', {
    headers,
    data: {
      buybacks: [
        {
          productId: product!.id,
          responses: questions.map((question) => ({ questionId: question.id, answerIds: [question.answers[0]!.id] })),
          imei: null,
          acceptUnknownImei: false,
          circuitId: circuit.id,
          shippingMethodId: circuit.shippingMethodIds[0],
          paymentModeId: circuit.paymentModeIds[0],
        },
      ],
    },
  });
  const answer = await cart.json();
  expect(cart.status(), JSON.stringify(answer)).toBe(201);
  return answer.cartId as string;
}
