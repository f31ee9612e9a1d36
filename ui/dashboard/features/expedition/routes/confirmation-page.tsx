import { Alert, Flex, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink, Page } from '../../../components/page';
import { usePackage } from '../api/get-package';
import { useWarehouses, warehouseName } from '../api/get-warehouses';
import { LabelDownload } from '../components/label-download';
import { PackageFacts } from '../components/package-facts';
import { expeditionPaths, PACKAGE_PARAM } from '../paths';

/** /expedition/confirmation?packageId=: the package closed, its label to download (or none needed), and the ways back. */
export function Component() {
  const { t } = useTranslation('expedition');
  const [search] = useSearchParams();
  const packageId = search.get(PACKAGE_PARAM) ?? '';
  const found = usePackage(packageId);
  const warehouses = useWarehouses().data;
  const pkg = found.data?.package;
  return (
    <Page title={t('confirmation.title')} breadcrumbs={[{ label: t('title'), to: expeditionPaths.list }, { label: t('confirmation.title') }]}>
      <Stack gap={{ base: 5, md: 6 }} maxW="3xl" minW="0">
        {!packageId ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{t('packing.missing')}</Alert.Description>
          </Alert.Root>
        ) : found.isError && !pkg ? (
          <ApiErrorAlert error={found.error} onRetry={() => void found.refetch()} />
        ) : !pkg ? (
          <LoadingStatus />
        ) : pkg.status === 'open' || pkg.status === 'discarded' ? (
          <Alert.Root status="info" role="alert">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Alert.Description>{pkg.status === 'open' ? t('confirmation.notClosed') : t('packing.discarded')}</Alert.Description>
              {pkg.status === 'open' && <AppLink to={expeditionPaths.packing(pkg.id)}>{t('confirmation.toPacking')}</AppLink>}
            </Alert.Content>
          </Alert.Root>
        ) : (
          <>
            <Alert.Root status="success" data-testid="package-closed">
              <Alert.Indicator />
              <Alert.Title>
                {t('confirmation.done', { count: pkg.buybackCount, number: pkg.number, warehouse: warehouseName(warehouses, pkg.warehouseId) })}
              </Alert.Title>
            </Alert.Root>
            <LabelDownload pkg={pkg} />
            <PackageFacts pkg={pkg} />
          </>
        )}
        <Flex gap="4" wrap="wrap">
          <AppLink to={expeditionPaths.list}>{t('actions.backToList')}</AppLink>
          <AppLink to={expeditionPaths.start}>{t('confirmation.another')}</AppLink>
        </Flex>
      </Stack>
    </Page>
  );
}
