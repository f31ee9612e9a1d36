import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../../shared/format/format';
import { FactsSection, Facts } from '../../../components/facts';
import { LoadingStatus } from '../../../components/loading-status';
import { useCan } from '../../../lib/auth';
import { useItemEconomics } from '../api/item-economics';
import type { Item } from '../types';
import { isPremiumRefusal, RefurbPremiumNotice, useDuration } from './refurb-premium';
import { ResaleTargetForm } from './resale-target-form';

/**
 * The "economic data" tab (GET /items/{id}/economics): the paid price, the
 * planned refurbishment cost (cancelled steps excluded), the completed steps'
 * cost, the margin left against the target resale price (which a warehouse
 * manager sets here), and each step's working time, pauses excluded.
 */
export function EconomicTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('items-stock');
  const economics = useItemEconomics(item.id);
  const can = useCan();
  const duration = useDuration();
  const money = (value: Item['purchasePrice'] | null, none: string) => (value ? formatMoney(value, i18n.language) : none);

  if (economics.isPending) return <LoadingStatus />;
  if (economics.isError) {
    return (
      <FactsSection id="section-economic" title={t('sections.economic')}>
        {isPremiumRefusal(economics.error) ? <RefurbPremiumNotice /> : <Text>{t('economic.unavailable')}</Text>}
      </FactsSection>
    );
  }
  const data = economics.data;
  const margin = data.margin;
  return (
    <Stack gap="5">
      <FactsSection id="section-economic" title={t('sections.economic')}>
        <Box data-testid="economic-facts">
          <Facts
            items={[
              [t('fields.paidPrice'), money(data.paidPrice, '—')],
              ...(item.proposedPrice ? ([[t('fields.proposedPrice'), money(item.proposedPrice, '—')]] as Array<[string, string]>) : []),
              [t('fields.plannedRefurbCost'), money(data.plannedRefurbCost, t('economic.noRefurbCost'))],
              [t('fields.completedRefurbCost'), money(data.completedRefurbCost, t('economic.noRefurbCost'))],
              [t('fields.targetResalePrice'), money(data.targetResalePrice, t('economic.noTarget'))],
              [
                t('fields.margin'),
                <Text as="span" key="margin" data-testid="economic-margin" color={margin && margin.amountInCents < 0 ? 'fg.error' : undefined} fontWeight="semibold">
                  {money(margin, t('economic.noMargin'))}
                </Text>,
              ],
              [t('economic.totalTime'), duration(data.totalSpentSeconds)],
            ]}
          />
        </Box>
        {can('refurb_resale.write') && <ResaleTargetForm key={`${data.resaleTargetRevision}`} itemId={item.id} economics={data} />}
      </FactsSection>
      <FactsSection id="section-step-times" title={t('economic.stepsTitle')}>
        {data.steps.length === 0 ? (
          <Text data-testid="economic-no-steps">{t('economic.noSteps')}</Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="economic-steps">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('refurb.step')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('refurb.cost')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('economic.timeSpent')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('economic.completedAt')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.steps.map((step) => (
                  <Table.Row key={step.itemRefurbStepId} data-status={step.status}>
                    <Table.Cell>{`${step.sequence}. ${step.name}`}</Table.Cell>
                    <Table.Cell>{t(`refurb.statuses.${step.status}`)}</Table.Cell>
                    <Table.Cell textAlign="end" textDecoration={step.status === 'cancelled' ? 'line-through' : undefined}>
                      {formatMoney(step.cost, i18n.language)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{duration(step.spentSeconds)}</Table.Cell>
                    <Table.Cell>{step.completedAt ? formatDateTime(step.completedAt, i18n.language) : '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </FactsSection>
    </Stack>
  );
}
