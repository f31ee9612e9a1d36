import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../../shared/format/format';
import { Facts, FactsSection } from '../../../components/facts';
import { LoadingStatus } from '../../../components/loading-status';
import { ApiError } from '../../../lib/api-client';
import { useItemRefurbDiagnosis } from '../api/item-refurbishment';
import { isPremiumRefusal, RefurbPremiumNotice } from './refurb-premium';

/**
 * The item's refurbishment diagnosis (GET /items/{id}/refurb-diagnosis): its
 * status, each question with the answers chosen, and the steps it plans
 * with their costs. None started yet, or not premium: said plainly.
 */
export function RefurbDiagnosisSection({ itemId }: { itemId: string }) {
  const { t, i18n } = useTranslation('items-stock');
  const diagnosis = useItemRefurbDiagnosis(itemId);
  const none = diagnosis.error instanceof ApiError && diagnosis.error.status === 404;
  return (
    <FactsSection id="section-refurb-diagnosis" title={t('refurbDiagnosis.title')}>
      {diagnosis.isPending ? (
        <LoadingStatus />
      ) : diagnosis.isError ? (
        isPremiumRefusal(diagnosis.error) ? (
          <RefurbPremiumNotice feature="refurb_diagnosis" />
        ) : (
          <Text data-testid="refurb-diagnosis-none">{none ? t('refurbDiagnosis.none') : t('refurb.unavailable')}</Text>
        )
      ) : (
        <Stack gap="4" data-testid="refurb-diagnosis">
          <Facts
            items={[
              [t('fields.status'), <Badge key="status" colorPalette={diagnosis.data.status === 'finalized' ? 'green' : 'orange'}>{t(`refurbDiagnosis.statuses.${diagnosis.data.status}`)}</Badge>],
              [t('refurbDiagnosis.startedAt'), formatDateTime(diagnosis.data.startedAt, i18n.language)],
              [t('refurbDiagnosis.finalizedAt'), diagnosis.data.finalizedAt ? formatDateTime(diagnosis.data.finalizedAt, i18n.language) : '—'],
              [t('refurbDiagnosis.totalCost'), formatMoney(diagnosis.data.totalCost, i18n.language)],
            ]}
          />
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('diagnosis.question')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('diagnosis.found')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {diagnosis.data.questions.map((question) => (
                  <Table.Row key={question.id}>
                    <Table.Cell fontWeight="medium">{question.label}</Table.Cell>
                    <Table.Cell>
                      {question.chosenAnswerIds.length
                        ? question.answers.filter((a) => question.chosenAnswerIds.includes(a.id)).map((a) => a.label).join(', ')
                        : t('refurbDiagnosis.notAnswered')}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Text fontWeight="medium">{t('refurbDiagnosis.plannedSteps')}</Text>
          {diagnosis.data.plannedSteps.length === 0 ? (
            <Text color="fg.muted">{t('refurbDiagnosis.noPlannedSteps')}</Text>
          ) : (
            <Stack as="ol" gap="1" ps="5" listStyleType="decimal">
              {diagnosis.data.plannedSteps.map((step) => (
                <Box as="li" key={step.itemRefurbStepId}>
                  {`${step.name} · ${formatMoney(step.cost, i18n.language)}`}
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </FactsSection>
  );
}
