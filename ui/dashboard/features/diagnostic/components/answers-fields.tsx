import { Box, Button, Checkbox, Field, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useGradeLabel } from '../../../../shared/format/grade';
import { GRADES, newAnswer, type AnswerValues, type ImpactKind, type QuestionFormValues } from '../form-model';

interface Props {
  values: QuestionFormValues;
  onChange(answers: AnswerValues[]): void;
  problem(field: string): string | undefined;
  readOnly: boolean;
}

/** The answers of a question: each its name, price impact (none, fixed in euros, percentage), grade cap, and flags; added and removed. */
export function AnswersFields({ values, onChange, problem, readOnly }: Props) {
  const { t } = useTranslation('diagnostic');
  const gradeLabel = useGradeLabel();
  const set = (index: number, changes: Partial<AnswerValues>) => onChange(values.answers.map((answer, i) => (i === index ? { ...answer, ...changes } : answer)));
  const answersProblem = problem('answers');

  return (
    <Stack as="fieldset" gap="4" borderWidth="1px" borderRadius="md" p="4" aria-describedby={answersProblem ? 'answers-problem' : undefined}>
      <Heading as="legend" size="sm" px="1">
        {t('form.answers')}
      </Heading>
      {answersProblem && (
        <Text id="answers-problem" color="fg.error" role="alert" fontSize="sm">
          {answersProblem}
        </Text>
      )}
      {values.answers.map((answer, index) => {
        const at = (field: string) => problem(`answers.${index}.${field}`);
        const number = index + 1;
        return (
          <Box key={answer.id} borderTopWidth={index === 0 ? undefined : '1px'} pt={index === 0 ? undefined : '4'} data-testid="answer-row">
            <Stack gap="3">
              <HStack align="start" gap="3" wrap="wrap">
                <Field.Root invalid={Boolean(at('title'))} required disabled={readOnly} flex="2" minW="60">
                  <Field.Label>{t('form.answerTitle', { number })}</Field.Label>
                  <Input name={`answers.${index}.title`} value={answer.title} autoComplete="off" onChange={(e) => set(index, { title: e.target.value })} />
                  {at('title') ? <Field.ErrorText>{at('title')}</Field.ErrorText> : null}
                </Field.Root>
                <Field.Root disabled={readOnly} flex="1" minW="40">
                  <Field.Label>{t('form.gradeCap', { number })}</Field.Label>
                  <NativeSelect.Root disabled={readOnly}>
                    <NativeSelect.Field name={`answers.${index}.gradeCap`} value={answer.gradeCap} onChange={(e) => set(index, { gradeCap: e.target.value as AnswerValues['gradeCap'] })}>
                      <option value="">{t('form.noCap')}</option>
                      {GRADES.map((grade) => (
                        <option key={grade} value={grade}>
                          {gradeLabel(grade)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </HStack>
              <HStack align="start" gap="3" wrap="wrap">
                <Field.Root disabled={readOnly} maxW="56">
                  <Field.Label>{t('form.impactKind', { number })}</Field.Label>
                  <NativeSelect.Root disabled={readOnly}>
                    <NativeSelect.Field name={`answers.${index}.impactKind`} value={answer.impactKind} onChange={(e) => set(index, { impactKind: e.target.value as ImpactKind })}>
                      {(['none', 'fixed', 'percentage'] as const).map((kind) => (
                        <option key={kind} value={kind}>
                          {t(`impacts.${kind}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                {answer.impactKind !== 'none' && (
                  <Field.Root invalid={Boolean(at('priceImpact'))} disabled={readOnly} maxW="48">
                    <Field.Label>{t(answer.impactKind === 'fixed' ? 'form.impactEuros' : 'form.impactPercent', { number })}</Field.Label>
                    <Input name={`answers.${index}.priceImpact`} inputMode="decimal" value={answer.impactValue} onChange={(e) => set(index, { impactValue: e.target.value })} />
                    {at('priceImpact') ? <Field.ErrorText>{at('priceImpact')}</Field.ErrorText> : <Field.HelperText>{t('form.impactHelp')}</Field.HelperText>}
                  </Field.Root>
                )}
              </HStack>
              <HStack gap="5" wrap="wrap">
                <Checkbox.Root checked={answer.blocksEstimate} disabled={readOnly} onCheckedChange={(d) => set(index, { blocksEstimate: d.checked === true })}>
                  <Checkbox.HiddenInput name={`answers.${index}.blocksEstimate`} />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('form.blocksEstimate', { number })}</Checkbox.Label>
                </Checkbox.Root>
                <Checkbox.Root
                  checked={values.type === 'multiple' && answer.exclusive}
                  disabled={readOnly || values.type !== 'multiple'}
                  invalid={Boolean(at('exclusive'))}
                  onCheckedChange={(d) => set(index, { exclusive: d.checked === true })}
                >
                  <Checkbox.HiddenInput name={`answers.${index}.exclusive`} />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('form.exclusive', { number })}</Checkbox.Label>
                </Checkbox.Root>
                {!readOnly && (
                  <IconButton
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('form.removeAnswer', { number })}
                    disabled={values.answers.length <= 2}
                    onClick={() => onChange(values.answers.filter((_, i) => i !== index))}
                  >
                    ✕
                  </IconButton>
                )}
              </HStack>
              {at('exclusive') && (
                <Text color="fg.error" fontSize="sm">
                  {at('exclusive')}
                </Text>
              )}
            </Stack>
          </Box>
        );
      })}
      {values.type !== 'multiple' && <Text fontSize="sm" color="fg.muted">{t('form.exclusiveOnlyMultiple')}</Text>}
      {!readOnly && (
        <Button alignSelf="start" variant="outline" size="sm" onClick={() => onChange([...values.answers, newAnswer()])}>
          {t('form.addAnswer')}
        </Button>
      )}
    </Stack>
  );
}
