import { useQuery } from '@tanstack/react-query';
import { organizationKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { EntityNode } from '../types';

/** GET /api/organizations/tree: the caller's entities from the root management unit. */
export function getEntityTree(signal?: AbortSignal): Promise<{ roots: EntityNode[]; truncated: boolean }> {
  return api.get('/organizations/tree', { signal });
}

export function useEntityTree() {
  return useQuery({ queryKey: organizationKeys.tree(), queryFn: ({ signal }) => getEntityTree(signal) });
}
