import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkSecrets } from '../../application/ports/link-secrets.js';
import { signedLinkToken } from '../../application/buybacks/signed-link.js';
import { TOKENS } from '../../application/tokens.js';
import { expectOk } from '../support/api-helpers.js';
import { creationBody, IDENTITY_NUMBER, PARIS, VALID_IBAN } from '../support/buyback-fixtures.js';
import { carrierReport, closedPackage, eventually, packageWithLabel, sendCarrierReport } from '../support/logistics-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The customer follows their device (issue 24): the confirmation e-mail's
 * signed links (documents, tracking), the journey the tracking link opens
 * (its steps from the events, no personal data beyond a first name), the
 * price proposal answered with the same link, and the links refused: another
 * buyback's, the other purpose's, expired.
 */

let t: TestPlatform;
let seller: ApiClient;
let warehouse: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, warehouse] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
});
afterAll(async () => {
  await t?.close();
});

/** The documents and tracking links of the confirmation e-mail sent to `email`. */
function confirmationLinks(email: string): { documents: URL; tracking: URL; text: string } {
  const message = t.mailer.sent.find((m) => m.to === email && m.template === 'buybackConfirmation');
  if (!message) throw new Error(`no confirmation to ${email}`);
  const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
  const documents = links.find((l) => l.pathname === '/buyback-confirmation-docs');
  const tracking = links.find((l) => l.pathname === '/tracking');
  if (!documents || !tracking) throw new Error(`links missing in ${message.text}`);
  return { documents, tracking, text: message.text };
}

const journey = (id: string, token: string, language = 'en-GB') =>
  t.api.request('GET', `/public/buybacks/${id}/tracking?token=${encodeURIComponent(token)}`, undefined, { 'Accept-Language': language });
const stepsOf = (body: { steps: Array<{ step: string }> }) => body.steps.map((s) => s.step);

