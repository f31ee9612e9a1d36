import type { RawRequest } from './openapi.js';
import type { ApiClient } from './test-platform.js';
import { exported, importSettled, uploadProducts } from './catalog-transfer-helpers.js';

/**
 * The OpenAPI contract test's examples of the catalogue's files
 * (tests/api/openapi-contract.test.ts spreads them into its EXAMPLES):
 * every export and import operation with a real request.
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;
type Kind = 'products' | 'categories' | 'diagnostic-questions';

const FILE = 'label;brand;model;categoryIdentifier;status\r\nContrat téléphone;ContractBrand;CT-1;nowhere;draft\r\n';

export function catalogTransferExamples<E>(as: As<E>): Record<string, (a: { retailer: ApiClient }) => Promise<E[]>> {
  const start = (kind: Kind) => async (a: { retailer: ApiClient }) => [as(a.retailer, { method: 'post', path: `/${kind}/exports` })];
  const get = (kind: Kind) => async (a: { retailer: ApiClient }) => {
    const done = await exported(a.retailer, kind);
    return [as(a.retailer, { method: 'get', path: `/${kind}/exports/${done.id}` })];
  };
  const download = (kind: Kind) => async (a: { retailer: ApiClient }) => {
    const done = await exported(a.retailer, kind);
    return [as(null, { method: 'get', path: (done.downloadUrl as string).replace(/^\/api/, '') }, 'through its signed link')];
  };
  const imported = async (a: { retailer: ApiClient }) => {
    const started = await uploadProducts(a.retailer, FILE, 'contract.csv');
    return (await importSettled(a.retailer, started.body.id)).id as string;
  };
  return {
    exportProducts: start('products'),
    getProductsExport: get('products'),
    downloadProductsExport: download('products'),
    exportCategories: start('categories'),
    getCategoriesExport: get('categories'),
    downloadCategoriesExport: download('categories'),
    exportDiagnosticQuestions: start('diagnostic-questions'),
    getDiagnosticQuestionsExport: get('diagnostic-questions'),
    downloadDiagnosticQuestionsExport: download('diagnostic-questions'),
    importProducts: async (a) => [as(a.retailer, { method: 'post', path: '/products/imports?fileName=contract.csv', body: FILE, headers: { 'Content-Type': 'text/csv' } })],
    listProductImports: async (a) => {
      await imported(a);
      return [as(a.retailer, { method: 'get', path: '/products/imports?itemsPerPage=5&order[createdAt]=desc' })];
    },
    getProductImport: async (a) => {
      const id = await imported(a);
      return [as(a.retailer, { method: 'get', path: `/products/imports/${id}` }), as(a.retailer, { method: 'get', path: `/products/imports/${id}?offset=0&limit=10` }, 'a page of its ignored lines')];
    },
  };
}
