import { Alert, Button, Checkbox, Fieldset, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useSaveAnswers, type Diagnosis } from '../api/diagnosis';
import { DiagnosisFrame } from '../components/diagnosis-frame';
import { diagnosisPaths } from '../paths';

/** /refurb-diagnosis/{id}/questions: each question that applies, one answer (unique) or several (multiple); "later" saves what is answered and leaves it open. */
export function Component() {
  return <DiagnosisFrame step="questions">{(diagnosis) => <QuestionsForm key={diagnosis.revision} diagnosis={diagnosis} />}</DiagnosisFrame>;
}

function QuestionsForm({ diagnosis }: { diagnosis: Diagnosis }) {
  const { t } = useTranslation(['refurb-diagnosis', 'api']);
  const navigate = useNavigate();
  const save = useSaveAnswers(diagnosis.id);
  const [chosen, setChosen] = useState<Record<string, string[]>>(() => Object.fromEntries(diagnosis.questions.map((q) => [q.id, q.chosenAnswerIds])));
  const finalized = diagnosis.status === 'finalized';

  const toggle = (questionId: string, answerId: string, on: boolean) =>
    setChosen((current) => {
      const before = current[questionId] ?? [];
      return { ...current, [questionId]: on ? [...before.filter((id) => id !== answerId), answerId] : before.filter((id) => id !== answerId) };
    });

  function submit(next: 'summary' | 'later') {
    const answers = diagnosis.questions.filter((q) => (chosen[q.id] ?? []).length > 0).map((q) => ({ questionId: q.id, answerIds: chosen[q.id] ?? [] }));
    save.mutate(
      { answers, revision: diagnosis.revision },
      { onSuccess: () => void navigate(next === 'summary' ? diagnosisPaths.summary(diagnosis.id) : diagnosisPaths.start) },
    );
  }

  const refusal = save.error instanceof ApiError && save.error.status < 500 ? save.error : null;
  return (
    <Stack gap="6">
      {diagnosis.questions.length === 0 && <Text>{t('questions.none')}</Text>}
      {diagnosis.questions.map((question, index) => (
        <Fieldset.Root key={question.id} disabled={finalized} data-testid={`question-${index + 1}`}>
          <Fieldset.Legend fontWeight="semibold">
            {index + 1}. {question.label}
          </Fieldset.Legend>
          <Fieldset.HelperText>{t(`questions.type.${question.type}`)}</Fieldset.HelperText>
          <Fieldset.Content>
            {question.type === 'unique' ? (
              <RadioGroup.Root value={chosen[question.id]?.[0] ?? null} onValueChange={(details) => setChosen((c) => ({ ...c, [question.id]: details.value ? [details.value] : [] }))}>
                <Stack gap="2">
                  {question.answers.map((answer) => (
                    <RadioGroup.Item key={answer.id} value={answer.id}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{answer.label}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            ) : (
              <Stack gap="2">
                {question.answers.map((answer) => (
                  <Checkbox.Root key={answer.id} checked={(chosen[question.id] ?? []).includes(answer.id)} onCheckedChange={(d) => toggle(question.id, answer.id, d.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{answer.label}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            )}
          </Fieldset.Content>
        </Fieldset.Root>
      ))}
      {refusal && (
        <Alert.Root status="error" data-testid="answers-refused">
          <Alert.Indicator />
          <Alert.Title>{t(`api:errors.${refusal.code}`, { ...(refusal.details ?? {}), defaultValue: refusal.message })}</Alert.Title>
        </Alert.Root>
      )}
      {save.error && !refusal && <ApiErrorAlert error={save.error} />}
      {!finalized && (
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="brand" loading={save.isPending} onClick={() => submit('summary')}>
            {t('questions.next')}
          </Button>
          <Button variant="outline" loading={save.isPending} onClick={() => submit('later')}>
            {t('questions.later')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
