import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DiagnosisFrame } from '../components/diagnosis-frame';
import { PlannedSteps } from '../components/planned-steps';
import { diagnosisPaths } from '../paths';

/** /refurb-diagnosis/{id}/summary: the answers chosen, the steps they plan with their costs in the item's warehouse, and the total. */
export function Component() {
  const { t } = useTranslation('refurb-diagnosis');
  return (
    <DiagnosisFrame step="summary">
      {(diagnosis) => (
        <>
          <Stack gap="2" data-testid="summary-answers">
            {diagnosis.questions.map((question) => (
              <Text key={question.id}>
                <Text as="span" fontWeight="semibold">
                  {question.label}
                </Text>
                {' : '}
                {question.chosenAnswerIds.length === 0
                  ? t('summary.unanswered')
                  : question.answers
                      .filter((a) => question.chosenAnswerIds.includes(a.id))
                      .map((a) => a.label)
                      .join(', ')}
              </Text>
            ))}
          </Stack>
          <PlannedSteps diagnosis={diagnosis} />
          {diagnosis.status === 'open' && (
            <HStack gap="3" wrap="wrap">
              {diagnosis.unansweredQuestionIds.length > 0 && (
                <List.Root ps="4">
                  <List.Item>{t('summary.incomplete', { count: diagnosis.unansweredQuestionIds.length })}</List.Item>
                </List.Root>
              )}
              <Button asChild variant="outline">
                <RouterLink to={diagnosisPaths.questions(diagnosis.id)}>{t('summary.change')}</RouterLink>
              </Button>
              {diagnosis.unansweredQuestionIds.length === 0 && !diagnosis.planProblem && (
                <Button asChild colorPalette="brand">
                  <RouterLink to={diagnosisPaths.stock(diagnosis.id)}>{t('summary.chooseStock')}</RouterLink>
                </Button>
              )}
            </HStack>
          )}
        </>
      )}
    </DiagnosisFrame>
  );
}
