import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { tunnelPaths } from '../paths';

/**
 * The confirmation of registered buybacks: thanks, their codes (`children`,
 * usually ConfirmationCodes) and what to do with them. The tunnel's
 * confirmation and a kept cart's checkout show it alike.
 */
export function RegisteredBuybacks({ count, children }: { count: number; children: ReactNode }) {
  const { t } = useTranslation('tunnel');
  return (
    <Stack gap={6}>
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Description>{t('confirmation.registered', { count })}</Alert.Description>
      </Alert.Root>
      {children}
      <Text>{t('confirmation.keepCode')}</Text>
    </Stack>
  );
}

/** Where to go once registered: another product, or home. */
export function ConfirmationLinks() {
  const { t } = useTranslation('tunnel');
  return (
    <HStack gap={3} flexWrap="wrap">
      <Button asChild colorPalette="brand">
        <RouterLink to={tunnelPaths.search}>{t('confirmation.another')}</RouterLink>
      </Button>
      <Button asChild variant="outline">
        <RouterLink to={tunnelPaths.home}>{t('confirmation.home')}</RouterLink>
      </Button>
    </HStack>
  );
}
