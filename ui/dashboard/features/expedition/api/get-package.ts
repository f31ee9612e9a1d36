import type { PackageView } from '@server/application/logistics/logistics-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { packageKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export interface PackageWithVersion {
  package: PackageView;
  /** Its revision, for the If-Match of a command on what the user sees. */
  etag: string | null;
}

/** GET /api/packages/{id}: the package, its devices, its weight, its label. */
export async function getPackage(id: string, signal?: AbortSignal): Promise<PackageWithVersion> {
  const response = await api.request<PackageView>('GET', `/packages/${encodeURIComponent(id)}`, { signal });
  return { package: response.data, etag: response.etag };
}

export const packageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: packageKeys.detail(id),
    queryFn: ({ signal }) => getPackage(id, signal),
    enabled: id !== '',
  });

export function usePackage(id: string) {
  return useQuery(packageQueryOptions(id));
}
