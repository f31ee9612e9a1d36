import { Badge } from '@chakra-ui/react';
import type { ListColumn } from './sortable-table';

interface StatusColumnOptions<S extends string> {
  header: string;
  /** The status's text. */
  text(status: string): string;
  /** The status shown green (the others grey). */
  on: string;
  testId: string;
  sort?: S;
}

/** A list's Status column: a badge, green when on (enabled, active), grey otherwise. */
export function statusColumn<T extends { status: string }, S extends string>({ header, text, on, testId, sort }: StatusColumnOptions<S>): ListColumn<T, S> {
  return {
    id: 'status',
    header,
    ...(sort ? { sort } : {}),
    cell: (row) => (
      <Badge colorPalette={row.status === on ? 'green' : 'gray'} data-testid={testId}>
        {text(row.status)}
      </Badge>
    ),
  };
}
