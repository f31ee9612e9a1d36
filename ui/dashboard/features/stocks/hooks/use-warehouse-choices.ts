import { useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { tenantLabels } from '../../buybacks/components/buyback-filters';

/**
 * The warehouses a new stock may be created in: null when the user sees only
 * one (a warehouse user: the API puts it in their own) or none yet.
 */
export function useWarehouseChoices(): { choices: Array<{ id: string; label: string }> | null; only: string | null } {
  const references = useBuybackReferences().data;
  const warehouses = references?.warehouses ?? [];
  const label = tenantLabels(references);
  if (warehouses.length <= 1) return { choices: null, only: warehouses[0]?.id ?? null };
  return { choices: warehouses.map((w) => ({ id: w.id, label: label(w.name, w.accountId) })), only: null };
}
