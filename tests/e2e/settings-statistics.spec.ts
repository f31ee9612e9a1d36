import { expect, test } from '@playwright/test';
import { featureText, signInWith, StaffApi } from './support/dashboard.js';

/**
 * The dashboard's home (issue 23): the retailer's administrator opens it to
 * last week's figures from the demo's activity, each against the week before,
 * with the charts and, for each chart, its figures as a table.
 */
const text = (key: string, values: Record<string, string | number> = {}) => featureText('statistics', 'fr-FR', key, values);

test('Given the demo’s last eight weeks, when the retailer opens the dashboard, then the home shows last week’s figures against the week before', async ({ page, request }) => {
  test.slow();
  const retailer = await StaffApi.login(request, 'retailer@demo.test', 'root');
  const data = await retailer.ok('get', '/dashboard-data');
  expect(data.week.created).toBeGreaterThan(0);
  await signInWith(page, retailer);
  await page.goto('/dashboard/home');

  const statistics = page.getByRole('region', { name: text('title') });
  await expect(statistics).toBeVisible();
  await expect(statistics.getByTestId('statistics-week')).toContainText(data.week.week);
  const created = statistics.getByTestId('figure-created');
  await expect(created).toContainText(text('figures.created'));
  await expect(created.getByTestId('figure-value')).toHaveText(new Intl.NumberFormat('fr-FR').format(data.week.created));
  // The comparison: ↑ or ↓ and the percentage, or "none the week before", with the week before's figure.
  const change = data.previousWeek.created === 0 ? null : (data.week.created - data.previousWeek.created) / data.previousWeek.created;
  const comparison = created.getByTestId('comparison');
  if (change === null) await expect(comparison).toContainText(text('comparison.new'));
  else {
    await expect(comparison).toContainText(text('comparison.previous', { previous: new Intl.NumberFormat('fr-FR').format(data.previousWeek.created) }));
    if (change !== 0) await expect(comparison).toContainText(change > 0 ? '↑' : '↓');
  }
  // The paid total in the account's currency, in French.
  const paid = (data.week.paid as Array<{ currency: string; totalInCents: number }>).find((row) => row.currency === data.currency)?.totalInCents ?? 0;
  await expect(statistics.getByTestId('figure-paidTotal').getByTestId('figure-value')).toHaveText(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: data.currency }).format(paid / 100));

  // The charts (loaded apart), each with its table: last week's and the week before's created buybacks.
  const chart = statistics.getByTestId('chart-buybacks');
  await expect(chart.getByRole('heading', { name: text('charts.buybacks') })).toBeVisible();
  await expect(chart.locator('.recharts-surface')).toBeVisible();
  // The drawing is hidden from assistive technologies: nothing in it takes the focus (axe's aria-hidden-focus, once the chart is drawn).
  await expect(chart.locator('[aria-hidden="true"] :is([tabindex]:not([tabindex="-1"]), a[href], button, input, select, textarea)')).toHaveCount(0);
  await chart.getByText(text('charts.showTable')).click();
  const row = chart.getByTestId('table-buybacks').getByRole('row', { name: new RegExp(text('figures.created')) });
  await expect(row).toContainText(String(data.week.created));
  await expect(row).toContainText(String(data.previousWeek.created));
});
