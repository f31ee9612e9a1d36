import { Badge, Button } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@server/application/views/schema';
import { formatDateTime } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import type { ImportEntry } from '../api/imports';
import { importsList, type ImportsListParams } from '../list-params';

export const STATUS_PALETTE: Record<ImportEntry['status'], string> = { in_progress: 'blue', awaiting_run: 'gray', success: 'green', success_with_ignored: 'orange', error: 'red' };

export function ImportStatusBadge({ status }: { status: ImportEntry['status'] }) {
  const { t } = useTranslation('imports');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} data-testid="import-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

interface ImportsTableProps {
  list: { data?: ListPage<ImportEntry>; isError: boolean; isFetching: boolean };
  params: ImportsListParams;
  onParams(next: ImportsListParams): void;
  selected: string | null;
  onSelect(id: string): void;
}

/** The specification's columns: date, source, destination, data (the file), status, actions (the side panel). */
export function ImportsTable({ list, params, onParams, selected, onSelect }: ImportsTableProps) {
  const { t, i18n } = useTranslation('imports');
  const columns = useMemo<Array<ListColumn<ImportEntry, 'createdAt'>>>(
    () => [
      { id: 'createdAt', header: t('columns.createdAt'), sort: 'createdAt', nowrap: true, cell: (row) => formatDateTime(row.dates.created, i18n.language) },
      { id: 'source', header: t('columns.source'), cell: (row) => t(`sources.${row.source}`) },
      { id: 'destination', header: t('columns.destination'), cell: (row) => t(`destinations.${row.destination}`) },
      { id: 'data', header: t('columns.data'), cell: (row) => row.fileName ?? '—' },
      { id: 'status', header: t('columns.status'), cell: (row) => <ImportStatusBadge status={row.status} /> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: (row) => (
          <Button size="xs" variant={row.id === selected ? 'solid' : 'outline'} onClick={() => onSelect(row.id)} aria-pressed={row.id === selected} data-testid="import-open">
            {t('open')}
          </Button>
        ),
      },
    ],
    [t, i18n.language, selected, onSelect],
  );
  return (
    <ListScreen
      ns="imports"
      definition={importsList}
      params={params}
      onParams={onParams}
      query={list}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="import-row"
      totalTestId="imports-total"
    />
  );
}
