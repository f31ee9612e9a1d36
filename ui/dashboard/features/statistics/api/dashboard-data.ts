import type { DashboardDataView } from '@server/application/settings/statistics/statistics-views';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type DashboardData = DashboardDataView;
export type DashboardWeek = DashboardDataView['week'];

/** GET /api/dashboard-data: last week's figures and the week before's, in the caller's scope (refreshed every Monday). */
export function useDashboardData(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard-data'] as const,
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.get<DashboardData>('/dashboard-data', { signal }),
  });
}
