import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { AnnouncedArrivals } from '../components/announced-arrivals';
import { CheckedInCard } from '../components/checked-in-card';
import { checkedInEntry, CheckInPanel } from '../components/check-in-panel';
import { SessionList } from '../components/session-list';
import { useSessionLog } from '../components/use-session-log';

/**
 * /warehouse/checkin: the parcels of a delivery, one code after another. Each
 * code is registered at once; the field keeps the focus for the next scan,
 * the last parcel's registration is shown beside the list of this session's,
 * and the parcels the carrier delivered here that are still to be scanned.
 */
export function Component() {
  const { t } = useTranslation('warehouse-checkin');
  const { log, add, clear } = useSessionLog();
  const [last, setLast] = useState<ItemView | null>(null);
  const registered = (item: ItemView, latest: boolean) => {
    add(checkedInEntry(item));
    if (latest) setLast(item);
  };
  return (
    <Page title={t('title')}>
      <Stack gap={{ base: 6, md: 8 }} maxW="4xl">
        <Text>{t('intro')}</Text>
        <CheckInPanel log={log} onRegistered={registered} />
        {last && <CheckedInCard key={last.id} item={last} title={t('card.lastTitle')} />}
        <SessionList log={log} onClear={clear} />
        <AnnouncedArrivals />
      </Stack>
    </Page>
  );
}
