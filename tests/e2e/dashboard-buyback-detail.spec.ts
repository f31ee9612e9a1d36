import { expect, test, type Page } from '@playwright/test';
import {
  apiText,
  createStoreBuyback,
  dashboardText,
  expectAccessible,
  receivedBuyback,
  shownCode,
  signInWith,
  StaffApi,
  uniqueName,
} from './support/dashboard.js';

const text = (key: string) => dashboardText('features/buybacks', 'fr-FR', key);
const common = { conflict: 'Ces données ont été modifiées entre-temps. Les informations à jour ont été rechargées : vérifiez-les puis recommencez.' };

async function openDetail(page: Page, id: string, identificationNumber: string) {
  await page.goto(`/dashboard/buyback/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: text('detail.title').replace('{{code}}', shownCode(identificationNumber)) })).toBeVisible();
}

const section = (page: Page, key: string) => page.getByRole('region', { name: text(`sections.${key}`) });
const historyRows = (page: Page) => page.getByTestId('status-history').locator('tbody tr');

test.describe('Given a buyback registered in Demo Store Paris', () => {
  test('When the seller opens it, then the info tab shows every section and the history says who registered it', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const lastName = uniqueName('Detail');
    const buyback = await createStoreBuyback(seller, { lastName });
    await signInWith(page, seller);
    await openDetail(page, buyback.id, buyback.identificationNumber);

    await expect(page.getByRole('tab', { name: text('detail.tabs.info') })).toHaveAttribute('aria-selected', 'true');
    await expect(section(page, 'customer')).toContainText(`Camille ${lastName}`);
    // A seller sees the customer as the API shows it to them: the IBAN masked, the identity document without its number.
    await expect(section(page, 'customer')).toContainText('FR••••0189');
    await expect(section(page, 'customer')).not.toContainText('X4RTBPFW4');
    await expect(section(page, 'customer')).not.toContainText('null');
    await expect(section(page, 'customer')).toContainText(text('customer.sensitiveHidden'));
    for (const key of ['history', 'shipping', 'payment', 'product', 'other']) await expect(section(page, key)).toBeVisible();
    await expect(section(page, 'product')).toContainText('Apple iPhone 15 128 Go');
    await expect(section(page, 'payment')).toContainText('425,00\u00a0€');
    await expect(section(page, 'other')).toContainText('Demo Store Paris');
    await expect(historyRows(page)).toHaveCount(1);
    await expect(historyRows(page).first()).toContainText(text('history.events.BuybackRegistered'));
    await expect(historyRows(page).first()).toContainText('Lucas Petit');

    await page.getByRole('tab', { name: text('detail.tabs.diagnosis') }).click();
    await expect(page.getByRole('region', { name: text('diagnosis.answers') }).getByRole('listitem').first()).toBeVisible();
    // The grade in the storefront's wording too (ui/shared/format: one wording for both apps).
    await expect(page.getByRole('region', { name: text('diagnosis.result') })).toContainText('Très bon état (A)');
  });

  test('When the store manager opens it, then the full IBAN and the identity document number are shown', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const buyback = await createStoreBuyback(seller, { lastName: uniqueName('Complet') });
    await signInWith(page, await StaffApi.login(request, 'manager@demo.test'));
    await openDetail(page, buyback.id, buyback.identificationNumber);

    await expect(section(page, 'customer')).toContainText('FR76 3000 6000 0112 3456 7890 189');
    await expect(section(page, 'customer')).toContainText('X4RTBPFW4');
    await expect(section(page, 'customer')).not.toContainText(text('customer.sensitiveHidden'));
  });

  test('When the seller cancels it with a reason and a comment, then it is cancelled, the history says why, and the list shows it', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const lastName = uniqueName('Annule');
    const buyback = await createStoreBuyback(seller, { lastName });
    await signInWith(page, seller);
    await page.goto(`/dashboard/buybacks?customerName=${lastName}`);
    await expect(page.getByTestId('buyback-row')).toContainText(text('statuses.awaitingShipment'));
    await page.getByRole('link', { name: shownCode(buyback.identificationNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/buyback/${buyback.id}$`));

    await page.getByRole('button', { name: text('actions.cancel') }).click();
    const dialog = page.getByRole('dialog', { name: text('cancel.title') });
    await expect(dialog).toBeVisible();
    // A reason is required.
    await dialog.getByRole('button', { name: text('cancel.confirm') }).click();
    await expect(dialog.getByText(text('cancel.reasonRequired'))).toBeVisible();
    await dialog.getByText(text('cancelReasons.customer_retractation')).click();
    await dialog.getByLabel(text('cancel.comment')).fill('Le client a changé d’avis');
    await dialog.getByRole('button', { name: text('cancel.confirm') }).click();

    // The toast first: it lasts a few seconds, and a loaded machine may spend them closing the dialog.
    await expect(page.getByText(text('notifications.cancelled'))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-status]').first()).toHaveText(text('statuses.cancelled'));
    await expect(page.getByRole('button', { name: text('actions.cancel') })).toHaveCount(0);
    await expect(historyRows(page)).toHaveCount(2);
    const last = historyRows(page).first();
    await expect(last).toContainText(text('history.events.BuybackCancelled'));
    await expect(last).toContainText('Lucas Petit');
    await expect(last).toContainText(text('cancelReasons.customer_retractation'));
    await expect(last).toContainText('Le client a changé d’avis');
    await expect(section(page, 'other')).toContainText(text('cancelReasons.customer_retractation'));

    // The breadcrumb leads back to the list as it was filtered, refreshed by the command.
    await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: text('list.title') }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/buybacks\\?customerName=${lastName}$`));
    await expect(page.getByTestId('buyback-row')).toHaveCount(1);
    await expect(page.getByTestId('buyback-row')).toContainText(text('statuses.cancelled'));
  });

  test('When its voucher was already handed over, then cancelling offers to force, and the forced cancellation is recorded', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const buyback = await createStoreBuyback(seller, { paymentType: 'voucher' });
    await signInWith(page, seller);
    await openDetail(page, buyback.id, buyback.identificationNumber);

    await page.getByRole('button', { name: text('actions.cancel') }).click();
    const dialog = page.getByRole('dialog', { name: text('cancel.title') });
    await dialog.getByText(text('cancelReasons.other')).click();
    await dialog.getByLabel(text('cancel.comment')).fill('Bon déjà utilisé');
    await dialog.getByRole('button', { name: text('cancel.confirm') }).click();

    await expect(dialog.getByRole('alert')).toContainText(text('cancel.paymentNotCancellable'));
    await dialog.getByRole('button', { name: text('cancel.force') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-status]').first()).toHaveText(text('statuses.cancelled'));
    await expect(historyRows(page).first()).toContainText(text('history.forced'));
    const detail = await seller.ok('get', `/buybacks/${buyback.id}`);
    expect(detail.cancellation).toMatchObject({ reason: 'other', comment: 'Bon déjà utilisé', forced: true });
  });

  test('When someone else cancels it after the page loaded, then the stale cancellation is refused, explained, and the fresh state shown', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const buyback = await createStoreBuyback(seller);
    await signInWith(page, seller);
    await openDetail(page, buyback.id, buyback.identificationNumber);
    await expect(page.locator('[data-status]').first()).toHaveText(text('statuses.awaitingShipment'));

    // Meanwhile, in another tab or another store, the same buyback is cancelled.
    const manager = await StaffApi.login(request, 'manager@demo.test');
    await manager.ok('post', `/buybacks/${buyback.id}/cancel`, { reason: 'technical_problem', comment: 'Annulée par la responsable' });

    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/buybacks/${buyback.id}/cancel`));
    await page.getByRole('button', { name: text('actions.cancel') }).click();
    const dialog = page.getByRole('dialog', { name: text('cancel.title') });
    await dialog.getByText(text('cancelReasons.customer_retractation')).click();
    await dialog.getByRole('button', { name: text('cancel.confirm') }).click();
    expect((await refused).status()).toBe(412);

    await expect(dialog).toBeHidden();
    const alert = page.getByRole('alert').filter({ hasText: text('notifications.staleTitle') });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(common.conflict);
    await expect(page.locator('[data-status]').first()).toHaveText(text('statuses.cancelled'));
    await expect(historyRows(page).first()).toContainText('Annulée par la responsable');
    await expect(historyRows(page).first()).toContainText('Sophie Durand');
    await expect(page.getByRole('button', { name: text('actions.cancel') })).toHaveCount(0);
  });

  test('Then the detail has no serious accessibility violation, nor the cancel dialog', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const buyback = await createStoreBuyback(seller);
    await signInWith(page, seller);
    await openDetail(page, buyback.id, buyback.identificationNumber);
    await expect(historyRows(page)).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole('button', { name: text('actions.cancel') }).click();
    await expect(page.getByRole('dialog', { name: text('cancel.title') })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('Given a buyback received at the warehouse (shipped by the store, checked in)', () => {
  test('When warehouse staff propose a lower price with a reason, then it awaits the customer and the history says why', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const warehouse = await StaffApi.login(request, 'warehouse@demo.test', 'rps');
    const buyback = await receivedBuyback(seller, warehouse, { email: `${uniqueName('proposal')}@example.com` });
    await signInWith(page, warehouse);
    await openDetail(page, buyback.id, buyback.identificationNumber);
    await expect(page.locator('[data-status]').first()).toHaveText(text('statuses.processing'));
    // Warehouse staff may not cancel (no buyback.cancel for an operator).
    await expect(page.getByRole('button', { name: text('actions.cancel') })).toHaveCount(0);

    await page.getByRole('button', { name: text('actions.proposeNewPrice') }).click();
    const dialog = page.getByRole('dialog', { name: text('proposal.title') });
    const price = dialog.getByLabel(text('proposal.price').replace('{{currency}}', 'EUR'));
    // Not lower than the declared price: refused at the field.
    await price.fill('500');
    await dialog.getByLabel(text('proposal.reason')).fill('Écran rayé');
    await dialog.getByRole('button', { name: text('proposal.submit') }).click();
    await expect(dialog.getByText(text('proposal.errors.priceNotLower').replace('{{price}}', '425,00\u00a0€'))).toBeVisible();

    await price.fill('325,50');
    await dialog.getByLabel(text('proposal.comment')).fill('Rayure profonde en haut à gauche');
    await dialog.getByRole('button', { name: text('proposal.submit') }).click();
    // The toast first: it lasts a few seconds, and a loaded machine may spend them closing the dialog.
    await expect(page.getByText(text('notifications.priceProposed'))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(text('detail.awaitingCustomerDecision'))).toBeVisible();
    await expect(page.getByRole('button', { name: text('actions.proposeNewPrice') })).toHaveCount(0);
    await expect(section(page, 'payment')).toContainText('325,50\u00a0€');
    await expect(section(page, 'payment')).toContainText('Écran rayé');
    const last = historyRows(page).first();
    await expect(last).toContainText(text('history.events.BuybackNewPriceProposed'));
    await expect(last).toContainText('Nadia Robert');
    await expect(last).toContainText('Écran rayé');

    const detail = await warehouse.ok('get', `/buybacks/${buyback.id}`);
    expect(detail.proposal).toMatchObject({ decision: 'pending', proposedPrice: { amountInCents: 32550 }, reason: 'Écran rayé' });
  });

  test('When the seller looks at it, then the propose-new-price action is not theirs to take', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const warehouse = await StaffApi.login(request, 'warehouse@demo.test', 'rps');
    const buyback = await receivedBuyback(seller, warehouse);
    await signInWith(page, seller);
    await openDetail(page, buyback.id, buyback.identificationNumber);
    await expect(page.locator('[data-status]').first()).toHaveText(text('statuses.processing'));
    await expect(page.getByRole('button', { name: text('actions.proposeNewPrice') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: text('actions.cancel') })).toBeVisible();
  });
});

