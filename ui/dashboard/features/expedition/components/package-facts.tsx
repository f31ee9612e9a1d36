import type { PackageView } from '@server/application/logistics/logistics-views';
import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts, FactsSection } from '../../../components/facts';
import { useWarehouses, warehouseName } from '../api/get-warehouses';
import { formatWeight } from '../format';
import { PackageStatusBadge } from './package-status-badge';

/** What a package is: its number, destination, transport, content's count and weight, status (and its tracking once labelled). */
export function PackageFacts({ pkg }: { pkg: PackageView }) {
  const { t, i18n } = useTranslation(['expedition', 'api']);
  const warehouses = useWarehouses().data;
  const items: Array<[string, ReactNode]> = [
    [
      t('packing.number'),
      <Text as="span" fontFamily="mono" data-testid="package-number">
        {pkg.number}
      </Text>,
    ],
    [t('packing.destination'), <span data-testid="package-destination">{warehouseName(warehouses, pkg.warehouseId)}</span>],
    [t('packing.transport'), t(`labelModes.${pkg.labelMode}`)],
    [t('packing.count'), <span data-testid="package-count">{pkg.buybackCount}</span>],
    [t('packing.weight'), formatWeight(pkg.weightGrams, i18n.language)],
    [t('packing.status'), <PackageStatusBadge status={pkg.status} />],
  ];
  if (pkg.label) items.push([t('confirmation.tracking'), <Text as="span" fontFamily="mono">{pkg.label.trackingNumber}</Text>]);
  if (pkg.deliveryStatus) items.push([t('confirmation.delivery'), t(`api:delivery.statuses.${pkg.deliveryStatus}`, { defaultValue: pkg.deliveryStatus })]);
  return (
    <FactsSection id="package-facts" title={t('packing.facts')}>
      <Facts items={items} />
    </FactsSection>
  );
}