describe('Given a store buyback sent in a package with a label, reported by the carrier, checked in and given a lower price', () => {
  const customer = { firstName: 'Maëlle', lastName: 'Quintard', email: 'maelle.quintard@example.com', phone: '+33698765432', street: '8 allée des Tilleuls', zipCode: '44000', city: 'Nantes' };
  let buybackId: string;
  let identificationNumber: string;
  let trackingToken: string;
  let documentsToken: string;
  let declaredPriceInCents: number;

  beforeAll(async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1, { paymentType: 'bank_transfer', customer });
    buybackId = buybacks[0]!.id;
    identificationNumber = buybacks[0]!.identificationNumber;
    declaredPriceInCents = buybacks[0]!.declaredPriceInCents;
    const links = confirmationLinks(customer.email);
    expect(links.tracking.searchParams.get('id')).toBe(buybackId);
    expect(links.documents.searchParams.get('id')).toBe(buybackId);
    trackingToken = links.tracking.searchParams.get('token')!;
    documentsToken = links.documents.searchParams.get('token')!;
    const { label } = await packageWithLabel(seller, pkg.id);
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'IN_PROGRESS')));
    await eventually(async () => (await expectOk(seller.get(`/buybacks/${buybackId}`))).deliveryStatus, (status) => status === 'IN_PROGRESS', { timeoutMs: 5_000 });
    await expectOk(warehouse.post(`/buybacks/${buybackId}/check-in`, {}));
    await expectOk(warehouse.post(`/buybacks/${buybackId}/propose-new-price`, { proposedPriceInCents: declaredPriceInCents - 4_000, reason: 'Écran rayé' }));
  });

  it('the confirmation e-mail carries two different signed, expiring tokens', () => {
    expect(trackingToken).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(documentsToken).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(trackingToken).not.toBe(documentsToken);
    // Both expire: the tracking link after 90 days by default, the documents link after 30.
    const days = (token: string) => (Number(token.split('.')[0]) * 1000 - Date.now()) / 86_400_000;
    expect(days(trackingToken)).toBeGreaterThan(89);
    expect(days(trackingToken)).toBeLessThanOrEqual(90);
    expect(days(documentsToken)).toBeLessThanOrEqual(30);
  });

  it('the journey tells each step with its date, the carrier’s report, the proposal to answer, in the customer’s language', async () => {
    const answer = await journey(buybackId, trackingToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.body).toMatchObject({ buybackId, identificationNumber, firstName: 'Maëlle', locale: 'fr-FR', status: 'bb_in_processing', proposalToAnswer: true });
    // Closing the store's package ships it; the carrier's label then names it.
    expect(stepsOf(answer.body)).toEqual(['registered', 'shipped', 'label_ready', 'carrier_report', 'received', 'price_proposed']);
    const report = answer.body.steps.find((s: { step: string }) => s.step === 'carrier_report');
    expect(report.deliveryStatus).toBe('IN_PROGRESS');
    const proposal = answer.body.steps.at(-1);
    expect(proposal.price).toEqual({ amountInCents: declaredPriceInCents - 4_000, currency: 'EUR' });
    const dates = answer.body.steps.map((s: { at: string }) => s.at);
    expect([...dates].sort()).toEqual(dates);
    expect(answer.body.tracking.number).toMatch(/\S/);
  });

  it('shows no personal data beyond the first name', async () => {
    const everything = JSON.stringify((await journey(buybackId, trackingToken)).body);
    for (const value of [customer.lastName, customer.email, customer.phone, customer.street, customer.zipCode, customer.city, VALID_IBAN, VALID_IBAN.slice(4), IDENTITY_NUMBER]) {
      expect(everything, value).not.toContain(value);
    }
  });

  it('the same token shows the proposal and answers it; the journey then tells the acceptance', async () => {
    const proposal = await t.api.get(`/public/buybacks/${buybackId}/price-proposal?token=${encodeURIComponent(trackingToken)}`);
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
    expect(proposal.body).toMatchObject({ buybackId, proposedPrice: { amountInCents: declaredPriceInCents - 4_000 }, decision: 'pending', alreadyResolved: false });
    const accepted = await t.api.post(`/public/buybacks/${buybackId}/price-proposal/accept`, { token: trackingToken });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const after = await expectOk(journey(buybackId, trackingToken));
    expect(after.proposalToAnswer).toBe(false);
    expect(stepsOf(after).at(-1)).toBe('proposal_accepted');
    expect(after.steps.at(-1).price).toEqual({ amountInCents: declaredPriceInCents - 4_000, currency: 'EUR' });
    // Answered once: a second answer through the link is refused.
    expect((await t.api.post(`/public/buybacks/${buybackId}/price-proposal/reject`, { token: trackingToken })).status).toBe(409);
  });

  it('the documents link lists its documents (the package’s label ready, no voucher for a bank transfer), each downloadable with it', async () => {
    const listing = await t.api.get(`/public/buybacks/${buybackId}/documents?token=${encodeURIComponent(documentsToken)}`);
    expect(listing.status, JSON.stringify(listing.body)).toBe(200);
    expect(listing.body).toMatchObject({ buybackId, identificationNumber });
    expect(listing.body.documents).toEqual([
      { kind: 'transfer-order', state: 'ready', voucherType: null },
      { kind: 'tracking-sheet', state: 'ready', voucherType: null },
      { kind: 'shipping-label', state: 'ready', voucherType: null },
    ]);
    expect(JSON.stringify(listing.body)).not.toContain(customer.lastName);
    const label = await fetch(`${t.baseUrl}/api/buybacks/${buybackId}/shipping-label?token=${encodeURIComponent(documentsToken)}`);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toContain('application/pdf');
    // The tracking token does not list the documents.
    expect((await t.api.get(`/public/buybacks/${buybackId}/documents?token=${encodeURIComponent(trackingToken)}`)).body.code).toBe('DOCUMENTS_LINK_INVALID');
  });

  describe('and a second customer’s buyback', () => {
    let otherId: string;
    let otherToken: string;

    beforeAll(async () => {
      const email = 'second.customer@example.com';
      const { buybacks } = await closedPackage(seller, 1, { paymentType: 'bank_transfer', customer: { email, firstName: 'Yann' } });
      otherId = buybacks[0]!.id;
      otherToken = confirmationLinks(email).tracking.searchParams.get('token')!;
    });

    it('its link does not open the first buyback’s journey nor its proposal: 404 TRACKING_LINK_INVALID, in the caller’s language', async () => {
      const refused = await journey(buybackId, otherToken, 'de-DE');
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('TRACKING_LINK_INVALID');
      expect(refused.body.message).toContain('ungültig');
      expect(JSON.stringify(refused.body)).not.toContain('Maëlle');
      expect((await t.api.get(`/public/buybacks/${buybackId}/price-proposal?token=${encodeURIComponent(otherToken)}`)).body.code).toBe('TRACKING_LINK_INVALID');
      expect((await t.api.post(`/public/buybacks/${buybackId}/price-proposal/reject`, { token: otherToken })).status).toBe(404);
      // Its own journey opens, with its own first name.
      const own = await expectOk(journey(otherId, otherToken));
      expect(own.firstName).toBe('Yann');
      expect(stepsOf(own)).toEqual(['registered', 'shipped']);
    });

    it('the documents token does not open the journey, nor the tracking token the documents', async () => {
      expect((await journey(buybackId, documentsToken)).body.code).toBe('TRACKING_LINK_INVALID');
      const documents = await t.api.get(`/buybacks/${buybackId}/documents/tracking-sheet?token=${encodeURIComponent(trackingToken)}`);
      expect(documents.status).toBe(404);
      expect(documents.body.code).toBe('DOCUMENTS_LINK_INVALID');
    });
  });

  it('a buyback registered in Dutch answers its journey with the customer’s language, nl-BE, whatever language the page asks in', async () => {
    const email = 'tracking.dutch.customer@example.com';
    const body = await creationBody(seller, { customer: { email, firstName: 'Sanne' } });
    await expectOk(seller.post(`/store/${PARIS}/buybacks`, body, { 'Accept-Language': 'nl-BE' }), 201);
    const link = confirmationLinks(email).tracking;
    for (const asked of ['fr-FR', 'en-GB']) {
      const answer = await expectOk(journey(link.searchParams.get('id')!, link.searchParams.get('token')!, asked));
      expect(answer).toMatchObject({ firstName: 'Sanne', locale: 'nl-BE' });
    }
  });

  it('an expired tracking token is refused with 410 TRACKING_LINK_EXPIRED, on the journey and on the proposal; an altered one with 404', async () => {
    const linkSecrets = t.platform.container.resolve<LinkSecrets>(TOKENS.LinkSecrets);
    const expired = signedLinkToken(linkSecrets, 'buyback-tracking:v1', buybackId, new Date(Date.now() - 3 * 86_400_000).toISOString(), 1);
    const refused = await journey(buybackId, expired, 'fr-FR');
    expect(refused.status).toBe(410);
    expect(refused.body).toMatchObject({ code: 'TRACKING_LINK_EXPIRED' });
    expect(refused.body.message).toContain('expiré');
    expect((await t.api.get(`/public/buybacks/${buybackId}/price-proposal?token=${encodeURIComponent(expired)}`)).status).toBe(410);
    // Its expiry pushed forward by hand: the signature no longer matches.
    const [expiry, signature] = expired.split('.');
    expect((await journey(buybackId, `${Number(expiry) + 10 * 86_400}.${signature}`)).body.code).toBe('TRACKING_LINK_INVALID');
    // Not a token's shape at all: the schema's refusal, never a 500.
    expect((await journey(buybackId, 'not-a-token-at-all')).status).toBe(400);
  });
});
