import { Box, Field, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TRANSLATED_LOCALES, type TranslatedLocale } from '@server/domain/shared/translations.js';
import type { TranslatedTexts } from './translated-texts';

/** One text a form translates: its path in the translations (`label`, `answers.a1.title`…), its label, the French shown as a hint. */
export interface TranslatedRow {
  path: string;
  label: string;
  french?: string;
  long?: boolean;
}

interface Props {
  rows: readonly TranslatedRow[];
  values: TranslatedTexts;
  onChange(locale: TranslatedLocale, path: string, text: string): void;
  /** The problem at `translations.<locale>.<path>`, if any. */
  problem?(field: string): string | undefined;
  /** Said under the title: what is translated, and that French shows where a text is blank. */
  help?: string;
  readOnly: boolean;
}

/**
 * The Translations section every catalogue form shares (specification 000,
 * "every text a retailer writes in the catalogue, per language"): per
 * language (English, Dutch, German; French is the form itself), each text,
 * optional, the French as its placeholder. Each input is named
 * `translations.<locale>.<path>` (a refusal focuses it) and says its
 * language (`lang`).
 */
export function TranslationsSection({ rows, values, onChange, problem, help, readOnly }: Props) {
  const { t } = useTranslation('common');
  return (
    <Stack as="section" gap="4" aria-labelledby="translations-heading" borderWidth="1px" borderRadius="md" p="4" data-testid="translations-section">
      <Heading id="translations-heading" as="h2" size="sm">
        {t('translations.title')}
      </Heading>
      {help && (
        <Text fontSize="sm" color="fg.muted">
          {help}
        </Text>
      )}
      {TRANSLATED_LOCALES.map((locale) => (
        <Box as="fieldset" key={locale} data-testid={`translations-${locale}`}>
          <Heading as="legend" size="xs" mb="2">
            {t(`language.${locale}`)}
          </Heading>
          <Stack gap="3">
            {rows.map((row) => {
              const name = `translations.${locale}.${row.path}`;
              const refused = problem?.(name);
              const common = {
                name,
                lang: locale,
                value: values[locale][row.path] ?? '',
                placeholder: row.french,
                onChange: (e: { target: { value: string } }) => onChange(locale, row.path, e.target.value),
              };
              return (
                <Field.Root key={row.path} invalid={Boolean(refused)} disabled={readOnly}>
                  <Field.Label>{t('translations.field', { field: row.label, language: t(`language.${locale}`) })}</Field.Label>
                  {row.long ? <Textarea rows={2} {...common} /> : <Input autoComplete="off" {...common} />}
                  {refused && <Field.ErrorText>{refused}</Field.ErrorText>}
                </Field.Root>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
