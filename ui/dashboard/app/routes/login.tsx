import { Alert, Button, Separator, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { PublicPage } from '../../features/auth/components/public-page';
import { SsoForm } from '../../features/auth/components/sso-form';
import { safeRedirect } from '../../lib/auth';

/**
 * /login: public, with its three ways in: log in (e-mail and password), lost
 * password, log in with your organisation (SSO: the work e-mail finds the
 * identity provider). After signing in, back to where the guard stopped the
 * user, else home. After a password was set, says so with its e-mail filled
 * in (the navigation's state: no e-mail in the address).
 */
export function Component() {
  const { t } = useTranslation(['auth']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [sso, setSso] = useState(false);
  const passwordSet = (useLocation().state as { passwordSet?: string } | null)?.passwordSet ?? null;

  return (
    <PublicPage title={t('login.title')} intro={sso ? t('sso.intro') : t('login.intro')}>
      <Stack gap="5">
        {passwordSet !== null && !sso && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('login.passwordSet')}</Alert.Title>
          </Alert.Root>
        )}
        {sso ? (
          <SsoForm onCancel={() => setSso(false)} />
        ) : (
          <>
            <LoginForm initialEmail={passwordSet ?? ''} onSignedIn={() => void navigate(safeRedirect(search.get('redirectTo')), { replace: true })} />
            <Button asChild variant="ghost" colorPalette="brand">
              <RouterLink to="/lostPassword">{t('login.lostPassword')}</RouterLink>
            </Button>
            <Separator />
            <Button variant="outline" colorPalette="brand" onClick={() => setSso(true)}>
              {t('login.withOrganisation')}
            </Button>
          </>
        )}
      </Stack>
    </PublicPage>
  );
}
