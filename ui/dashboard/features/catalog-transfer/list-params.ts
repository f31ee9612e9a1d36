// .js: Node tests may load this file.
import { defineList, type ListParams } from '../../hooks/list-params.js';

/** The products imports: no filter, newest first. */
export const importList = defineList<Record<string, never>, 'createdAt'>({
  name: 'catalog-imports',
  filters: {},
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  pageSizes: [10, 30, 50],
  defaultPageSize: 10,
});

export type ImportListParams = ListParams<Record<string, never>, 'createdAt'>;
