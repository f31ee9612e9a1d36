import { useGradeLabel } from '../../../../shared/format/grade';
import { useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { tenantLabels } from '../../buybacks/components/buyback-filters';
import type { BuybackReferences } from '../../buybacks/types';
import { PRODUCT_STATES, type DispatchAttribute } from '../types';

export type Choice = { id: string; label: string };

/**
 * Categories named by their path ("Smartphones › Apple iPhone"), in that
 * order: a choice among checkboxes that wrap reads without the tree's indent.
 */
export function categoryPaths(categories: BuybackReferences['categories'], label: (text: string, accountId: string) => string): Choice[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const pathOf = (id: string): string[] => {
    const names: string[] = [];
    for (let node = byId.get(id); node && names.length <= categories.length; node = node.parentId ? byId.get(node.parentId) : undefined) names.unshift(node.label);
    return names;
  };
  return categories
    .map((category) => ({ id: category.id, label: label(pathOf(category.id).join(' › '), category.accountId) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * What a condition's values are chosen from, by attribute: the tenant's
 * categories (by their path) and circuits, the catalogue's product states; and
 * the tenant's warehouses for the destinations. Brands are typed.
 */
export function useValueChoices() {
  const references = useBuybackReferences();
  const gradeLabel = useGradeLabel();
  const data = references.data;
  const label = tenantLabels(data);
  const byAttribute: Record<Exclude<DispatchAttribute, 'brand'>, Choice[]> = {
    category: categoryPaths(data?.categories ?? [], label),
    circuit: (data?.circuits ?? []).map((c) => ({ id: c.id, label: label(c.name, c.accountId) })),
    productState: PRODUCT_STATES.map((state) => ({ id: state, label: gradeLabel(state) })),
  };
  const warehouses: Choice[] = (data?.warehouses ?? []).map((w) => ({ id: w.id, label: label(w.name, w.accountId) }));
  return { loading: references.isPending, byAttribute, warehouses };
}

/** A value as the screens name it: the choice's label, or the value itself (a brand, an id no longer known). */
export function choiceLabel(choices: readonly Choice[], value: string): string {
  return choices.find((choice) => choice.id === value)?.label ?? value;
}
