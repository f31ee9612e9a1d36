import { Alert, Box, Spinner, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { useBuybackHistory } from '../api/get-buyback-history';
import { StatusBadge } from './status-badge';

const REASONED = new Set(['customer_retractation', 'technical_problem', 'other']);

/** Every event of the buyback: when, what, the status it led to, who, and why. */
export function StatusHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['buybacks', 'common']);
  const history = useBuybackHistory(id);

  if (history.isPending) {
    return (
      <Box role="status">
        <Spinner size="sm" aria-hidden />
        <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
      </Box>
    );
  }
  if (history.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('buybacks:history.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="status-history">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('buybacks:history.when')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('buybacks:history.what')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('buybacks:history.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('buybacks:history.who')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('buybacks:history.why')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {[...history.data].reverse().map((entry) => (
            <Table.Row key={entry.eventId}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.at, i18n.language)}</Table.Cell>
              <Table.Cell>{t(`buybacks:history.events.${entry.type}`, { defaultValue: entry.type })}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={entry.statusAfter} />
              </Table.Cell>
              <Table.Cell>{entry.user?.name ?? t('buybacks:history.customerOrSystem')}</Table.Cell>
              <Table.Cell>
                {entry.reason && <Text>{REASONED.has(entry.reason) ? t(`buybacks:cancelReasons.${entry.reason}`) : entry.reason}</Text>}
                {entry.comment && (
                  <Text color="fg.muted" fontStyle="italic">
                    {entry.comment}
                  </Text>
                )}
                {entry.changes.forced?.to === true && <Text color="fg.warning">{t('buybacks:history.forced')}</Text>}
                {!entry.reason && !entry.comment && '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
