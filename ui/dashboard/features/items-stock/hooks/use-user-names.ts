import { useCallback, useMemo } from 'react';
import { useItemHistory } from '../api/get-item-history';

/**
 * Who did what to an item, by name: the item's facts name users by id
 * (`check.by`, `quarantine.by`…), its history gives their names.
 */
export function useUserNames(itemId: string): (userId: string | null | undefined) => string | null {
  const history = useItemHistory(itemId);
  const names = useMemo(() => new Map((history.data ?? []).flatMap((entry) => (entry.user ? [[entry.user.id, entry.user.name] as const] : []))), [history.data]);
  return useCallback((userId) => (userId ? (names.get(userId) ?? null) : null), [names]);
}
