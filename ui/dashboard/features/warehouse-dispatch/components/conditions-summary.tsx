import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { choiceLabel, type Choice } from '../hooks/use-value-choices';
import type { DispatchAttribute, DispatchCondition } from '../types';

interface Props {
  conditions: readonly DispatchCondition[];
  choices: Record<Exclude<DispatchAttribute, 'brand'>, Choice[]>;
}

/** A rule's conditions in words, one a line: "Category is one of Consoles". */
export function ConditionsSummary({ conditions, choices }: Props) {
  const { t } = useTranslation('warehouse-dispatch');
  return (
    <Stack gap="1">
      {conditions.map((condition, index) => {
        const { attribute } = condition;
        const values = condition.values.map((value) => (attribute === 'brand' ? value : choiceLabel(choices[attribute], value)));
        return (
          <Text key={index} fontSize="sm">
            {t('summary.condition', { attribute: t(`attributes.${attribute}`), operator: t(`operators.${condition.operator}`), values: values.join(', ') })}
          </Text>
        );
      })}
    </Stack>
  );
}
