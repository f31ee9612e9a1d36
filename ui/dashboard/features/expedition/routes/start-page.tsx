import { Box, Button, Fieldset, HStack, RadioGroup, Stack, Text, chakra } from '@chakra-ui/react';
import { LABEL_MODES } from '@server/domain/logistics/packages/events';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { NoStoreNotice } from '../../../components/no-store-notice';
import { Page } from '../../../components/page';
import { useOpenPackage, type LabelMode } from '../api/open-package';
import { usePendingDestination } from '../api/get-pending-destination';
import { useWarehouses, warehouseName } from '../api/get-warehouses';
import { WarehousePickDialog } from '../components/warehouse-pick-dialog';
import { expeditionPaths } from '../paths';

/**
 * /start-expedition: a new package at the seller's store, its destination
 * picked in the warehouse-pick dialog, under a carrier's label or collected
 * by the retailer's own transport; then its packing.
 */
export function Component() {
  const { t } = useTranslation('expedition');
  const { storeId } = useAppEnvironment();
  return (
    <Page title={t('start.title')} breadcrumbs={[{ label: t('title'), to: expeditionPaths.list }, { label: t('start.title') }]}>
      <Stack gap={{ base: 5, md: 6 }} maxW="2xl">
        {storeId ? <StartForm /> : <NoStoreNotice namespace="expedition" />}
      </Stack>
    </Page>
  );
}

function StartForm() {
  const { t } = useTranslation('expedition');
  const navigate = useNavigate();
  const warehouses = useWarehouses();
  const pending = usePendingDestination();
  const open = useOpenPackage();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [chosenMode, setLabelMode] = useState<LabelMode | null>(null);
  // Preselected from the devices waiting outside any package: where most of them go, and how.
  const suggested = pending.data ?? null;
  const labelMode: LabelMode = chosenMode ?? suggested?.labelMode ?? 'with_label';
  const [picking, setPicking] = useState(false);
  const [missing, setMissing] = useState(false);
  // The only warehouse is the destination: nothing to pick.
  const only = warehouses.data?.length === 1 ? warehouses.data[0]!.id : null;
  const destination = warehouseId ?? suggested?.warehouseId ?? only;
  // One key per package asked for: a retry of the same choice opens the same package.
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [destination, labelMode]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!destination) return setMissing(true);
    open.mutate(
      { warehouseId: destination, labelMode, idempotencyKey },
      { onSuccess: (answer) => void navigate(expeditionPaths.packing(answer.id)) },
    );
  };

  if (warehouses.isError) return <ApiErrorAlert error={warehouses.error} hint={t('start.warehousesFailed')} onRetry={() => void warehouses.refetch()} />;
  if (!warehouses.data || pending.isPending) return <LoadingStatus />;

  return (
    <>
      <chakra.form onSubmit={submit} noValidate>
        <Stack gap="6">
          <Text>{t('start.intro')}</Text>
          <Stack as="section" aria-labelledby="destination-label" gap="2">
            <Text fontWeight="medium" id="destination-label">
              {t('start.destination')}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }} w="full">
              <Text fontWeight="semibold" data-testid="destination" id="destination-name" flex="1">
                {destination ? warehouseName(warehouses.data, destination) : t('start.noDestination')}
              </Text>
              <Button type="button" variant="outline" aria-describedby="destination-name" onClick={() => setPicking(true)}>
                {destination ? t('start.changeWarehouse') : t('start.chooseWarehouse')}
              </Button>
            </Stack>
            {suggested && warehouseId === null && chosenMode === null && (
              <Text fontSize="sm" color="fg.muted" data-testid="destination-suggested">
                {t('start.suggested', { count: suggested.count, waiting: suggested.waiting })}
              </Text>
            )}
            {missing && !destination && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {t('start.destinationRequired')}
              </Text>
            )}
          </Stack>
          <Fieldset.Root>
            <Fieldset.Legend>{t('start.labelMode')}</Fieldset.Legend>
            <RadioGroup.Root name="labelMode" value={labelMode} onValueChange={(details) => setLabelMode(details.value as LabelMode)}>
              <Stack gap="4" mt="2">
                {LABEL_MODES.map((mode) => (
                  <RadioGroup.Item key={mode} value={mode} alignItems="start">
                    <RadioGroup.ItemHiddenInput aria-describedby={`label-mode-${mode}`} />
                    <RadioGroup.ItemIndicator />
                    <Box>
                      <RadioGroup.ItemText>{t(`labelModes.${mode}`)}</RadioGroup.ItemText>
                      <Text fontSize="sm" color="fg.muted" id={`label-mode-${mode}`}>
                        {t(`start.labelModeHelp.${mode}`)}
                      </Text>
                    </Box>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          </Fieldset.Root>
          {open.isError && <ApiErrorAlert error={open.error} />}
          <HStack>
            <Button type="submit" colorPalette="brand" loading={open.isPending} loadingText={t('start.submitting')}>
              {t('start.submit')}
            </Button>
          </HStack>
        </Stack>
      </chakra.form>
      {/* Outside the form: a portal's submit would bubble (React's tree) into it. */}
      <WarehousePickDialog
        open={picking}
        warehouses={warehouses.data}
        value={destination}
        onClose={() => setPicking(false)}
        onPick={(id) => {
          setWarehouseId(id);
          setPicking(false);
        }}
      />
    </>
  );
}
