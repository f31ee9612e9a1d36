import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { entityList, type EntityListParams } from '../list-params';

/** The entities list's filters, sort and page: in the URL and, per user, in local storage. */
export function useEntityListParams(): [EntityListParams, (next: EntityListParams) => void] {
  return useListParams(entityList);
}

/** The list as last shown, for the way back from an entity's form. */
export function lastEntityListSearch(): string {
  return lastSearchOf(entityList.name);
}
