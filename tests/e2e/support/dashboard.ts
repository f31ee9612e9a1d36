import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { accessibilityAudit } from './accessibility.js';

export const DEMO_PASSWORD = 'Demo2026!';

const INFRASTRUCTURE = join(import.meta.dirname, '..', '..', '..', 'infrastructure');

/**
 * An API text, dotted key: the core's (infrastructure/http/locales) or a
 * part's (infrastructure/modules/<part>/locales), all merged as the apps'
 * `api` namespace merges them. The menu's labels are `menu.<key>` (GET /api/me
 * answers them translated).
 */
export function apiText(language: string, key: string): string {
  const files = [
    join(INFRASTRUCTURE, 'http', 'locales', `${language}.json`),
    ...readdirSync(join(INFRASTRUCTURE, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(INFRASTRUCTURE, 'modules', entry.name, 'locales', `${language}.json`)),
  ];
  for (const file of files) {
    const value = key.split('.').reduce<any>((node, part) => node?.[part], JSON.parse(readFileSync(file, 'utf8')));
    if (typeof value === 'string') return value;
  }
  throw new Error(`no API text ${language}:${key}`);
}

/** The API's own message for an error code, which both apps show for it. */
export function apiMessage(language: string, code: string): string {
  return apiText(language, `errors.${code}`);
}

/** A dashboard text as the app ships it: ui/dashboard/<folder>/locales/<language>.json, dotted key. */
export function dashboardText(folder: 'app' | `features/${string}`, language: string, key: string, values: Record<string, string | number> = {}): string {
  const file = join(import.meta.dirname, '..', '..', '..', 'ui', 'dashboard', folder, 'locales', `${language}.json`);
  const value = key.split('.').reduce<any>((node, part) => node?.[part], JSON.parse(readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`no text ${folder}/${language}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_whole: string, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** A dashboard feature's text (ui/dashboard/features/<feature>/locales/<language>.json), dotted key, `{{name}}` filled in. */
export function featureText(feature: string, language: string, key: string, values: Record<string, string | number> = {}): string {
  return dashboardText(`features/${feature}`, language, key, values);
}

async function body(response: APIResponse): Promise<any> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** The sessions this worker opened (each Playwright worker is a process of its own), by user and asked module. */
const sessions = new Map<string, { token: string; module: string | null; organizationId: string }>();

/** A staff member's API session, as the tests' setup drives it (the same calls the dashboard makes). */
export class StaffApi {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
    readonly module: string | null,
    readonly organizationId: string,
  ) {}

  /**
   * A session of this user in this module: the one this worker opened before while the API still accepts it (GET /api/me
   * answers 200), else a new one. A sign-in costs the server a password hash (Argon2id, ~19 MB: 393 ms on average against
   * 19 ms for GET /api/me, measured at load 26) and most tests open one or more. A session revoked meanwhile (a test's
   * logout) is replaced; signing in through the form stays the dashboard-shell and lost-password specs' own journey.
   */
  static async login(request: APIRequestContext, email: string, module?: string): Promise<StaffApi> {
    const key = `${email}\u0000${module ?? ''}`;
    const known = sessions.get(key);
    if (known) {
      const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${known.token}`, ...(known.module ? { 'X-Module': known.module } : {}) } });
      if (me.ok()) return new StaffApi(request, known.token, known.module, known.organizationId);
      sessions.delete(key);
    }
    const fresh = await StaffApi.freshLogin(request, email, module);
    sessions.set(key, { token: fresh.token, module: fresh.module, organizationId: fresh.organizationId });
    return fresh;
  }

  /** A new session of its own (POST /api/login), for a test that ends it or counts on it being new. */
  static async freshLogin(request: APIRequestContext, email: string, module?: string): Promise<StaffApi> {
    const response = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD }, headers: module ? { 'X-Module': module } : {} });
    const answer = await body(response);
    expect(response.status(), JSON.stringify(answer)).toBe(200);
    return new StaffApi(request, answer.token, answer.user.currentModule, answer.user.currentOrganization.id);
  }

  private headers(extra: Record<string, string> = {}) {
    return { Authorization: `Bearer ${this.token}`, ...(this.module ? { 'X-Module': this.module } : {}), ...extra };
  }

  async get(path: string) {
    const response = await this.request.get(`/api${path}`, { headers: this.headers() });
    return { status: response.status(), body: await body(response), headers: response.headers() };
  }

  async post(path: string, data: unknown = {}, headers: Record<string, string> = {}) {
    const response = await this.request.post(`/api${path}`, { data, headers: this.headers(headers) });
    return { status: response.status(), body: await body(response), headers: response.headers() };
  }

  async ok(method: 'get' | 'post', path: string, data?: unknown, headers: Record<string, string> = {}) {
    const answer = method === 'get' ? await this.get(path) : await this.post(path, data, headers);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  }
}

export interface CreatedBuyback {
  id: string;
  identificationNumber: string;
  productLabel: string;
  declaredPriceInCents: number;
}

