import type { PackageView } from '@server/application/logistics/logistics-views';
import { Alert, Box, Button, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PACKAGE_STATUSES } from '@server/domain/logistics/packages/state';
import { formatDateTime } from '../../../../shared/format/format';
import { SelectFilter } from '../../../components/list';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink } from '../../../components/page';
import { usePackages } from '../api/get-packages';
import { useWarehouses, warehouseName } from '../api/get-warehouses';
import { formatWeight } from '../format';
import { FIRST_PACKAGE_PAGE, type PackageListParams, type PackageStatus } from '../list-params';
import { expeditionPaths } from '../paths';
import { PackageStatusBadge } from './package-status-badge';

/**
 * The store's packages, newest first, one card each (a phone's width): the
 * open ones lead back to their packing, the closed ones to their label. The
 * screen's second list: its status filter and page stay on this screen.
 */
export function PackagesList() {
  const { t } = useTranslation('expedition');
  const [params, setParams] = useState<PackageListParams>(FIRST_PACKAGE_PAGE);
  const query = usePackages(params);
  const page = query.data;
  const status = params.filters.status[0] ?? '';

  return (
    <Box as="section" aria-labelledby="packages-title" minW="0">
      <Flex justify="space-between" align="end" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="lg" id="packages-title">
          {t('packages.title')}
        </Heading>
        <Box w={{ base: 'full', sm: '64' }}>
          <SelectFilter
            label={t('packages.status')}
            all={t('packages.allStatuses')}
            value={status}
            onChange={(value) => setParams({ ...params, page: 1, filters: { status: value ? [value as PackageStatus] : [] } })}
            options={PACKAGE_STATUSES.map((id) => ({ id, label: t(`statuses.${id}`) }))}
          />
        </Box>
      </Flex>
      {query.isError && !page ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('packages.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : !page ? (
        <LoadingStatus />
      ) : page.items.length === 0 ? (
        <Box bg="bg" borderWidth="1px" borderRadius="md" p="6" textAlign="center">
          <Text>{status ? t('packages.emptyFiltered') : t('packages.empty')}</Text>
        </Box>
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {page.items.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} />
            ))}
          </Stack>
          {(params.page > 1 || page.hasNextPage) && (
            <HStack as="nav" aria-label={t('packages.pagination')} justify="space-between" mt="3" gap="2" wrap="wrap">
              <Text fontSize="sm">{t('packages.page', { page: params.page })}</Text>
              <HStack gap="2">
                <Button size="sm" variant="outline" disabled={params.page <= 1} onClick={() => setParams({ ...params, page: params.page - 1 })}>
                  {t('packages.previous')}
                </Button>
                <Button size="sm" variant="outline" disabled={!page.hasNextPage} onClick={() => setParams({ ...params, page: params.page + 1 })}>
                  {t('packages.next')}
                </Button>
              </HStack>
            </HStack>
          )}
        </>
      )}
    </Box>
  );
}

function PackageCard({ pkg }: { pkg: PackageView }) {
  const { t, i18n } = useTranslation(['expedition', 'api']);
  const warehouses = useWarehouses().data;
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="md" p="4" data-testid="package-card" data-number={pkg.number}>
      <Flex justify="space-between" align="start" gap="2" wrap="wrap">
        <Heading as="h3" size="sm" fontFamily="mono">
          {t('packages.number', { number: pkg.number })}
        </Heading>
        <PackageStatusBadge status={pkg.status} />
      </Flex>
      <Stack gap="1" mt="2" fontSize="sm">
        <Text>
          {warehouseName(warehouses, pkg.warehouseId)} · {t(`labelModes.${pkg.labelMode}`)}
        </Text>
        <Text>{t('packages.summary', { count: pkg.buybackCount, weight: formatWeight(pkg.weightGrams, i18n.language) })}</Text>
        <Text color="fg.muted">{t('packages.createdAt', { at: formatDateTime(pkg.createdAt, i18n.language) })}</Text>
        {pkg.deliveryStatus && <Text>{t(`api:delivery.statuses.${pkg.deliveryStatus}`, { defaultValue: pkg.deliveryStatus })}</Text>}
      </Stack>
      {pkg.status === 'open' ? (
        <Box mt="2">
          <AppLink to={expeditionPaths.packing(pkg.id)}>{t('actions.continue')}</AppLink>
        </Box>
      ) : pkg.status !== 'discarded' ? (
        <Box mt="2">
          <AppLink to={expeditionPaths.confirmation(pkg.id)}>{t('actions.seeLabel')}</AppLink>
        </Box>
      ) : null}
    </Box>
  );
}
