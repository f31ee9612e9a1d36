import { useQuery } from '@tanstack/react-query';
import { buybackReferencesQueryOptions } from '../../buybacks/api/get-buyback-references';

/** The tenant's warehouses by name (GET /api/buyback-references, the entry every screen reads; as the stocks screens read it). */
export function useWarehouses() {
  return useQuery({ ...buybackReferencesQueryOptions(), select: (references) => references.warehouses });
}

/** A warehouse's name, or its id while the names load (or for one no longer listed). */
export function warehouseName(warehouses: ReadonlyArray<{ id: string; name: string }> | undefined, id: string): string {
  return warehouses?.find((warehouse) => warehouse.id === id)?.name ?? id;
}
