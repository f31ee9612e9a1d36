// .js: Node tests may load this file.
import { defineList, type ListParams } from '../../hooks/list-params.js';

/** The past verifications: no filter, newest first (the API sorts them by date only). */
export const verificationList = defineList<Record<string, never>, 'createdAt'>({
  name: 'verifications',
  filters: {},
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  pageSizes: [10, 30, 50],
  defaultPageSize: 10,
});

export type VerificationListParams = ListParams<Record<string, never>, 'createdAt'>;
