/** The clients' queries: a client's change refreshes them all. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: object) => [...clientKeys.lists(), params] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
  history: (id: string) => [...clientKeys.all, 'history', id] as const,
  linkedBuyers: (id: string) => [...clientKeys.all, 'linked-buyers', id] as const,
  reindex: (id: string) => [...clientKeys.all, 'reindex', id] as const,
};
