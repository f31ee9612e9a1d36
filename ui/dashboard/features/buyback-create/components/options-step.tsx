import { Button, Heading, HStack, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useBuybackOptions } from '../../../../shared/buyback-path/api/get-buyback-options';
import { useProduct } from '../../../../shared/buyback-path/api/get-product';
import type { CartDraft } from '../../../../shared/buyback-path/cart-store';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { IMEI_FEATURE } from '../../../../shared/buyback-path/components/imei';
import { useOptionsStep } from '../../../../shared/buyback-path/components/use-options-step';
import type { BuybackOptionsView, ProductView } from '@server/application/catalog/catalog-views';
import type { StepProps } from '../wizard';
import { ProductRecap } from './product-recap';
import { useWizardDraft } from './use-wizard-draft';

/** Step 2: the product check (its IMEI when it collects one) and the transport and payment modes. */
export function OptionsStep({ goTo, headingRef }: StepProps) {
  const { t } = useTranslation(['buyback-create', 'buyback-path']);
  const draft = useWizardDraft();
  const product = useProduct(draft?.productId);
  const options = useBuybackOptions(draft?.productId);

  const failed = product.error ?? options.error;
  if (failed) return <ApiErrorAlert error={failed} onRetry={() => void [product, options].forEach((q) => q.refetch())} />;
  if (!draft || !product.data || !options.data) return <Spinner aria-label={t('loading')} />;
  return <OptionsStepForm goTo={goTo} headingRef={headingRef} draft={draft} product={product.data} options={options.data} />;
}

function OptionsStepForm({ goTo, headingRef, draft, product, options }: StepProps & { draft: CartDraft; product: ProductView; options: BuybackOptionsView }) {
  const { t } = useTranslation(['buyback-create', 'buyback-path']);
  const { settings } = useAppEnvironment();
  const collectsImei = product.isCollectingImei && settings.enabledPremiumFeatures.includes(IMEI_FEATURE);
  const step = useOptionsStep({ product, options, draft, collectsImei, onValid: () => goTo('declaration', { q: '1' }) });

  return (
    <Stack gap={6}>
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {t('options.title')}
      </Heading>
      <ProductRecap product={product} onChange={() => goTo('search')} />
      {step.fields}
      <HStack justify="space-between" gap={3}>
        <Button variant="outline" onClick={() => goTo('search')}>
          {t('buyback-path:actions.previous')}
        </Button>
        <Button colorPalette="brand" onClick={step.submit}>
          {t('options.next')}
        </Button>
      </HStack>
      {step.dialog}
    </Stack>
  );
}