test('An unknown buyback id says the buyback cannot be found', async ({ page, request }) => {
  await signInWith(page, await StaffApi.login(request, 'seller@demo.test'));
  await page.goto('/dashboard/buyback/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: text('detail.notFound') })).toBeVisible();
  await expect(page.getByText(text('detail.notFoundText'))).toBeVisible();
});

test.describe('Given a buyback of the demo that travelled in a Paris package the carrier delivered', () => {
  test('When the manager opens it, then its shipping says the package, carrier, tracking number, delivery status and the rule that chose its warehouse, the history tells the journey, and its label downloads', async ({ page, request }) => {
    const manager = await StaffApi.login(request, 'manager@demo.test');
    const delivered = await manager.ok('get', '/buybacks?deliveryStatus[]=DELIVERED_OK&itemsPerPage=1');
    const [listed] = delivered.items as Array<{ id: string; identificationNumber: string }>;
    expect(listed, 'the demo has a delivered package of the Paris store').toBeDefined();
    const buyback = await manager.ok('get', `/buybacks/${listed!.id}`);
    expect(buyback.package?.number).toMatch(/^P\d{9}$/);
    expect(buyback.tracking?.carrier).toBeTruthy();

    await signInWith(page, manager);
    await openDetail(page, buyback.id, buyback.identificationNumber);
    const shipping = section(page, 'shipping');
    await expect(shipping).toContainText(buyback.package.number);
    await expect(shipping).toContainText(buyback.tracking.number);
    await expect(shipping).toContainText(buyback.tracking.carrier);
    await expect(shipping).toContainText(apiText('fr-FR', 'delivery.statuses.DELIVERED_OK'));
    await expect(historyRows(page).filter({ hasText: text('history.events.BuybackPacked') })).toContainText(
      text('history.package').replace('{{number}}', buyback.package.number),
    );
    await expect(historyRows(page).filter({ hasText: text('history.events.BuybackShipmentTracked') })).toHaveCount(1);
    // Newest first: the carrier's last report.
    await expect(historyRows(page).filter({ hasText: text('history.events.BuybackDeliveryStatusChanged') }).first()).toContainText(
      apiText('fr-FR', 'delivery.statuses.DELIVERED_OK'),
    );

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('shipping-label').click()]);
    expect(download.suggestedFilename()).toBe(`shipping-label-${buyback.identificationNumber}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAccessible(page);
  });

  test('When the seller opens a new buyback of a game console, then its shipping names the dispatch rule that sent it to Lyon', async ({ page, request }) => {
    const seller = await StaffApi.login(request, 'seller@demo.test');
    const buyback = await createStoreBuyback(seller, { lastName: uniqueName('Console'), search: 'PlayStation 5' });
    const detail = await seller.ok('get', `/buybacks/${buyback.id}`);
    expect(detail.dispatch).toMatchObject({ by: 'rule' });

    await signInWith(page, seller);
    await openDetail(page, buyback.id, buyback.identificationNumber);
    await expect(section(page, 'shipping')).toContainText(text('fields.dispatchRule').replace('{{title}}', detail.dispatch.ruleTitle));
    await expect(section(page, 'shipping')).toContainText('Demo Atelier Lyon');
    await expect(historyRows(page).first()).toContainText(text('history.dispatchRule').replace('{{title}}', detail.dispatch.ruleTitle));
  });
});
