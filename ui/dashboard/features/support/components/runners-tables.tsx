import { Badge, Box, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SupportOverview } from '../types';

/** The process managers: checkpoint, lag, conflicts counted, failed attempts on the event they are stuck on. */
export function ProcessManagersTable({ managers }: { managers: SupportOverview['processManagers'] }) {
  const { t, i18n } = useTranslation('support');
  const format = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="support-process-managers">
        <Table.Caption srOnly>{t('processManagers.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('processManagers.name')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('projections.checkpoint')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('projections.lag')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('processManagers.conflicts')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('processManagers.failingAttempts')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {managers.map((manager) => (
            <Table.Row key={manager.name} data-testid={`process-manager-${manager.name}`}>
              <Table.Cell fontFamily="mono">{manager.name}</Table.Cell>
              <Table.Cell textAlign="end">{format(manager.position)}</Table.Cell>
              <Table.Cell textAlign="end">
                <Badge colorPalette={manager.lag === 0 ? 'green' : 'orange'}>{format(manager.lag)}</Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Badge colorPalette={manager.conflicts === 0 ? 'gray' : 'red'} data-testid="conflicts">
                  {format(manager.conflicts)}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{format(manager.failingAttempts)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The background queues (the label queue): backlog, retrying, given up, the oldest job's wait. */
export function WorkersTable({ workers }: { workers: SupportOverview['workers'] }) {
  const { t, i18n } = useTranslation('support');
  const format = (n: number) => n.toLocaleString(i18n.language);
  if (workers.length === 0) return null;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="support-workers">
        <Table.Caption srOnly>{t('workers.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('workers.name')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('workers.backlog')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('workers.retrying')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('workers.failed')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('workers.oldest')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {workers.map((worker) => (
            <Table.Row key={worker.name}>
              <Table.Cell>{t(`workers.names.${worker.name}`, { defaultValue: worker.name })}</Table.Cell>
              <Table.Cell textAlign="end">{format(worker.backlog)}</Table.Cell>
              <Table.Cell textAlign="end">{format(worker.retrying)}</Table.Cell>
              <Table.Cell textAlign="end">
                <Badge colorPalette={worker.failed === 0 ? 'gray' : 'red'}>{format(worker.failed)}</Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{t('workers.seconds', { count: worker.oldestSeconds, formatted: format(worker.oldestSeconds) })}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
