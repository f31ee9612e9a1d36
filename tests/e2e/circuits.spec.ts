import { expect, test } from '@playwright/test';
import { apiMessage, apiText, expectAccessible, featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * Circuits (issue 21): the retailer's manager writes a home-collection
 * circuit's first instruction in French and English, reads the English one
 * back, tries to deactivate the circuit its categories use and is told why
 * not, then creates a dispatch circuit rule for a circuit that has none.
 */

const text = (key: string, values: Record<string, string | number> = {}) => featureText('circuits', 'fr-FR', key, values);

interface Circuit {
  id: string;
  name: string;
  circuitType: string;
  categoryCount: number;
  french: { instructions: Array<{ type: string; label: string | null }> };
  translations: unknown;
}

test.describe('Given the retailer’s manager on the circuits', () => {
  test('When they write an instruction in French and English and try to deactivate a used circuit, then English reads its own and the refusal says why; a rule is created', async ({ page, request }) => {
    test.slow();
    const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
    const circuits = (await retailer.ok('get', '/circuits?pagination=false')).items as Circuit[];
    const circuit = circuits.find((c) => c.circuitType === 'web_collect') as Circuit;
    const headers = { Authorization: `Bearer ${retailer.token}`, 'X-Module': retailer.module ?? 'root' };
    const label = `Emballez l’appareil ${Date.now().toString(36)}`;
    try {
      await signInWith(page, retailer);
      await page.goto('/dashboard/');
      await page.getByRole('link', { name: apiText('fr-FR', 'menu.circuits') }).first().click();
      await expect(page).toHaveURL(/\/dashboard\/circuits/);
      await expect(page.getByRole('heading', { level: 1, name: text('list.title') })).toBeVisible();
      await page.getByTestId('circuit-row').filter({ hasText: text('types.web_collect') }).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/circuit/${circuit.id}/edit$`));

      // The first instruction in French, and its English label in the Translations section.
      await page.getByLabel(text('fields.instructionLabel', { n: 1 }), { exact: true }).fill(label);
      const english = page.getByTestId('translations-en-GB');
      await english.locator('[name="translations.en-GB.instructions.1.label"]').fill('Wrap the device well');
      const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(`/api/circuits/${circuit.id}`));
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await saved).status()).toBe(200);
      const read = await request.get(`/api/circuits/${circuit.id}`, { headers: { ...headers, 'Accept-Language': 'en-GB' } });
      const translated = (await read.json()) as Circuit & { instructions: Array<{ label: string }> };
      expect(translated.instructions[0]?.label).toBe('Wrap the device well');
      expect(translated.french.instructions[0]?.label).toBe(label);

      // Deactivating it while categories use it: refused, in words, and it stays active.
      await page.getByRole('button', { name: text('actions.deactivate') }).click();
      const refusal = apiMessage('fr-FR', 'CIRCUIT_USED_BY_CATEGORIES').replace('{{categoryCount}}', String(circuit.categoryCount));
      await expect(page.getByTestId('circuit-activation-refusal')).toContainText(refusal);
      await expect(page.getByTestId('circuit-status')).toHaveText(text('statuses.enabled'));
      await expectAccessible(page);

      // The History tab names the change.
      await page.getByRole('tab', { name: text('edit.tabs.history') }).click();
      await expect(page.getByTestId('circuit-history')).toContainText(text('history.types.CircuitChanged'));

      // A dispatch circuit rule for a circuit that has none yet.
      const rules = (await retailer.ok('get', '/dispatch-circuit-rules?pagination=false')).items as Array<{ circuit: string }>;
      const free = circuits.find((c) => !rules.some((rule) => rule.circuit === c.id)) as Circuit;
      await page.goto('/dashboard/dispatch-circuit-rules');
      await page.getByRole('link', { name: text('rules.new') }).click();
      await page.getByRole('combobox', { name: text('fields.circuit') }).selectOption(free.id);
      await page.getByRole('textbox', { name: text('fields.description'), exact: true }).fill('Règle de démonstration');
      // A long list shows its first 30 categories (the other specs add theirs): all of them on request.
      const categories = page.getByTestId('rule-categories');
      if (await categories.getByTestId('long-list-toggle').count()) await categories.getByTestId('long-list-toggle').click();
      await categories.getByText('Smartphones', { exact: true }).click();
      await page.getByRole('button', { name: text('rules.create') }).click();
      await expect(page.getByText(text('rules.created'))).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/dispatch-circuit-rule\/[0-9a-f-]+\/edit$/);
      await page.goto('/dashboard/dispatch-circuit-rules');
      await expect(page.getByTestId('rule-row').filter({ hasText: free.name })).toContainText('Smartphones');
    } finally {
      // The circuit as it was: other journeys read its instructions.
      const restored = await request.patch(`/api/circuits/${circuit.id}`, { data: { instructions: circuit.french.instructions, translations: circuit.translations }, headers });
      expect(restored.status()).toBe(200);
    }
  });
});
