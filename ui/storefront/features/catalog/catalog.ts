import { useCategoryTree } from '../../../shared/buyback-path/api/get-category-tree';
import { useProductSearch } from '../../../shared/buyback-path/api/search-products';
import type { CategoryNode, Product } from '../../../shared/buyback-path/types';

/**
 * The catalogue as the storefront's pages browse it. The endpoints (GET
 * /products, GET /categories/tree) are the buyback path's, shared with the
 * dashboard (ui/shared/buyback-path/api): one cache, one shape.
 */
export type { CategoryNode, Product };
export { useCategoryTree };

/** The specification's search page size. */
export const PRODUCTS_PAGE_SIZE = 40;

export function useProducts(query: { search?: string; categoryId?: string; page: number }, enabled = true) {
  return useProductSearch({ ...query, itemsPerPage: PRODUCTS_PAGE_SIZE }, enabled);
}

/** Only the categories a visitor can buy something back in. */
export function withProducts(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.filter((node) => node.numberOfPublishedProducts > 0).map((node) => ({ ...node, children: withProducts(node.children) }));
}

/** The category and its ancestors, root first; empty when it is not in the tree. */
export function pathTo(nodes: CategoryNode[], id: string): CategoryNode[] {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}
