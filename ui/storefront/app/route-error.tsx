import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that failed to load or render (often a new deployment replaced its file): offer a reload. */
export function RouteError() {
  const { t } = useTranslation('app');
  const error = useRouteError();
  console.error(error);
  return (
    <Container as="main" maxW="3xl" py={16}>
      <Stack gap={4}>
        <Heading as="h1" size="2xl">
          {t('routeError.title')}
        </Heading>
        <Text>{t('routeError.text')}</Text>
        <Button alignSelf="start" colorPalette="brand" onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
