import { Alert, Box, List, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { useGradeLabel } from '../../../../shared/format/grade';
import type { Buyback } from '../types';
import { DetailSection, Facts } from './detail-section';

/** The "diagnosis results" tab: each question of the declaration and the answer chosen, then the grade. */
export function DiagnosisResults({ buyback }: { buyback: Buyback }) {
  const { t } = useTranslation(['buybacks', 'common']);
  const gradeLabel = useGradeLabel();
  const questions = useDiagnosticQuestions(buyback.product.productId);
  const byId = new Map((questions.data ?? []).map((q) => [q.id, q]));

  return (
    <Stack gap="5">
      <DetailSection id="section-grade" title={t('buybacks:diagnosis.result')}>
        <Facts
          items={[
            [t('buybacks:fields.grade'), gradeLabel(buyback.grade)],
            [t('buybacks:fields.imei'), buyback.imei],
          ]}
        />
      </DetailSection>
      <DetailSection id="section-answers" title={t('buybacks:diagnosis.answers')}>
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
              <List.Root as="ol" gap="4" ps="5">
                {buyback.responses.map((response) => {
                  const question = byId.get(response.questionId);
                  const answers = response.answerIds.map((id) => question?.answers.find((a) => a.id === id)?.title ?? id);
                  return (
                    <List.Item key={response.questionId}>
                      <Text fontWeight="medium">{question?.title ?? response.questionId}</Text>
                      <Text color="fg.muted">{answers.join(', ')}</Text>
                    </List.Item>
                  );
                })}
              </List.Root>
            )}
          </>
        )}
      </DetailSection>
    </Stack>
  );
}
