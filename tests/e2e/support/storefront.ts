import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createStoreBuyback, StaffApi } from './dashboard.js';

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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

/** The link in the e-mail the server wrote for `to` in DATA_DIR/outbox (the embedded mailer). */
async function linkMailedTo(to: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR as string, 'outbox');
  let found: string | undefined;
  await expect
    .poll(() => {
      for (const name of readdirSync(outbox)) {
        const message = JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; text: string; template: string };
        if (message.to === to && message.template === 'priceProposal') found = /https?:\/\/\S+/.exec(message.text)?.[0];
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
