/** What the catalogue routes answer, as the screens read it: types only, shared with the UI (ui/shared/buyback-path/types.ts). */

/** One category of GET /api/categories/tree, with its sub-categories. */
export interface CategoryNodeView {
  id: string;
  parentId: string | null;
  label: string;
  identifier: string;
  description: string | null;
  numberOfPublishedProducts: number;
  children: CategoryNodeView[];
}
