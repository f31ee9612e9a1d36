import { Alert, Box, Center, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { paths } from '../../../app/paths';
import { SsoNoAccessError, useFinishSsoSignIn } from '../api/sso-sign-in';

/**
 * /open-id/{organizationId}/callback: where the identity provider sends the
 * browser back. Posts its answer (code, state, iss) to the API once (the
 * state is single use), keeps the session it answers and goes home; says why
 * when it fails, with the way back to the login page.
 */
export function Component() {
  const { t } = useTranslation(['sso', 'api']);
  const { organizationId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishSsoSignIn(organizationId);
  const posted = useRef(false);
  const providerError = params.get('error');

  useEffect(() => {
    document.title = t('callback.title');
    if (posted.current || providerError) return;
    posted.current = true;
    const iss = params.get('iss');
    finish.mutate(
      { code: params.get('code') ?? '', state: params.get('state') ?? '', ...(iss ? { iss } : {}) },
      { onSuccess: () => void navigate(paths.home, { replace: true }) },
    );
    // Once per page (the ref): the provider's answer can be used only once.
  }, [finish, navigate, params, providerError, t]);

  const failure = providerError
    ? t('api:errors.SSO_CALLBACK_FAILED')
    : finish.error instanceof SsoNoAccessError
      ? t('callback.noAccess')
      : finish.error instanceof ApiError
        ? t(`api:errors.${finish.error.code}`, { defaultValue: finish.error.message })
        : finish.error
          ? t('api:errors.SSO_CALLBACK_FAILED')
          : null;

  return (
    <Center minH="100vh" bg="bg.subtle" px="4">
      <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '6', md: '10' }} w="full" maxW="md" boxShadow="sm">
        <Heading as="h1" size="2xl" mb="4">
          {t('callback.title')}
        </Heading>
        {failure ? (
          <Stack gap="4">
            <Alert.Root status="error" data-testid="sso-callback-error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
            <Link asChild colorPalette="blue">
              <RouterLink to={paths.login}>{t('callback.backToLogin')}</RouterLink>
            </Link>
          </Stack>
        ) : (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>{t('callback.signingIn')}</Text>
          </Stack>
        )}
      </Box>
    </Center>
  );
}
