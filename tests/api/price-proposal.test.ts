import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { PARIS, VALID_IBAN } from '../support/buyback-fixtures.js';
import { proposalTokenFromMail, receivedBuyback, type CreatedBuyback } from '../support/api-helpers.js';

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

const REASON = 'Écran rayé';
const COMMENT = 'Rayure profonde en haut à gauche';
const OTHER_TOKEN = 'x'.repeat(43);

interface Proposed {
  buyback: CreatedBuyback;
  email: string;
  proposedPrice: number;
  link: string;
  token: string;
  text: string;
}

let sequence = 0;
/** A received buyback for which the warehouse proposed 100 € less; the customer's e-mail read from the memory mailer. */
async function proposed(): Promise<Proposed> {
  const email = `proposal.${++sequence}@example.com`;
  const buyback = await receivedBuyback(seller, warehouse, PARIS, { paymentType: 'bank_transfer', customer: { email } });
  const proposedPrice = buyback.declaredPriceInCents - 10_000;
  const response = await warehouse.post(`/buybacks/${buyback.id}/propose-new-price`, {
    proposedPriceInCents: proposedPrice,
    reason: REASON,
    comment: COMMENT,
  });
  if (response.status !== 200) throw new Error(`propose: ${response.status} ${JSON.stringify(response.body)}`);
  return { buyback, email, proposedPrice, ...proposalTokenFromMail(t.mailer, email) };
}

const proposalOf = (id: string, token: string) => t.api.get(`/public/buybacks/${id}/price-proposal?token=${encodeURIComponent(token)}`);
const decide = (id: string, decision: 'accept' | 'reject', token: string) =>
  t.api.post(`/public/buybacks/${id}/price-proposal/${decision}`, { token });

describe('the e-mail to the customer', () => {
  it('carries a link to the proposal with its secret in ?token=', async () => {
    const { buyback, link, token } = await proposed();
    const url = new URL(link);
    expect(url.pathname).toBe(`/buyback/${buyback.id}/accept`);
    expect(url.searchParams.get('token')).toBe(token);
    expect(token.length).toBeGreaterThanOrEqual(16);
  });

  it('never contains the customer’s IBAN, in any form', async () => {
    const { email } = await proposed();
    const messages = t.mailer.sent.filter((m) => m.to === email);
    expect(messages.map((m) => m.template)).toEqual(['buybackConfirmation', 'priceProposal']);
    const everything = JSON.stringify(messages).replace(/\s+/g, '');
    expect(everything).not.toContain(VALID_IBAN);
    expect(everything).not.toContain(VALID_IBAN.slice(4));
  });
});

describe('the proposal as the customer sees it', () => {
  it('shows the previous and proposed prices, the reason, and that the decision is pending', async () => {
    const { buyback, token, proposedPrice } = await proposed();

    const shown = await proposalOf(buyback.id, token);

    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toMatchObject({
      buybackId: buyback.id,
      identificationNumber: buyback.identificationNumber,
      previousPrice: { amountInCents: buyback.declaredPriceInCents, currency: 'EUR' },
      proposedPrice: { amountInCents: proposedPrice, currency: 'EUR' },
      reason: REASON,
      comment: COMMENT,
      decision: 'pending',
      alreadyResolved: false,
    });
    expect(JSON.stringify(shown.body)).not.toContain(VALID_IBAN);
  });

  it('answers a wrong token exactly as an unknown buyback: 404 PRICE_PROPOSAL_NOT_FOUND', async () => {
    const { buyback } = await proposed();

    const wrongToken = await proposalOf(buyback.id, OTHER_TOKEN);
    const unknownBuyback = await proposalOf(randomUUID(), OTHER_TOKEN);

    expect(wrongToken.status).toBe(404);
    expect(wrongToken.body.code).toBe('PRICE_PROPOSAL_NOT_FOUND');
    expect(unknownBuyback.status).toBe(404);
    expect(wrongToken.body).toEqual(unknownBuyback.body);
  });

  it('does not open another buyback with a valid token of a different proposal', async () => {
    const first = await proposed();
    const second = await proposed();

    const crossed = await proposalOf(second.buyback.id, first.token);

    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe('PRICE_PROPOSAL_NOT_FOUND');
  });
});

describe('the customer’s decision', () => {
  it('is taken once: accepting answers 200 and the proposal then shows it resolved and accepted', async () => {
    const { buyback, token } = await proposed();

    const accepted = await decide(buyback.id, 'accept', token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ id: buyback.id, status: 'bb_completed_with_negociation' });

    const shown = await proposalOf(buyback.id, token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ decision: 'accepted', alreadyResolved: true });
  });

  it('cannot be taken again: accepting or rejecting a resolved proposal answers 409 PRICE_PROPOSAL_ALREADY_RESOLVED and changes nothing', async () => {
    const { buyback, token } = await proposed();
    expect((await decide(buyback.id, 'accept', token)).status).toBe(200);

    const acceptAgain = await decide(buyback.id, 'accept', token);
    const rejectAfter = await decide(buyback.id, 'reject', token);

    expect(acceptAgain.status).toBe(409);
    expect(acceptAgain.body.code).toBe('PRICE_PROPOSAL_ALREADY_RESOLVED');
    expect(rejectAfter.status).toBe(409);
    expect(rejectAfter.body.code).toBe('PRICE_PROPOSAL_ALREADY_RESOLVED');
    const detail = await warehouse.get(`/buybacks/${buyback.id}`);
    expect(detail.body.status).toBe('bb_completed_with_negociation');
    expect(detail.body.proposal.decision).toBe('accepted');
  });

  it('rejected shows the proposal resolved and rejected, and a later accept is refused', async () => {
    const { buyback, token } = await proposed();

    const rejected = await decide(buyback.id, 'reject', token);
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('bb_not_completed');

    expect((await proposalOf(buyback.id, token)).body).toMatchObject({ decision: 'rejected', alreadyResolved: true });
    const late = await decide(buyback.id, 'accept', token);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('PRICE_PROPOSAL_ALREADY_RESOLVED');
  });

  it('cannot be taken with a wrong token: 404, and the proposal stays pending', async () => {
    const { buyback, token } = await proposed();

    const forged = await decide(buyback.id, 'accept', OTHER_TOKEN);

    expect(forged.status).toBe(404);
    expect(forged.body.code).toBe('PRICE_PROPOSAL_NOT_FOUND');
    expect((await proposalOf(buyback.id, token)).body).toMatchObject({ decision: 'pending', alreadyResolved: false });
  });

  it('is open to the customer without an account: the link works without signing in', async () => {
    const { buyback, token } = await proposed();
    const anonymousFetch = await fetch(`${t.baseUrl}/api/public/buybacks/${buyback.id}/price-proposal?token=${token}`);
    expect(anonymousFetch.status).toBe(200);
  });
});
