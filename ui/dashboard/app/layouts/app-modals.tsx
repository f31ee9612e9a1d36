import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AlertDialog } from '../../../shared/components/alert-dialog';
import { ServerErrorDialog } from '../../../shared/components/server-error-dialog';
import { appAlerts, NAMED_ROUTES, useAppAlerts } from '../../lib/app-alerts';
import { leaveSession, loginRedirect } from '../../lib/auth';
import { paths } from '../paths';

/** The server (or network) error modal (specification 000 §8, 002 §4), the dashboard's named routes and home. */
export function ServerErrorModal() {
  const { serverError } = useAppAlerts();
  const navigate = useNavigate();
  return <ServerErrorDialog alert={serverError} routes={NAMED_ROUTES} home={paths.home} navigate={(path) => void navigate(path)} onClear={() => appAlerts.clearServerError()} />;
}

/** A 401 on a signed-in call: the session is over. The only way out is to sign in again. */
export function SessionExpiredModal() {
  const { t } = useTranslation('app');
  const { sessionExpired } = useAppAlerts();
  const navigate = useNavigate();
  const location = useLocation();

  async function reconnect() {
    const backTo = location.pathname === paths.login ? null : `${location.pathname}${location.search}`;
    appAlerts.clearSessionExpired();
    await leaveSession(navigate, loginRedirect(backTo));
  }

  return (
    <AlertDialog
      open={sessionExpired}
      title={t('sessionExpired.title')}
      footer={
        <Button colorPalette="brand" onClick={() => void reconnect()}>
          {t('sessionExpired.reconnect')}
        </Button>
      }
    >
      <Text>{t('sessionExpired.text')}</Text>
    </AlertDialog>
  );
}
