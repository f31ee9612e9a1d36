import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { tunnelPaths } from '../paths';

export function EmptyCart() {
  const { t } = useTranslation('tunnel');
  return (
    <Stack gap={4} align="start">
      <Text>{t('cart.empty')}</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={tunnelPaths.search}>{t('cart.findProduct')}</RouterLink>
      </Button>
    </Stack>
  );
}
