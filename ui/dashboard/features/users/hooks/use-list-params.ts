import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { userList, type UserListParams } from '../list-params';

/** The users list's filters, sort and page: in the URL and, per user, in local storage. */
export function useUserListParams(): [UserListParams, (next: UserListParams) => void] {
  return useListParams(userList);
}

/** The list as last shown, for the way back from a user's form. */
export function lastUserListSearch(): string {
  return lastSearchOf(userList.name);
}
