import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { checkInCode, createStoreBuyback, StaffApi, type CreatedBuyback } from './dashboard.js';
import { mailTo, templateIs } from './mailbox.js';

export { featureText } from './dashboard.js';

/**
 * Data for the warehouse verification and the auditor's replay, prepared
 * through the API as the people would: a seller registers and ships, the
 * warehouse checks the parcel in (POST /warehouse/check-ins) and runs the
 * compliance check, the customer answers the new price from the link they
 * were e-mailed (received by the tests' SMTP server).
 */

/** Intl writes amounts with narrow no-break spaces: compare with ordinary spaces. */
export const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

export function euros(cents: number, language = 'fr-FR'): string {
  return plain(new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100));
}

let sequence = 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Sessions {
  seller: StaffApi;
  /** warehouse@demo.test, module rps (Nadia Robert, Demo Warehouse Orléans). */
  operator: StaffApi;
}

export async function sessions(request: APIRequestContext): Promise<Sessions> {
  return { seller: await StaffApi.login(request, 'seller@demo.test'), operator: await StaffApi.login(request, 'warehouse@demo.test', 'rps') };
}

/** A store buyback the seller registered and shipped: in transit to the Orléans warehouse. */
export async function shippedBuyback(people: Sessions, email = `e2e.audit.${Date.now()}.${++sequence}@example.com`): Promise<CreatedBuyback & { email: string }> {
  const buyback = await createStoreBuyback(people.seller, { email });
  await people.seller.ok('post', `/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null });
  return { ...buyback, email };
}

/** Received at the warehouse: the operator checks its parcel in by its code. Answers the item's id. */
export async function checkIn(people: Sessions, buyback: CreatedBuyback): Promise<string> {
  const answer = await checkInCode(people.operator, buyback.identificationNumber);
  return answer.id as string;
}

export interface LitigatedBuyback extends CreatedBuyback {
  itemId: string;
  reason: string;
  proposedPriceInCents: number;
  controlledPriceInCents: number;
  decision: 'accept' | 'reject';
}

/**
 * Registered, shipped, checked in, then checked by the operator, who finds a
 * worn battery: the check proposes a lower price (the customer is e-mailed a
 * link), which the customer then accepts or rejects. A second passes between
 * the check-in, the check and the answer, so each has its own second to pick.
 */
export async function litigatedBuyback(request: APIRequestContext, decision: 'accept' | 'reject', reason = 'Batterie usée'): Promise<LitigatedBuyback> {
  const people = await sessions(request);
  const buyback = await shippedBuyback(people);
  const itemId = await checkIn(people, buyback);
  await pause(1_100);

  const product = (await people.operator.ok('get', `/items/${itemId}`)).product.productId as string;
  const questions = (await people.operator.ok('get', `/products/${product}/diagnostic-questions`)).items as Array<{ id: string; title: string; answers: Array<{ id: string; title: string }> }>;
  // As declared, except the battery: below 80 % (demo catalogue), a deviation beyond what the retailer absorbs.
  const responses = questions.map((q) => {
    const worn = /batterie/i.test(q.title) ? q.answers.find((a) => /inférieure/i.test(a.title)) : undefined;
    return { questionId: q.id, answerIds: [(worn ?? q.answers[0])!.id] };
  });
  const findings = { productId: product, responses, comment: 'Batterie à 78 %.' };
  const preview = await people.operator.ok('post', `/items/${itemId}/compliance-checks/preview`, findings);
  expect(preview.outcome.kind, 'the demo battery answer gives a price proposal').toBe('price_proposal');
  await people.operator.ok('post', `/items/${itemId}/compliance-checks`, { ...findings, decision: { kind: 'by_rule', proposalReason: reason } });
  await pause(1_100);

  const token = await proposalTokenMailedTo(buyback.email, buyback.id);
  const answered = await request.post(`/api/public/buybacks/${buyback.id}/price-proposal/${decision}`, { data: { token } });
  expect(answered.status(), await answered.text()).toBeLessThan(300);
  return {
    ...buyback,
    itemId,
    reason,
    decision,
    proposedPriceInCents: preview.outcome.proposedPrice.amountInCents,
    controlledPriceInCents: preview.controlledPrice.amountInCents,
  };
}

/** The secret of the price-proposal link the server e-mailed to `to` about this buyback (received by the tests' SMTP server). */
async function proposalTokenMailedTo(to: string, buybackId: string): Promise<string> {
  const mail = await mailTo(to, (m) => templateIs('priceProposal')(m) && m.text.includes(buybackId));
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(buybackId)) as string;
  return new URL(link).searchParams.get('token') as string;
}

/** An e-mail the server sent to `to` with this template, whose subject names `about`. */
export async function expectMailed(to: string, template: string, about: string): Promise<void> {
  await mailTo(to, (mail) => templateIs(template)(mail) && mail.subject.includes(about));
}

/** The replay's events in their order, as the API tells them (the spec finds an event's number by its type). */
export async function replayEvents(auditor: StaffApi, buybackId: string): Promise<Array<{ index: number; type: string; at: string }>> {
  return (await auditor.ok('get', `/buybacks/${buybackId}/replay`)).events;
}

/** Signs in through the stored session, in a language (the dashboard's choice, remembered by the browser). */
export async function useLanguage(page: Page, language: string): Promise<void> {
  await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
}
