import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { noRetryOnRefusal } from './retry';

export interface ItemWithVersion {
  item: ItemView;
  /** The revision a command on it sends back in If-Match. */
  etag: string | null;
}

/** GET /api/items/{id}, with its ETag. */
export async function getItem(id: string, signal?: AbortSignal): Promise<ItemWithVersion> {
  const response = await api.request<ItemView>('GET', `/items/${encodeURIComponent(id)}`, { signal });
  return { item: response.data, etag: response.etag };
}

export const itemQueryOptions = (id: string) =>
  queryOptions({ queryKey: itemKeys.detail(id), queryFn: ({ signal }) => getItem(id, signal), staleTime: 0, retry: noRetryOnRefusal });

export function useItem(id: string) {
  return useQuery(itemQueryOptions(id));
}
