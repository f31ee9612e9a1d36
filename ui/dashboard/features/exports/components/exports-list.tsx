import { Badge, Button, Progress, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { download } from '../../../components/list/export-button';
import { toaster } from '../../../components/toaster';
import { useListParams } from '../../../hooks/use-list-params';
import { downloadDataExport, useDataExports, type DataExport } from '../api/exports';
import { exportList } from '../list-params';

const PALETTE: Record<DataExport['status'], string> = { in_progress: 'blue', success: 'green', error: 'red' };

/** A size in kB or MB, in the interface language. */
function size(bytes: number, language: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte') => new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
  return bytes >= 1_000_000 ? format(bytes / 1_000_000, 'megabyte') : format(Math.max(bytes, 1) / 1_000, 'kilobyte');
}

/** The organization's exports, newest first: date, kind, who, status with its progress, rows, size, and the file once done. */
export function ExportsList({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('exports');
  const [params, setParams] = useListParams(exportList);
  const list = useDataExports(organizationId, params);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const save = useMutation({
    mutationFn: async (view: DataExport) => download(await downloadDataExport(view), view.fileName),
    onError: () => toaster.create({ type: 'error', title: t('downloadFailed') }),
  });

  const columns = useMemo<Array<ListColumn<DataExport, 'createdAt'>>>(
    () => [
      { id: 'createdAt', header: t('columns.createdAt'), sort: 'createdAt', nowrap: true, cell: (row) => formatDateTime(row.createdAt, i18n.language) },
      { id: 'kind', header: t('columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
      { id: 'createdBy', header: t('columns.createdBy'), cell: (row) => row.createdBy?.name ?? '—' },
      {
        id: 'status',
        header: t('columns.status'),
        cell: (row) => (
          <>
            <Badge colorPalette={PALETTE[row.status]} data-testid="data-export-status" data-status={row.status}>
              {t(`statuses.${row.status}`)}
            </Badge>
            {row.status === 'in_progress' && (
              <Progress.Root size="xs" mt="1" maxW="40" value={row.progress.total > 0 ? Math.round((100 * row.progress.done) / row.progress.total) : null} aria-label={t('progress', { done: row.progress.done, total: row.progress.total })}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            {row.error && (
              <Text color="fg.error" fontSize="sm">
                {row.error.message}
              </Text>
            )}
          </>
        ),
      },
      { id: 'rows', header: t('columns.rows'), numeric: true, cell: (row) => (row.status === 'success' ? number.format(row.rows) : `${number.format(row.progress.done)} / ${number.format(row.progress.total)}`) },
      { id: 'size', header: t('columns.size'), numeric: true, cell: (row) => (row.status === 'success' ? size(row.bytes, i18n.language) : '—') },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: (row) =>
          row.status === 'success' ? (
            <Button size="xs" variant="outline" onClick={() => save.mutate(row)} loading={save.isPending && save.variables?.id === row.id} data-testid="data-export-download">
              {t('download')}
            </Button>
          ) : null,
      },
    ],
    [t, i18n.language, number, save],
  );

  return (
    <ListScreen
      ns="exports"
      definition={exportList}
      params={params}
      onParams={setParams}
      query={list}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="data-export-row"
      totalTestId="data-exports-total"
    />
  );
}
