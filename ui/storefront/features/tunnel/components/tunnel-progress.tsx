import { useTranslation } from 'react-i18next';
import { StepProgress } from '../../../../shared/buyback-path/components/step-progress';

export type TunnelStep = 'diagnostic' | 'offer' | 'customer' | 'summary';

/** The four screens of the tunnel, the current one marked. */
export function TunnelProgress({ current }: { current: TunnelStep }) {
  const { t } = useTranslation('tunnel');
  const steps = (['diagnostic', 'offer', 'customer', 'summary'] as const).map((key) => ({ key, label: t(`steps.${key}`) }));
  return <StepProgress steps={steps} current={current} />;
}
