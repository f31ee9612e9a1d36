import { Alert, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format';
import type { Diagnosis } from '../api/diagnosis';

/** The steps the answers plan (or planned), in order, each with its cost in the item's warehouse, and the total. */
export function PlannedSteps({ diagnosis }: { diagnosis: Diagnosis }) {
  const { t, i18n } = useTranslation(['refurb-diagnosis', 'api']);
  if (diagnosis.planProblem) {
    return (
      <Alert.Root status="warning" data-testid="plan-problem">
        <Alert.Indicator />
        <Alert.Title>{t(`api:errors.${diagnosis.planProblem.code}`, { ...diagnosis.planProblem.details, defaultValue: diagnosis.planProblem.code })}</Alert.Title>
      </Alert.Root>
    );
  }
  if (diagnosis.plannedSteps.length === 0) return <Text data-testid="no-steps">{t('summary.noSteps')}</Text>;
  return (
    <Table.Root size="sm" data-testid="planned-steps">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>#</Table.ColumnHeader>
          <Table.ColumnHeader>{t('summary.step')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('summary.cost')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {diagnosis.plannedSteps.map((step) => (
          <Table.Row key={step.itemRefurbStepId}>
            <Table.Cell>{step.sequence}</Table.Cell>
            <Table.Cell>
              <Text fontWeight="medium">{step.name}</Text>
              {step.description && <Text color="fg.muted">{step.description}</Text>}
            </Table.Cell>
            <Table.Cell textAlign="end">{formatMoney(step.cost, i18n.language)}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row>
          <Table.Cell />
          <Table.Cell fontWeight="semibold">{t('summary.total')}</Table.Cell>
          <Table.Cell textAlign="end" fontWeight="semibold" data-testid="total-cost">
            {formatMoney(diagnosis.totalCost, i18n.language)}
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
