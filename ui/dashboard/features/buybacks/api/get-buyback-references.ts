import { queryOptions, useQuery } from '@tanstack/react-query';
import { buybackReferenceKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { BuybackReferences } from '../types';

/** GET /api/buyback-references: stores, warehouses, buyers, circuits, categories and shipping methods by name. */
export function getBuybackReferences(signal?: AbortSignal): Promise<BuybackReferences> {
  return api.get<BuybackReferences>('/buyback-references', { signal });
}

export const buybackReferencesQueryOptions = () =>
  queryOptions({
    queryKey: buybackReferenceKeys.all,
    queryFn: ({ signal }) => getBuybackReferences(signal),
    staleTime: 5 * 60_000,
  });

export function useBuybackReferences() {
  return useQuery(buybackReferencesQueryOptions());
}

/** A name by id, or null while loading or when unknown. */
export function nameIn(list: ReadonlyArray<{ id: string; name?: string; label?: string }> | undefined, id: string | null): string | null {
  if (!id || !list) return null;
  const found = list.find((item) => item.id === id);
  return found ? (found.name ?? found.label ?? null) : null;
}
