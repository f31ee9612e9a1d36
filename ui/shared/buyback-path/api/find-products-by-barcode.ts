import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { BarcodeSearchView } from '@server/application/catalog/catalog-views';
import type { Static } from '@server/application/views/schema';
import { productKeys } from '../../api/query-keys';

export type ProductsByBarcode = Static<typeof BarcodeSearchView>;

/** The premium feature of the scan search bar: a scanned (or camera-read) barcode looks its products up. */
export const SCAN_FEATURE = 'scan_searchbar';

/** GET /products/by-barcode: the published products with exactly that EAN/GTIN (premium feature scan_searchbar). */
export function findProductsByBarcode(api: ApiClient, code: string, signal?: AbortSignal): Promise<ProductsByBarcode> {
  return api.get<ProductsByBarcode>('/products/by-barcode', { query: { code }, signal });
}

export const productsByBarcodeQueryOptions = (api: ApiClient, code: string) =>
  queryOptions({
    queryKey: [...productKeys.all, 'by-barcode', code] as const,
    queryFn: ({ signal }) => findProductsByBarcode(api, code, signal),
    retry: false,
  });

export function useProductsByBarcode(code: string | null) {
  const { api } = useAppEnvironment();
  return useQuery({ ...productsByBarcodeQueryOptions(api, code ?? ''), enabled: code !== null });
}
