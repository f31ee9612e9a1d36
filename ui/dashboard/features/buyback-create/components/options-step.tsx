import { Button, Heading, HStack, Spinner, Stack } from '@chakra-ui/react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useBuybackOptions } from '../../../../shared/buyback-path/api/get-buyback-options';
import { useProduct } from '../../../../shared/buyback-path/api/get-product';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { checkImei, IMEI_FEATURE, ImeiField, ImeiMismatchDialog } from '../../../../shared/buyback-path/components/imei';
import { checkOptions, OptionsForm, type OptionsErrors, type OptionsValue } from '../../../../shared/buyback-path/components/options-form';
import type { FieldMessage } from '../../../../shared/buyback-path/customer/customer-rules';
import type { StepProps } from '../wizard';
import { ProductRecap } from './product-recap';
import { useWizardDraft } from './use-wizard-draft';

/** Step 2: the product check (its IMEI when it collects one) and the transport and payment modes. */
export function OptionsStep({ goTo, headingRef }: StepProps) {
  const { t } = useTranslation(['buyback-create', 'buyback-path']);
  const { settings } = useAppEnvironment();
  const { store } = useCart();
  const draft = useWizardDraft();
  const product = useProduct(draft?.productId);
  const options = useBuybackOptions(draft?.productId);
  const [errors, setErrors] = useState<OptionsErrors>({});
  const [imeiError, setImeiError] = useState<FieldMessage | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const imeiInput = useRef<HTMLInputElement>(null);

  const change = useCallback(
    (next: OptionsValue) => {
      store.updateDraft(next);
      if (options.data) {
        const data = options.data;
        setErrors((current) => (Object.keys(current).length ? checkOptions(data, next) : current));
      }
    },
    [store, options.data],
  );

  const failed = product.error ?? options.error;
  if (failed) return <ApiErrorAlert error={failed} onRetry={() => void [product, options].forEach((q) => q.refetch())} />;
  if (!draft || !product.data || !options.data) return <Spinner aria-label={t('loading')} />;

  const collectsImei = product.data.isCollectingImei && settings.enabledPremiumFeatures.includes(IMEI_FEATURE);
  const value: OptionsValue = { circuitId: draft.circuitId, shippingMethodId: draft.shippingMethodId, paymentModeId: draft.paymentModeId };
  const tacCodes = product.data.tacCodes;

  const next = () => {
    const found = checkOptions(options.data, value);
    setErrors(found);
    const imei = collectsImei ? checkImei(draft.imei ?? '', tacCodes) : ({ kind: 'empty' } as const);
    if (imei.kind === 'invalid') {
      setImeiError(imei.message);
      imeiInput.current?.focus();
      return;
    }
    if (found.transport || found.payment) {
      document.querySelector<HTMLInputElement>(`input[name="${found.transport ? 'transport' : 'payment'}"]`)?.focus();
      return;
    }
    if (imei.kind === 'unknown' && !draft.acceptUnknownImei) {
      setMismatch(imei.imei);
      return;
    }
    store.updateDraft({ imei: imei.kind === 'empty' ? null : imei.imei, ...(imei.kind === 'unknown' ? {} : { acceptUnknownImei: false }) });
    goTo('declaration', { q: '1' });
  };

  return (
    <Stack gap={6}>
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {t('options.title')}
      </Heading>
      <ProductRecap product={product.data} onChange={() => goTo('search')} />
      {collectsImei && (
        <ImeiField
          value={draft.imei ?? ''}
          inputRef={imeiInput}
          error={imeiError}
          onChange={(imei) => {
            store.updateDraft({ imei: imei || null, acceptUnknownImei: false });
            setImeiError(null);
          }}
        />
      )}
      <OptionsForm options={options.data} value={value} onChange={change} errors={errors} />
      <HStack justify="space-between" gap={3}>
        <Button variant="outline" onClick={() => goTo('search')}>
          {t('buyback-path:actions.previous')}
        </Button>
        <Button colorPalette="brand" onClick={next}>
          {t('options.next')}
        </Button>
      </HStack>
      <ImeiMismatchDialog
        open={mismatch !== null}
        imei={mismatch ?? ''}
        onBack={() => {
          setMismatch(null);
          requestAnimationFrame(() => imeiInput.current?.focus());
        }}
        onContinue={() => {
          store.updateDraft({ imei: mismatch, acceptUnknownImei: true });
          setMismatch(null);
          goTo('declaration', { q: '1' });
        }}
      />
    </Stack>
  );
}
