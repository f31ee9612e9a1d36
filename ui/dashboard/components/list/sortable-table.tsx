import { Box, Button, Table, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortDirection } from '../../hooks/use-list-params';

/** A column of a list: its header, its cell, and the API's sort name when the list sorts by it. */
export interface ListColumn<T, S extends string> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  sort?: S;
  /** Amounts and counts: right-aligned. */
  numeric?: boolean;
  /** Dates, codes, amounts: kept on one line. */
  nowrap?: boolean;
}

interface SortableTableProps<T, S extends string> {
  /** The feature's namespace, for `list.caption`, `list.sortAscending` and `list.sortDescending`. */
  ns: string;
  columns: ReadonlyArray<ListColumn<T, S>>;
  rows: readonly T[];
  rowKey(row: T): string;
  sort: S;
  direction: SortDirection;
  onSort(sort: S, direction: SortDirection): void;
  rowTestId?: string;
}

/**
 * The list's table: a header cell per column, a button in each sortable one
 * (the order announced by aria-sort), scrolling sideways inside its own box on
 * a narrow screen, never widening the page.
 */
export function SortableTable<T, S extends string>({ ns, columns, rows, rowKey, sort, direction, onSort, rowTestId }: SortableTableProps<T, S>) {
  const { t } = useTranslation(ns);
  return (
    // position: relative keeps the visually hidden texts (absolutely positioned) inside the scrolling box.
    <Box position="relative" overflowX="auto" bg="bg" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Caption captionSide="top" m="0" p="0">
          <VisuallyHidden>{t('list.caption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              if (!column.sort) {
                return (
                  <Table.ColumnHeader key={column.id} textAlign={column.numeric ? 'end' : undefined}>
                    {column.header}
                  </Table.ColumnHeader>
                );
              }
              const active = sort === column.sort;
              const next: SortDirection = active && direction === 'asc' ? 'desc' : 'asc';
              return (
                <Table.ColumnHeader
                  key={column.id}
                  aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  textAlign={column.numeric ? 'end' : undefined}
                >
                  <Button variant="plain" size="xs" px="0" fontWeight="semibold" onClick={() => onSort(column.sort as S, next)}>
                    {column.header}
                    <span aria-hidden>{active ? (direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                    <VisuallyHidden>{t(next === 'asc' ? 'list.sortAscending' : 'list.sortDescending')}</VisuallyHidden>
                  </Button>
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <Table.Cell key={column.id} textAlign={column.numeric ? 'end' : undefined} whiteSpace={column.nowrap ? 'nowrap' : undefined}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
