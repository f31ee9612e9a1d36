import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiUserFilters, userList, type UserListParams } from '../list-params';
import type { UserPage } from '../types';
import { userKeys } from './user-keys';

/** GET /api/users: one page of the users the caller administers. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  return api.get<UserPage>('/users', { query: { ...apiUserFilters(params.filters), ...apiPaging(params, userList) }, signal });
}

export function useUsers(params: UserListParams) {
  return useQuery({ queryKey: userKeys.list(params), queryFn: ({ signal }) => getUsers(params, signal), placeholderData: keepPreviousData });
}
