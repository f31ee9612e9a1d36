import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from '../lib/auth';
import { listStorage, paramsFromSearch, rememberListSearch, searchFromParams, type ListDefinition, type ListParams } from './list-params';

export * from './list-params';

/**
 * The list's parameters and the way to change them. An address without any
 * shows the list as the user left it (local storage); an address with some
 * shows those, and they become what is remembered. Resetting forgets both.
 */
export function useListParams<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
): [ListParams<F, S>, (next: ListParams<F, S>) => void] {
  const me = useMe();
  const storageKey = listStorage.key(definition.name, me.id, me.currentModule);
  const [search, setSearch] = useSearchParams();
  const fromUrl = searchFromParams(definition, paramsFromSearch(definition, search)).toString();
  const remembered = fromUrl === '' ? listStorage.read(storageKey) : null;
  const shown = remembered ?? fromUrl;
  const params = useMemo(() => paramsFromSearch(definition, new URLSearchParams(shown)), [definition, shown]);

  useEffect(() => {
    rememberListSearch(definition.name, shown);
    if (remembered) setSearch(new URLSearchParams(remembered), { replace: true });
    else listStorage.write(storageKey, searchFromParams(definition, params, { forStorage: true }).toString());
  }, [definition, shown, remembered, params, storageKey, setSearch]);

  const update = useCallback(
    (next: ListParams<F, S>) => {
      // Written before the address changes: an emptied list (reset) must not come back from storage.
      listStorage.write(storageKey, searchFromParams(definition, next, { forStorage: true }).toString());
      setSearch(searchFromParams(definition, next));
    },
    [definition, setSearch, storageKey],
  );
  return [params, update];
}
