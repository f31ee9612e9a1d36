import { Field, Stack } from '@chakra-ui/react';
import { TranslationsSection as SharedTranslationsSection, type TranslatedRow } from '../../../components/translations-section';
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

/**
 * The circuit's (or rule's) Translations section: the shared one
 * (ui/dashboard/components/translations-section.tsx) with its texts and
 * each instruction's label (`instructions.<n>.label`, the French label as
 * placeholder); a refusal of the translations said under it.
 */
export function TranslationsSection({ fields, values, onChange, instructions, onInstruction, readOnly, problem }: Props) {
  const { t } = useTranslation('circuits');
  const instructionPath = (index: number) => `instructions.${index + 1}.label`;
  const rows: TranslatedRow[] = [
    ...fields.map((field) => ({ path: field.path, label: field.label, ...(field.long ? { long: true } : {}) })),
    ...instructions.map((row, index) => ({ path: instructionPath(index), label: t('fields.instructionLabel', { n: index + 1 }), french: row.label })),
  ];
  const texts = Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [locale, { ...values[locale], ...Object.fromEntries(instructions.map((row, index) => [instructionPath(index), row.translated[locale]])) }]),
  ) as Record<TranslatedLocale, Record<string, string>>;
  return (
    <Stack gap="2">
      <SharedTranslationsSection
        rows={rows}
        values={texts}
        readOnly={readOnly}
        onChange={(locale, path, text) => {
          const instruction = /^instructions\.(\d+)\.label$/.exec(path);
          if (instruction) onInstruction(Number(instruction[1]) - 1, locale, text);
          else onChange(locale, path, text);
        }}
      />
      {problem && (
        <Field.Root invalid>
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
      )}
    </Stack>
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
