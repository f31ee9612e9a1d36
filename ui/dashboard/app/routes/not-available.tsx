import { Box, Button, Center, Heading, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../paths';

/** /not-available: public, for when the dashboard cannot start (the API does not answer). */
export function Component() {
  const { t } = useTranslation('app');
  useEffect(() => {
    document.title = `${t('notAvailable.title')} · ${t('meta.title')}`;
  }, [t]);
  return (
    <Center as="main" minH="100vh" px="4">
      <Box maxW="lg" textAlign="center">
        <Heading as="h1" size="2xl" mb="4">
          {t('notAvailable.title')}
        </Heading>
        <Text mb="6">{t('notAvailable.text')}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.home}>{t('notAvailable.retry')}</RouterLink>
        </Button>
      </Box>
    </Center>
  );
}
