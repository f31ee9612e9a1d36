import type { DiagnosticQuestionView } from '@server/application/catalog/catalog-views';
import { Badge, Box, Checkbox, Fieldset, Flex, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface DiagnosisQuestionProps {
  question: DiagnosticQuestionView;
  /** 1-based. */
  position: number;
  value: readonly string[];
  /** The customer's answer to this question, when they were asked it. */
  declared: readonly string[] | undefined;
  missing: boolean;
  onChange(answerIds: string[]): void;
}

/**
 * One diagnostic question as the operator answers it with the device in
 * hand: its answers (one, or several), how to test it, and beside it what
 * the customer declared; an answer that differs from theirs is flagged.
 */
export function DiagnosisQuestion({ question, position, value, declared, missing, onChange }: DiagnosisQuestionProps) {
  const { t } = useTranslation('warehouse-check');
  const legendId = useId();
  const titleOf = (id: string) => question.answers.find((answer) => answer.id === id)?.title ?? id;
  const differs = declared !== undefined && value.length > 0 && [...value].sort().join() !== [...declared].sort().join();
  return (
    <Fieldset.Root invalid={missing} borderWidth="1px" borderRadius="md" p={{ base: 3, md: 4 }} bg="bg" data-testid="diagnosis-question" data-differs={differs}>
      <Stack gap={1}>
        <Fieldset.Legend id={legendId} fontWeight="semibold" fontSize="md">
          {`${position}. ${question.title}`}
        </Fieldset.Legend>
        {question.howToTest && <Fieldset.HelperText>{t('diagnosis.howToTest', { how: question.howToTest })}</Fieldset.HelperText>}
        {declared !== undefined && (
          <Flex gap={2} align="center" wrap="wrap" fontSize="sm">
            <Text color="fg.muted" data-testid="declared-answer">
              {t('diagnosis.declared', { answers: declared.map(titleOf).join(', ') })}
            </Text>
            {differs && <Badge colorPalette="orange">{t('diagnosis.differs')}</Badge>}
          </Flex>
        )}
      </Stack>
      <Fieldset.Content mt={3}>
        {question.type === 'unique' ? (
          <RadioGroup.Root value={value[0] ?? null} onValueChange={(details) => onChange(details.value ? [details.value] : [])} aria-labelledby={legendId} colorPalette="brand">
            <Flex gap={{ base: 2, md: 5 }} direction={{ base: 'column', md: 'row' }} wrap="wrap">
              {question.answers.map((answer) => (
                <RadioGroup.Item key={answer.id} value={answer.id}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{answer.title}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        ) : (
          <Box>
            <Flex gap={{ base: 2, md: 5 }} direction={{ base: 'column', md: 'row' }} wrap="wrap">
              {question.answers.map((answer) => (
                <Checkbox.Root
                  key={answer.id}
                  colorPalette="brand"
                  checked={value.includes(answer.id)}
                  onCheckedChange={(details) => onChange(details.checked === true ? [...value, answer.id] : value.filter((id) => id !== answer.id))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{answer.title}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Flex>
            <Text fontSize="sm" color="fg.muted" mt={1}>
              {t('diagnosis.several')}
            </Text>
          </Box>
        )}
      </Fieldset.Content>
      <Fieldset.ErrorText>{t('diagnosis.answerRequired')}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
