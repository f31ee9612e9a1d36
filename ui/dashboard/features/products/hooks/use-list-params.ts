import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { productList, type ProductListParams } from '../list-params';

/** The products list's filters, sort and page: in the URL and, per user, in local storage. */
export function useProductListParams(): [ProductListParams, (next: ProductListParams) => void] {
  return useListParams(productList);
}

/** The list as last shown, for the way back from a product's form. */
export function lastProductListSearch(): string {
  return lastSearchOf(productList.name);
}
