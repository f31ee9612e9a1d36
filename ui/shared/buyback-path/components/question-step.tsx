import { Button, chakra, CheckboxCard, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  StaticFieldsetContent,
  StaticFieldsetErrorText,
  StaticFieldsetHelperText,
  StaticFieldsetLegend,
  StaticFieldsetRoot,
} from '../../components/static-fieldset';
import { memo, useId, useState, type FormEvent } from 'react';
import type { StepHeadingRef } from './step-focus';
import { useTranslation } from 'react-i18next';
import type { DiagnosticQuestionView } from '@server/application/catalog/catalog-views';
import { ChoiceCards } from './choice-cards';
import { toggleAnswer } from '@server/domain/catalog/question/exclusive';

export interface QuestionStepProps {
  question: DiagnosticQuestionView;
  /** 1-based. */
  position: number;
  total: number;
  value: readonly string[];
  onChange(answerIds: string[]): void;
  onNext(): void;
  onBack?(): void;
  backLabel?: string;
  nextLabel?: string;
  headingRef?: StepHeadingRef;
  /** The heading level in the page (h2 under the page's h1). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * One diagnostic question on its own screen: its answers as a radio group
 * (one answer) or a group of check boxes (several), in a fieldset whose
 * legend is the question. Continuing needs an answer; the error says so at
 * the group. Memoized: a page re-rendered around it with the same props
 * (the cart's store changing) does not render its answers again.
 */
export const QuestionStep = memo(function QuestionStep(props: QuestionStepProps) {
  const { t } = useTranslation('buyback-path');
  const { question } = props;
  const [missing, setMissing] = useState(false);
  const legendId = useId();
  const errorId = useId();
  const helpId = useId();
  const helpTexts = [question.howToTest, question.description, question.type === 'multiple' ? t('questions.several') : null].filter(Boolean);
  const describedBy = [helpTexts.length > 0 ? helpId : null, missing ? errorId : null].filter(Boolean).join(' ') || undefined;
  const name = `question-${question.id}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.value.length === 0) {
      setMissing(true);
      event.currentTarget.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
      return;
    }
    props.onNext();
  };

  const select = (answerIds: string[]) => {
    if (answerIds.length > 0) setMissing(false);
    props.onChange(answerIds);
  };

  return (
    <chakra.form noValidate onSubmit={submit}>
      <Stack gap={6}>
        <StaticFieldsetRoot data-invalid={missing ? '' : undefined} aria-labelledby={legendId} aria-describedby={describedBy}>
          <Stack gap={2}>
            <Text fontSize="sm" color="fg.muted">
              {t('questions.position', { position: props.position, total: props.total })}
            </Text>
            <StaticFieldsetLegend id={legendId}>
              <Heading as={props.headingLevel ?? 'h2'} size={{ base: 'lg', md: 'xl' }} ref={props.headingRef} tabIndex={-1} outline="none">
                {question.title}
              </Heading>
            </StaticFieldsetLegend>
            {helpTexts.length > 0 && (
              <Stack id={helpId} gap={2}>
                {question.howToTest && (
                  <StaticFieldsetHelperText fontSize="md">
                    <Text as="span" fontWeight="semibold">
                      {t('questions.howToTest')}
                    </Text>{' '}
                    {question.howToTest}
                  </StaticFieldsetHelperText>
                )}
                {question.description && <StaticFieldsetHelperText fontSize="md">{question.description}</StaticFieldsetHelperText>}
                {question.type === 'multiple' && <StaticFieldsetHelperText>{t('questions.several')}</StaticFieldsetHelperText>}
              </Stack>
            )}
          </Stack>

          <StaticFieldsetContent mt={4}>
            {question.type === 'unique' ? (
              <ChoiceCards
                name={name}
                value={props.value[0] ?? null}
                onChange={(answerId) => select(answerId ? [answerId] : [])}
                labelledBy={legendId}
                choices={question.answers.map((answer) => ({ value: answer.id, label: answer.title, description: answer.description }))}
              />
            ) : (
              <Stack gap={3}>
                {question.answers.map((answer) => {
                  const checked = props.value.includes(answer.id);
                  return (
                    <CheckboxCard.Root
                      key={answer.id}
                      name={name}
                      value={answer.id}
                      checked={checked}
                      colorPalette="brand"
                      variant="outline"
                      onCheckedChange={(details) => select(toggleAnswer(question.answers, props.value, answer.id, details.checked === true))}
                    >
                      <CheckboxCard.HiddenInput />
                      <CheckboxCard.Control>
                        <CheckboxCard.Content>
                          <CheckboxCard.Label>{answer.title}</CheckboxCard.Label>
                          {answer.description && <CheckboxCard.Description>{answer.description}</CheckboxCard.Description>}
                          {answer.exclusive && <CheckboxCard.Description>{t('questions.exclusive')}</CheckboxCard.Description>}
                        </CheckboxCard.Content>
                        <CheckboxCard.Indicator />
                      </CheckboxCard.Control>
                    </CheckboxCard.Root>
                  );
                })}
              </Stack>
            )}
          </StaticFieldsetContent>
          {missing && (
            <StaticFieldsetErrorText id={errorId} role="alert">
              {t('questions.answerRequired')}
            </StaticFieldsetErrorText>
          )}
        </StaticFieldsetRoot>

        <HStack justify="space-between" gap={3}>
          {props.onBack ? (
            <Button type="button" variant="outline" onClick={props.onBack}>
              {props.backLabel ?? t('actions.previous')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" colorPalette="brand">
            {props.nextLabel ?? t('actions.continue')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
});
