import { Alert, Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadingStatus } from './loading-status';

/** A column of a history: its header and what each event shows in it. */
export interface HistoryColumn<E> {
  id: string;
  header: string;
  cell(entry: E): ReactNode;
  nowrap?: boolean;
}

interface HistoryTableProps<E> {
  /** The history's query (TanStack Query): its events, oldest first, as the API answers them. */
  query: { data?: readonly E[]; isPending: boolean; isError: boolean };
  columns: ReadonlyArray<HistoryColumn<E>>;
  rowKey(entry: E): string;
  /** Shown when the history cannot be loaded. */
  loadFailed: string;
  testId?: string;
}

/**
 * A history as a detail shows it (a buyback's, an item's): newest event
 * first, one row each (when, what, who, why…), scrolling sideways inside its
 * own box on a narrow screen.
 */
export function HistoryTable<E>({ query, columns, rowKey, loadFailed, testId }: HistoryTableProps<E>) {
  if (query.isPending) return <LoadingStatus py="2" />;
  if (query.isError || !query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{loadFailed}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Box overflowX="auto" position="relative">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.id}>{column.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {[...query.data].reverse().map((entry) => (
            <Table.Row key={rowKey(entry)}>
              {columns.map((column) => (
                <Table.Cell key={column.id} whiteSpace={column.nowrap ? 'nowrap' : undefined} verticalAlign="top">
                  {column.cell(entry)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
