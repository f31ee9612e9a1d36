import { Box, Button, HStack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { AppLink } from '../../../components/page';
import { choiceLabel, useValueChoices } from '../hooks/use-value-choices';
import { dispatchPaths } from '../paths';
import type { DispatchRule } from '../types';
import { ConditionsSummary } from './conditions-summary';

interface Props {
  rules: readonly DispatchRule[];
  /** Absent: the user may not order them. */
  onMove?: (index: number, delta: -1 | 1) => void;
  moving: boolean;
}

/** The rules in the order they are tried, each with what it asks, where it sends, and when it last changed. */
export function RulesTable({ rules, onMove, moving }: Props) {
  const { t, i18n } = useTranslation('warehouse-dispatch');
  const choices = useValueChoices();
  return (
    // position: relative keeps the visually hidden caption inside the scrolling box.
    <Box position="relative" overflowX="auto" bg="bg" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" m="0" p="0">
          <VisuallyHidden>{t('list.caption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader textAlign="end">{t('fields.position')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.title')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.conditions')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.warehouses')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.nearestShort')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.updatedAt')}</Table.ColumnHeader>
            {onMove && <Table.ColumnHeader>{t('fields.order')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rules.map((rule, index) => (
            <Table.Row key={rule.id} data-testid="dispatch-rule-row">
              <Table.Cell textAlign="end">{index + 1}</Table.Cell>
              <Table.Cell minW="40">
                <AppLink to={dispatchPaths.edit(rule.id)}>{rule.title}</AppLink>
              </Table.Cell>
              <Table.Cell minW="48">
                <ConditionsSummary conditions={rule.conditions} choices={choices.byAttribute} />
              </Table.Cell>
              <Table.Cell minW="32">
                <Text fontSize="sm">{rule.warehouseIds.map((id) => choiceLabel(choices.warehouses, id)).join(rule.nearest ? ', ' : ' → ')}</Text>
              </Table.Cell>
              <Table.Cell>{rule.nearest ? t('yes') : t('no')}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(rule.updatedAt, i18n.language)}</Table.Cell>
              {onMove && (
                <Table.Cell>
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={index === 0 || moving}
                      aria-label={t('actions.moveUp', { title: rule.title })}
                      onClick={() => onMove(index, -1)}
                    >
                      <span aria-hidden>↑</span>
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={index === rules.length - 1 || moving}
                      aria-label={t('actions.moveDown', { title: rule.title })}
                      onClick={() => onMove(index, 1)}
                    >
                      <span aria-hidden>↓</span>
                    </Button>
                  </HStack>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
