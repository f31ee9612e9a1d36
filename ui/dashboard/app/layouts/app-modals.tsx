import { Button, Dialog, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AlertDialog } from '../../../shared/components/alert-dialog';
import { appAlerts, useAppAlerts } from '../../lib/app-alerts';
import { leaveSession, loginRedirect } from '../../lib/auth';
import { paths } from '../paths';

/** The server (or network) error modal: what failed, then close, or reload when a screen could not load. */
export function ServerErrorModal() {
  const { t } = useTranslation(['app', 'api', 'common']);
  const { serverError } = useAppAlerts();
  const error = serverError?.error;
  const detail = !error
    ? ''
    : error.status === 0
      ? t('common:errors.network')
      : t(`api:errors.${error.code}`, { defaultValue: error.message || t('common:errors.generic') });

  return (
    <AlertDialog
      open={!!serverError}
      onDismiss={() => appAlerts.clearServerError()}
      title={t('app:serverError.title')}
      footer={
        serverError?.reloadPage ? (
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">{t('common:actions.close')}</Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="brand" onClick={() => window.location.reload()}>
              {t('app:serverError.reload')}
            </Button>
          </>
        ) : (
          <Dialog.ActionTrigger asChild>
            <Button colorPalette="brand">{t('app:serverError.ok')}</Button>
          </Dialog.ActionTrigger>
        )
      }
    >
      <Text>
        {t('app:serverError.prefix')} {detail}
      </Text>
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
