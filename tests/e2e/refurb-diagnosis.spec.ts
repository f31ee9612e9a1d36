import { expect, test, type Page } from '@playwright/test';
import { scanWithWedge } from './support/barcode-scanner.js';
import type { StaffApi} from './support/dashboard.js';
import { apiMessage, featureText, signInWith, type CreatedBuyback } from './support/dashboard.js';
import { checkedInBuyback, warehouseOperator } from './support/warehouse-parcels.js';

/**
 * A refurbishment diagnosis from scan to stock choice (issue 22,
 * specification 001 "Refurbishment diagnosis"), as the demo warehouse's
 * operator runs it: a code too short refused in its own words, a checked
 * device scanned, its questions answered in two sittings ("later" keeps
 * it open), the summary with the steps and their costs in the warehouse,
 * the stock chosen, the diagnosis finalized; its steps then wait, the
 * confirmation disabled until they are done.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('refurb-diagnosis', 'fr-FR', key, values);

/** A device checked in and found as declared: completed, ready for its diagnosis. */
async function completedDevice(operator: StaffApi, request: Parameters<typeof checkedInBuyback>[0]): Promise<CreatedBuyback & { itemId: string }> {
  const parcel = await checkedInBuyback(request, operator);
  const item = await operator.ok('get', `/items/${parcel.itemId}`);
  const productId = item.product.productId as string;
  const questions = (await operator.ok('get', `/products/${productId}/diagnostic-questions`)).items as Array<{ id: string; answers: Array<{ id: string }> }>;
  const responses = questions.map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] }));
  await operator.ok('post', `/items/${parcel.itemId}/compliance-checks`, { productId, responses, comment: null, decision: { kind: 'by_rule' } });
  return parcel;
}

async function answerFirst(page: Page, question: number, answer: string) {
  await page.getByTestId(`question-${question}`).getByText(answer, { exact: true }).click();
}

test('a diagnosis from the scan to the stock: answered now and later, summed up with its costs, finalized in the chosen stock', async ({ page, request }) => {
  test.slow();
  const operator = await warehouseOperator(request);
  const device = await completedDevice(operator, request);
  await signInWith(page, operator);

  // A code too short is refused in the specification's words.
  await page.goto('/dashboard/refurb-diagnosis/start');
  const field = page.getByRole('textbox', { name: text('start.code') });
  await field.fill('1234');
  await field.press('Enter');
  await expect(page.getByTestId('diagnosis-code-problem')).toHaveText(apiMessage('fr-FR', 'REFURB_CODE_TOO_SHORT'));

  // The device scanned: its diagnosis opens, nothing answered yet.
  await field.fill('');
  await scanWithWedge(page, device.identificationNumber);
  await expect(page.getByRole('heading', { name: text('steps.overview') })).toBeVisible();
  await expect(page.getByTestId('diagnosis-status')).toHaveText(text('status.open'));
  await page.getByRole('link', { name: text('overview.answer') }).click();

  // First sitting: the screen is cracked; the rest later.
  await expect(page.getByTestId('question-1')).toContainText('État de l’écran');
  await answerFirst(page, 1, 'Fissuré');
  await page.getByRole('button', { name: text('questions.later') }).click();
  await expect(page).toHaveURL(/refurb-diagnosis\/start$/);

  // The same device scanned again (once the screen's field has the focus, as a scanner's keys need): already diagnosed,
  // in its own words; its diagnosis reopens from the list of its item.
  await expect(field).toBeFocused();
  await scanWithWedge(page, device.identificationNumber);
  await expect(page.getByTestId('diagnosis-code-problem')).toHaveText(apiMessage('fr-FR', 'REFURB_ITEM_ALREADY_DIAGNOSED'));
  const diagnosis = await operator.ok('get', `/items/${device.itemId}/refurb-diagnosis`);
  expect(diagnosis.questions[0].chosenAnswerIds).toHaveLength(1);
  await page.goto(`/dashboard/refurb-diagnosis/${diagnosis.id}/questions`);

  // Second sitting: every other question answered with its first answer, then the summary.
  const count = diagnosis.questions.length as number;
  for (let index = 1; index < count; index++) {
    const question = diagnosis.questions[index] as { answers: Array<{ label: string }> };
    await answerFirst(page, index + 1, question.answers[0]!.label);
  }
  await page.getByRole('button', { name: text('questions.next') }).click();
  await expect(page.getByRole('heading', { name: text('steps.summary') })).toBeVisible();
  const steps = page.getByTestId('planned-steps');
  await expect(steps).toContainText('Remplacement de l’écran');
  await expect(steps).toContainText('Nettoyage');
  // The costs in the Paris warehouse: 65,00 € + 5,00 € (+ what the other first answers plan), summed.
  const shown = await operator.ok('get', `/refurb-diagnoses/${diagnosis.id}`);
  expect(shown.plannedSteps.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Remplacement de l’écran', 'Nettoyage']));
  const total = (shown.plannedSteps as Array<{ cost: { amountInCents: number } }>).reduce((sum, s) => sum + s.cost.amountInCents, 0);
  expect(shown.totalCost.amountInCents).toBe(total);
  await expect(page.getByTestId('total-cost')).toHaveText(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(total / 100));

  // The stock chosen, the diagnosis finalized: the device's steps are planned.
  await page.getByRole('link', { name: text('summary.chooseStock') }).click();
  await expect(page.getByRole('heading', { name: text('steps.stock') })).toBeVisible();
  const stock = page.getByTestId('diagnosis-stock');
  const options = await stock.locator('option').allTextContents();
  await stock.selectOption({ label: options[options.length - 1]! });
  await page.getByRole('button', { name: text('stock.finalize') }).click();
  await expect(page.getByTestId('diagnosis-finalized')).toHaveText(text(`finalized.done_${shown.plannedSteps.length === 1 ? 'one' : 'other'}`, { count: shown.plannedSteps.length }));
  await expect(page.getByRole('link', { name: text('finalized.steps') })).toHaveAttribute('href', `/dashboard/items/${device.itemId}/item-refurb-steps`);
  const item = await operator.ok('get', `/items/${device.itemId}`);
  expect(item.status).toBe('item_refurb_in_progress');

  // Its steps: none worked yet, so the confirmation is not offered, the steps left named beside it.
  await page.getByRole('link', { name: text('finalized.steps') }).click();
  await expect(page.getByRole('button', { name: featureText('item-refurb-steps', 'fr-FR', 'item.confirm') })).toBeDisabled();
  await expect(page.getByTestId('confirm-blocked')).toContainText(`1. ${shown.plannedSteps[0].name as string}`);
});
