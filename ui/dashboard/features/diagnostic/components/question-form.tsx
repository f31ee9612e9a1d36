import { Box, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toBody, type QuestionBody, type QuestionFormValues, type QuestionProblems } from '../form-model';
import { AnswersFields } from './answers-fields';
import { TranslationsFields } from './translations-fields';
import { FormFooter } from '../../../components/form-footer';

interface Props {
  initial: QuestionFormValues;
  /** Refusals by field path, from the API. */
  refused: QuestionProblems;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(body: QuestionBody): void;
}

/**
 * A diagnostic question's form: title, how to test, type, description, the
 * answers (2 to 30) and the Translations section. Checked by the API's own
 * rules (specification 000 §5), each problem at its field.
 */
export function QuestionForm({ initial, refused, failure, readOnly, submitting, submitLabel, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation(['diagnostic', 'common']);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<QuestionProblems>({});
  const problem = (field: string) => problems[field] ?? refused[field];
  const set = <K extends keyof QuestionFormValues>(key: K, value: QuestionFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = toBody(values);
    if ('problems' in checked) {
      setProblems(Object.fromEntries(checked.problems.map((p) => [p.field, t(`form.${p.code}`)])) as QuestionProblems);
      const first = checked.problems[0]?.field;
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProblems({});
    onSubmit(checked.body);
  }

  const help = (field: string, text: string): ReactNode => (problem(field) ? <Field.ErrorText>{problem(field)}</Field.ErrorText> : <Field.HelperText>{text}</Field.HelperText>);

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(problem('title'))} required disabled={readOnly}>
            <Field.Label>
              {t('fields.title')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="title" value={values.title} autoComplete="off" onChange={(e) => set('title', e.target.value)} />
            {help('title', t('form.between', { min: 2, max: 255 }))}
          </Field.Root>
          <Field.Root invalid={Boolean(problem('howToTest'))} disabled={readOnly}>
            <Field.Label>{t('fields.howToTest')}</Field.Label>
            <Textarea name="howToTest" rows={2} value={values.howToTest} onChange={(e) => set('howToTest', e.target.value)} />
            {help('howToTest', t('form.max', { max: 3000 }))}
          </Field.Root>
          <Field.Root disabled={readOnly} maxW="xs">
            <Field.Label>{t('fields.type')}</Field.Label>
            <NativeSelect.Root disabled={readOnly}>
              <NativeSelect.Field name="type" value={values.type} onChange={(e) => set('type', e.target.value as QuestionFormValues['type'])}>
                <option value="unique">{t('types.unique')}</option>
                <option value="multiple">{t('types.multiple')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('description'))} disabled={readOnly}>
            <Field.Label>{t('fields.description')}</Field.Label>
            <Textarea name="description" rows={4} value={values.description} onChange={(e) => set('description', e.target.value)} />
            {help('description', t('form.max', { max: 3000 }))}
          </Field.Root>
          <AnswersFields values={values} onChange={(answers) => set('answers', answers)} problem={problem} readOnly={readOnly} />
          <TranslationsFields
            values={values}
            problem={problem}
            readOnly={readOnly}
            onChange={(locale, path, text) => set('translations', { ...values.translations, [locale]: { ...values.translations[locale], [path]: text } })}
          />
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Box>
  );
}
