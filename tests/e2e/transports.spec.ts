import { expect, test } from '@playwright/test';
import { apiMessage, apiText, expectAccessible, shownCode, signInWith } from './support/dashboard.js';
import { carrierReports } from './support/carrier.js';
import { applyFilters, retailerSession, rowsOf, transportsText } from './support/logistics-admin.js';
import { expectNoSidewaysScroll } from './support/warehouse-stock.js';

interface Transport {
  id: string;
  kind: 'package' | 'customer' | 'return';
  buybackIds: string[];
  identificationNumbers: string[];
  trackingNumber: string | null;
  deliveryStatus: string | null;
}

const rows = (page: Parameters<typeof rowsOf>[0]) => rowsOf(page, 'transport-row');

test.describe('Given the retailer’s administrator and the demo’s transports', () => {
  test('When they filter the transports by kind, delivery status and buyback number, then only those are listed, each buyback a link to its order', async ({ page, request }) => {
    const retailer = await retailerSession(request);
    const listed = async () => (await retailer.ok('get', '/transports?itemsPerPage=100')).items as Transport[];
    const shipped = (await listed()).find((transport) => transport.kind === 'package' && transport.identificationNumbers.length > 1 && transport.trackingNumber);
    expect(shipped, 'a demo package of several buybacks, labelled').toBeDefined();
    // Its carrier says it arrived, through the signed webhook.
    await carrierReports(request, shipped!.trackingNumber!, 'DELIVERED_OK');
    const all = await listed();
    const parcels = all.filter((transport) => transport.kind === 'customer');
    const delivered = all.filter((transport) => transport.deliveryStatus === 'DELIVERED_OK');
    expect(parcels.length).toBeGreaterThan(0);
    expect(delivered.map((transport) => transport.id)).toContain(shipped!.id);

    await signInWith(page, retailer);
    await page.goto('/dashboard/transports-list');
    await expect(page.getByRole('heading', { level: 1, name: transportsText('list.title') })).toBeVisible();
    await expect(rows(page)).toHaveCount(Math.min(all.length, 30));
    await expect(page.getByTestId('transports-total')).toHaveText(transportsText(all.length === 1 ? 'list.total_one' : 'list.total_other', { formatted: all.length }));

    // By kind: the web customers' parcels.
    await page.getByRole('checkbox', { name: transportsText('kinds.customer'), exact: true }).check({ force: true });
    await applyFilters(page, /[?&]kind=customer/);
    await expect(rows(page)).toHaveCount(parcels.length);
    for (const row of await rows(page).all()) await expect(row).toContainText(transportsText('kinds.customer'));

    // By delivery status, as the API names it.
    await page.getByRole('button', { name: transportsText('filters.reset') }).click();
    await expect(rows(page)).toHaveCount(Math.min(all.length, 30));
    await page.getByRole('checkbox', { name: apiText('fr-FR', 'delivery.statuses.DELIVERED_OK'), exact: true }).check({ force: true });
    await applyFilters(page, /[?&]deliveryStatus=DELIVERED_OK/);
    await expect(rows(page)).toHaveCount(delivered.length);
    for (const row of await rows(page).all()) await expect(row).toContainText(apiText('fr-FR', 'delivery.statuses.DELIVERED_OK'));

    // By a buyback's number: its package, its UUID, each of its buybacks a link to the order.
    await page.getByRole('button', { name: transportsText('filters.reset') }).click();
    await expect(page).not.toHaveURL(/deliveryStatus=/);
    const code = shipped!.identificationNumbers[1]!;
    // Typed again if the reset's re-render cleared the field after it was typed into.
    await expect(async () => {
      await page.getByLabel(transportsText('filters.code')).fill(code);
      await applyFilters(page, new RegExp(`[?&]identificationNumber=${code}`), 2_000);
    }).toPass();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId('transport-id')).toHaveText(shipped!.id);
    await expect(rows(page)).toContainText(transportsText('kinds.package'));
    const link = rows(page).getByRole('link', { name: transportsText('list.openBuyback', { number: shownCode(code) }) });
    await expect(link).toHaveAttribute('href', `/dashboard/buyback/${shipped!.buybackIds[1]}`);

    // A wrong code is said, not sent.
    await page.getByLabel(transportsText('filters.code')).fill('12a');
    await page.getByRole('button', { name: transportsText('filters.apply') }).click();
    await expect(page.getByText(transportsText('filters.errors.code'))).toBeVisible();

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/buyback/${shipped!.buybackIds[1]}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(shownCode(code));
  });

  test('When a transport’s label failed, then the administrator may ask for it again, and the API’s answer is said', async ({ page, request }) => {
    const retailer = await retailerSession(request);
    const [transport] = (await retailer.ok('get', '/transports?itemsPerPage=1&labelStatus[]=ready')).items as Transport[];
    // A label the carrier refuses for good cannot be produced here (the embedded carrier refuses nothing a real
    // package sends): only the list's answer is altered, to show this transport's label as failed. The retry
    // itself goes to the API, which answers that this label has not failed.
    await page.route('**/api/transports?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.items = body.items.map((item: Transport) => (item.id === transport!.id ? { ...item, labelStatus: 'failed' } : item));
      await route.fulfill({ response, json: body });
    });
    await signInWith(page, retailer);
    await page.goto('/dashboard/transports-list');
    const row = rows(page).filter({ has: page.getByTestId('transport-id').getByText(transport!.id, { exact: true }) });
    await expect(row.getByTestId('label-status')).toHaveText(transportsText('labelStatuses.failed'));
    await expect(rows(page).getByRole('button', { name: transportsText('actions.retryLabel') })).toHaveCount(1);
    await row.getByRole('button', { name: transportsText('actions.retryLabel') }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'TRANSPORT_LABEL_NOT_FAILED'))).toBeVisible();
  });

  test('When the transports are seen on a 375 px phone, then nothing scrolls sideways and there is no serious accessibility violation', async ({ page, request }) => {
    const retailer = await retailerSession(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWith(page, retailer);
    await page.goto('/dashboard/transports-list');
    await expect(rows(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
