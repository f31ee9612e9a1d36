import { Box, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TRANSLATED_LOCALES, type TranslatedLocale } from '../types';

export type TranslationValues = Record<TranslatedLocale, Record<string, string>>;

/** The Translations section: per language (English, Dutch, German), each text of the form by its path; French is the form itself, a blank text falls back to it. */
export function TranslationsFields({ fields, values, onChange, readOnly }: { fields: ReadonlyArray<{ path: string; label: string }>; values: TranslationValues; onChange(next: TranslationValues): void; readOnly: boolean }) {
  const { t } = useTranslation('refurb-definitions');
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" data-testid="translations-section">
      <Heading as="legend" size="sm" px="1">
        {t('form.translations')}
      </Heading>
      <Stack gap="4" mt="2">
        {TRANSLATED_LOCALES.map((locale) => (
          <Stack key={locale} gap="2">
            <Heading as="h3" size="xs">
              {t(`languages.${locale}`)}
            </Heading>
            {fields.map((field) => (
              <Field.Root key={field.path} disabled={readOnly}>
                <Field.Label>{t('form.translated', { field: field.label, language: t(`languages.${locale}`) })}</Field.Label>
                <Input value={values[locale][field.path] ?? ''} onChange={(e) => onChange({ ...values, [locale]: { ...values[locale], [field.path]: e.target.value } })} />
              </Field.Root>
            ))}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

export function translationValues(translations: Partial<Record<string, Record<string, string>>> | null): TranslationValues {
  return Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, { ...(translations?.[locale] ?? {}) }])) as TranslationValues;
}

/** As the API takes them (a merge-patch): each text, a blank one removed (null). */
export function translationsPatch(values: TranslationValues, paths: readonly string[]): Record<string, Record<string, string | null>> {
  return Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, Object.fromEntries(paths.map((path) => [path, values[locale][path]?.trim() ? (values[locale][path] as string).trim() : null]))]));
}
