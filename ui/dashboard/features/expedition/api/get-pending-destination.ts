import type { AwaitingShipmentPage, AwaitingShipmentView } from '@server/application/logistics/logistics-views';
import { useQuery } from '@tanstack/react-query';
import { expeditionKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** How many waiting devices the start of a package reads to preselect it (the newest: a store's shelf holds a few dozen). */
const READ = 100;

export interface PendingDestination {
  warehouseId: string;
  labelMode: 'with_label' | 'without_label';
  /** Devices waiting, in no package yet, that go there this way. */
  count: number;
  /** Devices waiting, in no package yet, in all. */
  waiting: number;
}

/**
 * Where the next package goes, from the devices still waiting outside any
 * package: the destination and transport most of them share (each device's
 * warehouse and label are known from its circuit); null when none waits.
 */
export function pendingDestination(rows: readonly AwaitingShipmentView[]): PendingDestination | null {
  const loose = rows.filter((row) => row.package === null);
  const groups = new Map<string, PendingDestination>();
  for (const row of loose) {
    const labelMode = row.needsLabel ? 'with_label' : 'without_label';
    const key = `${row.warehouseId}|${labelMode}`;
    const group = groups.get(key) ?? { warehouseId: row.warehouseId, labelMode, count: 0, waiting: loose.length };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count)[0] ?? null;
}

/** GET /api/expedition/buybacks (the newest hundred): the preselection of a new package. */
export function usePendingDestination() {
  const query = { itemsPerPage: READ, 'order[createdAt]': 'desc' } as const;
  return useQuery({
    queryKey: expeditionKeys.list({ pendingDestination: query }),
    queryFn: ({ signal }) => api.get<AwaitingShipmentPage>('/expedition/buybacks', { query, signal }),
    select: (page) => pendingDestination(page.items),
  });
}
