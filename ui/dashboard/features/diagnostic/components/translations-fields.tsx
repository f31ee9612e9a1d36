import { Box, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TRANSLATED, type QuestionFormValues, type TranslatedLocale } from '../form-model';

interface Props {
  values: QuestionFormValues;
  onChange(locale: TranslatedLocale, path: string, text: string): void;
  problem(field: string): string | undefined;
  readOnly: boolean;
}

/** The Translations section: per language (French is the question itself), its title, how to test, description and each answer's name; optional, French shown when blank. */
export function TranslationsFields({ values, onChange, problem, readOnly }: Props) {
  const { t } = useTranslation('diagnostic');
  const rows: Array<{ path: string; label: string; french: string }> = [
    { path: 'title', label: t('fields.title'), french: values.title },
    { path: 'howToTest', label: t('fields.howToTest'), french: values.howToTest },
    { path: 'description', label: t('fields.description'), french: values.description },
    ...values.answers.map((answer, index) => ({ path: `answers.${answer.id}.title`, label: t('form.answerTitle', { number: index + 1 }), french: answer.title })),
  ];
  return (
    <Stack as="section" gap="4" aria-labelledby="translations-heading" borderWidth="1px" borderRadius="md" p="4">
      <Heading id="translations-heading" as="h2" size="sm">
        {t('form.translations')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('form.translationsHelp')}
      </Text>
      {TRANSLATED.map((locale) => (
        <Box as="fieldset" key={locale}>
          <Heading as="legend" size="xs" mb="2">
            {t(`languages.${locale}`)}
          </Heading>
          <Stack gap="3">
            {rows.map((row) => {
              const field = `translations.${locale}.${row.path}`;
              return (
                <Field.Root key={row.path} invalid={Boolean(problem(field))} disabled={readOnly}>
                  <Field.Label>{t('form.translated', { field: row.label, language: t(`languages.${locale}`) })}</Field.Label>
                  <Input
                    name={field}
                    value={values.translations[locale][row.path] ?? ''}
                    placeholder={row.french}
                    autoComplete="off"
                    onChange={(e) => onChange(locale, row.path, e.target.value)}
                  />
                  {problem(field) ? <Field.ErrorText>{problem(field)}</Field.ErrorText> : null}
                </Field.Root>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
