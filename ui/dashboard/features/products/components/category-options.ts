import type { CategoryNodeView } from '../types';

export interface CategoryOption {
  id: string;
  label: string;
  /** Its ancestors' labels and its own, root first ("Électronique › Smartphones › Apple iPhone"). */
  path: string;
  depth: number;
}

/** The category tree flattened, depth first, each with its path. */
export function categoryOptions(nodes: readonly CategoryNodeView[], parents: readonly string[] = []): CategoryOption[] {
  return nodes.flatMap((node) => [
    { id: node.id, label: node.label, path: [...parents, node.label].join(' › '), depth: parents.length },
    ...categoryOptions(node.children, [...parents, node.label]),
  ]);
}
