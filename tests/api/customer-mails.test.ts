import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The e-mails a customer receives are written in the language they used
 * (the storefront's or the seller's screen language, `Accept-Language`), and
 * say what the customer needs: the code and next steps on registration; the
 * product, the code, both prices, the reason and the date to answer by on a
 * price proposal.
 */
let t: TestPlatform;
let seller: ApiClient;
let warehouse: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  seller = await t.login('seller@demo.test');
  warehouse = await t.login('warehouse@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const euros = (cents: number, locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe.each([
  ['de-DE', 'Ihr Ankauf', 'Neuer Preisvorschlag'],
  ['nl-BE', 'Uw inruil', 'Nieuwe voorgestelde prijs'],
  ['en-GB', 'Your trade-in', 'New price offered'],
  ['fr-FR', 'Votre reprise', 'Nouveau prix proposé'],
])('Given a customer served in %s', (locale, confirmationWords, proposalWords) => {
  it('when their buyback is registered, then the confirmation is in their language, with the code, the price and the next steps', async () => {
    const email = `mail.${locale.toLowerCase()}@example.com`;
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer', customer: customer({ email }) }), {
      'Accept-Language': locale,
    });
    expect(created.status).toBe(201);
    const detail = await seller.get(`/buybacks/${created.body.id}`);
    expect(detail.body.customerLocale).toBe(locale);

    const [confirmation] = t.mailer.sent.filter((m) => m.to === email);
    expect(confirmation?.template).toBe('buybackConfirmation');
    expect(confirmation?.locale).toBe(locale);
    expect(confirmation?.subject).toContain(created.body.identificationNumber);
    expect(confirmation?.subject).toContain(confirmationWords);
    expect(confirmation?.text).toContain(euros(detail.body.declaredPrice.amountInCents, locale));
    expect(confirmation?.text).not.toMatch(/\{\{|mail\./);

    // The warehouse works in French; the proposal is written in the customer's language all the same.
    await seller.post(`/buybacks/${created.body.id}/ship`, {});
    expect((await warehouse.post(`/buybacks/${created.body.id}/check-in`, {}, { 'Accept-Language': 'fr-FR' })).status).toBe(200);
    const proposedPriceInCents = detail.body.declaredPrice.amountInCents - 5_000;
    const proposed = await warehouse.post(
      `/buybacks/${created.body.id}/propose-new-price`,
      { proposedPriceInCents, reason: 'Écran rayé', comment: 'Rayure profonde en haut à gauche' },
      { 'Accept-Language': 'fr-FR' },
    );
    expect(proposed.status).toBe(200);

    const proposal = t.mailer.sent.filter((m) => m.to === email).at(-1);
    expect(proposal?.template).toBe('priceProposal');
    expect(proposal?.locale).toBe(locale);
    expect(proposal?.text).toContain(proposalWords);
    for (const expected of [
      detail.body.product.label,
      created.body.identificationNumber,
      euros(detail.body.declaredPrice.amountInCents, locale),
      euros(proposedPriceInCents, locale),
      'Écran rayé',
      'Rayure profonde en haut à gauche',
      `/buyback/${created.body.id}/accept?token=`,
    ]) {
      expect(proposal?.text, expected).toContain(expected);
    }
    // "answer by": 14 days after the proposal, written as a date of the customer's language.
    const answerBy = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(Date.now() + 14 * 86_400_000));
    expect(proposal?.text).toContain(answerBy);
  });
});
