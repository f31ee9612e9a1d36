import { Field, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TRANSLATED_LOCALES } from '@server/domain/shared/translations.js';
import { TRANSLATED_FIELDS, type PaymentModeField, type TranslatedTexts } from '../form-model';

interface Props {
  texts: TranslatedTexts;
  onChange(texts: TranslatedTexts): void;
  problem(field: PaymentModeField): string | undefined;
  readOnly: boolean;
}

/** The label and description in English, Dutch and German: optional, French shown where one is left blank. */
export function TranslationsFields({ texts, onChange, problem, readOnly }: Props) {
  const { t } = useTranslation(['payment-modes', 'common']);
  return (
    <Fieldset.Root disabled={readOnly}>
      <Fieldset.Legend fontWeight="semibold">{t('translations.title')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('translations.help')}</Fieldset.HelperText>
      <Stack gap="4" mt="2">
        {TRANSLATED_LOCALES.map((locale) => (
          <Stack key={locale} gap="2">
            <Text fontWeight="medium">{t(`common:language.${locale}`)}</Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {TRANSLATED_FIELDS.map((field) => {
                const name = `translations.${locale}.${field}` as const;
                return (
                  <Field.Root key={field} invalid={Boolean(problem(name))} disabled={readOnly}>
                    <Field.Label>{t('translations.field', { field: t(`fields.${field}`), language: t(`common:language.${locale}`) })}</Field.Label>
                    <Input
                      name={name}
                      lang={locale}
                      autoComplete="off"
                      value={texts[locale][field]}
                      onChange={(e) => onChange({ ...texts, [locale]: { ...texts[locale], [field]: e.target.value } })}
                    />
                    {problem(name) && <Field.ErrorText>{problem(name)}</Field.ErrorText>}
                  </Field.Root>
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}
