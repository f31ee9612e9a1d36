import { Alert, Box, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AnsweredQuestions } from '../../../../shared/buyback-path/components/answered-questions';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { useGradeLabel } from '../../../../shared/format/grade';
import type { Buyback } from '../types';
import { FactsSection, Facts } from '../../../components/facts';

/** The "diagnosis results" tab: each question of the declaration and the answer chosen, then the grade. */
export function DiagnosisResults({ buyback }: { buyback: Buyback }) {
  const { t } = useTranslation(['buybacks', 'common']);
  const gradeLabel = useGradeLabel();
  const questions = useDiagnosticQuestions(buyback.product.productId);

  return (
    <Stack gap="5">
      <FactsSection id="section-grade" title={t('buybacks:diagnosis.result')}>
        <Facts
          items={[
            [t('buybacks:fields.grade'), gradeLabel(buyback.grade)],
            [t('buybacks:fields.imei'), buyback.imei],
          ]}
        />
      </FactsSection>
      <FactsSection id="section-answers" title={t('buybacks:diagnosis.answers')}>
        {questions.isPending ? (
          <Box role="status">
            <Spinner size="sm" aria-hidden />
            <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
          </Box>
        ) : (
          <>
            {questions.isError && (
              <Alert.Root status="info" mb="4">
                <Alert.Indicator />
                <Alert.Title>{t('buybacks:diagnosis.questionsUnavailable')}</Alert.Title>
              </Alert.Root>
            )}
            {buyback.responses.length === 0 ? (
              <Text>{t('buybacks:diagnosis.none')}</Text>
            ) : (
              <AnsweredQuestions responses={buyback.responses} questions={questions.data ?? []} />
            )}
          </>
        )}
      </FactsSection>
    </Stack>
  );
}
