import { useWorkWarehouses } from './use-work-warehouses';

/**
 * The warehouses a new stock may be created in: null when the user works in
 * only one (a warehouse user: the API puts it in their own) or none yet.
 */
export function useWarehouseChoices(): { choices: Array<{ id: string; label: string }> | null; only: string | null } {
  const warehouses = useWorkWarehouses();
  if (warehouses.length <= 1) return { choices: null, only: warehouses[0]?.id ?? null };
  return { choices: warehouses, only: null };
}
