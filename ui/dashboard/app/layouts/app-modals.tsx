import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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
    <Dialog.Root
      role="alertdialog"
      open={!!serverError}
      onOpenChange={(details) => {
        if (!details.open) appAlerts.clearServerError();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('app:serverError.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {t('app:serverError.prefix')} {detail}
              </Text>
              {error?.details?.correlationId && (
                <Text mt="3" fontSize="sm" color="fg.muted">
                  {t('app:serverError.reference', { reference: error.details.correlationId })}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {serverError?.reloadPage ? (
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
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
    <Dialog.Root role="alertdialog" open={sessionExpired} closeOnEscape={false} closeOnInteractOutside={false} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('sessionExpired.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('sessionExpired.text')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={() => void reconnect()}>
                {t('sessionExpired.reconnect')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
