/**
 * The list kit: what every list screen of the dashboard is made of (see
 * ui/README.md, "Lists"). The URL and storage side is
 * `dashboard/hooks/use-list-params.ts`.
 */
export { ListScreen } from './list-screen';
export { SortableTable, type ListColumn } from './sortable-table';
export { ListPagination, totalText } from './list-pagination';
export { FiltersBar, SelectFilter, TextFilter, CheckboxGroupFilter, type SetFilter } from './filters-bar';
export { NameStatusFilters } from './name-status-filters';
export { statusColumn } from './status-column';
export { ExportButton, download, viewerTimeZone } from './export-button';
