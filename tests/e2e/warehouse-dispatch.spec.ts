import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiMessage, createStoreBuyback, expectAccessible, signInWith, StaffApi, uniqueName } from './support/dashboard.js';
import { DEMO_WAREHOUSES, dispatchText, retailerSession, rowsOf } from './support/logistics-admin.js';
import { expectNoSidewaysScroll } from './support/warehouse-stock.js';

const rows = (page: Page) => rowsOf(page, 'dispatch-rule-row');
const conditions = (page: Page) => page.getByTestId('dispatch-condition');
const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true });

/** A brand typed into a condition and added. */
async function addBrand(condition: Locator, brand: string) {
  await condition.getByLabel(dispatchText('form.brand'), { exact: true }).fill(brand);
  await condition.getByRole('button', { name: dispatchText('form.addBrand') }).click();
  await expect(condition.getByRole('list').getByText(brand, { exact: true })).toBeVisible();
}

test.describe('Given the retailer’s administrator on the warehouse dispatch', () => {
  test('When they write a rule in the form (its refusals shown), edit it and move it up, then a new buyback is sent to its warehouse, and the rule can be deleted', async ({ page, request }) => {
    const retailer = await retailerSession(request);
    const before = (await retailer.ok('get', '/warehouse-dispatch-rules?pagination=false')).items as Array<{ title: string }>;
    await signInWith(page, retailer);
    await page.goto('/dashboard/warehouse-dispatch');
    await expect(page.getByRole('heading', { level: 1, name: dispatchText('list.title') })).toBeVisible();
    await expect(rows(page)).toHaveCount(before.length);
    await expect(rows(page).first()).toContainText(before[0]!.title);
    await expect(page.getByRole('combobox', { name: dispatchText('defaultWarehouse.label') })).toHaveValue(/.+/);

    // An empty rule: each missing part said at its place, in the API's words.
    await page.getByRole('link', { name: dispatchText('actions.create') }).click();
    await expect(page).toHaveURL(/\/dashboard\/warehouse-dispatch-rule\/new$/);
    await page.getByRole('button', { name: dispatchText('create.submit') }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'DISPATCH_RULE_TITLE_REQUIRED'))).toBeVisible();
    await expect(page.getByLabel(dispatchText('fields.title'))).toHaveAttribute('aria-invalid', 'true');
    await expect(conditions(page).first()).toContainText(apiMessage('fr-FR', 'DISPATCH_RULE_CONDITION_VALUES_REQUIRED'));
    await expect(page.getByText(apiMessage('fr-FR', 'DISPATCH_RULE_WAREHOUSE_REQUIRED'))).toBeVisible();
    // Every condition removed: at least one is asked for.
    await conditions(page).first().getByRole('button', { name: dispatchText('form.removeConditionNumber', { number: 1 }) }).click();
    await page.getByRole('button', { name: dispatchText('create.submit') }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'DISPATCH_RULE_CONDITION_REQUIRED'))).toBeVisible();
    await expectAccessible(page);

    // A brand no other browser test registers (they run at the same time, and the rule must send none of theirs to Lyon).
    const title = `Microsoft vers Lyon ${uniqueName('')}`;
    await page.getByLabel(dispatchText('fields.title')).fill(title);
    await page.getByRole('button', { name: dispatchText('form.addCondition') }).click();
    await addBrand(conditions(page).first(), 'microsoft');
    await page.getByRole('checkbox', { name: DEMO_WAREHOUSES.lyon, exact: true }).check({ force: true });
    await page.getByRole('button', { name: dispatchText('create.submit') }).click();
    await expect(page.getByText(dispatchText('notifications.created', { title }))).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/warehouse-dispatch$/);
    await expect(rows(page)).toHaveCount(before.length + 1);
    const created = rows(page).last();
    await expect(created).toContainText(title);
    await expect(created).toContainText(dispatchText('summary.condition', { attribute: dispatchText('attributes.brand'), operator: dispatchText('operators.in'), values: 'microsoft' }));
    await expect(created).toContainText(DEMO_WAREHOUSES.lyon);

    // Edited: the title refused when blank, then renamed, a second brand added.
    await created.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: dispatchText('edit.title', { title }) })).toBeVisible();
    await expect(page.getByTestId('rule-facts')).toContainText(`${before.length + 1}`);
    const titleField = page.getByLabel(dispatchText('fields.title'));
    await titleField.fill('   ');
    await save(page).click();
    await expect(page.getByText(apiMessage('fr-FR', 'DISPATCH_RULE_TITLE_REQUIRED'))).toBeVisible();
    await expect(titleField).toHaveAttribute('aria-invalid', 'true');
    const renamed = `${title} (modifiée)`;
    await titleField.fill(renamed);
    await addBrand(conditions(page).first(), 'Nintendo');
    await save(page).click();
    await expect(page.getByText(dispatchText('notifications.updated', { title: renamed }))).toBeVisible();
    await expect(rows(page).last()).toContainText(renamed);
    await expect(rows(page).last()).toContainText('microsoft, Nintendo');

    // Moved up one place (still after the demo's rules on consoles and smartwatches, which an Xbox controller does not meet).
    await page.getByRole('button', { name: dispatchText('actions.moveUp', { title: renamed }) }).click();
    await expect(page.getByText(dispatchText('notifications.reordered'))).toBeVisible();
    await expect(rows(page).nth(before.length - 1)).toContainText(renamed);

    // A new buyback of a Microsoft controller (an accessory), registered by the Paris store's seller, goes to the rule's warehouse.
    const seller = await StaffApi.login(request, 'seller@demo.test', 'tim');
    const buyback = await createStoreBuyback(seller, { search: 'manette sans fil xbox' });
    const registered = await seller.ok('get', `/buybacks/${buyback.id}`);
    expect(registered.dispatch).toMatchObject({ by: 'rule', ruleTitle: renamed });
    const history = await seller.ok('get', `/buybacks/${buyback.id}/history`);
    expect(JSON.stringify(history)).toContain(renamed);

    const sellerPage = await page.context().browser()!.newPage();
    await signInWith(sellerPage, seller);
    await sellerPage.goto(`/dashboard/buyback/${buyback.id}`);
    await expect(sellerPage.locator('#section-shipping').locator('..')).toContainText(DEMO_WAREHOUSES.lyon);
    // The detail (or its history) names the rule that chose the warehouse.
    await expect(sellerPage.getByText(renamed).first()).toBeVisible();
    await sellerPage.close();

    // Deleted, once confirmed.
    await rows(page).nth(before.length - 1).getByRole('link', { name: renamed }).click();
    await page.getByRole('button', { name: dispatchText('actions.delete') }).click();
    const confirm = page.getByRole('alertdialog', { name: dispatchText('delete.title', { title: renamed }) });
    await expect(confirm).toContainText(dispatchText('delete.warning'));
    await confirm.getByRole('button', { name: dispatchText('delete.confirm') }).click();
    await expect(page.getByText(dispatchText('notifications.deleted', { title: renamed }))).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/warehouse-dispatch$/);
    await expect(rows(page)).toHaveCount(before.length);
  });

  test('When the rules and a rule’s form are seen on a 375 px phone, then nothing scrolls sideways and there is no serious accessibility violation', async ({ page, request }) => {
    const retailer = await retailerSession(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWith(page, retailer);
    await page.goto('/dashboard/warehouse-dispatch');
    await expect(rows(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await rows(page).first().getByRole('link').click();
    await expect(conditions(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
