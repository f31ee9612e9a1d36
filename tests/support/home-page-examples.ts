import type { RawRequest } from './openapi.js';
import type { ApiClient, TestPlatform } from './test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { DEMO_HOME_PAGE } from '../../infrastructure/modules/settings/demo/home-page-demo.js';

/**
 * The OpenAPI contract test's examples of the home page (issue 23): the demo
 * retailer's read, changed by merge-patch (If-Match; the first change sets
 * the demo's three widgets), its history, and the storefront's public read
 * (tests/api/openapi-contract.test.ts spreads them).
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;
type Actors = { t: TestPlatform; retailer: ApiClient; visitor: ApiClient };

const HOME_PAGE = `/accounts/${DEMO_IDS.accounts.demo}/home-page`;

/** Demo Retail's home page configured (the demo's), once. */
async function configured(retailer: ApiClient): Promise<{ revision: number; status: string }> {
  const home = await retailer.get(HOME_PAGE);
  if (home.body.configured) return home.body;
  const saved = await retailer.patch(HOME_PAGE, DEMO_HOME_PAGE, { 'If-Match': `W/"${home.body.revision}"` });
  if (saved.status !== 200) throw new Error(`home page: ${saved.status} ${JSON.stringify(saved.body)}`);
  return (await retailer.get(HOME_PAGE)).body;
}

export function homePageExamples<E>(as: As<E>): Record<string, (a: Actors) => Promise<E[]>> {
  return {
    getHomePage: async (a) => {
      await configured(a.retailer);
      return [as(a.retailer, { method: 'get', path: HOME_PAGE })];
    },
    updateHomePage: async (a) => {
      const home = await configured(a.retailer);
      const metaTitle = `Reprise de vos appareils (${home.revision})`;
      return [
        as(a.retailer, {
          method: 'patch',
          path: HOME_PAGE,
          body: { metaTitle, reason: 'Nouvelle saison' },
          headers: { 'If-Match': `W/"${home.revision}"`, 'Content-Type': 'application/merge-patch+json' },
        }),
      ];
    },
    getHomePageHistory: async (a) => {
      await configured(a.retailer);
      return [as(a.retailer, { method: 'get', path: `${HOME_PAGE}/history` })];
    },
    getStorefrontHomePage: async (a) => {
      await configured(a.retailer);
      return [as(a.visitor, { method: 'get', path: `/white-label/home-page?accountId=${DEMO_IDS.accounts.demo}` })];
    },
  };
}
