/** The users' queries: a user's change refreshes their lists, their detail and their history. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: object) => [...userKeys.all, 'list', params] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  history: (id: string) => [...userKeys.all, 'history', id] as const,
  assignable: () => [...userKeys.all, 'assignable-user-types'] as const,
  entities: () => [...userKeys.all, 'entities'] as const,
  matrix: (language: string) => ['permission-matrix', language] as const,
};
