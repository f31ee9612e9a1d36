import type { ItemLookupView } from '@server/application/warehouse/warehouse-views';
import { Box, Button, chakra, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useProduct } from '../../../../shared/buyback-path/api/get-product';
import { checkImei, ImeiField, ImeiMismatchDialog } from '../../../../shared/buyback-path/components/imei';
import type { FieldMessage } from '../../../../shared/buyback-path/customer/customer-rules';
import { FactsSection } from '../../../components/facts';
import { withProduct, type Findings } from '../findings';
import { DeclaredFacts } from './declared-facts';
import { FoundProduct } from './found-product';
import { PricesWarning } from './prices-warning';
import { StepHeading } from './step-heading';

const SERIAL_MAX = 64;

interface SpecificationsStepProps {
  lookup: ItemLookupView;
  findings: Findings;
  onChange(findings: Findings): void;
  onNext(): void;
}

/**
 * Step 2: the device found against the one declared: its model (another can
 * be picked from the catalogue), its IMEI (the domain's rule, then the
 * product's TAC codes: one of another model may be kept, "continue anyway")
 * or its serial number. The IMEI field has the focus: a scanner reads it.
 */
export function SpecificationsStep({ lookup, findings, onChange, onNext }: SpecificationsStepProps) {
  const { t } = useTranslation('warehouse-check');
  const product = useProduct(findings.productId);
  const [imeiError, setImeiError] = useState<FieldMessage | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const imeiInput = useRef<HTMLInputElement>(null);
  useEffect(() => imeiInput.current?.focus({ preventScroll: true }), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkImei(findings.imei, product.data?.tacCodes ?? []);
    if (check.kind === 'invalid') {
      setImeiError(check.message);
      imeiInput.current?.focus();
      return;
    }
    if (check.kind === 'unknown' && !findings.acceptUnknownImei) return setMismatch(check.imei);
    onNext();
  };

  return (
    <Stack gap={6}>
      <StepHeading title={t('specifications.title')} intro={t('specifications.intro')} focus={false} />
      {lookup.pricesMayHaveChanged && <PricesWarning declaredAt={lookup.declaredAt} />}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={5} alignItems="start">
        <DeclaredFacts lookup={lookup} />
        <FactsSection level="h3" id="found-device" title={t('found.title')}>
          <Stack gap={5}>
            <FoundProduct
              productId={findings.productId}
              declaredProductId={lookup.item.product.productId}
              onChange={(productId) => onChange(withProduct(findings, productId, lookup))}
            />
            <chakra.form id="specifications" onSubmit={submit} noValidate>
              <Stack gap={4}>
                <ImeiField
                  inputRef={imeiInput}
                  label={t('found.imei')}
                  value={findings.imei}
                  error={imeiError}
                  onChange={(imei) => {
                    setImeiError(null);
                    onChange({ ...findings, imei, acceptUnknownImei: false });
                  }}
                />
                <Field.Root>
                  <Field.Label>{t('found.serialNumber')}</Field.Label>
                  <Input
                    name="serialNumber"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={SERIAL_MAX}
                    value={findings.serialNumber}
                    onChange={(event) => onChange({ ...findings, serialNumber: event.target.value })}
                  />
                  <Field.HelperText>{t('found.serialHelp')}</Field.HelperText>
                </Field.Root>
              </Stack>
            </chakra.form>
          </Stack>
        </FactsSection>
      </SimpleGrid>
      <HStack justify="flex-end">
        <Box>
          <Button type="submit" form="specifications" colorPalette="brand" size="lg">
            {t('actions.toDiagnosis')}
          </Button>
        </Box>
      </HStack>
      <ImeiMismatchDialog
        open={mismatch !== null}
        imei={mismatch ?? ''}
        onBack={() => {
          setMismatch(null);
          requestAnimationFrame(() => imeiInput.current?.select());
        }}
        onContinue={() => {
          setMismatch(null);
          onChange({ ...findings, acceptUnknownImei: true });
          onNext();
        }}
      />
    </Stack>
  );
}
