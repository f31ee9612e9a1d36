// .js: Node tests load this file.
import { PACKAGE_STATUSES } from '@server/domain/logistics/packages/state';
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** The devices waiting to leave (GET /expedition/buybacks): no filter a store needs, newest first. */
export const awaitingList = defineList<Record<never, never>, 'createdAt'>({
  name: 'expedition-awaiting',
  filters: {},
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
});
export type AwaitingListParams = ListParams<Record<never, never>, 'createdAt'>;

export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export interface PackageFilters {
  status: PackageStatus[];
}

/** The store's packages (GET /packages, PACKAGE_SORTS), newest first, ten a page: the screen's second list. */
export const packageList = defineList<PackageFilters, 'createdAt' | 'number' | 'status'>({
  name: 'expedition-packages',
  filters: { status: filter.someOf(PACKAGE_STATUSES) },
  sorts: ['createdAt', 'number', 'status'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  defaultPageSize: 10,
});
export type PackageListParams = ListParams<PackageFilters, 'createdAt' | 'number' | 'status'>;

export const EMPTY_PACKAGE_FILTERS: PackageFilters = emptyFilters(packageList);

/** The first page of the packages list, as the screen opens it. */
export const FIRST_PACKAGE_PAGE: PackageListParams = {
  filters: EMPTY_PACKAGE_FILTERS,
  sort: packageList.defaultSort,
  direction: packageList.defaultDirection,
  page: 1,
  itemsPerPage: packageList.defaultPageSize,
};
