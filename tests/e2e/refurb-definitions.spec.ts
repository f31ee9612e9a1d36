import { expect, test } from '@playwright/test';
import { apiMessage, apiText, featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * The workshop's definitions (issue 22): the warehouse manager creates a
 * refurb step with its cost in both warehouses, is told a second step's
 * name is taken, then creates a diagnosis question whose answer plans the
 * step, and sees both listed.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('refurb-definitions', 'fr-FR', key, values);

test.describe('Given the demo warehouse’s manager on the refurbishment definitions', () => {
  test('When they create a step with two costs and a question planning it, then both are listed; a taken name is refused at the name', async ({ page, request }) => {
    test.slow();
    const manager = await StaffApi.login(request, 'warehouse-manager@demo.test', 'rps');
    const choices = await manager.ok('get', '/refurb-step-choices');
    const name = `Remplacement du capteur ${Date.now().toString(36)}`;
    const label = `Le capteur répond-il ? ${Date.now().toString(36)}`;
    await signInWith(page, manager);
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.refurbSteps') }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: text('steps.title') })).toBeVisible();

    // A step: its stock, and a cost in each of the two warehouses.
    await page.getByRole('link', { name: text('steps.new') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('steps.createTitle') })).toBeVisible();
    await page.getByLabel(text('fields.name'), { exact: true }).fill(name);
    await page.getByTestId('refurb-step-form').locator('select[name="stockId"]').selectOption({ index: 1 });
    const [first, second] = choices.warehouses as Array<{ id: string; name: string }>;
    await page.getByLabel(text('form.costIn', { warehouse: first!.name })).fill('45,90');
    await page.getByLabel(text('form.costIn', { warehouse: second!.name })).fill('39');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/refurb-step\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Another step with the same name (case aside): refused at the name, in words.
    await page.goto('/dashboard/refurb-step/create');
    await expect(page.getByRole('heading', { level: 1, name: text('steps.createTitle') })).toBeVisible();
    await page.getByLabel(text('fields.name'), { exact: true }).fill(name.toUpperCase());
    await page.getByTestId('refurb-step-form').locator('select[name="stockId"]').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'REFURB_STEP_NAME_TAKEN'))).toBeVisible();

    // The list shows the step with both costs.
    await page.goto('/dashboard/refurb-steps');
    const row = page.getByTestId('refurb-step-row').filter({ hasText: name });
    await expect(row).toContainText(first!.name);
    await expect(row).toContainText(second!.name);
    await expect(row).toContainText('45,90');

    // A question whose second answer plans the step.
    await page.getByRole('link', { name: apiText('fr-FR', 'menu.refurbDiagnosisQuestions') }).first().click();
    await page.getByRole('link', { name: text('questions.new') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('questions.createTitle') })).toBeVisible();
    await page.getByLabel(text('fields.label'), { exact: true }).fill(label);
    await page.getByLabel(text('form.answerN', { n: 1 }), { exact: true }).fill('Oui');
    await page.getByLabel(text('form.answerN', { n: 2 }), { exact: true }).fill('Non');
    await page.getByTestId('refurb-answer').nth(1).getByText(name).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/refurb-diagnosis-questions$/);
    const question = page.getByTestId('refurb-question-row').filter({ hasText: label });
    await expect(question).toContainText(`Non → ${name}`);
  });
});
