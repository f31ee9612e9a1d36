import type { RawRequest } from './openapi.js';
import { sendRequest } from './openapi.js';
import type { ApiClient, TestPlatform } from './test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The OpenAPI contract test's examples of the design (issue 23): a logo
 * uploaded and read by a visitor, the demo retailer's design read, changed
 * (If-Match) and its history (tests/api/openapi-contract.test.ts spreads them).
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;
type Actors = { t: TestPlatform; retailer: ApiClient; visitor: ApiClient };

export const ONE_PIXEL_PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));
const DESIGN = `/accounts/${DEMO_IDS.accounts.demo}/design`;

export function designExamples<E>(as: As<E>): Record<string, (a: Actors) => Promise<E[]>> {
  return {
    uploadSettingsFile: async (a) => [as(a.retailer, { method: 'post', path: '/settings-files?kind=logo', body: ONE_PIXEL_PNG, headers: { 'Content-Type': 'image/png' } })],
    getSettingsFile: async (a) => {
      const stored = await sendRequest(a.t.baseUrl, { method: 'post', path: '/settings-files?kind=favicon', body: ONE_PIXEL_PNG, headers: { 'Content-Type': 'image/png' }, token: a.retailer.token, module: a.retailer.module });
      return [as(a.visitor, { method: 'get', path: String((stored.body as { url: string }).url).replace(/^\/api/, '') })];
    },
    getDesign: async (a) => [as(a.retailer, { method: 'get', path: DESIGN })],
    changeDesign: async (a) => {
      const design = await a.retailer.get(DESIGN);
      const secondaryColor = design.body.secondaryColor === '#7C3AED' ? '#1D4ED8' : '#7C3AED';
      return [as(a.retailer, { method: 'patch', path: DESIGN, body: { secondaryColor }, headers: { 'If-Match': `W/"${design.body.revision}"` } })];
    },
    getDesignHistory: async (a) => [as(a.retailer, { method: 'get', path: `${DESIGN}/history` })],
  };
}
