import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { expectOk, proposalTokenFromMail } from '../support/api-helpers.js';
import { answersFor, checkedInItem, IPHONE_15, itemOf, type WarehouseActors } from '../support/warehouse-journeys.js';
import { csvLines } from '../support/warehouse-helpers.js';

/**
 * The purchase price of an item is what its customer is finally paid (the
 * validated price once the buyback is completed), everywhere it is shown:
 * the items list, the item's economic data, the CSV export.
 */
let t: TestPlatform;
let actors: WarehouseActors;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** The purchase price in cents as the list, the detail and the export (its "Prix d'achat" column) show it. */
async function purchasePriceEverywhere(buybackId: string, itemId: string) {
  const list = await expectOk(actors.operator.get(`/items?buybackId=${buybackId}`));
  const detail = await itemOf(actors.operator, itemId);
  const exported = await actors.operator.get(`/items/export?buybackId=${buybackId}`);
  expect(exported.status).toBe(200);
  const [header, row] = csvLines(exported.body as string) as [string, string];
  const column = header.split(';').indexOf("Prix d'achat");
  return { list: list.items[0].purchasePrice.amountInCents as number, detail: detail.purchasePrice.amountInCents as number, csv: row.split(';')[column] as string, detailValidated: detail.validatedPrice?.amountInCents as number };
}

const check = (itemId: string, body: Record<string, unknown>) => actors.operator.post(`/items/${itemId}/compliance-checks`, { productId: IPHONE_15, ...body });

describe('Given an item checked in at the demo warehouse', () => {
  it('when its customer accepts a lower price, then the list, its economic data and the export say it was bought at that price', async () => {
    const email = `purchase.${Date.now()}@example.com`;
    const { buyback, itemId } = await checkedInItem(actors, { customer: { email } });
    const before = await purchasePriceEverywhere(buyback.id, itemId);
    expect(before).toMatchObject({ list: buyback.declaredPriceInCents, detail: buyback.declaredPriceInCents, csv: euros(buyback.declaredPriceInCents) });
    await expectOk(check(itemId, { responses: await answersFor(actors.operator, IPHONE_15, 'worn'), decision: { kind: 'by_rule', proposalReason: 'Usure importante' } }));
    const proposed = (await itemOf(actors.operator, itemId)).proposedPrice.amountInCents as number;
    expect(proposed).toBeLessThan(buyback.declaredPriceInCents);
    // Still the declared price while the customer has not answered.
    expect((await purchasePriceEverywhere(buyback.id, itemId)).detail).toBe(buyback.declaredPriceInCents);
    await expectOk(t.api.post(`/public/buybacks/${buyback.id}/price-proposal/accept`, { token: proposalTokenFromMail(t.mailer, email).token }));
    expect(await purchasePriceEverywhere(buyback.id, itemId)).toEqual({ list: proposed, detail: proposed, csv: euros(proposed), detailValidated: proposed });
  });

  it('when it is completed by price, then its purchase price is the validated (declared) price everywhere', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    await expectOk(check(itemId, { responses: await answersFor(actors.operator, IPHONE_15), decision: { kind: 'by_rule' } }));
    const seen = await purchasePriceEverywhere(buyback.id, itemId);
    expect(seen).toEqual({ list: seen.detailValidated, detail: seen.detailValidated, csv: euros(seen.detailValidated), detailValidated: buyback.declaredPriceInCents });
  });

  it('when the retailer absorbs its deviation, then its purchase price is the validated price, the absorbed amount included', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    await expectOk(check(itemId, { responses: await answersFor(actors.operator, IPHONE_15, 'no_accessory'), decision: { kind: 'by_rule' } }));
    const detail = await itemOf(actors.operator, itemId);
    expect(detail.completion).toBe('with_absorption');
    expect(detail.check.controlledPrice.amountInCents).toBeLessThan(buyback.declaredPriceInCents);
    const seen = await purchasePriceEverywhere(buyback.id, itemId);
    expect(seen).toEqual({ list: buyback.declaredPriceInCents, detail: buyback.declaredPriceInCents, csv: euros(buyback.declaredPriceInCents), detailValidated: buyback.declaredPriceInCents });
  });
});
