import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CIRCUIT_LIMITS, INSTRUCTION_TYPES, TRANSLATED_LOCALES, type InstructionType, type TranslatedLocale } from '../types';

/** One instruction as the form edits it: its type, its French label and its translations (blank: the type's usual wording, or French). */
export interface InstructionRow {
  type: InstructionType;
  label: string;
  translated: Record<TranslatedLocale, string>;
}

export const emptyTranslated = (): Record<TranslatedLocale, string> => ({ 'en-GB': '', 'nl-BE': '', 'de-DE': '' });

interface Props {
  rows: InstructionRow[];
  onChange(rows: InstructionRow[]): void;
  readOnly: boolean;
  problem?: string | undefined;
}

/**
 * At most 6 instructions, in order: each a type and a label of 1 to 150
 * characters (blank: the type's usual wording), moved up or down, removed;
 * the translations of each label are in the Translations section.
 */
export function InstructionsEditor({ rows, onChange, readOnly, problem }: Props) {
  const { t } = useTranslation('circuits');
  const { max } = CIRCUIT_LIMITS.instructions;
  const update = (index: number, patch: Partial<InstructionRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row as InstructionRow);
    onChange(next);
  };
  return (
    <Field.Root invalid={Boolean(problem)}>
      <Field.Label>{t('fields.instructions')}</Field.Label>
      <Stack gap="2" w="full" data-testid="instructions-editor">
        {rows.length === 0 && <Text color="fg.muted">{t('form.noInstruction')}</Text>}
        {rows.map((row, index) => (
          <HStack key={index} gap="2" align="start" wrap="wrap" data-testid="instruction-row">
            <Text w="6" pt="2" fontWeight="semibold">
              {index + 1}.
            </Text>
            <NativeSelect.Root maxW="44" disabled={readOnly}>
              <NativeSelect.Field aria-label={t('fields.instructionType', { n: index + 1 })} value={row.type} onChange={(e) => update(index, { type: e.target.value as InstructionType })}>
                {INSTRUCTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`instructionTypes.${type}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Input
              flex="1"
              minW="52"
              aria-label={t('fields.instructionLabel', { n: index + 1 })}
              placeholder={t(`instructionTypes.${row.type}`)}
              value={row.label}
              maxLength={2 * CIRCUIT_LIMITS.instructionLabel.max}
              disabled={readOnly}
              onChange={(e) => update(index, { label: e.target.value })}
            />
            {!readOnly && (
              <HStack gap="1">
                <IconButton size="sm" variant="outline" aria-label={t('form.up', { n: index + 1 })} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </IconButton>
                <IconButton size="sm" variant="outline" aria-label={t('form.down', { n: index + 1 })} disabled={index === rows.length - 1} onClick={() => move(index, 1)}>
                  ↓
                </IconButton>
                <IconButton size="sm" variant="outline" colorPalette="red" aria-label={t('form.remove', { n: index + 1 })} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  ✕
                </IconButton>
              </HStack>
            )}
          </HStack>
        ))}
        {!readOnly && (
          <Box>
            <Button size="sm" variant="outline" disabled={rows.length >= max} onClick={() => onChange([...rows, { type: 'none', label: '', translated: emptyTranslated() }])}>
              {t('form.addInstruction')}
            </Button>
          </Box>
        )}
      </Stack>
      {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{t('form.instructionsHelp', { max, length: CIRCUIT_LIMITS.instructionLabel.max })}</Field.HelperText>}
    </Field.Root>
  );
}

/** The instructions as the API takes them, and their labels' translations by path (`instructions.<n>.label`). */
export function instructionsBody(rows: readonly InstructionRow[]) {
  const instructions = rows.map((row) => ({ type: row.type, label: row.label.trim() || null }));
  const translations: Record<TranslatedLocale, Record<string, string>> = { 'en-GB': {}, 'nl-BE': {}, 'de-DE': {} };
  rows.forEach((row, index) => {
    for (const locale of TRANSLATED_LOCALES) if (row.translated[locale].trim()) translations[locale][`instructions.${index + 1}.label`] = row.translated[locale].trim();
  });
  return { instructions, translations };
}

/** The rows of instructions as read, with their translations. */
export function instructionRows(
  instructions: ReadonlyArray<{ sequence: number; type: InstructionType; label: string | null }>,
  translations: Partial<Record<string, Record<string, string>>> | null,
): InstructionRow[] {
  return instructions.map((instruction) => ({
    type: instruction.type,
    label: instruction.label ?? '',
    translated: Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, translations?.[locale]?.[`instructions.${instruction.sequence}.label`] ?? ''])) as Record<TranslatedLocale, string>,
  }));
}
