import { Alert, CloseButton } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from './page';

/**
 * Someone changed what the user was acting on (a stale If-Match): the command
 * was refused, the fresh state is shown; this says so until dismissed.
 */
export function StaleAlert({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert.Root status="warning" role="alert" mb="5">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{t('errors.conflict')}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label={t('actions.close')} onClick={onClose} />
    </Alert.Root>
  );
}

/**
 * A detail screen's answer to a refused stale command: reload the detail,
 * show the alert, and give the focus back to the page's title.
 */
export function useReloadAfterConflict(refetch: () => unknown) {
  const [stale, setStale] = useState(false);
  return {
    stale,
    dismiss: () => setStale(false),
    reload: () => {
      setStale(true);
      void refetch();
      pageTitle()?.focus();
    },
  };
}
