import { Alert, Button, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { usePasswordLink } from '../api/password';
import { apiErrorMessage } from './api-error-message';
import { NewPasswordForm } from './new-password-form';
import { PublicPage } from './public-page';

/**
 * A password link's page (a reset's `/renew/:token`, an invitation's
 * `/new/password?token=`): the link is checked first (GET), an invalid or
 * expired one shows its error page with a way to ask for a new one; a valid
 * one greets the user by first name and takes the new password (POST), then
 * goes to the login page.
 */
export function PasswordLinkPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation(['auth', 'api']);
  const navigate = useNavigate();
  const link = usePasswordLink(token);

  if (!token || link.isError) {
    const error = link.error;
    const code = error instanceof ApiError ? error.code : 'PASSWORD_LINK_INVALID';
    const title = code === 'PASSWORD_LINK_EXPIRED' ? t('password.expiredTitle') : code === 'AUTH_SSO_REQUIRED' ? t('password.ssoTitle') : t('password.invalidTitle');
    return (
      <PublicPage title={title}>
        <Stack gap="5" data-testid="password-link-error" data-code={code}>
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{token ? apiErrorMessage(t, error, i18n.language) : t('api:errors.PASSWORD_LINK_INVALID')}</Alert.Title>
          </Alert.Root>
          {code !== 'AUTH_SSO_REQUIRED' && (
            <Button asChild colorPalette="brand">
              <RouterLink to="/lostPassword">{t('password.askNewLink')}</RouterLink>
            </Button>
          )}
          <Button asChild variant="ghost" colorPalette="brand">
            <RouterLink to="/login">{t('password.backToLogin')}</RouterLink>
          </Button>
        </Stack>
      </PublicPage>
    );
  }
  if (!link.data) {
    return (
      <PublicPage title={t('password.checking')}>
        <Spinner />
      </PublicPage>
    );
  }
  const invitation = link.data.purpose === 'invitation';
  return (
    <PublicPage
      title={invitation ? t('password.firstTitle') : t('password.resetTitle')}
      intro={t(invitation ? 'password.firstIntro' : 'password.resetIntro', { firstname: link.data.firstname })}
    >
      <NewPasswordForm token={token} invitation={invitation} onDone={(email) => void navigate('/login', { replace: true, state: { passwordSet: email } })} />
    </PublicPage>
  );
}
