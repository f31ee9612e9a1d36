import { Button, DataList, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { IGNORED_PAGE_SIZE, useImport } from '../api/imports';
import { ImportStatus } from './import-status';

const DATES = ['createdAt', 'queuedAt', 'startedAt', 'endedAt'] as const;
const COUNTS = ['found', 'inserted', 'updated', 'unchanged', 'ignored'] as const;

/** An import's report: its status, dates and counts, and its ignored lines (paged) with the reasons for each. */
export function ImportReport({ accountId, id }: { accountId: string; id: string }) {
  const { t, i18n } = useTranslation('catalog-transfer');
  const [offset, setOffset] = useState(0);
  const report = useImport(accountId, id, offset);
  const number = new Intl.NumberFormat(i18n.language);
  if (report.isPending) return <LoadingStatus />;
  if (report.isError) return <ApiErrorAlert error={report.error} onRetry={() => report.refetch()} />;
  const view = report.data;
  const lines = view.ignoredLines;
  return (
    <Stack gap="4" data-testid="catalog-import-report" data-status={view.status}>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Heading as="h2" size="md" overflowWrap="anywhere">
          {view.fileName ?? t('imports.report.title')}
        </Heading>
        <ImportStatus status={view.status} />
      </HStack>
      {view.error && <Text color="fg.error">{view.error.message}</Text>}
      <DataList.Root orientation="horizontal" size="sm">
        {COUNTS.map((count) => (
          <DataList.Item key={count}>
            <DataList.ItemLabel>{t(`imports.counts.${count}`)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`catalog-import-${count}`}>{number.format(view.counts[count])}</DataList.ItemValue>
          </DataList.Item>
        ))}
        {DATES.map((date) => (
          <DataList.Item key={date}>
            <DataList.ItemLabel>{t(`imports.dates.${date}`)}</DataList.ItemLabel>
            <DataList.ItemValue>{view[date] ? formatDateTime(view[date], i18n.language) : '—'}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Heading as="h3" size="sm">
        {t('imports.report.ignored', { count: lines.total, formatted: number.format(lines.total) })}
      </Heading>
      {lines.total > 0 && (
        <Table.Root size="sm" variant="outline">
          <Table.Caption srOnly>{t('imports.report.ignoredCaption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('imports.report.line')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('imports.report.product')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('imports.report.reasons')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.items.map((line) => (
              <Table.Row key={line.line} data-testid="catalog-import-ignored-line">
                <Table.Cell>{line.line}</Table.Cell>
                <Table.Cell overflowWrap="anywhere">{line.product}</Table.Cell>
                <Table.Cell>
                  {line.reasons.map((reason, index) => (
                    <Text key={index}>{reason.field ? `${reason.field}: ${reason.message}` : reason.message}</Text>
                  ))}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {lines.total > IGNORED_PAGE_SIZE && (
        <HStack>
          <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - IGNORED_PAGE_SIZE))}>
            {t('previous')}
          </Button>
          <Text>{t('imports.report.range', { from: offset + 1, to: Math.min(lines.total, offset + IGNORED_PAGE_SIZE), total: lines.total })}</Text>
          <Button size="sm" variant="outline" disabled={offset + IGNORED_PAGE_SIZE >= lines.total} onClick={() => setOffset(offset + IGNORED_PAGE_SIZE)}>
            {t('next')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
