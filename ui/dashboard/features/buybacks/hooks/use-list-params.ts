import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paramsFromSearch, searchFromParams, type BuybackListParams } from '../list-params';

/** The list as last shown (its query string), so the detail's way back returns to the same filtered page. */
let lastSearch = '';

export function lastListSearch(): string {
  return lastSearch ? `?${lastSearch}` : '';
}

/** The list's filters, sort and page live in the URL: a reload, a shared link or Back show the same list. */
export function useListParams(): [BuybackListParams, (next: BuybackListParams) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const params = useMemo(() => paramsFromSearch(new URLSearchParams(key)), [key]);
  useEffect(() => {
    lastSearch = key;
  }, [key]);
  const update = useCallback((next: BuybackListParams) => setSearch(searchFromParams(next)), [setSearch]);
  return [params, update];
}