/**
 * A store buyback registered through the API by a seller, from the product's
 * own options: the first answer of every question (the seed guarantees it
 * does not block the estimate), the first circuit offering the payment type.
 */
export async function createStoreBuyback(
  seller: StaffApi,
  options: { paymentType?: 'bank_transfer' | 'voucher' | 'gift_card'; firstName?: string; lastName?: string; search?: string; email?: string; language?: string } = {},
): Promise<CreatedBuyback> {
  const paymentType = options.paymentType ?? 'bank_transfer';
  const products = await seller.ok('get', `/products?search=${encodeURIComponent(options.search ?? 'iphone 15 128')}`);
  const product = products.items[0];
  const buybackOptions = await seller.ok('get', `/products/${product.id}/buyback-options?channel=store`);
  const paymentModes = buybackOptions.paymentModes as Array<{ id: string; paymentType: string }>;
  const circuit = (buybackOptions.circuits as Array<{ id: string; shippingMethodIds: string[]; paymentModeIds: string[] }>).find((c) =>
    paymentModes.some((p) => p.paymentType === paymentType && c.paymentModeIds.includes(p.id)),
  );
  if (!circuit) throw new Error(`no circuit paying by ${paymentType}`);
  const paymentMode = paymentModes.find((p) => p.paymentType === paymentType && circuit.paymentModeIds.includes(p.id))!;
  const questions = await seller.ok('get', `/products/${product.id}/diagnostic-questions`);
  const created = await seller.ok('post', `/store/${seller.organizationId}/buybacks`, {
    productId: product.id,
    responses: (questions.items as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] })),
    customer: {
      firstName: options.firstName ?? 'Camille',
      lastName: options.lastName ?? 'Durand',
      email: options.email ?? 'camille.durand@example.com',
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
  }, options.language ? { 'Accept-Language': options.language } : {});
  const detail = await seller.ok('get', `/buybacks/${created.id}`);
  return { id: created.id, identificationNumber: created.identificationNumber, productLabel: detail.product.label, declaredPriceInCents: detail.declaredPrice.amountInCents };
}

/** Registered and shipped by the seller, checked in by the warehouse: in processing, ready for the check. */
export async function receivedBuyback(seller: StaffApi, warehouse: StaffApi, options: Parameters<typeof createStoreBuyback>[1] = {}) {
  const buyback = await createStoreBuyback(seller, options);
  await seller.ok('post', `/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null });
  await warehouse.ok('post', `/buybacks/${buyback.id}/check-in`, {});
  return buyback;
}

/** Opens the dashboard already signed in with this session (as the login page leaves it). */
export async function signInWith(page: Page, session: StaffApi): Promise<void> {
  await page.addInitScript(
    ({ token, module }) => {
      if (!sessionStorage.getItem('e2e.session-set')) {
        localStorage.setItem('dashboard.session', JSON.stringify({ token, module }));
        sessionStorage.setItem('e2e.session-set', '1');
      }
    },
    { token: session.token, module: session.module },
  );
}

/** Signs in through the login page. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(dashboardText('features/auth', 'fr-FR', 'login.email')).fill(email);
  await page.getByLabel(dashboardText('features/auth', 'fr-FR', 'login.password')).fill(password);
  await page.getByRole('button', { name: dashboardText('features/auth', 'fr-FR', 'login.submit') }).click();
}

/** 13 digits as the dashboard shows them: 1-6-6. */
export function shownCode(identificationNumber: string): string {
  return `${identificationNumber.slice(0, 1)} ${identificationNumber.slice(1, 7)} ${identificationNumber.slice(7)}`;
}

let counter = 0;
/** A name no other test uses, to find this test's buybacks among everyone's. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await accessibilityAudit(page);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * Saves the general settings by `save` (the action that sends their PATCH) and expects them saved. The demo account
 * is shared with the specs running beside this one (its design, home page, SFTP…): a change of theirs between the
 * page's load and the save is refused as a concurrent change (412), and the administrator, as anyone would, reloads
 * the page and saves again (three tries).
 */
export async function saveGeneralSettings(page: Page, save: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/general-settings/'));
    await save();
    const status = (await saved).status();
    if (status === 412 && attempt < 3) {
      await page.reload();
      continue;
    }
    expect(status).toBe(200);
    return;
  }
}

/**
 * POST /warehouse/check-ins for the code, expected to succeed. settings-general.spec.ts switches the demo account's
 * warehouse check-in off for a few seconds (the demo data is shared by the specs running beside it): a check-in
 * refused meanwhile (409 WAREHOUSE_CHECKIN_DISABLED) is asked again once it is back, within 30 s.
 */
export async function checkInCode(operator: StaffApi, code: string): Promise<Record<string, unknown>> {
  for (const started = Date.now(); ; ) {
    const answer = await operator.post('/warehouse/check-ins', { code });
    const disabled = answer.status === 409 && (answer.body as { code?: string } | null)?.code === 'WAREHOUSE_CHECKIN_DISABLED';
    if (disabled && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    expect(answer.status, `post /warehouse/check-ins: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as Record<string, unknown>;
  }
}
