import { Button, Dialog, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ServerErrorAlert } from '../api/server-error-alert';
import { AlertDialog } from './alert-dialog';

interface Props<Route extends string> {
  alert: ServerErrorAlert<Route> | null;
  /** The app's named routes (redirectToRoute) and its home (goHome). */
  routes: Record<Route, string>;
  home: string;
  /** Goes to a path of the app (its router's navigate), once the error is cleared. */
  navigate(path: string): void;
  /** Clears the error (its button, Escape, a click outside). */
  onClear(): void;
}

/**
 * The server (or network) error modal of both apps (specification 000 §8,
 * 002 §4): the generic prefix and the message (the prefix left out with
 * hideGenericMessage); its button goes home (goHome), reloads the page
 * (reloadPage) or goes to the named route (redirectToRoute), else closes;
 * then the error is cleared. Its texts are the shared `common:serverError`.
 */
export function ServerErrorDialog<Route extends string>({ alert, routes, home, navigate, onClear }: Props<Route>) {
  const { t } = useTranslation('common');
  const error = alert?.error;
  const detail = !error
    ? ''
    : (alert.message ?? (error.status === 0 ? t('common:errors.network') : t(`api:errors.${error.code}`, { defaultValue: error.message || t('common:errors.generic') })));
  const goTo = (path: string) => {
    onClear();
    navigate(path);
  };

  const action = !alert ? null : alert.goHome ? (
    <Button colorPalette="brand" onClick={() => goTo(home)} data-testid="server-error-home">
      {t('common:serverError.home')}
    </Button>
  ) : alert.reloadPage ? (
    <>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">{t('common:actions.close')}</Button>
      </Dialog.ActionTrigger>
      <Button colorPalette="brand" onClick={() => window.location.reload()} data-testid="server-error-reload">
        {t('common:serverError.reload')}
      </Button>
    </>
  ) : alert.redirectToRoute ? (
    <Button colorPalette="brand" onClick={() => goTo(routes[alert.redirectToRoute as Route])} data-testid="server-error-route">
      {t('common:serverError.continue')}
    </Button>
  ) : (
    <Dialog.ActionTrigger asChild>
      <Button colorPalette="brand">{t('common:serverError.ok')}</Button>
    </Dialog.ActionTrigger>
  );

  return (
    <AlertDialog open={!!alert} onDismiss={onClear} title={t('common:serverError.title')} footer={action}>
      <Text data-testid="server-error-message">{alert?.hideGenericMessage ? detail : `${t('common:serverError.prefix')} ${detail}`}</Text>
      {error?.details?.correlationId && (
        <Text mt="3" fontSize="sm" color="fg.muted">
          {t('common:serverError.reference', { reference: error.details.correlationId })}
        </Text>
      )}
    </AlertDialog>
  );
}
