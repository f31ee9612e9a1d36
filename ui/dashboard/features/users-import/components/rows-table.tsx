import type { UserImportView } from '@server/application/organizations/user-import/user-import-views';
import { Badge, Box, Button, HStack, List, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PREVIEW_PAGE_SIZE, type RowFilter, type RowsPage } from '../api/user-import';

type Row = UserImportView['rows']['items'][number];

/** A page of the file's rows: what each says, and each problem in the reader's language (the API's text). */
export function RowsTable({ view, page, onPage, filters, showOutcome }: { view: UserImportView; page: RowsPage; onPage(page: RowsPage): void; filters: readonly RowFilter[]; showOutcome?: boolean }) {
  const { t, i18n } = useTranslation('users-import');
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { total, items, offset } = view.rows;
  const problems = (row: Row) => (showOutcome && row.outcome ? row.outcome.reasons : row.errors);
  return (
    <Box>
      <HStack gap="2" mb="3" flexWrap="wrap" role="group" aria-label={t('preview.filterLabel')}>
        {filters.map((filter) => (
          <Button
            key={filter}
            size="sm"
            variant={page.filter === filter ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={page.filter === filter}
            onClick={() => onPage({ filter, offset: 0 })}
            data-testid={`import-filter-${filter}`}
          >
            {t(`preview.filter.${filter}`)}
          </Button>
        ))}
      </HStack>
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="import-rows">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('preview.columns.line')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('preview.columns.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('preview.columns.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('preview.columns.role')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('preview.columns.entity')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('preview.columns.problems')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((row) => (
              <Table.Row key={row.line} data-testid={`import-row-${row.line}`} data-valid={row.errors.length === 0}>
                <Table.Cell>{row.line}</Table.Cell>
                <Table.Cell overflowWrap="anywhere">{row.email}</Table.Cell>
                <Table.Cell>{`${row.firstname} ${row.lastname}`.trim()}</Table.Cell>
                <Table.Cell>{row.role ?? ''}</Table.Cell>
                <Table.Cell>{row.entityName ?? row.entity}</Table.Cell>
                <Table.Cell verticalAlign="top">
                  {problems(row).length === 0 ? (
                    <Badge colorPalette="green">{showOutcome && row.outcome ? t(`report.outcome.${row.outcome.status}`) : t('preview.valid')}</Badge>
                  ) : (
                    <List.Root gap="1" ps="4" color="fg.error">
                      {problems(row).map((problem, index) => (
                        <List.Item key={`${problem.code}-${index}`} data-code={problem.code}>
                          {problem.message}
                        </List.Item>
                      ))}
                    </List.Root>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {items.length === 0 && <Text py="4">{t('preview.empty')}</Text>}
      <HStack justify="space-between" mt="3">
        <Text textStyle="sm" color="fg.muted">
          {t('preview.range', { from: format(total === 0 ? 0 : offset + 1), to: format(offset + items.length), total: format(total) })}
        </Text>
        <HStack>
          <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onPage({ ...page, offset: Math.max(0, offset - PREVIEW_PAGE_SIZE) })}>
            {t('preview.previous')}
          </Button>
          <Button size="sm" variant="outline" disabled={offset + items.length >= total} onClick={() => onPage({ ...page, offset: offset + PREVIEW_PAGE_SIZE })}>
            {t('preview.next')}
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
