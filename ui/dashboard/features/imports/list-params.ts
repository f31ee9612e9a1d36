// .js: Node tests may load this file.
import { defineList, type ListParams } from '../../hooks/list-params.js';

/** The account's imports: no filter on screen, newest first. */
export const importsList = defineList<Record<string, never>, 'createdAt'>({
  name: 'imports',
  filters: {},
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  pageSizes: [10, 30, 50],
  defaultPageSize: 10,
});

export type ImportsListParams = ListParams<Record<string, never>, 'createdAt'>;
