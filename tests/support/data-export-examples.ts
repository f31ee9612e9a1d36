import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import type { RawRequest } from './openapi.js';
import type { ApiClient } from './test-platform.js';

/**
 * The OpenAPI contract test's examples of an organization's data exports
 * and imports list (tests/api/openapi-contract.test.ts spreads them into its
 * EXAMPLES): each operation with a real request.
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;
const ROOT = DEMO_IDS.organizations.demoRoot;

/** A payments export of Demo Retail's root, polled until it is over. */
async function finishedExport(retailer: ApiClient): Promise<{ id: string; downloadUrl: string }> {
  const started = await retailer.post('/data-exports', { organizationId: ROOT, kind: 'payments' });
  if (started.status !== 202) throw new Error(`export: ${started.status} ${JSON.stringify(started.body)}`);
  for (let attempt = 0; attempt < 300; attempt++) {
    const view = (await retailer.get(`/data-exports/${started.body.id}`)).body;
    if (view.status !== 'in_progress') return view;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

export function dataExportExamples<E>(as: As<E>): Record<string, (a: { retailer: ApiClient }) => Promise<E[]>> {
  return {
    createDataExport: async (a) => [
      as(a.retailer, { method: 'post', path: '/data-exports', body: { organizationId: ROOT, kind: 'buybacks', filters: { createdFrom: '2026-01-01T00:00:00.000Z' }, timeZone: 'Europe/Paris' } }),
      as(a.retailer, { method: 'post', path: '/data-exports', body: { organizationId: DEMO_IDS.stores.paris, kind: 'items' } }, 'the items of the account'),
    ],
    listDataExports: async (a) => {
      await finishedExport(a.retailer);
      return [as(a.retailer, { method: 'get', path: `/data-exports?organizationId=${ROOT}&kind=payments` })];
    },
    getDataExport: async (a) => [as(a.retailer, { method: 'get', path: `/data-exports/${(await finishedExport(a.retailer)).id}` })],
    downloadDataExport: async (a) => [as(a.retailer, { method: 'get', path: (await finishedExport(a.retailer)).downloadUrl.replace(/^\/api/, '') })],
    listImports: async (a) => [as(a.retailer, { method: 'get', path: `/imports?organizationId=${ROOT}&destination=products` })],
  };
}
