import { Box, Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form-footer';
import { useCan } from '../../../lib/auth';
import { useCategoryTree } from '../../categories/api/categories';
import { useRefurbStepOptions } from '../api';
import { REFURB_QUESTION_LIMITS, REFURB_QUESTION_TYPES, type RefurbQuestion, type RefurbQuestionType } from '../types';
import type { DefinitionFormProps } from './definition-pages';
import { TranslationsFields, translationsPatch, translationValues } from './translations-fields';

export type QuestionField = 'label' | 'questionType' | 'answers' | 'categoryIds' | 'productIds' | 'translations';
const FIELDS: readonly string[] = ['label', 'questionType', 'answers', 'categoryIds', 'productIds', 'translations'];

export function questionFieldOf(path: string): QuestionField | null {
  const head = path.split('.')[0] ?? '';
  return FIELDS.includes(head) ? (head as QuestionField) : null;
}

interface AnswerRow {
  answerId: string;
  label: string;
  stepDefinitionIds: string[];
}

let answerSequence = 0;
const newAnswer = (): AnswerRow => ({ answerId: `new-${Date.now().toString(36)}-${++answerSequence}`, label: '', stepDefinitionIds: [] });


/**
 * A diagnosis question's form: label, unique or multiple, its answers (at
 * least two) each with the refurb steps it plans, the categories it applies
 * to (none, and no product: every product; a product is added from the
 * product's form), the Translations section.
 */
export function QuestionForm({ definition: question, refused, failure, submitting, readOnly, cancelTo, onSubmit }: DefinitionFormProps<RefurbQuestion, QuestionField>) {
  const { t } = useTranslation(['refurb-definitions', 'common']);
  const can = useCan();
  const steps = useRefurbStepOptions();
  const [label, setLabel] = useState(question?.frenchLabel ?? '');
  const [questionType, setQuestionType] = useState<RefurbQuestionType>(question?.questionType ?? 'unique');
  const [answers, setAnswers] = useState<AnswerRow[]>(() => question?.answers.map((a) => ({ answerId: a.answerId, label: a.frenchLabel, stepDefinitionIds: [...a.stepDefinitionIds] })) ?? [newAnswer(), newAnswer()]);
  const [categoryIds, setCategoryIds] = useState<string[]>(question?.categoryIds ?? []);
  const [translations, setTranslations] = useState(() => translationValues(question?.translations ?? null));
  const setAnswer = (index: number, change: Partial<AnswerRow>) => setAnswers(answers.map((a, i) => (i === index ? { ...a, ...change } : a)));
  const translated = [{ path: 'label', label: t('fields.label') }, ...answers.filter((a) => !a.answerId.startsWith('new-')).map((a, i) => ({ path: `answers.${a.answerId}.label`, label: t('form.answerN', { n: i + 1 }) }))];

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({
      label,
      questionType,
      answers: answers.map((a) => ({ ...(a.answerId.startsWith('new-') ? {} : { answerId: a.answerId }), label: a.label, stepDefinitionIds: a.stepDefinitionIds })),
      categoryIds,
      translations: translationsPatch(translations, translated.map((f) => f.path)),
    });
  }

  return (
    <Box maxW="4xl">
      <form onSubmit={submit} noValidate data-testid="refurb-question-form">
      <Stack gap="5">
        <Field.Root required invalid={Boolean(refused.label)} disabled={readOnly}>
          <Field.Label>{t('fields.label')}</Field.Label>
          <Input name="label" value={label} maxLength={REFURB_QUESTION_LIMITS.label.max * 2} onChange={(e) => setLabel(e.target.value)} />
          <Field.ErrorText>{refused.label}</Field.ErrorText>
        </Field.Root>
        <Field.Root required disabled={readOnly}>
          <Field.Label>{t('fields.questionType')}</Field.Label>
          <NativeSelect.Root maxW="xs">
            <NativeSelect.Field name="questionType" value={questionType} onChange={(e) => setQuestionType(e.target.value as RefurbQuestionType)}>
              {REFURB_QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" data-testid="refurb-question-answers">
          <Text as="legend" fontWeight="semibold" px="1">
            {t('fields.answers')}
          </Text>
          <Stack gap="4" mt="2">
            {answers.map((answer, index) => (
              <Stack key={answer.answerId} gap="2" borderBottomWidth="1px" pb="3" data-testid="refurb-answer">
                <HStack align="end">
                  <Field.Root required disabled={readOnly}>
                    <Field.Label>{t('form.answerN', { n: index + 1 })}</Field.Label>
                    <Input name={`answer-${index}`} value={answer.label} onChange={(e) => setAnswer(index, { label: e.target.value })} />
                  </Field.Root>
                  {!readOnly && answers.length > REFURB_QUESTION_LIMITS.answers.min && (
                    <Button size="sm" variant="ghost" onClick={() => setAnswers(answers.filter((_, i) => i !== index))}>
                      {t('form.removeAnswer')}
                    </Button>
                  )}
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t('form.plans')}
                </Text>
                <HStack wrap="wrap" gap="3">
                  {(steps.data ?? []).map((step) => (
                    <Checkbox.Root
                      key={step.id}
                      size="sm"
                      disabled={readOnly}
                      checked={answer.stepDefinitionIds.includes(step.id)}
                      onCheckedChange={(e) => setAnswer(index, { stepDefinitionIds: e.checked ? [...answer.stepDefinitionIds, step.id] : answer.stepDefinitionIds.filter((id) => id !== step.id) })}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{step.name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </HStack>
              </Stack>
            ))}
            {!readOnly && answers.length < REFURB_QUESTION_LIMITS.answers.max && (
              <Button size="sm" variant="outline" alignSelf="start" onClick={() => setAnswers([...answers, newAnswer()])}>
                {t('form.addAnswer')}
              </Button>
            )}
            {refused.answers && <Text color="fg.error">{refused.answers}</Text>}
          </Stack>
        </Box>
        {can('category.list') ? <CategoryScope value={categoryIds} onChange={setCategoryIds} readOnly={readOnly} problem={refused.categoryIds} /> : null}
        <Text fontSize="sm" color="fg.muted" data-testid="refurb-question-scope">
          {categoryIds.length === 0 && (question?.productIds.length ?? 0) === 0 ? t('questions.everyProduct') : t('questions.scoped', { categories: categoryIds.length, products: question?.productIds.length ?? 0 })}
        </Text>
        <TranslationsFields fields={translated} values={translations} onChange={setTranslations} readOnly={readOnly} />
        {refused.translations && <Text color="fg.error">{refused.translations}</Text>}
        <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} cancelWhenReadOnly={false} />
      </Stack>
      </form>
    </Box>
  );
}

interface TreeNode {
  id: string;
  label: string;
  children: TreeNode[];
}

/** The categories it applies to (with their descendants), from the catalogue's tree. */
function CategoryScope({ value, onChange, readOnly, problem }: { value: string[]; onChange(next: string[]): void; readOnly: boolean; problem?: string | undefined }) {
  const { t } = useTranslation('refurb-definitions');
  const tree = useCategoryTree();
  const flat: Array<{ id: string; label: string; depth: number }> = [];
  const walk = (nodes: readonly TreeNode[], depth: number) => nodes.forEach((n) => (flat.push({ id: n.id, label: n.label, depth }), depth < 2 && walk(n.children, depth + 1)));
  walk((tree.data ?? []) as unknown as TreeNode[], 0);
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" maxH="64" overflowY="auto">
      <Text as="legend" fontWeight="semibold" px="1">
        {t('fields.categoryIds')}
      </Text>
      <Stack gap="1" mt="2">
        {flat.map((c) => (
          <Checkbox.Root key={c.id} size="sm" ps={c.depth * 4} disabled={readOnly} checked={value.includes(c.id)} onCheckedChange={(e) => onChange(e.checked ? [...value, c.id] : value.filter((id) => id !== c.id))}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{c.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {problem && <Text color="fg.error">{problem}</Text>}
    </Box>
  );
}
