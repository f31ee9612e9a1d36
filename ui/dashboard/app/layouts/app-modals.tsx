import { Button, Dialog, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AlertDialog } from '../../../shared/components/alert-dialog';
import { appAlerts, NAMED_ROUTES, useAppAlerts, type NamedRoute } from '../../lib/app-alerts';
import { leaveSession, loginRedirect } from '../../lib/auth';
import { paths } from '../paths';

/**
 * The server (or network) error modal (specification 000 §8, 002 §4): the
 * generic prefix and the message (the prefix left out with
 * hideGenericMessage); its button goes home (goHome), reloads the page
 * (reloadPage) or goes to the named route (redirectToRoute), else closes;
 * then the error is cleared.
 */
export function ServerErrorModal() {
  const { t } = useTranslation(['app', 'api', 'common']);
  const { serverError } = useAppAlerts();
  const navigate = useNavigate();
  const error = serverError?.error;
  const detail = !error
    ? ''
    : (serverError.message ??
      (error.status === 0 ? t('common:errors.network') : t(`api:errors.${error.code}`, { defaultValue: error.message || t('common:errors.generic') })));
  const goTo = (path: string) => {
    appAlerts.clearServerError();
    void navigate(path);
  };

  const action = !serverError ? null : serverError.goHome ? (
    <Button colorPalette="brand" onClick={() => goTo(paths.home)} data-testid="server-error-home">
      {t('app:serverError.home')}
    </Button>
  ) : serverError.reloadPage ? (
    <>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">{t('common:actions.close')}</Button>
      </Dialog.ActionTrigger>
      <Button colorPalette="brand" onClick={() => window.location.reload()}>
        {t('app:serverError.reload')}
      </Button>
    </>
  ) : serverError.redirectToRoute ? (
    <Button colorPalette="brand" onClick={() => goTo(NAMED_ROUTES[serverError.redirectToRoute as NamedRoute])} data-testid="server-error-route">
      {t('app:serverError.continue')}
    </Button>
  ) : (
    <Dialog.ActionTrigger asChild>
      <Button colorPalette="brand">{t('app:serverError.ok')}</Button>
    </Dialog.ActionTrigger>
  );

  return (
    <AlertDialog open={!!serverError} onDismiss={() => appAlerts.clearServerError()} title={t('app:serverError.title')} footer={action}>
      <Text data-testid="server-error-message">{serverError?.hideGenericMessage ? detail : `${t('app:serverError.prefix')} ${detail}`}</Text>
      {error?.details?.correlationId && (
        <Text mt="3" fontSize="sm" color="fg.muted">
          {t('app:serverError.reference', { reference: error.details.correlationId })}
        </Text>
      )}
    </AlertDialog>
  );
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
