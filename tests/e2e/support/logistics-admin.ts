import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { featureText, StaffApi } from './dashboard.js';

/** The transports screen's texts (ui/dashboard/features/transports/locales), French by default. */
export function transportsText(key: string, values: Record<string, string | number> = {}, language = 'fr-FR'): string {
  return featureText('transports', language, key, values);
}

/** The warehouse dispatch screens' texts (ui/dashboard/features/warehouse-dispatch/locales), French by default. */
export function dispatchText(key: string, values: Record<string, string | number> = {}, language = 'fr-FR'): string {
  return featureText('warehouse-dispatch', language, key, values);
}

/** The demo's warehouses of Demo Retail (infrastructure/modules/organizations/demo-data.ts). */
export const DEMO_WAREHOUSES = { orleans: 'Demo Warehouse Orléans', lyon: 'Demo Atelier Lyon' } as const;

/** The retailer's administrator (root managers: dispatch_rule.manage, transport.list and transport.manage). */
export function retailerSession(request: APIRequestContext): Promise<StaffApi> {
  return StaffApi.login(request, 'retailer@demo.test', 'root');
}

/** The rows of a list screen's table, by their test id. */
export const rowsOf = (page: Page, testId: string) => page.getByTestId(testId);

/** Applies the filters bar as it is drafted, and waits for the address to carry them. */
export async function applyFilters(page: Page, urlPart: RegExp, timeout?: number): Promise<void> {
  await page.getByRole('button', { name: transportsText('filters.apply') }).click();
  await expect(page).toHaveURL(urlPart, timeout === undefined ? {} : { timeout });
}
