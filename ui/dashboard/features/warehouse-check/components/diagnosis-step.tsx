import type { ItemLookupView } from '@server/application/warehouse/warehouse-views';
import { Alert, Box, Button, chakra, HStack, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { declaredAnswers, firstUnanswered, type Findings } from '../findings';
import { DiagnosisQuestion } from './diagnosis-question';
import { StepHeading } from './step-heading';
import { LoadingStatus } from '../../../components/loading-status';

interface DiagnosisStepProps {
  lookup: ItemLookupView;
  findings: Findings;
  onChange(findings: Findings): void;
  onBack(): void;
  /** With the product's questions in their order, for the summary's request. */
  onNext(questionIds: string[]): void;
}

/**
 * Step 3: the found product's diagnostic questions on one screen, answered
 * as the device is found; on the declared product they start from the
 * customer's answers, each shown beside its question.
 */
export function DiagnosisStep({ lookup, findings, onChange, onBack, onNext }: DiagnosisStepProps) {
  const { t } = useTranslation('warehouse-check');
  const questions = useDiagnosticQuestions(findings.productId);
  const [missing, setMissing] = useState<string | null>(null);
  const declared = declaredAnswers(lookup);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ids = (questions.data ?? []).map((question) => question.id);
    const open = firstUnanswered(findings, ids);
    if (open) {
      setMissing(open);
      event.currentTarget.querySelector<HTMLElement>(`[data-question="${open}"] input`)?.focus();
      return;
    }
    onNext(ids);
  };

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <StepHeading title={t('diagnosis.title')} intro={t('diagnosis.intro')} />
        {questions.isError ? (
          <ApiErrorAlert error={questions.error} onRetry={() => void questions.refetch()} />
        ) : !questions.data ? (
          <LoadingStatus />
        ) : questions.data.length === 0 ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{t('diagnosis.none')}</Alert.Description>
          </Alert.Root>
        ) : (
          <Stack gap={3}>
            {questions.data.map((question, index) => (
              <Box key={question.id} data-question={question.id}>
                <DiagnosisQuestion
                  question={question}
                  position={index + 1}
                  value={findings.answers[question.id] ?? []}
                  declared={declared[question.id]}
                  missing={missing === question.id && (findings.answers[question.id] ?? []).length === 0}
                  onChange={(answerIds) => onChange({ ...findings, answers: { ...findings.answers, [question.id]: answerIds } })}
                />
              </Box>
            ))}
          </Stack>
        )}
        <HStack justify="space-between" gap={3}>
          <Button type="button" variant="outline" onClick={onBack}>
            {t('actions.back')}
          </Button>
          <Button type="submit" colorPalette="brand" size="lg" disabled={!questions.data}>
            {t('actions.toSummary')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
