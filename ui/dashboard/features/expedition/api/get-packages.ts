import type { PackagePage } from '@server/application/logistics/logistics-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { packageKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { packageList, type PackageListParams } from '../list-params';

/** GET /api/packages: one page of the packages of the user's store (status[] filter). */
export function getPackages(params: PackageListParams, signal?: AbortSignal): Promise<PackagePage> {
  return api.get<PackagePage>('/packages', { query: { status: params.filters.status, ...apiPaging(params, packageList) }, signal });
}

export function usePackages(params: PackageListParams) {
  return useQuery(
    queryOptions({
      queryKey: packageKeys.list(params),
      queryFn: ({ signal }) => getPackages(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
