import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { STORE_MODULE, switchModule, useMe } from '../lib/auth';

/**
 * A screen that works in a store, opened outside the store module: the way
 * there when the user has one, else why it cannot be done here. `namespace`
 * is the feature's, with its `noStore`, `noStoreModule` and `switchToStore` texts.
 */
export function NoStoreNotice({ namespace }: { namespace: string }) {
  const { t } = useTranslation([namespace, 'app']);
  const me = useMe();
  const hasStoreModule = STORE_MODULE in me.modules;
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Description>{hasStoreModule ? t('noStore') : t('noStoreModule')}</Alert.Description>
        {hasStoreModule && (
          <Button size="sm" variant="outline" colorPalette="brand" alignSelf="start" onClick={() => switchModule(STORE_MODULE)}>
            {t('switchToStore', { module: t(`app:modules.${STORE_MODULE}`) })}
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
