// .js: Node tests may load this file.
import { defineList, type ListParams } from '../../hooks/list-params.js';

/** An organization's data exports: no filter, newest first. */
export const exportList = defineList<Record<string, never>, 'createdAt'>({
  name: 'data-exports',
  filters: {},
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  pageSizes: [10, 30, 50],
  defaultPageSize: 10,
});

export type ExportListParams = ListParams<Record<string, never>, 'createdAt'>;
