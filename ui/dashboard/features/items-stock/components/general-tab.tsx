import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIdentificationNumber } from '../../../../shared/format/format';
import { FactsSection, Facts } from '../../../components/facts';
import { AppLink } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { nameIn, useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { useStockNames } from '../../../components/warehouse-item/use-stock-names';
import { useUserNames } from '../hooks/use-user-names';
import { itemPaths } from '../paths';
import type { Item } from '../types';
import { DisputeMailState } from './dispute-mail-state';
import { ItemStatusBadge } from './item-status-badge';

/** The "general information" tab: codes and product, where the device is and since when, and what happened to it (quarantine, loss, return). */
export function GeneralTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('items-stock');
  const can = useCan();
  const references = useBuybackReferences().data;
  const { nameOf } = useStockNames();
  const userName = useUserNames(item.id);
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  const code = formatIdentificationNumber(item.identificationNumber);

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
        <FactsSection id="section-identification" title={t('sections.identification')}>
          <Facts
            items={[
              [t('fields.identificationNumber'), code],
              [t('fields.shortCode'), item.shortCode],
              [t('fields.buyback'), can('buyback.read') ? <AppLink to={itemPaths.buyback(item.buybackId)}>{t('fields.buybackLink', { code })}</AppLink> : code],
              [t('fields.product'), item.product.label],
              [t('fields.brand'), item.product.brand],
              [t('fields.category'), nameIn(references?.categories, item.product.categoryId)],
              [t('fields.imei'), item.imei],
              [t('fields.serialNumber'), item.serialNumber],
            ]}
          />
        </FactsSection>
        <FactsSection id="section-location" title={t('sections.location')}>
          <Facts
            items={[
              [t('fields.status'), <ItemStatusBadge status={item.status} key="status" />],
              [t('fields.statusSince'), when(item.statusSince)],
              [t('fields.stock'), item.stockId ? (nameOf(item.stockId) ?? '—') : t('list.outsideStock')],
              [t('fields.warehouse'), nameIn(references?.warehouses, item.warehouseId)],
              [t('fields.store'), nameIn(references?.stores, item.storeId)],
              [t('fields.receivedAt'), when(item.receivedAt)],
              [t('fields.age'), item.ageInDays === null ? null : t('fields.days', { count: item.ageInDays })],
              [t('fields.createdAt'), when(item.createdAt)],
            ]}
          />
        </FactsSection>
      </SimpleGrid>
      {item.quarantine && (
        <FactsSection id="section-quarantine" title={t('sections.quarantine')}>
          <Facts
            items={[
              [t('fields.quarantineReason'), t(`api:items.quarantineReasons.${item.quarantine.reason}`)],
              [t('fields.comment'), item.quarantine.comment],
              [t('fields.since'), when(item.quarantine.since)],
              [t('fields.by'), userName(item.quarantine.by)],
              [t('fields.disputeMail'), <DisputeMailState mail={item.disputeMail} key="mail" />],
            ]}
          />
        </FactsSection>
      )}
      {item.lost && (
        <FactsSection id="section-loss" title={t('sections.loss')}>
          <Facts
            items={[
              [t('fields.lostPlace'), t(`api:items.lostPlaces.${item.lost.place}`)],
              [t('fields.comment'), item.lost.comment],
              [t('fields.at'), when(item.lost.at)],
              [t('fields.by'), userName(item.lost.by)],
            ]}
          />
        </FactsSection>
      )}
      {item.returned && (
        <FactsSection id="section-return" title={t('sections.return')}>
          <Facts
            items={[
              [t('fields.trackingNumber'), item.returned.trackingNumber],
              [t('fields.comment'), item.returned.comment],
              [t('fields.at'), when(item.returned.at)],
            ]}
          />
        </FactsSection>
      )}
    </Stack>
  );
}
