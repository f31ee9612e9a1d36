import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import type { ActionRow } from '../types';

const PALETTE: Record<ActionRow['action'], string> = { rebuild_started: 'blue', rebuild_finished: 'green', rebuild_failed: 'red' };

/** What support did, newest first: who, when, on which read model, and how it ended. */
export function ActionsTable({ actions }: { actions: readonly ActionRow[] }) {
  const { t, i18n } = useTranslation('support');
  if (actions.length === 0) return <Text>{t('actions.none')}</Text>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="support-actions">
        <Table.Caption srOnly>{t('actions.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('actions.at')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('actions.by')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('actions.what')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('projections.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('actions.outcome')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {actions.map((action) => (
            <Table.Row key={action.id} data-testid="action-row">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(action.at, i18n.language)}</Table.Cell>
              <Table.Cell>{action.by.name ?? action.by.userId ?? '—'}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={PALETTE[action.action]}>{t(`actions.kinds.${action.action}`)}</Badge>
              </Table.Cell>
              <Table.Cell fontFamily="mono">{action.projection}</Table.Cell>
              <Table.Cell>
                {action.error
                  ? action.error
                  : action.events !== null && action.durationMs !== null
                    ? t('actions.replayed', { events: action.events.toLocaleString(i18n.language), seconds: (action.durationMs / 1000).toLocaleString(i18n.language, { maximumFractionDigits: 1 }) })
                    : ''}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
