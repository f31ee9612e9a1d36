import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format';
import { FactsSection } from '../../../components/facts';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink } from '../../../components/page';
import { useItemRefurbSteps } from '../api/item-refurbishment';
import { isPremiumRefusal, RefurbPremiumNotice } from './refurb-premium';

const STATUS_PALETTE = { to_do: 'gray', in_progress: 'blue', paused: 'orange', cancelled: 'red', completed: 'green' } as const;

/** The "refurbishment steps" tab: the item's steps in their order, read-only, with a link to work them. */
export function RefurbTab({ itemId }: { itemId: string }) {
  const { t, i18n } = useTranslation('items-stock');
  const steps = useItemRefurbSteps(itemId);
  return (
    <FactsSection id="section-refurb" title={t('sections.refurb')}>
      {steps.isPending ? (
        <LoadingStatus />
      ) : steps.isError ? (
        isPremiumRefusal(steps.error) ? <RefurbPremiumNotice /> : <Text>{t('refurb.unavailable')}</Text>
      ) : steps.data.steps.length === 0 ? (
        <Text data-testid="refurb-steps-empty">{t('refurb.none')}</Text>
      ) : (
        <>
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="refurb-steps">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('refurb.step')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('fields.stock')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('refurb.cost')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {steps.data.steps.map((step) => (
                  <Table.Row key={step.id}>
                    <Table.Cell>{`${step.sequence}. ${step.name}`}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[step.status]} variant="subtle">
                        {t(`refurb.statuses.${step.status}`)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{step.stock.name ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(step.cost, i18n.language)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Box mt="4">
            <AppLink to={`/items/${encodeURIComponent(itemId)}/item-refurb-steps`}>{t('refurb.workSteps')}</AppLink>
          </Box>
        </>
      )}
    </FactsSection>
  );
}
