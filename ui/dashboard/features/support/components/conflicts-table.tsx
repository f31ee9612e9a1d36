import { Box, Code, HStack, Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../../shared/format/format';
import { supportPaths } from '../paths';
import type { ConflictRow } from '../types';

/** The conflicts the process managers counted, newest first: when, which two streams, why (the refusal's code and details), and the way to each side's history. */
export function ConflictsTable({ conflicts, total }: { conflicts: readonly ConflictRow[]; total: number }) {
  const { t, i18n } = useTranslation('support');
  if (conflicts.length === 0) return <Text data-testid="support-no-conflicts">{t('conflicts.none')}</Text>;
  return (
    <Box overflowX="auto">
      <Text textStyle="sm" mb="2">
        {t('conflicts.total', { count: total, formatted: total.toLocaleString(i18n.language) })}
      </Text>
      <Table.Root size="sm" data-testid="support-conflicts">
        <Table.Caption srOnly>{t('conflicts.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('conflicts.at')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('conflicts.streams')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('conflicts.why')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('conflicts.histories')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {conflicts.map((conflict) => (
            <Table.Row key={conflict.id} data-testid="conflict-row" verticalAlign="top">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(conflict.at, i18n.language)}</Table.Cell>
              <Table.Cell>
                <Text textStyle="xs">{t('conflicts.from', { stream: conflict.sourceStream, type: conflict.sourceType })}</Text>
                <Text textStyle="xs">{t('conflicts.to', { stream: conflict.targetStream })}</Text>
                {(conflict.buybackState || conflict.itemStatus) && (
                  <Text textStyle="xs" color="fg.muted">
                    {t('conflicts.states', { buyback: conflict.buybackState ?? '—', item: conflict.itemStatus ?? '—' })}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <Code>{conflict.code}</Code>
                {Object.keys(conflict.details).length > 0 && (
                  <Text textStyle="xs" fontFamily="mono" wordBreak="break-all">
                    {JSON.stringify(conflict.details)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="3" wrap="wrap">
                  {conflict.buybackId && (
                    <Link asChild colorPalette="brand">
                      <RouterLink to={supportPaths.buyback(conflict.buybackId)}>{t('conflicts.buyback')}</RouterLink>
                    </Link>
                  )}
                  {conflict.itemId && (
                    <Link asChild colorPalette="brand">
                      <RouterLink to={supportPaths.item(conflict.itemId)}>{t('conflicts.item')}</RouterLink>
                    </Link>
                  )}
                  {conflict.buybackId && (
                    <Link asChild colorPalette="brand">
                      <RouterLink to={supportPaths.replay(conflict.buybackId)}>{t('conflicts.replay')}</RouterLink>
                    </Link>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
