import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ProgressStep {
  key: string;
  label: string;
}

/**
 * Where the user is in the path: an ordered list (the current step marked
 * aria-current="step"), compact on a phone.
 */
export function StepProgress({ steps, current }: { steps: readonly ProgressStep[]; current: string }) {
  const { t } = useTranslation('buyback-path');
  const index = Math.max(0, steps.findIndex((step) => step.key === current));
  return (
    <Box as="nav" aria-label={t('progress.label')}>
      <Text fontSize="sm" color="fg.muted" mb={2} hideFrom="md">
        {t('progress.compact', { current: index + 1, total: steps.length, step: steps[index]?.label ?? '' })}
      </Text>
      <HStack as="ol" gap={0} listStyleType="none" m={0} p={0} hideBelow="md">
        {steps.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <Box
              as="li"
              key={step.key}
              flex="1"
              aria-current={state === 'current' ? 'step' : undefined}
              borderTopWidth="4px"
              borderColor={state === 'todo' ? 'border' : 'brand.solid'}
              pt={2}
              pe={2}
            >
              <Text fontSize="sm" fontWeight={state === 'current' ? 'bold' : 'normal'} color={state === 'todo' ? 'fg.muted' : 'fg'}>
                <Box as="span" srOnly>
                  {t(`progress.state.${state}`)}
                </Box>
                {step.label}
              </Text>
            </Box>
          );
        })}
      </HStack>
      <Box hideFrom="md" h="4px" bg="border" borderRadius="full" aria-hidden="true">
        <Box h="full" bg="brand.solid" borderRadius="full" width={`${((index + 1) / steps.length) * 100}%`} />
      </Box>
    </Box>
  );
}
