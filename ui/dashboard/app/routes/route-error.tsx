import { Box, Button, Center, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../../shared/api/client';

/** A screen that could not load: the API is unreachable (not available) or something unexpected broke. */
export function RouteError() {
  const { t } = useTranslation(['app', 'common']);
  const error = useRouteError();
  const unavailable = error instanceof ApiError && error.isServerError;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = unavailable ? t('app:notAvailable.title') : notFound ? t('app:notFound.title') : t('app:routeError.title');
  const text = unavailable ? t('app:notAvailable.text') : notFound ? t('app:notFound.text') : t('app:routeError.text');
  return (
    <Center as="main" minH="60vh" px="4">
      <Box maxW="lg" textAlign="center">
        <Heading as="h1" size="2xl" mb="4">
          {title}
        </Heading>
        <Text mb="6">{text}</Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </Button>
      </Box>
    </Center>
  );
}
