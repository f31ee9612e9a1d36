import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const STEPS = ['upload', 'preview', 'import'] as const;

/** The import's three steps, the current one marked (and said to screen readers). */
export function StepsIndicator({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation('users-import');
  return (
    <HStack as="ol" gap={{ base: 2, md: 6 }} listStyleType="none" flexWrap="wrap" aria-label={t('steps.label')} data-testid="import-steps">
      {STEPS.map((step, index) => {
        const number = index + 1;
        const active = number === current;
        return (
          <HStack as="li" key={step} gap="2" aria-current={active ? 'step' : undefined} data-active={active || undefined}>
            <Box
              borderRadius="full"
              w="7"
              h="7"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontWeight="bold"
              bg={number <= current ? 'brand.solid' : 'bg.muted'}
              color={number <= current ? 'brand.contrast' : 'fg.muted'}
            >
              {number}
            </Box>
            <Text fontWeight={active ? 'bold' : 'normal'}>{t(`steps.${step}`)}</Text>
          </HStack>
        );
      })}
    </HStack>
  );
}
