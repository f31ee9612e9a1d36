import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { StepProgress } from '../../../../shared/buyback-path/components/step-progress';
import { NoStoreNotice } from '../../../components/no-store-notice';
import { Page } from '../../../components/page';
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
        {storeId ? children : <NoStoreNotice namespace="buybacks-predeclared" />}
      </Stack>
    </Page>
  );
}
