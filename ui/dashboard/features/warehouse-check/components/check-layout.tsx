import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StepProgress } from '../../../../shared/buyback-path/components/step-progress';
import { Page } from '../../../components/page';
import { checkPaths } from '../paths';

/** The check's steps, in order (specification 001 §2). */
export const CHECK_STEPS = ['search', 'specifications', 'diagnosis', 'summary', 'confirmation'] as const;
export type CheckStep = (typeof CHECK_STEPS)[number];

/** A screen of the compliance check: the page, where the operator is in the check, then the step. */
export function CheckLayout({ step, children }: { step: CheckStep; children: ReactNode }) {
  const { t } = useTranslation('warehouse-check');
  return (
    <Page title={t('title')} breadcrumbs={step === 'search' ? [] : [{ label: t('title'), to: checkPaths.search }, { label: t(`steps.${step}`) }]}>
      <Stack gap={{ base: 6, md: 8 }} maxW="5xl">
        <StepProgress steps={CHECK_STEPS.map((key) => ({ key, label: t(`steps.${key}`) }))} current={step} />
        {children}
      </Stack>
    </Page>
  );
}
