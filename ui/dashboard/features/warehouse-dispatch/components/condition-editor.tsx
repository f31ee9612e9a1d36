import { Box, Button, Field, Fieldset, HStack, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupFilter } from '../../../components/list';
import type { Choice } from '../hooks/use-value-choices';
import type { ConditionDraft } from '../rule-form-model';
import { DISPATCH_ATTRIBUTES, DISPATCH_OPERATORS, type DispatchAttribute, type DispatchOperator } from '../types';
import { BrandValues } from './brand-values';

interface Props {
  condition: ConditionDraft;
  /** 1 for the first: the legend and the accessible names say which. */
  number: number;
  choices: Record<Exclude<DispatchAttribute, 'brand'>, Choice[]>;
  problem?: string;
  onChange(condition: ConditionDraft): void;
  /** Absent: the condition cannot be removed (read-only). */
  onRemove?: () => void;
}

/** One condition of a rule: an attribute, in / not in, and its values, chosen from the tenant's references (brands typed). */
export function ConditionEditor({ condition, number, choices, problem, onChange, onRemove }: Props) {
  const { t } = useTranslation('warehouse-dispatch');
  const { attribute } = condition;
  return (
    <Box borderWidth="1px" borderRadius="md" p={{ base: 3, md: 4 }} data-testid="dispatch-condition">
      <Fieldset.Root invalid={!!problem} minW="0">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Fieldset.Legend fontWeight="semibold">{t('form.conditionNumber', { number })}</Fieldset.Legend>
          {onRemove && (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} aria-label={t('form.removeConditionNumber', { number })}>
              {t('form.removeCondition')}
            </Button>
          )}
        </HStack>
        <Fieldset.Content>
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <Field.Root minW="0">
                <Field.Label>{t('form.attribute')}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    value={attribute}
                    // Another attribute's values mean nothing here: they are dropped.
                    onChange={(e) => onChange({ ...condition, attribute: e.target.value as DispatchAttribute, values: [] })}
                  >
                    {DISPATCH_ATTRIBUTES.map((a) => (
                      <option key={a} value={a}>
                        {t(`attributes.${a}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root minW="0">
                <Field.Label>{t('form.operator')}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={condition.operator} onChange={(e) => onChange({ ...condition, operator: e.target.value as DispatchOperator })}>
                    {DISPATCH_OPERATORS.map((o) => (
                      <option key={o} value={o}>
                        {t(`operators.${o}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </SimpleGrid>
            {attribute === 'brand' ? (
              <BrandValues values={condition.values} number={number} onChange={(values) => onChange({ ...condition, values })} />
            ) : (
              <Box maxH="64" overflowY="auto" minW="0">
                <CheckboxGroupFilter
                  legend={t('form.values')}
                  options={choices[attribute].map((choice) => ({
                    id: choice.id,
                    label: choice.label,
                    checked: condition.values.includes(choice.id),
                    onChange: (checked: boolean) =>
                      onChange({ ...condition, values: checked ? [...condition.values, choice.id] : condition.values.filter((v) => v !== choice.id) }),
                  }))}
                />
              </Box>
            )}
          </Stack>
        </Fieldset.Content>
        {problem && <Fieldset.ErrorText>{problem}</Fieldset.ErrorText>}
      </Fieldset.Root>
    </Box>
  );
}
