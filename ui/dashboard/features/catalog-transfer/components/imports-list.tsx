import { Button } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { useListParams } from '../../../hooks/use-list-params';
import { useImports, type CatalogImportSummary } from '../api/imports';
import { importList } from '../list-params';
import { ImportStatus } from './import-status';

/** The tenant's products imports, newest first, each opening its report in the side panel. */
export function ImportsList({ accountId, selected, onSelect }: { accountId: string; selected: string | null; onSelect(id: string): void }) {
  const { t, i18n } = useTranslation('catalog-transfer');
  const [params, setParams] = useListParams(importList);
  const list = useImports(accountId, params);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const columns = useMemo<Array<ListColumn<CatalogImportSummary, 'createdAt'>>>(
    () => [
      {
        id: 'createdAt',
        header: t('imports.columns.createdAt'),
        sort: 'createdAt',
        nowrap: true,
        cell: (row) => (
          <Button size="xs" variant={row.id === selected ? 'solid' : 'outline'} onClick={() => onSelect(row.id)} aria-pressed={row.id === selected} data-testid="catalog-import-open">
            {formatDateTime(row.createdAt, i18n.language)}
          </Button>
        ),
      },
      { id: 'fileName', header: t('imports.columns.fileName'), cell: (row) => row.fileName ?? '' },
      { id: 'status', header: t('imports.columns.status'), cell: (row) => <ImportStatus status={row.status} /> },
      { id: 'found', header: t('imports.counts.found'), numeric: true, cell: (row) => number.format(row.counts.found) },
      { id: 'ignored', header: t('imports.counts.ignored'), numeric: true, cell: (row) => number.format(row.counts.ignored) },
    ],
    [t, i18n.language, number, selected, onSelect],
  );

  return (
    <ListScreen
      ns="catalog-transfer"
      definition={importList}
      params={params}
      onParams={setParams}
      query={list}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="catalog-import-row"
      totalTestId="catalog-imports-total"
    />
  );
}
