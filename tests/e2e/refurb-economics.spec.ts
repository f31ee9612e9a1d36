import { expect, test } from '@playwright/test';
import { shownCode, signInWith } from './support/dashboard.js';
import { checkedInItem, itemsText, warehouseSessions } from './support/warehouse-stock.js';

const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test.describe('Given a device checked as declared at the demo warehouse', () => {
  test('When the warehouse manager sets its target resale price on the economic data tab, then its margin shows there and the list sorted by margin finds it', async ({ page, request }) => {
    test.slow();
    const sessions = await warehouseSessions(request);
    const { buyback, itemId } = await checkedInItem(sessions);
    const item = await sessions.operator.ok('get', `/items/${itemId}`);
    const productId = item.product.productId as string;
    const questions = (await sessions.operator.ok('get', `/products/${productId}/diagnostic-questions`)).items as Array<{ id: string; answers: Array<{ id: string }> }>;
    const responses = questions.map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] }));
    await sessions.operator.ok('post', `/items/${itemId}/compliance-checks`, { productId, responses, comment: null, decision: { kind: 'by_rule' } });
    const paid = (await sessions.operator.ok('get', `/items/${itemId}/economics`)).paidPrice.amountInCents as number;
    // A margin no other item of the demo has: the list's margin floor finds it alone at the top.
    const margin = 987_654;
    const target = paid + margin;

    await signInWith(page, sessions.manager);
    await page.goto(`/dashboard/items-stock/${itemId}/edit?tab=economic`);
    await expect(page.getByRole('heading', { level: 1, name: itemsText('detail.title', { code: shownCode(buyback.identificationNumber) }) })).toBeVisible();
    const facts = page.getByTestId('economic-facts');
    await expect(facts.getByText(euros(paid)).first()).toBeVisible();
    await expect(page.getByTestId('economic-margin')).toHaveText(itemsText('economic.noMargin'));
    await expect(page.getByTestId('economic-no-steps')).toBeVisible();

    const field = page.getByLabel(itemsText('economic.targetLabel'));
    await field.fill('douze');
    await page.getByRole('button', { name: itemsText('economic.targetSave') }).click();
    await expect(page.getByText(itemsText('economic.targetInvalid'))).toBeVisible();
    await field.fill(String(target / 100).replace('.', ','));
    await page.getByRole('button', { name: itemsText('economic.targetSave') }).click();
    await expect(page.getByTestId('economic-margin')).toHaveText(euros(margin));

    await page.goto(`/dashboard/items-stock?marginMin=${margin / 100 - 1}&sort=margin&direction=desc`);
    const rows = page.getByTestId('item-row');
    await expect(rows.first()).toContainText(shownCode(buyback.identificationNumber));
    await expect(rows.first().getByTestId('item-margin')).toHaveText(euros(margin));
  });
});
