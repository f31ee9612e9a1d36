import { Box, Field, Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TRANSLATED_LOCALES, type TranslatedLocale } from '../types';
import type { InstructionRow } from './instructions-editor';

/** A translated text field: its path (`name`, `description`…), its label key, and whether it is long. */
export interface TranslatedText {
  path: string;
  label: string;
  long?: boolean;
}

interface Props {
  fields: readonly TranslatedText[];
  /** Per language, per path, the text (blank: French). */
  values: Record<TranslatedLocale, Record<string, string>>;
  onChange(locale: TranslatedLocale, path: string, text: string): void;
  instructions: readonly InstructionRow[];
  onInstruction(index: number, locale: TranslatedLocale, text: string): void;
  readOnly: boolean;
  problem?: string | undefined;
}

/** The Translations section: per language (English, Dutch, German), each text of the form; French is the form itself, a blank text falls back to it. */
export function TranslationsSection({ fields, values, onChange, instructions, onInstruction, readOnly, problem }: Props) {
  const { t } = useTranslation('circuits');
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" data-testid="translations-section">
      <Heading as="legend" size="sm" px="1">
        {t('form.translations')}
      </Heading>
      <Stack gap="5" mt="2">
        {TRANSLATED_LOCALES.map((locale) => (
          <Stack key={locale} gap="3" data-testid={`translations-${locale}`}>
            <Heading as="h3" size="xs">
              {t(`languages.${locale}`)}
            </Heading>
            {fields.map((field) => (
              <Field.Root key={field.path} disabled={readOnly}>
                <Field.Label>{t('form.translated', { field: field.label, language: t(`languages.${locale}`) })}</Field.Label>
                {field.long ? (
                  <Textarea rows={2} value={values[locale][field.path] ?? ''} onChange={(e) => onChange(locale, field.path, e.target.value)} />
                ) : (
                  <Input value={values[locale][field.path] ?? ''} onChange={(e) => onChange(locale, field.path, e.target.value)} />
                )}
              </Field.Root>
            ))}
            {instructions.map((row, index) => (
              <Field.Root key={index} disabled={readOnly}>
                <Field.Label>{t('form.translated', { field: t('fields.instructionLabel', { n: index + 1 }), language: t(`languages.${locale}`) })}</Field.Label>
                <Input value={row.translated[locale]} placeholder={row.label} onChange={(e) => onInstruction(index, locale, e.target.value)} />
              </Field.Root>
            ))}
          </Stack>
        ))}
        {problem && (
          <Field.Root invalid>
            <Field.ErrorText>{problem}</Field.ErrorText>
          </Field.Root>
        )}
      </Stack>
    </Box>
  );
}

/** The texts by language for the form, from the translations read (only the paths of `fields`). */
export function translatedValues(translations: Partial<Record<string, Record<string, string>>> | null, fields: readonly TranslatedText[]): Record<TranslatedLocale, Record<string, string>> {
  return Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [locale, Object.fromEntries(fields.map((field) => [field.path, translations?.[locale]?.[field.path] ?? '']))]),
  ) as Record<TranslatedLocale, Record<string, string>>;
}

/** The translations as the API takes them: blank texts left out (French), the instructions' labels added. */
export function translationsBody(values: Record<TranslatedLocale, Record<string, string>>, instructions: Record<TranslatedLocale, Record<string, string>>) {
  const body: Partial<Record<TranslatedLocale, Record<string, string>>> = {};
  for (const locale of TRANSLATED_LOCALES) {
    const texts = { ...Object.fromEntries(Object.entries(values[locale]).filter(([, text]) => text.trim() !== '').map(([path, text]) => [path, text.trim()])), ...instructions[locale] };
    if (Object.keys(texts).length > 0) body[locale] = texts;
  }
  return Object.keys(body).length > 0 ? body : null;
}
