import { Button, CloseButton, DataList, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../../shared/format/format';
import { useMe } from '../../../lib/auth';
import type { ImportEntry } from '../api/imports';
import { ImportStatusBadge } from './imports-table';

const DATES = ['created', 'queued', 'started', 'ended'] as const;
const COUNTS = ['read', 'created', 'changed', 'unchanged', 'refused'] as const;

/** The side panel: the import's general information, its dates, its line counts, its error, and where its full report is. */
export function ImportPanel({ entry, onClose }: { entry: ImportEntry; onClose(): void }) {
  const { t, i18n } = useTranslation('imports');
  const me = useMe();
  const number = new Intl.NumberFormat(i18n.language);
  const report = entry.destination === 'products' ? `/accounts/${me.account?.id ?? ''}/catalog-imports?import=${entry.id}` : null;
  return (
    <Stack gap="4" data-testid="import-panel" data-status={entry.status}>
      <HStack justify="space-between" gap="2">
        <Heading as="h2" size="md" overflowWrap="anywhere">
          {entry.fileName ?? t('panel.title')}
        </Heading>
        <CloseButton size="sm" aria-label={t('panel.close')} onClick={onClose} />
      </HStack>
      <HStack gap="2" flexWrap="wrap">
        <ImportStatusBadge status={entry.status} />
        <Text>
          {t(`sources.${entry.source}`)} → {t(`destinations.${entry.destination}`)}
        </Text>
      </HStack>
      {entry.createdBy?.name && <Text>{t('panel.createdBy', { name: entry.createdBy.name })}</Text>}
      {entry.error && <Text color="fg.error">{entry.error.message}</Text>}
      <Heading as="h3" size="sm">
        {t('panel.dates')}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm">
        {DATES.map((date) => (
          <DataList.Item key={date}>
            <DataList.ItemLabel>{t(`dates.${date}`)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`import-date-${date}`}>{entry.dates[date] ? formatDateTime(entry.dates[date], i18n.language) : '—'}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Heading as="h3" size="sm">
        {t('panel.counts')}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm">
        {COUNTS.map((count) => (
          <DataList.Item key={count}>
            <DataList.ItemLabel>{t(`counts.${count}`)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`import-count-${count}`}>{number.format(entry.counts[count])}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {report ? (
        <Link asChild variant="underline">
          <RouterLink to={report}>{t('panel.report')}</RouterLink>
        </Link>
      ) : (
        <Button asChild size="sm" variant="outline" alignSelf="start">
          <RouterLink to="/users/import">{t('panel.usersImport')}</RouterLink>
        </Button>
      )}
    </Stack>
  );
}
