import { Alert, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { StepProgress } from '../../../../shared/buyback-path/components/step-progress';
import { Page } from '../../../components/page';
import { STORE_MODULE, switchModule, useMe } from '../../../lib/auth';
import { predeclaredPaths } from '../paths';

/** The check's screens, in order: the code, the declaration checked with the device in hand, the confirmation. */
export const PREDECLARED_STEPS = ['code', 'check', 'confirmation'] as const;
export type PredeclaredStep = (typeof PREDECLARED_STEPS)[number];

/**
 * A screen of the pre-declared buybacks check: the page, where the seller is
 * in the check, then the screen. A pre-declared buyback is finalized in a
 * store: outside the store module, the way there instead.
 */
export function PredeclaredPage({ step, children }: { step: PredeclaredStep; children: ReactNode }) {
  const { t } = useTranslation('buybacks-predeclared');
  const { storeId } = useAppEnvironment();
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('breadcrumbs.buybacks'), to: predeclaredPaths.list }, { label: t('title') }]}>
      <Stack gap={{ base: 6, md: 8 }} maxW="4xl">
        <StepProgress steps={PREDECLARED_STEPS.map((key) => ({ key, label: t(`steps.${key}`) }))} current={step} />
        {storeId ? children : <NoStore />}
      </Stack>
    </Page>
  );
}

function NoStore() {
  const { t } = useTranslation(['buybacks-predeclared', 'app']);
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
